/**
 * The one interface every rule system implements. Each system lives in `systems/<id>/` and exports far
 * more than this (its tables, resolution functions, odds); this is what the app and the room need to
 * treat all five alike: the sheet to build a form from, the turn model, the toggles an attack offers.
 */

export const SYSTEM_IDS = ['osr', 'odnd', 'spelljammer', 'brp', 'zones'] as const
export type SystemId = (typeof SYSTEM_IDS)[number]

import type { Outcome } from './outcome.ts'
import type { CombatRules } from './table/types.ts'

export { fail, type Outcome, ok } from './outcome.ts'

interface FieldBase {
  /** Property name in the sheet object. */
  key: string
  /** What the form shows, e.g. "Armor Class". */
  label: string
  help?: string
}

/** One field of a combatant sheet: enough to build a form, fill defaults and validate input. */
export type SheetField =
  | (FieldBase & { kind: 'number'; default: number; min?: number; max?: number; integer?: boolean })
  | (FieldBase & { kind: 'text'; default: string; maxLength?: number })
  | (FieldBase & { kind: 'boolean'; default: boolean })
  | (FieldBase & {
      kind: 'choice'
      default: string
      options: ReadonlyArray<{ value: string; label: string }>
    })
  | (FieldBase & {
      kind: 'list'
      of: ReadonlyArray<SheetField>
      default: ReadonlyArray<Record<string, unknown>>
    })

/** A situational modifier a player can toggle when declaring an action, with its effect in words. */
export interface ModifierToggle {
  id: string
  /** Short name on the switch: "Charging". */
  label: string
  /** The effect in words: "+2 to hit, double damage, -2 AC this round". */
  effect: string
  /** Where in the rule text it comes from, e.g. "Charging" section. */
  rule: string
}

/** One line of a breakdown: each die and each modifier, with the rule it came from. */
export interface BreakdownLine {
  label: string
  value: number
  rule?: string
}

/** How a system orders a round; the table flow is driven by this. */
export type TurnModel =
  | 'individual-initiative' // osr: 1d6 + DEX each, ties simultaneous
  | 'side-initiative' // odnd: d6 per side, ties simultaneous
  | 'segment-countdown' // spelljammer: per-attack initiative, segments 10 down to -5
  | 'dex-rank' // brp: DEX rank countdown with weapon-length tie-breaks
  | 'faction-alternation' // zones: factions alternate one character or pass

export interface RuleSystem<Sheet = unknown> {
  id: SystemId
  /** The name people know it by. */
  name: string
  turnModel: TurnModel
  sheet: {
    fields: ReadonlyArray<SheetField>
    /** Validates form or stored input into a sheet, filling defaults; errors name the field. */
    parse(input: unknown): Outcome<Sheet>
  }
  /** Every situational modifier an attack can toggle. */
  attackModifiers: ReadonlyArray<ModifierToggle>
  /** Attacks, defenses, outcomes, end-of-round effects and status chips at the table. */
  combat: CombatRules
}
