/** The odnd text's small tables, transcribed once as data (plus the README's ability-bonus table). */

/** A row of a banded table: every score from `min` to `max` inclusive gives `value`. */
export interface BandRow {
  readonly min: number
  readonly max: number
  readonly value: number
}

/**
 * Ability score to bonus. The text uses "STR bonus", "DEX bonus" and "PSY bonus" without printing the
 * table, so this is the README's reading: 3:-3, 4-5:-2, 6-8:-1, 9-12:0, 13-15:+1, 16-17:+2, 18:+3.
 */
export const ABILITY_BONUS: readonly BandRow[] = [
  { min: 3, max: 3, value: -3 },
  { min: 4, max: 5, value: -2 },
  { min: 6, max: 8, value: -1 },
  { min: 9, max: 12, value: 0 },
  { min: 13, max: 15, value: 1 },
  { min: 16, max: 17, value: 2 },
  { min: 18, max: 18, value: 3 },
]

/** Looks a score up in a banded table; a score outside every row is a bug (the sheet parser bounds it). */
export function lookupBand(rows: readonly BandRow[], score: number): number {
  const row = rows.find((r) => score >= r.min && score <= r.max)
  if (!row) throw new RangeError(`no row for ${score}`)
  return row.value
}

/** The bonus for an ability score, by the ABILITY_BONUS table. */
export const abilityBonus = (score: number): number => lookupBand(ABILITY_BONUS, score)

/** "Cover Penalty to-hit: 25% cover = -2, 50% cover = -4, 75% cover = -6". */
export const COVER: ReadonlyArray<{ readonly percent: 25 | 50 | 75; readonly toHit: number }> = [
  { percent: 25, toHit: -2 },
  { percent: 50, toHit: -4 },
  { percent: 75, toHit: -6 },
]

/** Weapon sizes, for the untrained-weapon die: "D3, D4, or D6 damage, depending upon the size of the weapon". */
export const UNTRAINED_DAMAGE_DIE = { small: 3, medium: 4, large: 6 } as const

/** Lance charge dice: "(2D6 x 2) to approximately man-sized foes and 3D6 x 2 to large creatures". */
export const LANCE_DICE = { small: 2, 'man-sized': 2, large: 3, huge: 3 } as const

/** Spell interruption after a failed save: "On a 1-4, the spell was lost. On a 5-6, the spell was miscast". */
export const SPELL_FAILURE: ReadonlyArray<{
  readonly min: number
  readonly max: number
  readonly result: 'lost' | 'miscast'
}> = [
  { min: 1, max: 4, result: 'lost' },
  { min: 5, max: 6, result: 'miscast' },
]

/** Pursuit chances on a d6 from EVASION AND PURSUIT: the highest face that gives the result. */
export const PURSUIT_CHANCES = {
  /** "Unintelligent monsters will often stop to eat food ... Intelligent monsters ... treasure ... (1-5 chance on D6)". */
  stopsForBait: 5,
  /** "Running around a corner, up/down stairs, through a doorway, monsters will continue pursuit on 1-2(D6)". */
  continuesPastCorner: 2,
  /** "Passing through a secret door will lower chance of continuing pursuit to a 1 in 6". */
  continuesPastSecretDoor: 1,
} as const

/** "SURPRISE(if called for) is normally 1-2 on D6": the normal range both to surprise and to be surprised. */
export const NORMAL_SURPRISE = 2

/** "Creatures are considered to be 'in melee' when they are within 10 feet of each other". */
export const MELEE_RANGE_FT = 10

/** "Up to 6 combatants of around human size can surround and attack a human-sized character". */
export const MAX_SURROUNDING_MAN_SIZED = 6
