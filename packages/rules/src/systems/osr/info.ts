/** What every screen knows of osr without loading its rules. */
import type { SystemInfo } from '../../system.ts'

export const osrInfo: SystemInfo = {
  id: 'osr',
  name: 'Old-school d20',
  blurb: 'd20 vs ascending AC, 1d6 + DEX initiative, natural-20 table',
  quickRoll: 'd20',
  surprise: ['pc', 'foe', 'both'],
  ambush: true,
  rounds: 'order',
  statesIntent: false,
  initiativeOptions: false,
  // "Movement can be broken up, using some of the distance before and after the action."
  movesAfterAttack: true,
  // 1d6 + DEX's adjustment, high first (17 step 3).
  moments: { name: 'Initiative', high: 30, low: -5, counts: 'down' },
  secrets: { sheet: ['hitPoints'], state: [], chips: [] },
}
