/** Conditions a combatant can carry (critical-hit conditions, fumble after-effects, round-long stances) and their modifiers. */

import type { BreakdownLine } from '../../system.ts'
import { CRIT_CONDITIONS, type CritConditionKind, rowFor } from './tables.ts'

/**
 * How long a timed condition lasts: `rounds` whole rounds, starting next round while `fresh` (a fumble's
 * "no attack next round" is decided this round and bites next round). End of round clears `fresh`
 * first, then counts rounds down.
 */
export interface Timed {
  rounds: number
  fresh: boolean
}

/**
 * A condition on a combatant. Critical-hit conditions have no duration in the text and last until the GM
 * removes them; charging and defending last the round they are taken in.
 */
export type Condition =
  | { kind: CritConditionKind }
  | ({ kind: 'stumbling' } & Timed)
  | ({ kind: 'no-attack'; reason: 'weapon broke' | 'dropped weapon' } & Timed)
  | { kind: 'charging' }
  | { kind: 'defending' }
  | { kind: 'surprised' }
  | ({ kind: 'reloading' } & Timed)
  | ({ kind: 'burning' } & Timed)
  | { kind: 'grappled' }
  | { kind: 'gagged-or-bound' }
  | { kind: 'running' }
  /** Ran 3 x CON rounds: walks only, until 3 turns of rest (17.0.1.7). */
  | { kind: 'fatigued' }
  /** A spellcaster attacked this round before their number: a spell cast now needs a save (17.0.13). */
  | { kind: 'struck' }

export type ConditionKind = Condition['kind']

/**
 * Each condition's chip, and how long it lasts: the round it is taken in (a charge's -2 AC "for the
 * remainder of the round", a parry, surprise, running, a caster struck), its own count (`Timed`), or until
 * the GM ends it: the text gives the critical-hit conditions, a hold, a gag and fatigue no end.
 */
export const CONDITIONS: Record<ConditionKind, { lasts: 'round' | 'rounds' | 'gm'; chip: string }> = {
  disarmed: { lasts: 'gm', chip: 'Disarmed' },
  shaken: { lasts: 'gm', chip: 'Shaken' },
  prone: { lasts: 'gm', chip: 'Prone' },
  blinded: { lasts: 'gm', chip: 'Blinded' },
  stumbling: { lasts: 'rounds', chip: 'Stumbling' },
  'no-attack': { lasts: 'rounds', chip: 'No attack' },
  charging: { lasts: 'round', chip: 'Charging (-2 AC)' },
  defending: { lasts: 'round', chip: 'Parrying or dodging (+2 AC)' },
  surprised: { lasts: 'round', chip: 'Surprised' },
  reloading: { lasts: 'rounds', chip: 'Reloading' },
  burning: { lasts: 'rounds', chip: 'Burning' },
  grappled: { lasts: 'gm', chip: 'Grappled' },
  'gagged-or-bound': { lasts: 'gm', chip: 'Gagged or bound' },
  running: { lasts: 'round', chip: 'Running' },
  fatigued: { lasts: 'gm', chip: 'Fatigued (walks only)' },
  struck: { lasts: 'round', chip: 'Attacked before casting' },
}

/** The condition chart's row of a critical hit's condition; none for the other conditions. */
const critRow = (kind: ConditionKind) => CRIT_CONDITIONS.find((r) => r.condition === kind)

/** The condition chart's row for a d4 face, as a Condition. */
export function critCondition(d4: number): Condition {
  return { kind: rowFor(CRIT_CONDITIONS, d4).condition }
}

const CRIT_RULE = 'Critical Hit (condition chart)'

/** Modifiers a combatant's conditions put on their own attack rolls ("-2 to hit", "-1 to combat rolls"). */
export function toHitFromConditions(conditions: ReadonlyArray<Condition>): BreakdownLine[] {
  return conditions.flatMap((c): BreakdownLine[] => {
    const row = critRow(c.kind)
    if (row) return row.toHit === 0 ? [] : [{ label: c.kind, value: row.toHit, rule: CRIT_RULE }]
    if (c.kind === 'stumbling' && !c.fresh)
      return [{ label: 'stumbling', value: -1, rule: 'Critical Miss (stumble)' }]
    return []
  })
}

/** Modifiers a defender's conditions put on their Armor Class against this attack. */
export function acFromConditions(
  conditions: ReadonlyArray<Condition>,
  attack: 'melee' | 'missile',
): BreakdownLine[] {
  return conditions.flatMap((c): BreakdownLine[] => {
    const row = critRow(c.kind)
    const value = row ? (attack === 'melee' ? row.acMelee : row.acRanged) : 0
    if (value !== 0) return [{ label: `target ${c.kind}`, value, rule: CRIT_RULE }]
    if (c.kind === 'charging') return [{ label: 'target charged this round', value: -2, rule: 'Charge' }]
    if (c.kind === 'defending')
      return [{ label: 'target parrying or dodging', value: 2, rule: 'Parry and Dodge' }]
    return []
  })
}

/** Modifiers on saves and DC checks (a shaken enemy: "-2 to hit, Saves, DC checks"). */
export function checksFromConditions(conditions: ReadonlyArray<Condition>): BreakdownLine[] {
  return conditions.flatMap((c) => {
    if (c.kind !== 'shaken') return []
    return [{ label: 'shaken', value: -2, rule: CRIT_RULE }]
  })
}

/** Modifiers on the initiative roll (a blinded enemy: "-2 Init"). */
export function initiativeFromConditions(conditions: ReadonlyArray<Condition>): BreakdownLine[] {
  return conditions.flatMap((c) =>
    c.kind === 'blinded' ? [{ label: 'blinded', value: -2, rule: CRIT_RULE }] : [],
  )
}

/**
 * Why a combatant may do nothing this round, or null: surprise, reloading, or the round's action already
 * declared (running, parrying). A broken or dropped weapon takes the attack only ("no attack next round").
 */
export function actionBlockedBy(conditions: ReadonlyArray<Condition>): string | null {
  return attackBlockedBy(conditions.filter((c) => c.kind !== 'no-attack'))
}

/** Why a combatant may not attack this round, or null: surprise, a broken or dropped weapon, reloading. */
export function attackBlockedBy(conditions: ReadonlyArray<Condition>): string | null {
  for (const c of conditions) {
    if (c.kind === 'surprised') return 'Surprised characters are unable to act for one round.'
    if (c.kind === 'running') return 'A character that is running away may not attack.'
    if (c.kind === 'defending') return 'Parrying or dodging this round: no attack (+2 AC instead).'
    if (c.kind === 'no-attack' && !c.fresh)
      return `No attack this round: ${c.reason === 'weapon broke' ? 'the weapon broke' : 'the weapon was dropped'} last round.`
    if (c.kind === 'reloading' && !c.fresh)
      return 'Reloading takes the whole round: no other action, not even moving.'
  }
  return null
}
