/** The odnd rule system (OD&D house rules): the RuleSystem the room registers, and the full typed API. */
import type { RuleSystem } from '../../system.ts'
import { odndCombat } from './combat.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './rules.ts'

/** What the app and the room need to treat odnd like the other systems. */
export const odndSystem: RuleSystem<Sheet> = {
  id: 'odnd',
  name: 'OD&D house rules',
  turnModel: 'side-initiative',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
  combat: odndCombat,
}
