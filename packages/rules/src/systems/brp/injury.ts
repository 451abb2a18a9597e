/** Injury (5.12): hit points lost wound by wound, unconscious at 2 or less, dead at 0 or less at round's end. */
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { checkFace } from './rolls.ts'
import type { CombatantState, Injury } from './state.ts'

/** "If a character is reduced to 2 hit points, they fall unconscious" (5.12), read as 2 or less. */
export const UNCONSCIOUS_AT = 2

/** The state after a hit, the wound it left, and whether it knocked the character out. */
export interface InjuryResult {
  readonly state: CombatantState
  /** The new wound; null when armor stopped it all. */
  readonly injury: Injury | null
  /** True when this wound knocked the character out. */
  readonly knockedOut: boolean
  readonly lines: readonly BreakdownLine[]
}

/**
 * Takes damage that got past armor off current hit points, as one separate wound. Hit points may go
 * below 0 (5.12); death waits for the end of the round, so First Aid in the same round can save them.
 */
export function applyDamage(state: CombatantState, damage: number): InjuryResult {
  if (!Number.isInteger(damage) || damage < 0)
    throw new RangeError(`damage is a whole number 0 or more, got ${damage}`)
  if (damage === 0)
    return { state, injury: null, knockedOut: false, lines: [{ label: 'No damage gets through', value: 0 }] }
  const id = state.injuries.reduce((max, i) => Math.max(max, i.id), 0) + 1
  const injury: Injury = { id, damage, healed: 0, firstAidApplied: false }
  const hitPoints = state.hitPoints - damage
  const knockedOut = !state.unconscious && hitPoints <= UNCONSCIOUS_AT
  const lines: BreakdownLine[] = [
    { label: 'Hit points before', value: state.hitPoints },
    { label: `Wound ${id}`, value: -damage, rule: '5.12 Damage and Injury' },
    { label: 'Hit points now', value: hitPoints },
  ]
  if (knockedOut)
    lines.push({
      label: `Unconscious at ${UNCONSCIOUS_AT} hit points or less`,
      value: hitPoints,
      rule: '5.12 Damage and Injury',
    })
  return {
    state: {
      ...state,
      hitPoints,
      injuries: [...state.injuries, injury],
      unconscious: state.unconscious || knockedOut,
    },
    injury,
    knockedOut,
    lines,
  }
}

/**
 * The end of a combat round (5.12): anyone still at 0 hit points or less dies. Call it after First
 * Aid given during the round has been applied.
 */
export function endOfRound(state: CombatantState): { state: CombatantState; died: boolean } {
  if (state.dead || state.hitPoints > 0) return { state, died: false }
  return { state: { ...state, dead: true, unconscious: true }, died: true }
}

/** How long a knocked-out character stays down: 1D6 hours, unless awakened first (5.12). */
export function unconsciousHours(d6: number): Outcome<{ hours: number; lines: BreakdownLine[] }> {
  const face = checkFace('1D6 hours die', d6, 6)
  if (!face.ok) return face
  return ok({
    hours: d6,
    lines: [{ label: 'Unconscious for 1D6 hours', value: d6, rule: '5.12 Damage and Injury' }],
  })
}

/**
 * "Until awakened by another character" (5.12). The text puts no condition on it; Fray refuses only
 * the dead and those at 0 or less, who would not survive the round awake either.
 */
export function awaken(state: CombatantState): Outcome<CombatantState> {
  if (state.dead) return fail('The dead cannot be awakened.')
  if (!state.unconscious) return fail('They are already awake.')
  if (state.hitPoints <= 0) return fail('At 0 hit points or less they cannot be awakened: First Aid first.')
  return ok({ ...state, unconscious: false })
}

/** Hit points of a wound still unhealed. */
export function remainingOf(injury: Injury): number {
  return injury.damage - injury.healed
}
