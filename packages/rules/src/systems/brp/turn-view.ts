/**
 * What a screen reads of brp's round (`ScreenRules.turn`): the Statement of Intent's form, apart from the
 * turn model (`turn-model.ts`), so a phone's chunk does not hold the room's steps of the round. It imports
 * the rules modules one by one, not `rules.ts`, which names the modules only resolving reads too.
 */

import { orderedRound, orderedView } from '../../engine/ordered-round.ts'
import type { OrderedHooks } from '../../engine/ordered-turns.ts'
import { readSheet } from '../../engine/sheet.ts'
import type { Declarer, Intent, TurnLine, TurnState } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fail, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import { attackRows, noReload, unready, weaponFor } from './attack.ts'
import { MAX_MOVE_METERS, rankAfterMoving, statementOrder } from './dex-rank.ts'
import { DEFAULT_SETTINGS } from './settings.ts'
import { SHEET, type Sheet } from './sheet.ts'
import { withStoredItems } from './state.ts'
import { displayName } from './tables.ts'

const OTHER = 'Something else (no attack)'

/** The weapon rows one may state an attack with now: not broken, loaded, with a shot left (5.9). */
function readyRows(f: Declarer, sheet: Sheet) {
  const gear = withStoredItems(sheet, DEFAULT_SETTINGS, f.state?.items)
  return attackRows(sheet).filter((row) => !unready(sheet, gear, row))
}

/**
 * The intent of a combatant who declared nothing: stays put and attacks with their first weapon that is
 * ready; with none (a crossbow alone, fired last round), something else: the reload.
 */
export function defaultIntent(f: Declarer, sheet: Sheet): Intent {
  const ready = readyRows(f, sheet).map((row) => row.id)
  return { metersMoved: 0, weapon: sheet.weapons.find((id) => ready.includes(id)) ?? null }
}

/** Checks a declared intent against the combatant's sheet and weapons; the error says what to change. */
export function checkIntent(f: Declarer, intent: Intent) {
  const sheet = readSheet(SHEET, f)
  if (!sheet.ok) return sheet
  const moved = rankAfterMoving(sheet.value.dex, intent.metersMoved, DEFAULT_SETTINGS)
  if (!moved.ok) return moved
  if (intent.weapon !== null) {
    const weapon = weaponFor(sheet.value, intent.weapon)
    if (!weapon.ok) return weapon
    const gear = withStoredItems(sheet.value, DEFAULT_SETTINGS, f.state?.items)
    const why = unready(sheet.value, gear, weapon.value)
    // A reload is the round's action, and no attack: stated as "something else" (5.2, 5.9 *).
    if (why)
      return fail(noReload(gear, weapon.value) ? why : `${why} To reload it this round, state “${OTHER}”.`)
  }
  return ok(intent)
}

/** brp's Movement phase (5.1) on the banner: who moves how far, before anyone acts. */
function movementLine(turn: TurnState, name: (id: string) => string, mine?: string): TurnLine | null {
  if (orderedRound(turn).phase !== 'movement') return null
  const intents = orderedRound(turn).intents ?? {}
  const moves = Object.entries(intents).filter(([, intent]) => intent.metersMoved > 0)
  const meters = mine ? (intents[mine]?.metersMoved ?? 0) : 0
  return {
    text: meters > 0 ? `Move your ${meters} m now` : `Round ${turn.round}: moving`,
    detail: `${turn.phaseNow?.label ?? 'Movement'} · ${moves.map(([id, intent]) => `${name(id)} ${intent.metersMoved} m`).join(', ')} · then the Actions in DEX order`,
    yours: meters > 0,
  }
}

/**
 * What a screen reads of the round (`ScreenRules.turn`): the Statement of Intent's form. `brpTurns` adds the
 * room's steps.
 */
export const brpTurnView = {
  // The words of the Movement phase; the rest as every slot-ordered round says it.
  view: { ...orderedView, line: movementLine },
  intents: {
    check: checkIntent,
    words: { name: 'Statement of Intent', button: 'State my intent', forFoe: 'State for' },
    other: OTHER,
    meters: true,
    weapons(f) {
      const sheet = readSheet(SHEET, f)
      if (!sheet.ok) return sheet
      // Each row of a weapon with two (a dagger to stab or to throw) is its own choice: the row sets the tier (5.4).
      return ok(
        readyRows(f, sheet.value).map((row) => ({
          id: row.id,
          label: `${displayName(row)} (${row.length}${row.length === 'unarmed' ? '' : ' weapon'})`,
        })),
      )
    },
    preview(f, intent) {
      const sheet = readSheet(SHEET, f)
      if (!sheet.ok) return sheet.error
      const moved = rankAfterMoving(sheet.value.dex, intent.metersMoved, DEFAULT_SETTINGS)
      if (!moved.ok) return moved.error
      if (moved.value.rank === null) return 'Only parries and dodges this round.'
      const dex = sheet.value.dex
      return `Acts on DEX rank ${moved.value.rank}${moved.value.rank === dex ? '' : ` (DEX ${dex}, moving)`}.`
    },
    fallback(f) {
      const sheet = readSheet(SHEET, f)
      return sheet.ok ? defaultIntent(f, sheet.value) : { metersMoved: 0, weapon: null }
    },
    // "Statements of intent should be handled in order of the DEX characteristic ..., highest to lowest" (5.2).
    statementOrder(participants) {
      const dex = (f: Fighter) => {
        const sheet = readSheet(SHEET, f)
        return sheet.ok ? sheet.value.dex : 0
      }
      const groups = statementOrder(participants.map((f) => ({ id: f.id, dex: dex(f) })))
      return groups.flat().flatMap((id) => participants.filter((f) => f.id === id))
    },
    // Moving the full distance leaves only parries and dodges this round (5.3).
    defendOnly: (participants, intents) =>
      participants.filter((c) => (intents[c.id]?.metersMoved ?? 0) >= MAX_MOVE_METERS).map((c) => c.id),
  },
} satisfies ScreenRules['turn'] & Pick<OrderedHooks, 'intents'>
