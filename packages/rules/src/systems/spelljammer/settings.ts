/** The room settings of spelljammer: every reading a group may play the other way, with the README's as default. */
import type { HitOptions } from './attack.ts'
import type { InterruptionRule } from './casting.ts'
import type { GrievousWoundTable } from './damage.ts'
import type { DeclarationOptions } from './declaration.ts'

/** All of a room's choices in one value, so the room stores one object and passes its parts on. */
export interface SpelljammerSettings extends Required<HitOptions>, Required<DeclarationOptions> {
  /** What a hit on a caster mid-spell does. */
  interruption: InterruptionRule
  /** The room's grievous wound table, if it has one; otherwise the GM is asked. */
  grievousWoundTable?: GrievousWoundTable
}

/** The readings of rules/README.md and docs/systems/spelljammer.md. */
export const DEFAULT_SETTINGS: Readonly<SpelljammerSettings> = {
  criticalTable: 'corrected',
  automaticResults: 'at-least',
  carefulAimKeepsOnlyAttack: true,
  interruption: 'always',
}
