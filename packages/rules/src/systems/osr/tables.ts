/** The tables of the osr combat text, transcribed once as data, with one lookup that finds a row by roll. */
import { invariant } from '../../assert.ts'

/** A table row covering the rolls `min`..`max` inclusive. */
export interface Row {
  readonly min: number
  readonly max: number
}

/** The row whose range holds `roll`. A roll no row covers is a bug (callers clamp or validate first). */
export function rowFor<R extends Row>(table: ReadonlyArray<R>, roll: number): R {
  const row = table.find((r) => roll >= r.min && roll <= r.max)
  invariant(row, `no row for ${roll}`)
  return row
}

export type SpecialResult = 'regular' | 'maximum' | 'critical' | 'critical-condition'

/** 17.0.3 Critical Hit: the special roll after a natural 20. */
export const SPECIAL_D20: ReadonlyArray<Row & { result: SpecialResult; text: string }> = [
  { min: 1, max: 10, result: 'regular', text: 'Regular Damage' },
  { min: 11, max: 15, result: 'maximum', text: 'Maximum Damage' },
  { min: 16, max: 19, result: 'critical', text: 'Critical Damage' },
  {
    min: 20,
    max: 20,
    result: 'critical-condition',
    text: 'Critical Damage plus roll on the condition chart',
  },
]

export type CritConditionKind = 'disarmed' | 'shaken' | 'prone' | 'blinded'

/** 17.0.3 Critical Hit: the 1d4 condition chart, with each effect as numbers the resolver applies. */
export const CRIT_CONDITIONS: ReadonlyArray<
  Row & {
    condition: CritConditionKind
    text: string
    effect: string
    toHit: number
    acMelee: number
    acRanged: number
    initiative: number
    saves: number
  }
> = [
  {
    min: 1,
    max: 1,
    condition: 'disarmed',
    text: 'Enemy is Disarmed',
    effect: 'Primary weapon is knocked from enemy’s grasp',
    toHit: 0,
    acMelee: 0,
    acRanged: 0,
    initiative: 0,
    saves: 0,
  },
  {
    min: 2,
    max: 2,
    condition: 'shaken',
    text: 'Enemy is Shaken',
    effect: '-2 to hit, Saves, DC checks',
    toHit: -2,
    acMelee: 0,
    acRanged: 0,
    initiative: 0,
    saves: -2,
  },
  {
    min: 3,
    max: 3,
    condition: 'prone',
    text: 'Enemy is Prone',
    effect: '-4 to hit, a -4 AC (melee), +4 AC (ranged)',
    toHit: -4,
    acMelee: -4,
    acRanged: 4,
    initiative: 0,
    saves: 0,
  },
  {
    min: 4,
    max: 4,
    condition: 'blinded',
    text: 'Enemy is Blinded',
    effect: '-4 to hit, a -4 AC, -2 Init',
    toHit: -4,
    acMelee: -4,
    acRanged: -4,
    initiative: -2,
    saves: 0,
  },
]

export type FumbleResult = 'weapon-breaks' | 'stumble' | 'sloppy' | 'drop-weapon' | 'miss'

/** 17.0.4 Critical Miss: the special roll after a natural 1. */
export const FUMBLES: ReadonlyArray<Row & { result: FumbleResult; text: string; dexCheckDC: number | null }> =
  [
    {
      min: 1,
      max: 2,
      result: 'weapon-breaks',
      text: 'Weapon breaks, no attack next round',
      dexCheckDC: null,
    },
    {
      min: 3,
      max: 5,
      result: 'stumble',
      text: 'Stumble; DEX check (DC20) or -1 to combat rolls for 1d2 rounds',
      dexCheckDC: 20,
    },
    {
      min: 6,
      max: 10,
      result: 'sloppy',
      text: 'Sloppy Attack; DEX check (DC15) or opponent gets free attack.',
      dexCheckDC: 15,
    },
    { min: 11, max: 15, result: 'drop-weapon', text: 'Drop weapon, no attack next round', dexCheckDC: null },
    { min: 16, max: 20, result: 'miss', text: 'Just a Miss.', dexCheckDC: null },
  ]

export type Concealment = 25 | 50 | 75 | 90

/** 17.0.8 Cover and Concealment: attack penalty by how much of the target is hidden. */
export const CONCEALMENT: ReadonlyArray<{ percent: Concealment; modifier: number }> = [
  { percent: 25, modifier: -1 },
  { percent: 50, modifier: -2 },
  { percent: 75, modifier: -3 },
  { percent: 90, modifier: -4 },
]

export type RangeBand = 'short' | 'medium' | 'long' | 'beyond'

/** 17.0.7 Ranged Attack: the modifier for each band; beyond long range cannot be hit (null). */
export const RANGE_BANDS: ReadonlyArray<{ band: RangeBand; modifier: number | null; text: string }> = [
  { band: 'short', modifier: 1, text: 'Short Range: +1 bonus to the attack roll' },
  { band: 'medium', modifier: 0, text: 'Medium Range: No modifier' },
  { band: 'long', modifier: -2, text: 'Long Range: –2 penalty' },
  { band: 'beyond', modifier: null, text: 'Beyond Long Range: Target is out of range and cannot be hit' },
]

/** 17.0.18 Grappling: the size modifier to a grapple check. */
export const GRAPPLE_SIZES: ReadonlyArray<{ size: 'small' | 'medium' | 'large'; modifier: number }> = [
  { size: 'small', modifier: -4 },
  { size: 'medium', modifier: 0 },
  { size: 'large', modifier: 4 },
]

/**
 * Grenade-like missiles: where a missed throw lands, by 1d10, in 10' squares around the target.
 * `across` is to the thrower's right (+) or left (-); `behind` is away from the thrower (+) or toward the
 * front (-). The diagram prints "1" twice; the top one (behind) is read as 10.
 */
export const SCATTER: ReadonlyArray<Row & { across: number; behind: number; text: string }> = [
  { min: 1, max: 1, across: 0, behind: -2, text: 'two squares in front' },
  { min: 2, max: 2, across: -1, behind: -1, text: 'in front, to the left' },
  { min: 3, max: 3, across: 0, behind: -1, text: 'in front' },
  { min: 4, max: 4, across: 1, behind: -1, text: 'in front, to the right' },
  { min: 5, max: 5, across: -1, behind: 0, text: 'to the left' },
  { min: 6, max: 6, across: 1, behind: 0, text: 'to the right' },
  { min: 7, max: 7, across: -1, behind: 1, text: 'behind, to the left' },
  { min: 8, max: 8, across: 0, behind: 1, text: 'behind' },
  { min: 9, max: 9, across: 1, behind: 1, text: 'behind, to the right' },
  { min: 10, max: 10, across: 0, behind: 2, text: 'two squares behind' },
]
