/**
 * What a screen reads of odnd (`ScreenRules`): the sheet, the attack's choices and odds, and of the round
 * what an attack needs. Neither the room's turn model (`turn-model.ts`'s `odndTurns`) nor resolving an
 * attack (`resolve.ts`, `table.ts`) is reached from here, so a phone does not download them with its
 * screen; `index.ts` adds them for the room, and `RESOLVE_LOADERS` loads resolving for one's own dice.
 */
import type { ScreenRules } from '../../rule-system.ts'
import { odndCombatView } from './combat.ts'
import { odndInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { MONSTER_DEFAULTS, parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { odndTurnView } from './turn-view.ts'

export const odndScreen: ScreenRules<Sheet> = {
  id: 'odnd',
  info: odndInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => sheet.hp,
    hitPointsField: 'hp',
    monsterDefaults: MONSTER_DEFAULTS,
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: odndCombatView,
  turn: odndTurnView,
}
