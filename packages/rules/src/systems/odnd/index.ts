/** The odnd rule system (OD&D house rules): the RuleSystem the room registers, and the full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { odndCombat } from './combat.ts'
import { odndInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { MONSTER_DEFAULTS, parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { odndTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat odnd like the other systems. */
export const odndSystem: RuleSystem<Sheet> = {
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
  combat: odndCombat,
  turn: odndTurns,
}
