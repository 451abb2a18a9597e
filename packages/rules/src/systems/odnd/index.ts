/** The odnd rule system (OD&D house rules): the RuleSystem the room registers, and the full typed API. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './attack.ts'
export * from './bonuses.ts'
export * from './conditions.ts'
export * from './damage.ts'
export * from './dice-notation.ts'
export * from './encounter.ts'
export * from './initiative.ts'
export * from './injury.ts'
export * from './maneuvers.ts'
export * from './mass-combat.ts'
export * from './modifiers.ts'
export * from './morale.ts'
export * from './movement.ts'
export * from './normal-men.ts'
export * from './odds.ts'
export * from './options.ts'
export * from './prompt.ts'
export * from './pursuit.ts'
export * from './sheet.ts'
export * from './spells.ts'
export * from './tables.ts'

/** What the app and the room need to treat odnd like the other systems. */
export const odndSystem: RuleSystem<Sheet> = {
  id: 'odnd',
  name: 'OD&D house rules',
  turnModel: 'side-initiative',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
}
