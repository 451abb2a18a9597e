/** The spelljammer rule system: its RuleSystem entry for the registry, and its full typed API. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_TOGGLES } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './attack.ts'
export * from './casting.ts'
export * from './damage.ts'
export * from './damage-dice.ts'
export * from './declaration.ts'
export * from './defending.ts'
export * from './examples.ts'
export * from './initiative.ts'
export * from './melee.ts'
export * from './modifiers.ts'
export * from './movement.ts'
export * from './odds.ts'
export * from './ranged.ts'
export * from './sections.ts'
export * from './segments.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './stat-rolls.ts'
export * from './strike.ts'
export * from './surprise.ts'
export * from './tables.ts'
export * from './wounds.ts'

/** What the app and the room need to run spelljammer like any other system. */
export const spelljammerSystem: RuleSystem<Sheet> = {
  id: 'spelljammer',
  name: 'Spelljammer',
  turnModel: 'segment-countdown',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_TOGGLES,
}
