/** Wound levels by hit points, and their modifier to all actions and TMR, with the starting-HP exception. */
import type { BreakdownLine } from '../../system.ts'
import { RULE } from './sections.ts'
import { WOUND_TABLE, type WoundLevelId } from './tables.ts'

export interface WoundState {
  level: WoundLevelId
  label: string
  /** Modifier to all actions (attack rolls, cast chances, skill rolls) and to TMR. */
  modifier: number
  /** Why the modifier is what it is: the level, or the starting-HP exception. */
  reason: string
}

/**
 * The wound level of a combatant. A combatant who starts at or below a level's threshold takes no
 * modifier for that level, only for the next one down ("if your starting hit points are 18, then you
 * have no modifier for being under 20 hit points").
 */
export function woundState(hp: number, startingHp: number): WoundState {
  const deepest = [...WOUND_TABLE].reverse().find((row) => hp <= row.atOrBelow)
  if (deepest) {
    const startedThere = startingHp <= deepest.atOrBelow
    return {
      level: deepest.id,
      label: deepest.label,
      modifier: startedThere ? 0 : deepest.modifier,
      reason: startedThere
        ? `started at ${startingHp} hit points, already ${deepest.atOrBelow} or less: no modifier until the next level`
        : `${deepest.atOrBelow} or less hit points`,
    }
  }
  // Strictly below half is Bloodied; "not enough to put them below 50%" is Wounded.
  if (hp * 2 < startingHp) return { level: 'bloodied', label: 'Bloodied', modifier: 0, reason: 'below 50%' }
  if (hp < startingHp) return { level: 'wounded', label: 'Wounded', modifier: 0, reason: 'has taken damage' }
  return { level: 'unhurt', label: 'Unhurt', modifier: 0, reason: 'no damage taken' }
}

/** The wound modifier as a breakdown line, or none when it is zero. */
export function woundLines(hp: number, startingHp: number, who: string): BreakdownLine[] {
  const state = woundState(hp, startingHp)
  return state.modifier === 0
    ? []
    : [{ label: `${who} ${state.label}`, value: state.modifier, rule: RULE.wounds }]
}
