/** What every screen knows of odnd without loading its rules. */
import type { SystemInfo } from '../../system.ts'

export const odndInfo: SystemInfo = {
  id: 'odnd',
  name: 'OD&D house rules',
  blurb: 'Descending AC, attacks vs normal men, side initiative',
  quickRoll: 'd20',
  surprise: ['pc', 'foe', 'both'],
  ambush: false,
  rounds: 'order',
  statesIntent: false,
  initiativeOptions: true,
  // "may move up to 1/2 of their Turn movement in a melee round AND attack": the order is not fixed.
  movesAfterAttack: true,
  // The d6 of each side (or each one), highest first.
  moments: { name: 'Initiative', high: 6, low: 1, counts: 'down' },
  // A unit's men left are its hit points over those it started with (Mass Combat).
  secrets: { sheet: ['hp'], state: [], chips: [' men left'] },
}
