/**
 * What a screen reads of zones' round (`ScreenRules.turn`), apart from the turn model (`turn-model.ts`), so
 * a phone's chunk does not hold the room's steps of the round.
 */
import type { ScreenRules } from '../../rule-system.ts'

/** What a screen reads of the round (`ScreenRules.turn`): `zonesTurns` adds the room's steps. */
export const zonesTurnView: ScreenRules['turn'] = {
  // "Enemies attacked by a concealed character are taken by surprise": still hidden, the attack says so.
  known: (turn, attacker) =>
    turn.factions?.characters[attacker.id]?.concealed ? ['concealed-attacker'] : [],
}
