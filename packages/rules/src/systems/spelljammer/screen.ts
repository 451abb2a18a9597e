/**
 * What a screen reads of spelljammer (`ScreenRules`): the sheet, the attack's choices, odds and outcome, and of the
 * round what an attack needs. The room's turn model (`turn-model.ts`'s `spelljammerTurns`) is not imported here,
 * so a phone does not download it; `index.ts` adds it for the room.
 */
import type { ScreenRules } from '../../rule-system.ts'
import { spelljammerCombatView } from './combat.ts'
import { spelljammerInfo } from './info.ts'
import { ATTACK_TOGGLES } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { spelljammerTurnView } from './turn-view.ts'

export const spelljammerScreen: ScreenRules<Sheet> = {
  id: 'spelljammer',
  info: spelljammerInfo,
  sheet: { fields: SHEET_FIELDS, parse: parseSheet, hitPoints: (sheet) => sheet.hp, hitPointsField: 'hp' },
  attackModifiers: ATTACK_TOGGLES,
  combat: spelljammerCombatView,
  turn: spelljammerTurnView,
}
