/** The five rule systems a room can play, by id, with what every screen knows of them. */
import { SYSTEM_IDS, SYSTEM_INFO, type SystemId } from '@fray/rules'

export { SYSTEM_IDS, SYSTEM_INFO, type SystemId }

export function isSystemId(value: unknown): value is SystemId {
  return typeof value === 'string' && (SYSTEM_IDS as readonly string[]).includes(value)
}

/** The die of a player's quick roll: the one the system's checks use, a d20 or the percentile dice. */
export type QuickRoll = 'd20' | 'd100'
export const QUICK_ROLL_SIDES: Record<QuickRoll, number> = { d20: 20, d100: 100 }
