/**
 * What a device runs to ask for its player's own dice, die by die (`diceAsked` over the system's
 * `resolve`): loaded with the system's resolving on the first tick of "I roll my own dice" (`loadOwnDice`),
 * so a phone that rolls the room's dice never downloads it.
 */
import { type AttackPlan, type CombatRules, type DiceAsked, diceAsked } from '@fray/rules'

/** Which dice a planned attack asks for, given the faces typed so far, and what they would do. */
export type AskDice = (plan: AttackPlan, typed: readonly number[]) => DiceAsked

export const askDiceWith =
  (resolve: CombatRules['resolve']): AskDice =>
  (plan, typed) =>
    diceAsked({ resolve }, plan, typed)
