/**
 * Grappling / Wrestling (17.0.18): after the touch attack, both sides roll d20 + STR or DEX + size; highest
 * keeps or breaks the hold. Its odds here; its dice in grapple-roll.ts, apart, so that a phone's screen does
 * not download them.
 */

import { type Fraction, fraction } from '../../dice/fraction.ts'
import type { BreakdownLine } from '../../system.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import type { Sheet, Size } from './sheet.ts'
import { GRAPPLE_SIZES } from './tables.ts'

const RULE = 'Grappling / Wrestling (17.0.18)'

export const sizeModifier = (size: Size): number => GRAPPLE_SIZES.find((r) => r.size === size)?.modifier ?? 0

/** The better of STR and DEX, plus size: what each side adds to its grapple d20. */
export function grappleLines(sheet: Sheet): BreakdownLine[] {
  const dex = sheet.dexBonus > sheet.strBonus
  return [
    { label: dex ? 'DEX bonus' : 'STR bonus', value: dex ? sheet.dexBonus : sheet.strBonus, rule: RULE },
    { label: `${sheet.size} size`, value: sizeModifier(sheet.size), rule: RULE },
  ]
}

/** P(the attacker keeps the hold) on one pair of grapple checks, exactly (ties per the room). */
export function grappleHoldChance(
  attacker: Sheet,
  defender: Sheet,
  settings: Partial<OsrSettings> = {},
): Fraction {
  const am = grappleLines(attacker).reduce((t, l) => t + l.value, 0)
  const dm = grappleLines(defender).reduce((t, l) => t + l.value, 0)
  let wins = 0
  let ties = 0
  for (let a = 1; a <= 20; a++)
    for (let d = 1; d <= 20; d++) {
      if (a + am > d + dm) wins++
      else if (a + am === d + dm) ties++
    }
  // Rerolling ties until someone wins: P(win) / P(not tie).
  return withDefaults(settings).grappleTie === 'roll-again' ? fraction(wins, 400 - ties) : fraction(wins, 400)
}
