/** The brp rule system: a Basic-Roleplaying-style d100 roll-under combat, and its full typed API. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_MODIFIERS } from './attack.ts'
import { brpCombat } from './combat.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './rules.ts'

/** What the app and the room need to treat brp like the other systems; the rest is exported above. */
export const brpSystem: RuleSystem<Sheet> = {
  id: 'brp',
  name: 'Basic Roleplaying (d100)',
  turnModel: 'dex-rank',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
  combat: brpCombat,
}
