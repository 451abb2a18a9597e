/** Healing (5.14): First Aid once per wound, capped at that wound; 1D3 a week, or 3 in a hospital. */
import { type Fraction, fraction, multiplyFractions } from '../../dice/fraction.ts'
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { remainingOf } from './injury.ts'
import { checkFace, type D100Roll, levelCounts, rollD100 } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { CombatantState, Injury } from './state.ts'

/** The state after healing, how much was healed, and why. */
export interface HealingResult {
  readonly state: CombatantState
  readonly healed: number
  readonly lines: readonly BreakdownLine[]
}

/**
 * First Aid on one wound (5.14): on a success it heals 1D3, but never more than that wound took;
 * success or not, the wound has had its First Aid. Negative hit points count (5.12), so a character
 * at 0 can be brought to 1 before the round ends and live.
 */
export function firstAid(
  state: CombatantState,
  injuryId: number,
  skill: number,
  dice: { d100: number; d3: number },
  settings: BrpSettings,
): Outcome<HealingResult & { roll: D100Roll }> {
  if (state.dead) return fail('First Aid cannot help the dead.')
  const injury = state.injuries.find((i) => i.id === injuryId)
  if (!injury) return fail(`There is no wound ${injuryId}.`)
  if (injury.firstAidApplied)
    return fail(`Wound ${injuryId} has already had First Aid: it can be applied only once.`)
  const d3 = checkFace('First Aid 1D3', dice.d3, 3)
  if (!d3.ok) return d3
  const rolled = rollD100(
    'First Aid',
    dice.d100,
    { value: skill, lines: [{ label: 'First Aid skill', value: skill, rule: '5.14 Healing' }] },
    settings,
  )
  if (!rolled.ok) return rolled
  const roll = rolled.value
  const lines: BreakdownLine[] = [...roll.lines]
  let healed = 0
  if (roll.level === 'failure')
    lines.push({ label: 'Failed: bandaged and cleaned, no hit points', value: 0, rule: '5.14 Healing' })
  else {
    healed = Math.min(dice.d3, remainingOf(injury))
    lines.push({ label: 'First Aid 1D3', value: dice.d3, rule: '5.14 Healing' })
    if (healed < dice.d3)
      lines.push({
        label: `Capped at what wound ${injuryId} took`,
        value: healed - dice.d3,
        rule: '5.14 Healing',
      })
  }
  const injuries = state.injuries.map(
    (i): Injury => (i.id === injuryId ? { ...i, healed: i.healed + healed, firstAidApplied: true } : i),
  )
  return ok({ state: { ...state, injuries, hitPoints: state.hitPoints + healed }, healed, lines, roll })
}

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

/**
 * A week of rest (5.14): 1D3 hit points, or the maximum 3 in a hospital under ideal conditions, up to
 * maximum hit points. Healing closes the oldest wounds first, so later First Aid stays capped right. The
 * knocked out wake: their 1D6 hours (5.12) are long past.
 */
export function weeklyHealing(
  state: CombatantState,
  dice: { d3: number } | { hospital: true },
): Outcome<HealingResult & { woke: boolean }> {
  if (state.dead) return fail('The dead do not heal.')
  let amount: number
  const lines: BreakdownLine[] = []
  if ('hospital' in dice) {
    amount = 3
    lines.push({ label: 'Hospital: maximum healing', value: 3, rule: '5.14 Healing' })
  } else {
    const d3 = checkFace('weekly healing 1D3', dice.d3, 3)
    if (!d3.ok) return d3
    amount = dice.d3
    lines.push({ label: 'A week of rest: 1D3', value: dice.d3, rule: '5.14 Healing' })
  }
  const healed = Math.max(0, Math.min(amount, state.maxHitPoints - state.hitPoints))
  if (healed < amount)
    lines.push({ label: 'Up to maximum hit points', value: healed - amount, rule: '5.14 Healing' })
  let left = healed
  const injuries = state.injuries.map((i): Injury => {
    const take = Math.min(left, remainingOf(i))
    left -= take
    return take ? { ...i, healed: i.healed + take } : i
  })
  const hitPoints = state.hitPoints + healed
  // "Unconscious for 1D6 hours" (5.12): a week is longer, so whoever was knocked out is awake by its end.
  const woke = state.unconscious && hitPoints > 0
  if (woke)
    lines.push({
      label: 'Awake: a week outlasts their 1D6 hours',
      value: 0,
      rule: '5.12 Damage and Injury',
      note: true,
    })
  return ok({
    state: { ...state, hitPoints, injuries, unconscious: state.unconscious && !woke },
    healed,
    woke,
    lines,
  })
}
