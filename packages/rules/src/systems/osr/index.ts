/** The osr rule system: an old-school d20 combat chapter, as one RuleSystem plus its full typed API. */
import type { RuleSystem } from '../../system.ts'
import { osrCombat } from './combat.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './rules.ts'

/** What the app and the room need to treat osr like every other system. */
export const osrSystem: RuleSystem<Sheet> = {
  id: 'osr',
  name: 'Old-school d20 (OSR)',
  turnModel: 'individual-initiative',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
  combat: osrCombat,
}
