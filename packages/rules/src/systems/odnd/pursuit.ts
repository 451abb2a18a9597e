/** Evasion and pursuit: whether monsters give chase, how many rounds until they catch up, and when they stop. */
import { unreachable } from '../../assert.ts'
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'
import { PURSUIT_CHANCES } from './tables.ts'

/**
 * "roll on Monster Reaction Table to see if they will pursue. A low score means they will, a high score
 * means they will not." (Also the retreat's "roll a 2D6 to discover if they are pursued".) The table is
 * not in the text: the 2d6 are logged and the GM says whether they give chase.
 */
export function pursuitRoll(dice: readonly [number, number]): Outcome<{ total: number; prompt: GmPrompt }> {
  if (!dice.every((d) => isFace(d, 6))) return fail('A pursuit die shows 1 to 6.')
  const total = dice[0] + dice[1]
  const rolled: BreakdownLine[] = dice.map((d) => ({ label: 'd6 (pursuit, reaction table)', value: d }))
  return ok({
    total,
    prompt: gmPrompt(
      'pursuit',
      rolled,
      `Pursuit 2d6 = ${total} (low: they pursue; high: they do not): the reaction table is not in the text; GM, do they give chase?`,
      'EVASION AND PURSUIT',
    ),
  })
}

/**
 * Rounds until pursuers at running speed close a gap: "Movement rates are compared to see if the fleeing
 * party is caught and how many rounds that takes". Null when the pursuers are not faster. Running is the
 * full Turn move in one round; one inch is 10 feet underground.
 */
export function roundsToCatch(input: {
  gapFeet: number
  fleeingMove: number
  pursuingMove: number
  feetPerInch?: number
}): number | null {
  const closing = (input.pursuingMove - input.fleeingMove) * (input.feetPerInch ?? 10)
  if (input.gapFeet <= 0) return 0
  if (closing <= 0) return null
  return Math.ceil(input.gapFeet / closing)
}

export type PursuitCheck = 'stops-for-bait' | 'past-corner' | 'past-secret-door'

/**
 * The d6 checks of a chase. Food or treasure thrown down stops monsters on 1-5 (unintelligent ones for
 * food, intelligent ones for treasure); round a corner, up or down stairs or through a door they keep on
 * 1-2; through a secret door only on a 1.
 */
export function pursuitCheck(
  check: PursuitCheck,
  d6: number,
): Outcome<{ continues: boolean; summary: string }> {
  if (!isFace(d6, 6)) return fail('A d6 shows 1 to 6.')
  switch (check) {
    case 'stops-for-bait': {
      const stops = d6 <= PURSUIT_CHANCES.stopsForBait
      return ok({
        continues: !stops,
        summary: stops ? 'They stop for what was thrown down.' : 'They ignore it and keep coming.',
      })
    }
    case 'past-corner': {
      const continues = d6 <= PURSUIT_CHANCES.continuesPastCorner
      return ok({ continues, summary: continues ? 'They keep up the chase.' : 'They lose the trail.' })
    }
    case 'past-secret-door': {
      const continues = d6 <= PURSUIT_CHANCES.continuesPastSecretDoor
      return ok({
        continues,
        summary: continues ? 'They follow through the secret door.' : 'They lose the trail.',
      })
    }
    default:
      return unreachable(check)
  }
}
