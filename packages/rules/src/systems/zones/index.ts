/** The zones rule system: factions alternate one character or pass; automatic hits; reactions out of turn. */
import type { RuleSystem } from '../../rule-system.ts'
import { zonesCombat } from './combat.ts'
import { zonesInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { zonesTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat zones like the other systems; the full API is exported above. */
export const zonesSystem: RuleSystem<Sheet> = {
  id: 'zones',
  info: zonesInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => sheet.health,
    hitPointsField: 'health',
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: zonesCombat,
  turn: zonesTurns,
}
