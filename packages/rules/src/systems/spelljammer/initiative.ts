/** Per-attack initiative: 1d10 + modifiers for the first attack, smaller dice for later ones, ties a segment later. */
import { isFace } from '../../dice/faces.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import type { DeclaredRound } from './declaration.ts'
import { RULE } from './sections.ts'
import { type Phase, phaseOf } from './segments.ts'

/** The die for the n-th attack (0-based): d10, d8, d6, then d4 for every later one (rules/README.md). */
export function initiativeDie(attackIndex: number): 10 | 8 | 6 | 4 {
  if (!Number.isInteger(attackIndex) || attackIndex < 0) throw new Error(`bad attack index ${attackIndex}`)
  return attackIndex === 0 ? 10 : attackIndex === 1 ? 8 : attackIndex === 2 ? 6 : 4
}

/** The dice a round of `attacks` attacks needs, in order, so the faces can be rolled or typed in. */
export function initiativeDice(attacks: number): number[] {
  return Array.from({ length: attacks }, (_, i) => initiativeDie(i))
}

/** One attack's place in the round, with the die and each modifier that put it there. */
export interface AttackInitiative {
  attackIndex: number
  die: number
  face: number
  /** Die plus modifiers. */
  total: number
  /** Where it happens after ties are pushed: equals `total` unless an earlier attack had the same. */
  segment: number
  phase: Phase
  lost: boolean
  breakdown: BreakdownLine[]
}

/**
 * Places each attack of a round. "If you end up with the same initiative for both attacks, the second
 * attack goes 1 segment later": an attack whose segment is taken by one of the same combatant's earlier
 * attacks moves down one at a time until it is free. At -6 or later it is lost.
 */
export function placeAttacks(
  initiativeModifiers: readonly BreakdownLine[],
  faces: readonly number[],
): Outcome<AttackInitiative[]> {
  const taken = new Set<number>()
  const result: AttackInitiative[] = []
  for (const [i, face] of faces.entries()) {
    const die = initiativeDie(i)
    if (!isFace(face, die))
      return fail(`Attack ${i + 1} rolls initiative on a d${die}, which shows 1 to ${die}, not ${face}.`)
    const breakdown: BreakdownLine[] = [{ label: `Initiative d${die}`, value: face, rule: RULE.initiative }]
    breakdown.push(...initiativeModifiers.filter((line) => line.value !== 0))
    const total = breakdown.reduce((sum, line) => sum + line.value, 0)
    let segment = total
    while (taken.has(segment)) segment--
    if (segment !== total)
      breakdown.push({
        label: 'Same initiative as an earlier attack',
        value: segment - total,
        rule: RULE.nutshell,
      })
    taken.add(segment)
    const phase = phaseOf(segment)
    result.push({ attackIndex: i, die, face, total, segment, phase, lost: phase === 'lost', breakdown })
  }
  return ok(result)
}

/** Rolls a declared round's initiative from the faces rolled: one face per attack left after declaration. */
export function rollInitiative(round: DeclaredRound, faces: readonly number[]): Outcome<AttackInitiative[]> {
  if (faces.length !== round.attacks)
    return fail(
      `This round has ${round.attacks} ${round.attacks === 1 ? 'attack' : 'attacks'}, so roll ${round.attacks} initiative ${round.attacks === 1 ? 'die' : 'dice'}, not ${faces.length}.`,
    )
  return placeAttacks(round.initiativeModifiers, faces)
}

/** Marks the attacks a stun takes away: every attack of the round after the segment the stun landed on. */
export function loseAttacksToStun(
  attacks: readonly AttackInitiative[],
  stunnedOn: number,
): AttackInitiative[] {
  return attacks.map((a) =>
    a.segment < stunnedOn && !a.lost
      ? {
          ...a,
          lost: true,
          breakdown: [
            ...a.breakdown,
            { label: `Stunned on ${stunnedOn}: attack lost`, value: 0, rule: RULE.damage },
          ],
        }
      : a,
  )
}
