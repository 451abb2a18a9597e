/** The brp rule system: a Basic-Roleplaying-style d100 roll-under combat, and its full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { ATTACK_MODIFIERS } from './attack.ts'
import { brpCombat } from './combat.ts'
import { brpInfo } from './info.ts'
import { DEFAULT_SETTINGS } from './settings.ts'
import { maxHitPoints, parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { brpTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat brp like the other systems; the rest is exported above. */
export const brpSystem: RuleSystem<Sheet> = {
  id: 'brp',
  info: brpInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => maxHitPoints(sheet, DEFAULT_SETTINGS),
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: brpCombat,
  turn: brpTurns,
}
