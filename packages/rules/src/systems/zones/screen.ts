/** What a screen reads of zones (`ScreenRules`): not the room's turn model, nor resolving an attack. */
import type { ScreenRules } from '../../rule-system.ts'
import { zonesCombatView } from './combat.ts'
import { zonesInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { zonesTurnView } from './turn-view.ts'

export const zonesScreen: ScreenRules<Sheet> = {
  id: 'zones',
  info: zonesInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => sheet.health,
    hitPointsField: 'health',
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: zonesCombatView,
  turn: zonesTurnView,
}
