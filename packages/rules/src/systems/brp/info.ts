/** What every screen knows of brp without loading its rules. */
import type { SystemInfo } from '../../system.ts'

export const brpInfo: SystemInfo = {
  id: 'brp',
  name: 'Basic Roleplaying',
  blurb: 'd100 skills, parry and dodge, DEX ranks',
  quickRoll: 'd100',
  // BRP's text has no surprise check: its "defender unaware" attack modifier covers it.
  surprise: [],
  ambush: false,
  rounds: 'order',
  statesIntent: true,
  initiativeOptions: false,
  // The Statement of Intent declares the round's movement before anyone acts (5.2, 5.3).
  movesAfterAttack: false,
  rest: {
    label: 'A week of rest',
    effect: 'Each wounded character heals 1D3 hit points, up to their maximum (5.14).',
    hospital: 'in a hospital: 3',
  },
  // DEX ranks, highest first (5.4).
  moments: { name: 'DEX rank', high: 40, low: 0, counts: 'down' },
  // CON + SIZ make the maximum (5.12); each wound's damage and the "Wounds: 5, 6" chip add up to what
  // was lost; "Dying" says 0 or less.
  secrets: {
    sheet: ['con', 'siz'],
    state: ['hitPoints', 'maxHitPoints', 'injuries'],
    chips: ['Wounds:', 'Dying'],
  },
}
