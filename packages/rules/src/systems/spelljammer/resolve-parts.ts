/**
 * What only resolving an attack runs of the table's parts, apart from their modules (a phone loads it only
 * to ask for its own dice, with `resolve.ts`): the d100 of a shot into a melee, the DEX roll of picking up a
 * dropped weapon, the DEX roll of attack and move after the last attack, and a hit on a caster mid-casting.
 */

import type { Declared, Fighter, Roller } from '../../engine/types.ts'
import { type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import type { MovingAfter } from './combat-attack-move.ts'
import { type Casting, segmentOf } from './combat-casting.ts'
import { attackAfter, type PickingUp } from './combat-dropped.ts'
import type { Bow, Shooter } from './combat-into-melee.ts'
import * as spelljammer from './rules.ts'
import { declaredMovement, LAST } from './turn-declaration.ts'

const RULE = spelljammer.RULE

// Shooting Into Melee (combat-into-melee.ts): the d100 before the attack.

/** The d100 that says whether the shot goes at the foe or a friend, for the log. */
export function intoMeleeRoll(
  shooter: Shooter,
  weapon: Bow,
  mix: { friends: number; foes: number },
  d100: number,
): Outcome<{ friend: boolean; lines: BreakdownLine[]; words: string }> {
  const r = spelljammer.shootIntoMelee(shooter, weapon, mix.friends, mix.foes, d100)
  if (!r.ok) return r
  const { total, friendOn, alwaysFriend } = r.value
  const lines: BreakdownLine[] = [
    ...r.value.breakdown.map((l) => ({ ...l, label: `Into melee: ${l.label}` })),
    { label: 'Into melee: a friend on this or less', value: friendOn, rule: RULE.shootingIntoMelee },
  ]
  const why = alwaysFriend ? `a ${d100} on the die always goes at a friend` : `${total}, ${friendOn} or less`
  const which = mix.friends > 1 ? 'one of the friends, the GM determines which at random' : 'the friend'
  return ok({
    friend: r.value.targets === 'friend',
    lines,
    words: `the shot goes at ${which} (${why}): the GM rolls this attack against them`,
  })
}

// Picking Up a Dropped Weapon (combat-dropped.ts): the DEX roll.

/** What the DEX roll did: words, lines, and what the picker keeps this round. */
export function pickUpOutcome(
  f: Fighter,
  sheet: spelljammer.Sheet,
  segment: number,
  d100: number,
): { summary: string; lines: BreakdownLine[]; picking: PickingUp } | string {
  const result = spelljammer.pickUpWeapon(d100, sheet.dex)
  if (!result.ok) return result.error
  const lines: BreakdownLine[] = [
    { label: 'DEX roll d100', value: d100, rule: RULE.droppedWeapon },
    { label: '4x DEX', value: sheet.dex * 4, rule: RULE.droppedWeapon },
  ]
  const { retrieved, attacksLeft } = result.value
  const on = attackAfter(segment)
  if (!retrieved)
    return {
      summary: `${f.name} fails to pick up the weapon (rolled ${d100}, needed ${sheet.dex * 4} or less): no attack this round, -15 DEF to its end.`,
      lines,
      picking: {},
    }
  if (attacksLeft === 0)
    return {
      summary: `${f.name} picks up the weapon (rolled ${d100}, 4x DEX ${sheet.dex * 4}): no attack this round, -15 DEF to its end.`,
      lines,
      picking: {},
    }
  const lost = spelljammer.phaseOf(on) === 'lost'
  return {
    summary: `${f.name} picks up the weapon with a 1x DEX roll (rolled ${d100}, DEX ${sheet.dex}): ${lost ? `the attack it leaves falls on ${on}, -6 or later, and is lost` : `one attack this round, on segment ${on}`}; -15 DEF to the round's end.`,
    lines: [...lines, { label: '1x DEX: one attack at -5 initiative', value: on, rule: RULE.droppedWeapon }],
    picking: lost ? {} : { attackOn: on },
  }
}

// Attack and Move (combat-attack-move.ts): the DEX roll after the last attack.

/** What the last attack of one who declared attack and move leaves: null when it is not that attack. */
export function afterLastAttack(
  name: string,
  sheet: spelljammer.Sheet,
  declared: Declared,
  roll: Roller,
): Outcome<{ words: string; lines: BreakdownLine[]; moving: MovingAfter }> | null {
  const segment = segmentOf(declared)
  if (segment === null || !declared.round?.includes(LAST)) return null
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

// Casting (combat-casting.ts): a hit on a caster.

/** A hit on a caster mid-casting: the spell and the action for the round are lost (the room's reading). */
export function interrupted(
  target: Fighter,
  sheet: spelljammer.Sheet,
  casting: Casting,
): { lost: boolean; words: string } {
  const spell = sheet.spells[casting.spell]?.name ?? 'spell'
  return spelljammer.hitWhileCasting(spelljammer.DEFAULT_SETTINGS.interruption) === 'interrupted'
    ? {
        lost: true,
        words: `${target.name}’s ${spell} is interrupted: the spell and ${target.name}’s action for the round are lost`,
      }
    : { lost: false, words: `the GM decides whether ${target.name}’s ${spell} is interrupted` }
}
