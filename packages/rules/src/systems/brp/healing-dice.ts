/**
 * Healing from its dice (5.14): First Aid once per wound, capped at that wound; 1D3 a week, or 3 in a
 * hospital. Apart from `healing.ts` (the wound treated next and the odds a screen shows) because it is what
 * only resolving First Aid, and the room's week of rest, run: a phone loads it only to ask for its own dice.
 */
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { checkFace, type D100Roll, rollD100 } from './faces.ts'
import { remainingOf } from './injury.ts'
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
