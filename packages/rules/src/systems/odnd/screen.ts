/**
 * What a screen reads of odnd (`ScreenRules`): neither the turn model nor resolving is reached from here,
 * so a phone does not download them with its screen (index.ts adds them, `RESOLVE_LOADERS` loads one).
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
