/**
 * What a screen reads of osr (`ScreenRules`): the sheet, the attack's choices and odds, and of the round
 * what an attack needs. Neither the room's turn model (`turn-model.ts`'s `osrTurns`) nor resolving an
 * attack (`resolve.ts`, `table.ts`) is reached from here, so a phone does not download them with its
 * screen; `index.ts` adds them for the room, and `RESOLVE_LOADERS` loads resolving for one's own dice.
 */
import type { ScreenRules } from '../../rule-system.ts'
import { osrCombatView } from './combat.ts'
import { osrInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { osrTurnView } from './turn-view.ts'

export const osrScreen: ScreenRules<Sheet> = {
  id: 'osr',
  info: osrInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => sheet.hitPoints,
    hitPointsField: 'hitPoints',
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: osrCombatView,
  turn: osrTurnView,
}
