/** The zones rule system: factions alternate one character or pass; automatic hits; reactions out of turn. */
import type { RuleSystem } from '../../system.ts'
import { ATTACK_MODIFIERS } from './modifiers.ts'
import { parseSheet, SHEET_FIELDS, type Sheet } from './sheet.ts'

export * from './attack.ts'
export * from './blast.ts'
export * from './chase.ts'
export * from './common.ts'
export * from './damage.ts'
export * from './gear.ts'
export * from './modifiers.ts'
export * from './morale.ts'
export * from './mounts.ts'
export * from './non-lethal.ts'
export * from './odds.ts'
export * from './reactions.ts'
export * from './round.ts'
export * from './save.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './size.ts'
export * from './sneaking.ts'
export * from './stunts.ts'
export * from './turn.ts'

/** What the app and the room need to treat zones like the other systems; the full API is exported above. */
export const zonesSystem: RuleSystem<Sheet> = {
  id: 'zones',
  name: 'Zones',
  turnModel: 'faction-alternation',
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  attackModifiers: ATTACK_MODIFIERS,
}
