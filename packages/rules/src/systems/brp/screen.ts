/**
 * What a screen reads of brp (`ScreenRules`): the sheet, the attack's choices and odds, and of the round
 * what an attack needs. Neither the room's turn model (`turn-model.ts`'s `brpTurns`) nor resolving an
 * attack (`resolve.ts`, `room-combat.ts`) is reached from here, so a phone does not download them with its
 * screen; `index.ts` adds them for the room, and `RESOLVE_LOADERS` loads resolving for one's own dice.
 */
import type { ScreenRules } from '../../rule-system.ts'
import { ATTACK_MODIFIERS } from './attack.ts'
import { brpCombatView } from './combat.ts'
import { brpInfo } from './info.ts'
import { DEFAULT_SETTINGS } from './settings.ts'
import { maxHitPoints, SHEET, type Sheet } from './sheet.ts'
import { sheetNotes } from './sheet-notes.ts'
import { brpTurnView } from './turn-view.ts'

export const brpScreen: ScreenRules<Sheet> = {
  id: 'brp',
  info: brpInfo,
  sheet: {
    ...SHEET,
    hitPoints: (sheet) => maxHitPoints(sheet, DEFAULT_SETTINGS),
    notes: (values) => sheetNotes(values),
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: brpCombatView,
  turn: brpTurnView,
}
