/** What every screen knows of spelljammer without loading its rules. */
import type { SystemInfo } from '../../system.ts'

export const spelljammerInfo: SystemInfo = {
  id: 'spelljammer',
  name: 'Strike chance (d100)',
  blurb: 'SC minus DEF, per-attack initiative, segment countdown',
  quickRoll: 'd100',
  // The ambush has one side lying in wait.
  surprise: ['pc', 'foe'],
  ambush: false,
  rounds: 'order',
  // "At the beginning of the round, the GM will call for action declarations": before the dice.
  statesIntent: true,
  initiativeOptions: false,
  // "The ability to attack and then move depends on when in the round the attack(s) occurred."
  movesAfterAttack: true,
  // The segment countdown: before movement above 10, movement 10 to 1, after it down to -5.
  moments: { name: 'Segment', high: 20, low: -5, counts: 'down' },
  // "Movement occurs between initiatives 10 and 1 with 10% of movement happening every segment."
  segmentsPerRound: 10,
  // The starting hit points are the maximum; the wound levels' chips name fixed hit points ("Badly
  // Wounded" is 20 or less), so in a room showing nothing they would say what the word says.
  secrets: { sheet: ['hp', 'startingHp'], state: [], chips: ['Wounded', 'Bloodied'] },
}
