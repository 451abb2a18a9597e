/**
 * Attacks, defenses and their outcomes at the table: the one interface each rule system's combat
 * adapter implements over its rules package (see `index.ts`). Everything here is pure and JSON in,
 * JSON out, so the room (which rolls and writes) and the phone (which previews odds) run the same code.
 */
import type { Outcome } from '../outcome.ts'
import type { BreakdownLine, ModifierToggle } from '../system.ts'

/** A combatant as the combat rules see it: its sheet and its live state at the table. */
export interface Fighter {
  id: string
  name: string
  side: 'pc' | 'foe'
  /** The sheet as stored (validated by the system's `parse`); quick-added monsters have none: use defaults. */
  sheet?: Record<string, unknown>
  hp: number
  maxHp: number
  /**
   * The adapter's own per-combatant state, JSON only: conditions with their durations, wounds, armor
   * damage, ammunition, reactions used... Starts as `{}`. Only the adapter reads or writes it.
   */
  state: Record<string, unknown>
}

/** What an outcome changes on one combatant; absent fields stay as they are. */
export interface FighterChange {
  hp?: number
  state?: Record<string, unknown>
}

/** A way to attack: a weapon, a spell, a punch... `id` is the adapter's own. */
export interface AttackChoice {
  id: string
  label: string
  /** It helps its target (First Aid): one's own side is offered first, the fallen included. */
  aid?: boolean
  /** The words of the button that does it, where it is not an attack ("Roll First Aid", "Wake them up"). */
  verb?: string
  /** A declaration about oneself for the round (parry and dodge, run away): it has no target. */
  self?: boolean
}

/** What the attacker declares before rolling. */
export interface Declared {
  /** An `AttackChoice.id` from `choices`. */
  choice: string
  /** `ModifierToggle.id`s from `toggles`. */
  toggles: string[]
  /**
   * What the room knows of the round for this attack, from the turn model (`TurnRules.facts`: osr's
   * "the target acts later this round"). Written by the room as it resolves; a client's is never read.
   */
  round?: string[]
}

/** What the composer shows before the roll: the exact odds and every modifier with its rule. */
export interface Preview {
  /** The exact probability that the attack succeeds (hits), 0 to 1, before any defense. */
  chance: number
  /** In the player's words, e.g. "Hits on 12 or more on a d20 (45%)". */
  summary: string
  lines: BreakdownLine[]
}

/** One answer the defender may give (parry, dodge, counter...), with its odds where the rules give them. */
export interface DefenseOption {
  id: string
  label: string
  /** The exact probability that this defense succeeds, 0 to 1; null when it has no roll. */
  chance: number | null
  /** Its effect in words: "Parry with your shield: 60%, blocks up to 12 damage". */
  effect: string
}

/**
 * Whose die it is: the attacker's (the default: they roll for their action) or the target's (a defense,
 * a counter, a save against the attack). A player's typed faces only ever stand for their own dice.
 */
export type DieOwner = 'attacker' | 'target'

/** The room's dice: one die of `sides` faces for `label` ("to hit", "damage d8", "parry"), and whose. */
export type Roller = (sides: number, label: string, owner?: DieOwner) => number

/** What an attack, or the end of a round, did. */
export interface Resolution {
  /** Each modifier and result line, with the rule it came from. */
  lines: BreakdownLine[]
  /** One sentence in the players' words: "Mira hits Goblin 1 for 6 (armor stopped 2): Goblin 1 is down." */
  summary: string
  /** The combatants it changed, by id. */
  changes: Record<string, FighterChange>
}

export interface CombatRules {
  /**
   * Why this fighter takes no part in the fight now (dead, unconscious, incapacitated...), or null: the
   * turn model gives them no turn, and nobody is offered them as a default target.
   */
  out(fighter: Fighter): string | null
  /** The ways this combatant can attack now; an error in the player's words when it cannot attack at all. */
  choices(attacker: Fighter): Outcome<AttackChoice[]>
  /** The situational modifiers that apply to this attack with this choice (only those), as named toggles. */
  toggles(attacker: Fighter, target: Fighter, choice: string): ModifierToggle[]
  /** The exact odds and the breakdown of a declared attack; refusals say why ("out of range", ...). */
  preview(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Preview>
  /** The defender's choices against this attack; [] when the system gives the defender no choice. */
  defenses(attacker: Fighter, target: Fighter, declared: Declared): Outcome<DefenseOption[]>
  /**
   * Rolls and applies a declared attack: to hit, the defense the target chose (null: none, or no choice
   * in this system), damage after armor, injury states and conditions. Every die comes from `roll`.
   */
  resolve(
    attacker: Fighter,
    target: Fighter,
    declared: Declared,
    defense: string | null,
    roll: Roller,
  ): Outcome<Resolution>
  /**
   * The end of a round: conditions tick down and expire, and the system's end-of-round effects (morale,
   * death at 0, burning, bleeding...). `round` is the round that just ended.
   */
  endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Outcome<Resolution>
  /** Short status chips for everyone to see: "Stunned (1 round)", "Unconscious", "Wounded: leg". */
  status(fighter: Fighter): string[]
  /**
   * What this fighter's armour takes off damage that does not come from an attack roll (an area spell, a
   * trap), where the system's text reduces damage by armour; absent or 0 where it does not.
   */
  soak?(fighter: Fighter): { points: number; rule: string }
  /** The number an attacker must beat, in the system's words ("AC 14", "DEF 20", "Armour 2"); null unreadable. */
  defense(fighter: Fighter): string | null
  /**
   * A fighter's health in the system's words, for players who do not see a monster's hit points; the
   * common words ("Unhurt, Hurt, Bloodied, Down": `healthWord`) where the system has none of its own.
   */
  healthWord?(fighter: Fighter): string
  /**
   * Time passing between fights (brp: a week of rest, 5.14): each wounded fighter heals as the text says;
   * those in `hospital` get the best care the text allows. Absent where the system's text has none.
   */
  rest?(fighters: readonly Fighter[], roll: Roller, hospital: readonly string[]): Outcome<Resolution>
  /**
   * The conditions on this fighter that the text leaves for the GM to end (stood up, picked up the
   * weapon, broke free), each with its chip's words; absent where the system has none.
   */
  clearable?(fighter: Fighter): Array<{ id: string; label: string }>
  /** The GM ends one of them: the fighter's change and the log's sentence. */
  clear?(fighter: Fighter, id: string): Outcome<Resolution>
}
