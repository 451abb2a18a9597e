/**
 * Healing (5.14), before anything is rolled: the wound First Aid treats next and its odds. Healing from the
 * dice (First Aid's d100 and 1D3, a week's 1D3) is `healing-dice.ts`'s.
 */
import { type Fraction, fraction, multiplyFractions } from '../../dice/fraction.ts'
import type { Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { remainingOf } from './injury.ts'
import { levelCounts } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { CombatantState, Injury } from './state.ts'

/**
 * The wound First Aid treats next: the newest that has not had it ("An injury may have First Aid applied
 * to it only once", 5.14) and still has hit points to give back; or why there is none.
 */
export function woundForFirstAid(state: CombatantState, who = 'They'): Outcome<Injury> {
  if (state.dead) return fail('First Aid cannot help the dead.')
  const wound = state.injuries.findLast((i) => !i.firstAidApplied && remainingOf(i) > 0)
  return wound
    ? ok(wound)
    : fail(
        `${who} ${who === 'They' ? 'have' : 'has'} no wound First Aid can treat: each wound takes it once, and only what it took.`,
      )
}

/** What First Aid on a patient can do, before the roll: the wound, the odds, and for the dying, of living. */
export interface FirstAidOdds {
  readonly wound: Injury
  /** P(the d100 succeeds, special or not: "just like an attack roll"). */
  readonly success: Fraction
  /** The most it can heal: the 1D3's 3, or what is left of the wound if less. */
  readonly atMost: number
  /**
   * For one at 0 hit points or less: P(it brings them to 1 or more within the round, so they live its
   * end, 5.12). Null for one above 0.
   */
  readonly saves: Fraction | null
}

/** First Aid's exact odds for a healer of this skill on this patient (5.12, 5.14). */
export function firstAidOdds(
  skill: number,
  state: CombatantState,
  settings: BrpSettings,
): Outcome<FirstAidOdds> {
  const wound = woundForFirstAid(state)
  if (!wound.ok) return wound
  const left = remainingOf(wound.value)
  const counts = levelCounts(skill, settings)
  const success = fraction(counts.special + counts.success, 100)
  let saves: Fraction | null = null
  if (state.hitPoints <= 0) {
    // The 1D3 faces that, capped at the wound, bring them to 1 or more.
    const faces = [1, 2, 3].filter((f) => state.hitPoints + Math.min(f, left) >= 1).length
    saves = multiplyFractions(success, fraction(faces, 3))
  }
  return ok({ wound: wound.value, success, atMost: Math.min(3, left), saves })
}
