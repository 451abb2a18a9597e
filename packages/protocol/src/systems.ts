/** The five rule systems a room can play, by id, with the names people know them by. */
import { SYSTEM_IDS, type SystemId } from '@fray/rules'

export { SYSTEM_IDS, type SystemId }

export const SYSTEM_NAMES: Record<SystemId, { name: string; blurb: string }> = {
  osr: { name: 'Old-school d20', blurb: 'd20 vs ascending AC, 1d6 + DEX initiative, natural-20 table' },
  odnd: { name: 'OD&D house rules', blurb: 'Descending AC, attacks vs normal men, side initiative' },
  spelljammer: {
    name: 'Strike chance (d100)',
    blurb: 'SC minus DEF, per-attack initiative, segment countdown',
  },
  brp: { name: 'Basic Roleplaying', blurb: 'd100 skills, parry and dodge, DEX ranks' },
  zones: { name: 'Zones', blurb: 'Factions alternate, automatic hits, reactions' },
}

export function isSystemId(value: unknown): value is SystemId {
  return typeof value === 'string' && (SYSTEM_IDS as readonly string[]).includes(value)
}

/** The die of a player's quick roll: the one the system's checks use, a d20 or the percentile dice. */
export type QuickRoll = 'd20' | 'd100'
export const QUICK_ROLL: Record<SystemId, QuickRoll> = {
  osr: 'd20',
  odnd: 'd20',
  zones: 'd20',
  spelljammer: 'd100',
  brp: 'd100',
}
export const QUICK_ROLL_SIDES: Record<QuickRoll, number> = { d20: 20, d100: 100 }
