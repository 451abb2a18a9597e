/**
 * Attacks, defenses and their outcomes at the table: the one interface each rule system's combat
 * adapter implements over its rules package (see `index.ts`). Everything here is pure and JSON in,
 * JSON out, so the room (which rolls and writes) and the phone (which previews odds) run the same code.
 */
import type { Outcome } from '../outcome.ts'
import type { BreakdownLine, ModifierToggle } from '../system.ts'
import type { Fighter, FighterChange } from './fighter.ts'
import type { TurnState } from './turn.ts'

export type { Fighter, FighterChange } from './fighter.ts'

/** A way to attack: a weapon, a spell, a punch... `id` is the adapter's own. */
export interface AttackChoice {
  id: string
  label: string
  /** It helps its target (First Aid): one's own side is offered first, the fallen included. */
  aid?: boolean
  /** The words of the button that does it, where it is not an attack ("Roll First Aid", "Wake them up"). */
  verb?: string
  /**
   * What the one it is done to is told it does, where it is no attack (zones' "moves away from"): the
   * prompt's heading ("Mira moves away from you!"). Absent: "attacks".
   */
  against?: string
  /** A declaration about oneself for the round (parry and dodge, run away): it has no target. */
  self?: boolean
  /**
   * Holding the action for the target (osr 17.0.1.6): no attack now; the turn model moves the declarer
   * onto the target's later place in the order, where they act at the same time.
   */
  waits?: boolean
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
  /**
   * False where the action rolls no dice (odnd's fighting withdrawal, a held action), so a phone offers no
   * typing of one's own dice before it has loaded the system's `resolve`; the simulator holds it to
   * `diceAsked` of every action it declares.
   */
  dice?: false
}

/** One answer the defender may give (parry, dodge, counter...), with its odds where the rules give them. */
export interface DefenseOption {
  id: string
  label: string
  /** The exact probability that this defense succeeds, 0 to 1; null when it has no roll. */
  chance: number | null
  /**
   * The attack's exact chance to hit when this is the answer, where the answer changes the attack's odds
   * and rolls nothing of its own (odnd's parry, spelljammer's stances, and taking it): what the room
   * compares, by the book, where no option has a `chance`.
   */
  hits?: number
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
  /**
   * The sentence as players read it where the room keeps the target's health from them, without what
   * shows or gives its hit points ("Mira hits Goblin 1: Goblin 1 is down."); the GM reads `summary`.
   * Absent, `summary` says nothing of them.
   */
  publicSummary?: string
  /** The combatants it changed, by id. */
  changes: Record<string, FighterChange>
  /**
   * Whether the attack succeeded, as `Preview.chance` counts success (hit, grappled, disarmed), where the
   * outcome was an attack with odds. The contract suite and the simulator count it over every face of
   * the first die to check the odds shown before the roll against what resolving rolls.
   */
  hit?: boolean
  /**
   * Those whose action for the round this outcome used, though it was not their turn's own attack (osr: a
   * weapon set against a charge, a long reach striking a closing foe, both on the attacker's number): the
   * room steps the turn with `spent` for each, so they join the slot under way with nothing left to do.
   */
  spent?: string[]
  /**
   * What the outcome asks the GM next, at the moment it matters (osr: which allies a missed shot into a
   * melee may hit, 17.0.12): the room puts it to the GM alone like a defense (`question` as its heading,
   * `options` with their odds), and resolves `declared` between the same attacker and target with the
   * answer. With `many`, the answer is any number of the options, in the order picked, joined by `+`
   * (one without odds stands alone), sent by a button that says `verb`.
   */
  asks?: { question: string; declared: Declared; options: DefenseOption[]; many?: boolean; verb?: string }
}

/**
 * What an adapter may read of the table beyond the attacker and the target: the round as the room keeps
 * it, and everyone on the table (an ally who guards, the one a target hides behind). The room and the
 * composer pass it; where it is absent (a preview with no fight running), the rules act without it.
 */
export interface TableView {
  turn: TurnState
  fighters: readonly Fighter[]
  /**
   * The room's readings where a text is silent, by name, as the GM set them (zones' `incapacitation`:
   * when damage incapacitates); absent, each system's default.
   */
  readings?: Readonly<Record<string, string>>
}

/**
 * An attack checked once, into a plan: who attacks whom with what, as the system offers it and the round
 * allows it now, with what the system worked out in checking it. The odds before the roll, the defender's
 * choices and the roll itself all take the plan; none of them reads the raw declaration again. The room
 * plans once per request (`planAttack`), a phone once per look at the odds.
 */
export interface AttackPlan<Setup = unknown> {
  attacker: Fighter
  target: Fighter
  /** The declaration as checked, with what the round says of it (`Declared.round`). */
  declared: Declared
  /** The round and everyone, as read for this request; absent for a preview with no fight running. */
  table?: TableView
  /** The choice as the system offers it now (aid, self, waits...), where it offers it. */
  choice?: AttackChoice
  /** What the system worked out in checking the declaration (sheets, the way, modifiers): its own. */
  setup?: Setup
}

