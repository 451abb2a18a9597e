/** The zones rule system: factions alternate one character or pass; automatic hits; reactions out of turn. */
import type { RuleSystem } from '../../system.ts'
import { zonesCombat } from './combat.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './rules.ts'

/** What the app and the room need to treat zones like the other systems; the full API is exported above. */
export const zonesSystem: RuleSystem<Sheet> = {
  id: 'zones',
  name: 'Zones',
  turnModel: 'faction-alternation',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
  combat: zonesCombat,
}
