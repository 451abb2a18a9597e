/**
 * The recording roller: every die an outcome asks for, with what it was for, taken from the faces a
 * player typed in (each checked once against the die asked) and then from the room's dice. A wrong face
 * or a missing one is remembered, not thrown: the caller reads `error` or `missing` after resolving.
 */
import { isFace } from '../dice/faces.ts'
import type { Roller } from './types.ts'

export interface RecordedDie {
  label: string
  sides: number
  face: number
  /** A player (or the GM) rolled it and typed it in. */
  typed?: boolean
  /** The target's die (a defense, a counter, a save): never taken from the attacker's typed faces. */
  theirs?: boolean
}

export interface RecordingRoller {
  roll: Roller
  /** Every die asked for, in order. */
  rolls: RecordedDie[]
  /** The first typed face that does not fit its die, in the player's words, and which die it was. */
  error: string | null
  errorAt: number | null
  /** A die was asked for beyond the typed faces and there were no other dice to throw. */
  missing: boolean
}

export interface RollerOptions {
  /** The target's dice (default: `more`). */
  theirs?: (sides: number) => number
  /** Every die takes the next face, whoever's it is: replaying a logged outcome from its logged dice. */
  replay?: boolean
}

/**
 * `typed` stand for the attacker's dice, in order (the target's come from `theirs`, or the room's); then
 * `more` throws each die (the room's dice), or, without it, the roller marks itself `missing` and answers
 * 1 so the rules can finish what they were doing. Typed faces left over are not used.
 */
export function recordingRoller(
  typed: readonly number[],
  more?: (sides: number) => number,
  { theirs = more, replay = false }: RollerOptions = {},
): RecordingRoller {
  let used = 0
  const recorder: RecordingRoller = {
    rolls: [],
    error: null,
    errorAt: null,
    missing: false,
    roll(sides, label, owner = 'attacker') {
      const target = owner === 'target' && !replay
      const mine = target ? undefined : typed[used]
      let face: number
      if (mine !== undefined) {
        used++
        if (!isFace(mine, sides)) {
          if (recorder.error === null) {
            recorder.error = `Your die for ${label} is a d${sides}: it shows 1 to ${sides}, not ${mine}.`
            recorder.errorAt = recorder.rolls.length
          }
          face = 1
        } else face = mine
      } else if (target && theirs) face = theirs(sides)
      else if (more) face = more(sides)
      else {
        recorder.missing = true
        face = 1
      }
      recorder.rolls.push({
        label,
        sides,
        face,
        ...(mine !== undefined ? { typed: true } : {}),
        ...(owner === 'target' ? { theirs: true } : {}),
      })
      return face
    },
  }
  return recorder
}
