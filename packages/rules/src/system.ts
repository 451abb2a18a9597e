/**
 * The small shapes every rule system and the table share (sheet fields, toggles, breakdown lines, what a
 * screen knows of a system), importing nothing: the RuleSystem interface itself is in rule-system.ts.
 */

export { fail, type Outcome, ok } from './outcome.ts'

/** How a system names the moments of its round, where its order has numbers. */
export interface MomentScale {
  /** "Initiative", "Segment", "DEX rank", "Faction turn". */
  name: string
  /** The numbers a GM may choose. */
  high: number
  low: number
  /** The round runs from the highest down (initiative), or counts its turns up from the lowest (zones). */
  counts: 'down' | 'up'
}

/** The phases of a round where the text names them (brp 5.1), as `phaseOf` reads them from the turn. */
export type RoundPhaseId = 'statement-of-intent' | 'movement' | 'actions' | 'resolution'

/** One phase of a round, as every screen names it, and what it allows in the text's terms. */
export interface PhaseInfo {
  id: RoundPhaseId
  /** "Statement of Intent". */
  name: string
  /** What one may do in it: "Each says how far they move and what they will do; nobody acts yet." */
  allows: string
}

/** Which side the GM may mark as unaware when a fight starts. */
export type Unaware = 'pc' | 'foe' | 'both'

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

/**
 * A word under one field of a sheet form, worked out from the values so far (brp: the chance a weapon will
 * be used at); `error` where the value must be changed. Keyed by the field's path: `weapons.0.weapon`.
 */
export interface SheetNote {
  text: string
  error?: true
}

/** A situational modifier a player can toggle when declaring an action, with its effect in words. */
export interface ModifierToggle {
  id: string
  /** Short name on the switch: "Charging". */
  label: string
  /** The effect in words: "+2 to hit, double damage, -2 AC this round". */
  effect: string
  /** Where in the rule text it comes from, e.g. "Charging" section. */
  rule: string
  /**
   * One of the few that apply most often at a table (flanking, from behind, cover): a form shows these
   * at once and folds the rest under "More situations".
   */
  often?: boolean
}

/** One line of a breakdown: each die and each modifier, with the rule it came from. */
export interface BreakdownLine {
  label: string
  value: number
  rule?: string
  /** Said in words, not counted ("Hits automatically"): screens show the label and its rule, not the value. */
  note?: true
  /**
   * The id of the fighter whose hit points this line shows ("Goblin hit points: 3"): a room that keeps a
   * monster's hit points from the players shows the line to the GM only.
   */
  health?: string
  /**
   * The id of the fighter whose defense (AC, DEF, armour) this line shows or follows from ("AC: Ogre armor
   * class 9", "Roll this or less to hit"): a phone whose room keeps monsters' defense hidden leaves it out.
   */
  defense?: string
}

/**
 * What of a monster a room hiding monsters' health (the Table rules setting `foeHealth`: a word, or
 * nothing) keeps from the players, beside its hit points and their maximum: the GM alone sees it. The room
 * writes the table's copy of such a monster without it, and a log entry's lines marked `health` go to the
 * GM's document (see docs/security.md, "What players see of monsters").
 */
export interface MonsterSecrets {
  /** Sheet fields that hold hit points or give them (brp's CON and SIZ make its maximum). */
  sheet: readonly string[]
  /** Keys of its state, at any depth, that hold health or wounds (brp's wounds, each with its damage). */
  state: readonly string[]
  /** Status chips that show health: a chip holding any of these ("Wounds:") is the GM's alone. */
  chips: readonly string[]
}

/**
 * What every screen needs to know of a system without loading its rules: kept in `systems/<id>/info.ts`,
 * so a phone's first load stays small.
 */
export interface SystemInfo {
  /** The key of `SYSTEM_INFO` it is registered under. */
  id: string
  /** The name people know it by. */
  name: string
  /** One line on what makes it play differently. */
  blurb: string
  /** The die of a player's quick roll: the one the system's checks use. */
  quickRoll: 'd20' | 'd100'
  /** Which side the GM may mark as unaware when a fight starts; [] where the text has no surprise check. */
  surprise: readonly Unaware[]
  /** The GM may say the other side lies in a prepared ambush (osr: +3 on the surprise roll). */
  ambush: boolean
  /**
   * The GM says which side started the fight as it starts, where the text gives that side the initiative
   * (zones); unclear, the room rolls it.
   */
  asksWhoStarted?: boolean
  /**
   * The text leaves open when a blow incapacitates one still standing (zones' "critical damage"): the GM
   * chooses on the table's rules whether the room asks after each such blow, or only at 0.
   */
  asksIncapacitation?: boolean
  /** How a round runs: slots in an order (initiative, DEX ranks), or factions alternating. */
  rounds: 'order' | 'factions'
  /**
   * Rounds open with a declaration: brp's Statement of Intent (rather than initiative dice), spelljammer's
   * Action Declaration (before the dice, which follow it).
   */
  statesIntent: boolean
  /** The text's optional initiative rules the GM may switch on (odnd). */
  initiativeOptions: boolean
  /**
   * Whether the text lets one move after attacking in the same turn: a turn with no attack left then ends
   * by itself after a short window to take it back; without, it ends at once.
   */
  movesAfterAttack: boolean
  /**
   * The healing of time between fights, where the text has it (`CombatRules.rest`): what the GM's button
   * says, what it does, and what a hospital gives.
   */
  rest?: { label: string; effect: string; hospital: string }
  /**
   * What a turn's actions are called where a turn holds more than attacks (zones: moves, a bonus action,
   * surrendering, fleeing); absent, a turn is its attacks (`ATTACK_WORDS`).
   */
  turnWords?: TurnWords
  /** How the numbers of a round's order are named, where it has them: a GM's timed event may come up at one. */
  moments?: MomentScale
  /** Where the round runs on a segment clock: its segments, which the GM's conditions count in. */
  segmentsPerRound?: number
  /** What of a monster players do not see where the room hides monsters' health. */
  secrets: MonsterSecrets
}

/** What a turn's actions are called on the phone, on the sheet, on the GM's tablet and in a refusal. */
export interface TurnWords {
  /** The phone's button that opens the sheet: "Attack". */
  button: string
  /** What one does on the sheet and on the GM's button, after the name: "attacks" ("Mira attacks"). */
  does: string
  /** The refusal once the turn allows nothing more, after the name: "has made every attack ...". */
  spent: string
}

/** A turn made of attacks: the words of every system whose info says nothing else. */
export const ATTACK_WORDS: TurnWords = {
  button: 'Attack',
  does: 'attacks',
  spent: 'has made every attack this turn allows: end the turn.',
}

/** The words of a system's turn: its own, or those of a turn made of attacks. */
export const turnWordsOf = (info: Pick<SystemInfo, 'turnWords'>): TurnWords => info.turnWords ?? ATTACK_WORDS
