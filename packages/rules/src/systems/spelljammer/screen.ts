/**
 * What a screen reads of spelljammer (`ScreenRules`): the sheet, the attack's choices and odds, and of the round
 * what an attack needs. Neither the room's turn model (`turn-model.ts`'s `spelljammerTurns`) nor resolving an
 * attack (`resolve.ts`, `table.ts`) is reached from here, so a phone does not download them with its
 * screen; `index.ts` adds them for the room, and `RESOLVE_LOADERS` loads resolving for one's own dice.
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
