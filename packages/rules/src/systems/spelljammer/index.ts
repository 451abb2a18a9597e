/**
 * The spelljammer rule system: its RuleSystem entry for the registry and the chunk a phone loads, and
 * nothing more, so that chunk holds only what the table uses (the full typed API is rules.ts).
 */
import type { RuleSystem } from '../../rule-system.ts'
import { spelljammerCombat } from './combat.ts'
import { spelljammerInfo } from './info.ts'
import { ATTACK_TOGGLES } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { spelljammerTurns } from './turn-model.ts'

/** What the app and the room need to run spelljammer like any other system. */
export const spelljammerSystem: RuleSystem<Sheet> = {
  id: 'spelljammer',
  info: spelljammerInfo,
  sheet: { fields: SHEET_FIELDS, parse: parseSheet, hitPoints: (sheet) => sheet.hp, hitPointsField: 'hp' },
  attackModifiers: ATTACK_TOGGLES,
  combat: spelljammerCombat,
  turn: spelljammerTurns,
}
