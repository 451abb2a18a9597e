/** The osr rule system: an old-school d20 combat chapter, as one RuleSystem plus its full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { osrCombat } from './combat.ts'
import { osrInfo } from './info.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'
import { osrTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat osr like every other system. */
export const osrSystem: RuleSystem<Sheet> = {
  id: 'osr',
  info: osrInfo,
  sheet: {
    fields: SHEET_FIELDS,
    parse: parseSheet,
    hitPoints: (sheet) => sheet.hitPoints,
    hitPointsField: 'hitPoints',
  },
  attackModifiers: ATTACK_MODIFIERS,
  combat: osrCombat,
  turn: osrTurns,
}
