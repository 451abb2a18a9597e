/** The brp rule system: a Basic-Roleplaying-style d100 roll-under combat, and its full typed API. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_MODIFIERS } from './attack.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './armor.ts'
export * from './attack.ts'
export * from './damage.ts'
export * from './defense.ts'
export * from './dex-rank.ts'
export * from './exchange.ts'
export * from './healing.ts'
export * from './injury.ts'
export * from './matrix.ts'
export * from './odds.ts'
export * from './rolls.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './state.ts'
export * from './tables.ts'

/** What the app and the room need to treat brp like the other systems; the rest is exported above. */
export const brpSystem: RuleSystem<Sheet> = {
  id: 'brp',
  name: 'Basic Roleplaying (d100)',
  turnModel: 'dex-rank',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
}
