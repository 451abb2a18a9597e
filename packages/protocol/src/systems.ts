/**
 * The rule systems a room can play are named by their id (`SystemId`); the registry of them and what every
 * screen knows of each (`SYSTEM_IDS`, `SYSTEM_INFO`) is the rules' own, which the worker and the app read.
 */
export type { SystemId } from '@fray/rules'

/** The die of a player's quick roll: the one the system's checks use, a d20 or the percentile dice. */
export type QuickRoll = 'd20' | 'd100'
export const QUICK_ROLL_SIDES: Record<QuickRoll, number> = { d20: 20, d100: 100 }
