/** The osr rule system: an old-school d20 combat chapter, as one RuleSystem plus its full typed API. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './actions.ts'
export * from './attack.ts'
export * from './conditions.ts'
export type { Dist } from './exact.ts'
export * from './grapple.ts'
export * from './grenade.ts'
export * from './initiative.ts'
export * from './injury.ts'
export * from './modifiers.ts'
export * from './movement.ts'
export * from './odds.ts'
export * from './rate-of-fire.ts'
export * from './round.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './spells.ts'
export * from './stray-missile.ts'
export * from './surprise.ts'
export * from './tables.ts'

/** What the app and the room need to treat osr like every other system. */
export const osrSystem: RuleSystem<Sheet> = {
  id: 'osr',
  name: 'Old-school d20 (OSR)',
  turnModel: 'individual-initiative',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
}
