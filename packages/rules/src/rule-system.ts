/**
 * The one interface every rule system implements. Each system lives in `systems/<id>/` and exports far
 * more than this (its tables, resolution functions, odds); this is what the app and the room need to
 * treat all five alike: the sheet to build a form from, the turn model, the combat at the table.
 */

import type { TurnRules } from './engine/turn.ts'
import type { CombatRules } from './engine/types.ts'
import type { Outcome } from './outcome.ts'
import type { ModifierToggle, SheetField, SheetNote, SystemInfo } from './system.ts'

export interface RuleSystem<Sheet = unknown> {
  /** The system's id, as the registry (`systems/index.ts`) lists it. */
  id: string
  info: SystemInfo
  sheet: {
    fields: ReadonlyArray<SheetField>
    /** Validates form or stored input into a sheet, filling defaults; errors name the field. */
    parse(input: unknown): Outcome<Sheet>
    /** A new character's hit points, as the sheet gives them (BRP derives them from CON and SIZ). */
    hitPoints(sheet: Sheet): number
    /** The field that holds hit points, where the sheet has one (BRP derives them instead). */
    hitPointsField?: string
    /** Words under the form's fields from the values so far, by field path (`SheetNote`). */
    notes?(values: Readonly<Record<string, unknown>>): Readonly<Record<string, SheetNote>>
    /** Where a monster's defaults differ from a character's. */
    monsterDefaults?: Readonly<Record<string, unknown>>
  }
  /** Every situational modifier an attack can toggle. */
  attackModifiers: ReadonlyArray<ModifierToggle>
  /** Attacks, defenses, outcomes, end-of-round effects and status chips at the table. */
  combat: CombatRules
  /** Surprise, the order of a round, who may act now and what a turn allows. */
  turn: TurnRules
}

/**
 * What a screen reads of a system (a phone, the GM's tablet, the table's screen): everything but the turn
 * model's steps, which only the room runs. Of the turn model a screen reads the toggles the round already
 * knows, its facts of an attack, the declaration form and what the system says of its own round (`view`:
 * its place, its words, its controls); each system's `screen.ts` builds this without
 * importing its turn model, so a phone does not download the room's side of the round.
 */
export interface ScreenRules<Sheet = unknown> extends Omit<RuleSystem<Sheet>, 'combat' | 'turn'> {
  /**
   * All of the combat but what only the room runs: resolving an attack and the defenses it offers, the
   * end of a round or a fight, rest, ending a condition, and whether it may ask a defender without a dry
   * run of the attack. A phone whose player types their own dice loads `resolve` apart (`RESOLVE_LOADERS`).
   */
  combat: Omit<
    CombatRules,
    | 'endOfRound'
    | 'startOfFight'
    | 'endOfFight'
    | 'rest'
    | 'clear'
    | 'defensesCheckResolve'
    | 'resolve'
    | 'defenses'
  >
  turn: Pick<TurnRules, 'known' | 'facts' | 'intents' | 'view'>
}
