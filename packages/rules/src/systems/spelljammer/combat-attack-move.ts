/**
 * Attack and Move at the table: one who declared it makes the last attack of their round, and the rules
 * say at once from which segment they move. A last attack before 10: from 10. "If your last attack
 * occurred between initiative 2 and 10 make a DEX roll" (the room's d100): 1x to 4x, 1 to 4 segments
 * after it, 5x or worse, not at all; "no movement occurs after segment 1". Logged with the attack.
 */
import { type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import type { Declared, Roller } from '../../table/types.ts'
import { segmentOf } from './combat-casting.ts'
import * as spelljammer from './rules.ts'
import { declaredMovement, isLastAttack } from './turn-declaration.ts'

const RULE = spelljammer.RULE

/** Where the movement after the last attack begins (none: they cannot move this round). */
export interface MovingAfter {
  from?: number
}

/** What the last attack of one who declared attack and move leaves: null when it is not that attack. */
export function afterLastAttack(
  name: string,
  sheet: spelljammer.Sheet,
  declared: Declared,
  roll: Roller,
): Outcome<{ words: string; lines: BreakdownLine[]; moving: MovingAfter }> | null {
  const segment = segmentOf(declared)
  if (segment === null || !isLastAttack(declared.round)) return null
  if (declaredMovement(declared.round, 'attacker') !== 'attack-and-move') return null
  const rolls = segment <= spelljammer.MOVEMENT_START && segment > spelljammer.MOVEMENT_END
  const d100 = rolls ? roll(100, 'DEX roll (attack and move)') : undefined
  const plan = spelljammer.attackAndMove(segment, sheet.tmr, sheet.dex, d100)
  if (!plan.ok) return plan
  const { startsOn, feetPerSegment, feet, reason } = plan.value
  const lines: BreakdownLine[] = []
  if (d100 !== undefined) lines.push({ label: 'DEX roll d100', value: d100, rule: RULE.attackAndMove })
  if (startsOn !== null)
    lines.push({ label: 'Moves from segment', value: startsOn, rule: RULE.attackAndMove })
  lines.push({ label: 'Feet moved after the last attack', value: feet, rule: RULE.attackAndMove })
  const rolled = d100 === undefined ? '' : `, DEX roll ${d100} vs DEX ${sheet.dex}`
  const then =
    startsOn === null
      ? `${name} cannot move this round`
      : `${name} moves ${feetPerSegment} ft a segment (1/20th TMR), ${feet} ft this round, and attacks no more`
  return ok({
    words: `Attack and move (last attack on ${segment}${rolled}): ${reason}. ${then}.`,
    lines,
    moving: startsOn === null ? {} : { from: startsOn },
  })
}

/** The fighter's chip while the round lasts. */
export function movingChip(moving: MovingAfter | undefined): string | null {
  if (!moving) return null
  return moving.from === undefined
    ? 'Cannot move this round (attack and move)'
    : `Moves from segment ${moving.from} (attack and move)`
}