/** An attack's own roll, made before its defender chooses where the text says so (`CombatRules.rollsFirst`). */
export interface RolledFirst {
  /** What the roll came to, in the defender's words: "Ogre's attack succeeds: 7 against 25%, a success". */
  says: string
  /** The defenses that can still answer it, with their odds given the roll; [] when none is needed (a miss). */
  defenses: DefenseOption[]
}

export interface CombatRules {
  /**
   * Why this fighter takes no part in the fight now (dead, unconscious, incapacitated...), or null: the
   * turn model gives them no turn, and nobody is offered them as a default target.
   */
  out(fighter: Fighter): string | null
  /** The ways this combatant can attack now; an error in the player's words when it cannot attack at all. */
  choices(attacker: Fighter, table?: TableView): Outcome<AttackChoice[]>
  /** The situational modifiers that apply to this attack with this choice (only those), as named toggles. */
  toggles(attacker: Fighter, target: Fighter, choice: string): ModifierToggle[]
  /**
   * Checks a declared attack once, into the plan that the odds, the defenses and the roll take; a refusal
   * says why in the player's words ("out of range", ...). `table` is the round and everyone at the table,
   * for a declaration that involves more than the two (odnd's retreat, zones' guards). The table's own
   * checks (whose turn it is, the round's phase) are the engine's, before this (`planAttack`).
   */
  plan(attacker: Fighter, target: Fighter, declared: Declared, table?: TableView): Outcome<AttackPlan>
  /** The exact odds and the breakdown of a planned attack. */
  preview(plan: AttackPlan): Outcome<Preview>
  /** The defender's choices against this attack; [] when the system gives the defender no choice. */
  defenses(plan: AttackPlan): Outcome<DefenseOption[]>
  /**
   * True where `plan` and `defenses` refuse every declaration that `resolve` refuses with no defense
   * chosen, on any faces the dice may show: nothing rolled after the plan refuses. The room then asks the
   * defender without a dry run of the attack first (typed faces are still tried at once). The fight
   * simulator holds each system that says so to it.
   */
  defensesCheckResolve?: boolean
  /**
   * Where the defender chooses after the attack roll (brp 5.6: "A parry is determined after the attack
   * roll is made. If an attack fails, it does not need to be parried"): rolls the first dice `resolve`
   * asks for (the attack's own), and says what they came to and which defenses can still answer them. The
   * room asks the defender only then, and `resolve` is handed the same faces again. Absent where the
   * defender chooses before the roll, from `defenses`.
   */
  rollsFirst?(plan: AttackPlan, roll: Roller): Outcome<RolledFirst>
  /**
   * Rolls and applies a planned attack: to hit, the defense the target chose (null: none, or no choice
   * in this system), damage after armor, injury states and conditions. Every die comes from `roll`.
   * The plan's `table` is everyone at the table, for an action that involves more than the two (odnd's
   * retreat, with a parting shot from each foe in melee): its outcome may change any of them.
   */
  resolve(plan: AttackPlan, defense: string | null, roll: Roller): Outcome<Resolution>
  /**
   * The end of a round: conditions tick down and expire, and the system's end-of-round effects (morale,
   * death at 0, burning, bleeding...). `round` is the round that just ended.
   */
  endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Outcome<Resolution>
  /**
   * The start of a fight (the GM's Start): what the rules counted while no round ran (odnd: the attacks
   * the GM made before it, counted against a round) starts afresh for the first round. Absent where
   * nothing carries over; nothing to log is an empty resolution.
   */
  startOfFight?(fighters: readonly Fighter[]): Outcome<Resolution>
  /**
   * The end of a fight (the GM's End combat, or New fight while one runs): what the text does after a
   * fight (zones: a durability roll for each weapon and armour used in it). Absent where the text has
   * nothing; nothing to log is an empty resolution.
   */
  endOfFight?(fighters: readonly Fighter[], roll: Roller): Outcome<Resolution>
  /** Short status chips for everyone to see: "Stunned (1 round)", "Unconscious", "Wounded: leg". */
  status(fighter: Fighter): string[]
  /**
   * What this fighter's armour takes off damage that does not come from an attack roll (an area spell, a
   * trap), where the system's text reduces damage by armour; absent or 0 where it does not.
   */
  soak?(fighter: Fighter): { points: number; rule: string }
  /**
   * The number an attacker must beat, in the system's words ("AC 14", "DEF 20", "Armour 2"), with what it
   * costs the wearer where the text says (brp's armor skill penalties), for the character's own card;
   * null unreadable.
   */
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
   * weapon, broke free, the hours of a knock-out passed), each with its chip's words and, where it helps,
   * when the text ends it; absent where the system has none.
   */
  clearable?(fighter: Fighter): Array<{ id: string; label: string; when?: string }>
  /** The GM ends one of them: the fighter's change and the log's sentence. */
  clear?(fighter: Fighter, id: string): Outcome<Resolution>
  /**
   * The text's own rolls that the GM makes when the table comes to them, outside any attack (odnd's
   * encounter distance, reaction and pursuit): each with its notation, a short label for the log (up to
   * 40 characters) and what its faces mean in the text's words. The room rolls and logs them as any roll.
   */
  gmRolls?: ReadonlyArray<{ label: string; notation: string; says: string }>
}
