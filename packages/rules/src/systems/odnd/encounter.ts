/** The encounter order before blows: surprise ranges and rolls, distance, and the monsters' reaction roll. */
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'
import { NORMAL_SURPRISE } from './tables.ts'

/** One side's surprise numbers on a d6: "normally 1-2" both ways. */
export interface SurpriseSide {
  name: string
  /** Surprises others on 1 to this ("surprises on a 1-5 because they are extra quiet and sneaky"). */
  surprisesOn: number
  /** Is itself surprised on 1 to this ("surprised only on a 1 because they are extra alert"). */
  surprisedOn: number
}

/** A side with the normal 1-2 both ways. */
export const normalSide = (name: string): SurpriseSide => ({
  name,
  surprisesOn: NORMAL_SURPRISE,
  surprisedOn: NORMAL_SURPRISE,
})

const clampD6 = (n: number) => Math.max(0, Math.min(6, n))

/**
 * The range on which `by` surprises `target`, combined as in the text's four examples: the sneaky side's
 * range, shortened by one for each point the target is more alert than the normal 1-2 (and lengthened
 * for each point less alert). 1-5 against a normal foe stays 1-5; against one surprised only on a 1 it is 1-4.
 */
export function surpriseRange(by: SurpriseSide, target: SurpriseSide): number {
  return clampD6(by.surprisesOn - (NORMAL_SURPRISE - target.surprisedOn))
}

export interface SurpriseResult {
  aSurprised: boolean
  bSurprised: boolean
  /** Who gets the free round: "The surprising party gets a free round of action". */
  freeRound: 'a' | 'b' | null
  /** Both surprised: "it cancels out and the encounter proceeds normally". */
  cancelled: boolean
  breakdown: BreakdownLine[]
  summary: string
}

/**
 * The surprise check when surprise is possible ("one or both parties are unaware"; ESP, light and noise
 * negate it). The DM rolls a d6 for each side; a side is surprised when its die falls in the other's range.
 */
export function rollSurprise(
  a: SurpriseSide,
  b: SurpriseSide,
  dice: { a: number; b: number },
): Outcome<SurpriseResult> {
  if (!isFace(dice.a, 6) || !isFace(dice.b, 6))
    return fail('A surprise die shows a whole number from 1 to 6.')
  const rangeOnA = surpriseRange(b, a)
  const rangeOnB = surpriseRange(a, b)
  const aSurprised = dice.a <= rangeOnA
  const bSurprised = dice.b <= rangeOnB
  const cancelled = aSurprised && bSurprised
  const freeRound = cancelled ? null : aSurprised ? 'b' : bSurprised ? 'a' : null
  const breakdown: BreakdownLine[] = [
    { label: `${a.name} d6 (surprised on 1-${rangeOnA})`, value: dice.a, rule: 'SURPRISE' },
    { label: `${b.name} d6 (surprised on 1-${rangeOnB})`, value: dice.b, rule: 'SURPRISE' },
  ]
  const summary = cancelled
    ? 'Both sides are surprised: it cancels out.'
    : freeRound
      ? `${freeRound === 'a' ? b.name : a.name} is surprised: ${freeRound === 'a' ? a.name : b.name} gets a free round.`
      : 'Nobody is surprised.'
  return ok({ aSurprised, bSurprised, freeRound, cancelled, breakdown, summary })
}

export interface Distance {
  value: number
  unit: 'feet' | 'yards'
  breakdown: BreakdownLine[]
}

/**
 * Distance between the parties. Without surprise: "2D6 (x 10 ft indoors or 10 yds outdoors)". With
 * surprise the text says "from 10 - 30 feet indoors ... or 10 - 30 yards outdoors" and names no die:
 * we roll one d3 (10, 20 or 30).
 */
export function encounterDistance(
  input:
    | { surprise: false; outdoors: boolean; dice: readonly [number, number] }
    | { surprise: true; outdoors: boolean; d3: number },
): Outcome<Distance> {
  const unit = input.outdoors ? 'yards' : 'feet'
  if (input.surprise) {
    if (!isFace(input.d3, 3)) return fail('A d3 shows 1, 2 or 3.')
    return ok({
      value: input.d3 * 10,
      unit,
      breakdown: [{ label: 'd3 x 10 (surprise distance)', value: input.d3, rule: 'SURPRISE' }],
    })
  }
  if (!input.dice.every((d) => isFace(d, 6))) return fail('A distance die shows a whole number from 1 to 6.')
  const total = input.dice[0] + input.dice[1]
  return ok({
    value: total * 10,
    unit,
    breakdown: input.dice.map((d) => ({ label: 'd6 (2d6 x 10)', value: d, rule: 'ENCOUNTER ORDER 4' })),
  })
}

/**
 * "the DM may make a Reaction Roll (2D6 on the Reaction Table)": the table is not in the text, so the
 * 2d6 are rolled and logged and the GM says what the monsters do.
 */
export function reactionRoll(dice: readonly [number, number]): Outcome<{ total: number; prompt: GmPrompt }> {
  if (!dice.every((d) => isFace(d, 6))) return fail('A reaction die shows a whole number from 1 to 6.')
  const total = dice[0] + dice[1]
  return ok({
    total,
    prompt: gmPrompt(
      'reaction',
      dice.map((d) => ({ label: 'd6', value: d })),
      `Reaction 2d6 = ${total}: the Reaction Table is not in the text; GM, say how the monsters react (frightened, curious, friendly, hungry, hostile, parley, flee ...).`,
      'ENCOUNTER ORDER 5',
    ),
  })
}
