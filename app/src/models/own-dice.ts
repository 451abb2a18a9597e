/**
 * What a device runs to ask for its player's own dice, die by die (`diceAsked` over the system's
 * `resolve`): loaded with the system's resolving on the first tick of "I roll my own dice" (`loadOwnDice`),
 * so a phone that rolls the room's dice never downloads it.
 */
import {
  type CombatRules,
  type Declared,
  type DiceAsked,
  diceAsked,
  type Fighter,
  type TableView,
} from '@fray/rules'

/** Which dice an attack asks for, given the faces typed so far, and what they would do. */
export type AskDice = (
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  typed: readonly number[],
  table?: TableView,
) => DiceAsked

export const askDiceWith =
  (resolve: CombatRules['resolve']): AskDice =>
  (attacker, target, declared, typed, table) =>
    diceAsked({ resolve }, attacker, target, declared, typed, table)
