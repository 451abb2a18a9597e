/**
 * The round's facts about an attack's target (`TurnRules.facts`, turn-view.ts's `roundFacts`), as the
 * declared attack carries them. Apart from initiative.ts and spells.ts, whose dice a phone's screen does not
 * download: the screen reads these to show the odds of a blow struck first.
 */

/**
 * What striking first needs (17.0.1.6, 17.0.1.9): the target has not used its action this round, and,
 * besides, rolled equal or better initiative than the attacker.
 */
export const YET_TO_ACT = 'target-yet-to-act'
export const AS_QUICK = 'target-equal-or-better-initiative'

/** An attack lands before its target's number (17.0.13): a spell they cast then needs a save. */
export const ACTS_LATER = 'target-acts-later'

/**
 * The target shares the attacker's initiative number, the one under way, and has not acted yet this round:
 * "Equal initiative numbers act simultaneously" (17, 3), so one felled by this blow still makes their action.
 */
export const SAME_NUMBER = 'target-same-number'
