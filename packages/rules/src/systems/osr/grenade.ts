/**
 * Grenade-like missiles (17.0.9-17.0.11): how a flask of oil is lit, and the oil spilled on the ground that
 * burns 10 rounds. Their dice (scatter, oil, holy water) are in grenade-roll.ts, apart, so that a phone's
 * screen does not download them.
 */

/** How a flask of oil was lit: on impact by a torch or flame, by its own fuse or wick, or not at all. */
export type OilIgnition = 'on-impact' | 'fuse' | 'unlit'

/** Oil spilled on the ground and lit burns this many rounds. */
export const GROUND_FIRE_ROUNDS = 10

/** A patch of burning oil on the ground, counting its rounds down. */
export interface GroundFire {
  roundsLeft: number
}

export const igniteGround = (): GroundFire => ({ roundsLeft: GROUND_FIRE_ROUNDS })

/** One round of ground fire passes; null once it has burnt for 10 rounds. */
export const groundFireEndOfRound = (fire: GroundFire): GroundFire | null =>
  fire.roundsLeft > 1 ? { roundsLeft: fire.roundsLeft - 1 } : null
