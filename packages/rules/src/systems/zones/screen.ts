/**
 * What a screen reads of zones (`ScreenRules`): the sheet, the attack's choices and odds, and of the round
 * what an attack needs. Neither the room's turn model (`turn-model.ts`'s `zonesTurns`) nor resolving an
 * attack (`resolve.ts`, `table.ts`) is reached from here, so a phone does not download them with its
 * screen; `index.ts` adds them for the room, and `RESOLVE_LOADERS` loads resolving for one's own dice.
 */
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
