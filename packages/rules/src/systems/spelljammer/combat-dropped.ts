/**
 * Picking Up a Dropped Weapon at the table: the player says they pick it up, on their place in the
 * round; the room rolls the DEX roll. 4x DEX gets it back, 1x DEX also leaves one attack this round, 5
 * segments later (its own slot in the order); meanwhile, to the round's end, attacks on them take -15 DEF.
 * The DEX roll's outcome (`pickUpOutcome`) is resolving's, in resolve-parts.ts.
 */
import type { AttackChoice, Fighter, Preview } from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import * as spelljammer from './screen-rules.ts'

const RULE = spelljammer.RULE

export const PICK_UP = 'pick-up'

export const PICK_UP_CHOICE: AttackChoice = {
  id: PICK_UP,
  label: 'Pick up a dropped weapon',
  self: true,
  verb: 'Roll DEX to pick it up',
}

/** Picking up this round: -15 DEF to its end; the segment of the attack a 1x DEX roll leaves. */
export interface PickingUp {
  attackOn?: number
}

/** The 1x roll's attack "at -5 to initiative": five segments after the one the weapon was picked up on. */
export const attackAfter = (segment: number) => segment - 5

const chanceOf = (dex: number, multiple: number) => Math.min(100, Math.max(0, dex * multiple)) / 100

export function pickUpPreview(f: Fighter, sheet: spelljammer.Sheet, segment: number): Preview {
  const on = attackAfter(segment)
  const attack =
    spelljammer.phaseOf(on) === 'lost'
      ? `1x DEX (${sheet.dex} or less, ${percent(chanceOf(sheet.dex, 1))}) would leave an attack on ${on}, -6 or later: lost`
      : `1x DEX (${sheet.dex} or less, ${percent(chanceOf(sheet.dex, 1))}) also leaves one attack this round, on segment ${on}`
  return {
    chance: chanceOf(sheet.dex, 4),
    summary: `${f.name} gets the weapon back on 4x DEX (${sheet.dex * 4} or less); ${attack}; -15 DEF to the round's end.`,
    lines: [{ label: '4x DEX: roll this or less', value: sheet.dex * 4, rule: RULE.droppedWeapon }],
  }
}

export function pickUpChip(picking: PickingUp | undefined): string | null {
  if (!picking) return null
  return picking.attackOn === undefined
    ? 'Picking up a weapon (-15 DEF)'
    : `Picking up a weapon (-15 DEF; attacks on ${picking.attackOn})`
}
