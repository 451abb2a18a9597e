/** What every screen knows of zones without loading its rules. */
import type { SystemInfo } from '../../system.ts'

export const zonesInfo: SystemInfo = {
  id: 'zones',
  name: 'Zones',
  blurb: 'Factions alternate, automatic hits, reactions',
  quickRoll: 'd20',
  // The side lying in wait starts concealed.
  surprise: ['pc', 'foe'],
  ambush: false,
  // "Initiative is held by the faction which started the fight, or is assigned randomly if that's unclear."
  asksWhoStarted: true,
  // "Critical damage" is left to the table: asked of the GM, or only at 0 health.
  asksIncapacitation: true,
  rounds: 'factions',
  statesIntent: false,
  initiativeOptions: false,
  // "It is possible to split movement before, after, and between actions."
  movesAfterAttack: true,
  // "Taking a turn": a move, a bonus and a main action, or surrendering, fleeing: more than attacks.
  turnWords: {
    button: 'Act or move',
    does: 'acts or moves',
    spent: 'has nothing left of this turn: end it.',
  },
  // Factions alternate one character's turn (or a pass) at a time: a round's faction turns count up.
  moments: { name: 'Faction turn', high: 30, low: 1, counts: 'up' },
  // The health a round began with (for morale) is health.
  secrets: { sheet: ['health'], state: ['roundStart'], chips: [] },
}
