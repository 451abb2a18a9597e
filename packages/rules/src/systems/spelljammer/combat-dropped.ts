/**
 * Picking Up a Dropped Weapon at the table: the player says they pick it up, on their place in the
 * round; the room rolls the DEX roll. 4x DEX gets it back, 1x DEX also leaves one attack this round, 5
 * segments later (its own slot in the order); meanwhile, to the round's end, attacks on them take -15 DEF.
 */
import type { BreakdownLine } from '../../system.ts'
import type { AttackChoice, Fighter, Preview } from '../../table/types.ts'
import { percent } from '../../table/words.ts'
import * as spelljammer from './rules.ts'

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
const attackAfter = (segment: number) => segment - 5

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

/** What the DEX roll did: words, lines, and what the picker keeps this round. */
export function pickUpOutcome(
  f: Fighter,
  sheet: spelljammer.Sheet,
  segment: number,
  d100: number,
): { summary: string; lines: BreakdownLine[]; picking: PickingUp } | string {
  const result = spelljammer.pickUpWeapon(d100, sheet.dex)
  if (!result.ok) return result.error
  const lines: BreakdownLine[] = [
    { label: 'DEX roll d100', value: d100, rule: RULE.droppedWeapon },
    { label: '4x DEX', value: sheet.dex * 4, rule: RULE.droppedWeapon },
  ]
  const { retrieved, attacksLeft } = result.value
  const on = attackAfter(segment)
  if (!retrieved)
    return {
      summary: `${f.name} fails to pick up the weapon (rolled ${d100}, needed ${sheet.dex * 4} or less): no attack this round, -15 DEF to its end.`,
      lines,
      picking: {},
    }
  if (attacksLeft === 0)
    return {
      summary: `${f.name} picks up the weapon (rolled ${d100}, 4x DEX ${sheet.dex * 4}): no attack this round, -15 DEF to its end.`,
      lines,
      picking: {},
    }
  const lost = spelljammer.phaseOf(on) === 'lost'
  return {
    summary: `${f.name} picks up the weapon with a 1x DEX roll (rolled ${d100}, DEX ${sheet.dex}): ${lost ? `the attack it leaves falls on ${on}, -6 or later, and is lost` : `one attack this round, on segment ${on}`}; -15 DEF to the round's end.`,
    lines: [...lines, { label: '1x DEX: one attack at -5 initiative', value: on, rule: RULE.droppedWeapon }],
    picking: lost ? {} : { attackOn: on },
  }
}

export function pickUpChip(picking: PickingUp | undefined): string | null {
  if (!picking) return null
  return picking.attackOn === undefined
    ? 'Picking up a weapon (-15 DEF)'
    : `Picking up a weapon (-15 DEF; attacks on ${picking.attackOn})`
}
