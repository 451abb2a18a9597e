/** Combined movement: move then attack, attack then move (by when the last attack fell and a DEX roll), running. */
import { type Outcome, ok } from '../../system.ts'
import { RULE } from './sections.ts'
import { MOVEMENT_END, MOVEMENT_START, movementTenthsBy } from './segments.ts'
import { checkD100, statRollTier } from './stat-rolls.ts'
import { ATTACK_AND_MOVE_TABLE } from './tables.ts'

/** Movement after attacking: from which segment, at what share of TMR per segment, and how far in all. */
export interface AttackAndMove {
  /** First segment of movement, or null when the combatant cannot move this round. */
  startsOn: number | null
  /** Segments of movement this round. */
  segments: number
  /** Feet per segment: 1/20th of base TMR. */
  feetPerSegment: number
  /** Total feet: never more than half TMR. */
  feet: number
  /** The DEX roll's tier, when one was needed. */
  dexTier: 1 | 2 | 3 | 4 | 5 | null
  reason: string
  rule: string
}

/**
 * Attack and Move. Last attack before 10: move from 10 at 1/20th TMR a segment. Last attack on 2 to 10:
 * a DEX roll sets the delay (1x: 1 segment ... 4x: 4, 5x or worse: no move). No movement after 1 ("last
 * attack on 3 and a 4x DEX roll: 3 - 4 = -1, cannot move"). No attacks may follow the movement.
 */
export function attackAndMove(
  lastAttackSegment: number,
  tmr: number,
  dex: number,
  dexRoll?: number,
): Outcome<AttackAndMove> {
  const feetPerSegment = tmr / 20
  const plan = (
    startsOn: number | null,
    dexTier: AttackAndMove['dexTier'],
    reason: string,
  ): AttackAndMove => {
    const segments =
      startsOn === null || startsOn < MOVEMENT_END ? 0 : Math.min(startsOn, MOVEMENT_START) - MOVEMENT_END + 1
    return {
      startsOn: segments === 0 ? null : startsOn,
      segments,
      feetPerSegment,
      feet: segments * feetPerSegment,
      dexTier,
      reason,
      rule: RULE.attackAndMove,
    }
  }
  if (lastAttackSegment > MOVEMENT_START)
    return ok(plan(MOVEMENT_START, null, 'last attack before initiative 10: move from 10'))
  // "No movement occurs after segment 1": a last attack on 1 or later leaves nothing to roll for.
  if (lastAttackSegment <= MOVEMENT_END)
    return ok(plan(null, null, 'no movement occurs after segment 1: cannot move this round'))
  if (dexRoll === undefined)
    return { ok: false, error: 'Roll DEX to see when you can move after this attack.' }
  const roll = checkD100(dexRoll, 'DEX roll')
  if (!roll.ok) return roll
  const tier = statRollTier(roll.value, dex)
  const row = ATTACK_AND_MOVE_TABLE.find((r) => r.tier === tier)
  if (!row) throw new Error(`no attack-and-move row for tier ${tier}`)
  if (row.delay === null) return ok(plan(null, tier, '5x DEX roll or worse: cannot move this round'))
  const startsOn = lastAttackSegment - row.delay
  return ok(
    plan(
      startsOn,
      tier,
      startsOn < MOVEMENT_END
        ? `${tier}x DEX roll: ${lastAttackSegment} - ${row.delay} = ${startsOn}, after movement ends: cannot move`
        : `${tier}x DEX roll: move from ${startsOn}`,
    ),
  )
}

/** Feet moved by the end of a segment of ordinary movement: 10% of the round's movement each segment. */
export function feetMovedBy(segment: number, feetThisRound: number): number {
  return (feetThisRound * movementTenthsBy(segment)) / 10
}

/** How far a combatant may move while still attacking, by movement mode, in feet. */
export function moveWhileAttacking(tmr: number, mode: 'move-and-attack' | 'run-and-attack'): number {
  // Move and attack: up to half TMR. Run and attack: half of 2x TMR, which is TMR.
  return mode === 'move-and-attack' ? tmr / 2 : tmr
}
