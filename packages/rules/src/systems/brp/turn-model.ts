/**
 * brp at the table: each round opens with a Statement of Intent (how far one moves, what one attacks
 * with), then everyone acts in DEX rank order, ties broken by weapon length then skill (5.2-5.4). BRP has
 * no surprise check: its "defender unaware" attack modifier covers it.
 */
import { fail, ok } from '../../outcome.ts'
import { orderedTurns } from '../../table/ordered-turns.ts'
import { readSheet } from '../../table/sheet.ts'
import type { Intent } from '../../table/turn.ts'
import type { Fighter } from '../../table/types.ts'
import { brpInfo } from './info.ts'
import * as brp from './rules.ts'

const SHEET = { fields: brp.SHEET_FIELDS, parse: brp.parseSheet }

/** The intent of a combatant who declared nothing: stays put and attacks with their first weapon. */
export function defaultIntent(sheet: brp.Sheet): Intent {
  return { metersMoved: 0, weapon: sheet.weapons[0] ?? null }
}

/** Checks a declared intent against the combatant's sheet; the error says what to change. */
export function checkIntent(f: Pick<Fighter, 'name' | 'sheet'>, intent: Intent) {
  const sheet = readSheet(SHEET, f)
  if (!sheet.ok) return sheet
  const moved = brp.rankAfterMoving(sheet.value.dex, intent.metersMoved, brp.DEFAULT_SETTINGS)
  if (!moved.ok) return moved
  if (intent.weapon !== null) {
    const weapon = brp.weaponFor(sheet.value, intent.weapon)
    if (!weapon.ok) return weapon
  }
  return ok(intent)
}

export const brpTurns = orderedTurns({
  initiativeDice: () => ok([]),
  scoreInitiative: () => fail('This system orders the round without an initiative roll.'),
  needsInitiative: () => false,
  order(participants, turn) {
    const declared: brp.Intent[] = []
    for (const c of participants) {
      const sheet = readSheet(SHEET, c)
      if (!sheet.ok) return sheet
      const intent = turn.intents?.[c.id] ?? defaultIntent(sheet.value)
      declared.push({
        id: c.id,
        sheet: sheet.value,
        metersMoved: intent.metersMoved,
        ...(intent.weapon === null ? {} : { weapon: intent.weapon }),
      })
    }
    const order = brp.actionOrder(declared, brp.DEFAULT_SETTINGS)
    if (!order.ok) return order
    // Ties on a rank are broken by weapon length, then skill (5.4): the label says which.
    return ok(
      order.value.slots.map((s) => ({
        ids: [...s.ids],
        label: `DEX rank ${s.rank}${s.tier === 'other' ? '' : ` · ${s.tier}${s.tier === 'unarmed' ? '' : ' weapon'}`}`,
        at: s.rank,
      })),
    )
  },
  moments: brpInfo.moments,
  phases: brp.PHASES,
  rerollEachRound: () => false,
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
        brp.attackRows(sheet.value).map((row) => ({
          id: row.id,
          label: `${brp.displayName(row)} (${row.length}${row.length === 'unarmed' ? '' : ' weapon'})`,
        })),
      )
    },
    preview(f, intent) {
      const sheet = readSheet(SHEET, f)
      if (!sheet.ok) return sheet.error
      const moved = brp.rankAfterMoving(sheet.value.dex, intent.metersMoved, brp.DEFAULT_SETTINGS)
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
      const groups = brp.statementOrder(participants.map((f) => ({ id: f.id, dex: dex(f) })))
      return groups.flat().flatMap((id) => participants.filter((f) => f.id === id))
    },
    // Moving the full distance leaves only parries and dodges this round (5.3).
    defendOnly: (participants, intents) =>
      participants.filter((c) => (intents[c.id]?.metersMoved ?? 0) >= brp.MAX_MOVE_METERS).map((c) => c.id),
  },
  surprise: () => fail('BRP has no surprise check: use “defender unaware” on the attacks instead.'),
  attacksPerTurn: () => 1,
})
