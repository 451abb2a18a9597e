/**
 * What a screen reads of brp's round (`ScreenRules.turn`): the Statement of Intent's form, apart from the
 * turn model (`turn-model.ts`), so a phone's chunk does not hold the room's steps of the round. It imports
 * the rules modules one by one, not `rules.ts`, which names the modules only resolving reads too.
 */
import { ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { OrderedHooks } from '../../table/ordered-turns.ts'
import { readSheet } from '../../table/sheet.ts'
import type { Intent } from '../../table/turn.ts'
import type { Fighter } from '../../table/types.ts'
import { attackRows, weaponFor } from './attack.ts'
import { MAX_MOVE_METERS, rankAfterMoving, statementOrder } from './dex-rank.ts'
import { DEFAULT_SETTINGS } from './settings.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { displayName } from './tables.ts'

export const SHEET = { fields: SHEET_FIELDS, parse: parseSheet }

/** The intent of a combatant who declared nothing: stays put and attacks with their first weapon. */
export function defaultIntent(sheet: Sheet): Intent {
  return { metersMoved: 0, weapon: sheet.weapons[0] ?? null }
}

/** Checks a declared intent against the combatant's sheet; the error says what to change. */
export function checkIntent(f: Pick<Fighter, 'name' | 'sheet'>, intent: Intent) {
  const sheet = readSheet(SHEET, f)
  if (!sheet.ok) return sheet
  const moved = rankAfterMoving(sheet.value.dex, intent.metersMoved, DEFAULT_SETTINGS)
  if (!moved.ok) return moved
  if (intent.weapon !== null) {
    const weapon = weaponFor(sheet.value, intent.weapon)
    if (!weapon.ok) return weapon
  }
  return ok(intent)
}

/**
 * What a screen reads of the round (`ScreenRules.turn`): the Statement of Intent's form. `brpTurns` adds the
 * room's steps.
 */
export const brpTurnView = {
  intents: {
    check: checkIntent,
    words: { name: 'Statement of Intent', button: 'State my intent', forFoe: 'State for' },
    other: 'Something else (no attack)',
    meters: true,
    weapons(f) {
      const sheet = readSheet(SHEET, f)
      if (!sheet.ok) return sheet
      // Each row of a weapon with two (a dagger to stab or to throw) is its own choice: the row sets the tier (5.4).
      return ok(
        attackRows(sheet.value).map((row) => ({
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
      return sheet.ok ? defaultIntent(sheet.value) : { metersMoved: 0, weapon: null }
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
