/**
 * The turn model at the table: the state every screen reads (whose turn, who the round waits for), and
 * the interface each system's turn model implements in its own folder. Pure: the room applies the steps,
 * rolls the dice it is asked for and logs them; the screens only read `acting` and `waiting`.
 */
import { fail, type Outcome, ok } from '../outcome.ts'
import type { MomentScale, RoundPhaseId, Unaware } from '../system.ts'
import type { Fighter } from './fighter.ts'

/** Everyone who acts at one moment; several ids act simultaneously. */
export interface TurnSlot {
  ids: string[]
  label: string
  /** Its number in the system's order (initiative, segment, DEX rank), where the order has one. */
  at?: number
}

export interface InitiativeRoll {
  total: number
  faces: number[]
  detail: string
  /**
   * What the roll adds to its dice (osr's DEX bonus): the log states it as "1d6+2: 7 (5)", so the total is
   * what its faces and this make. Absent, the total is the faces' sum.
   */
  bonus?: number
  /**
   * Dice rolled apart, not added (spelljammer: one die an attack): each die's face with the bonus, in the
   * faces' order, as the log states them ("1d10+5, 1d8+5: 10, 7 (5, 2)"); `total` may then be another
   * reading (spelljammer's first segment).
   */
  totals?: number[]
  /** Spelljammer: the segment of each attack this round (lost ones left out). */
  segments?: number[]
  /**
   * Where one roll stands for a group (odnd's "each group of foes"): the ids it was rolled for. Absent, a
   * group's roll stands for the roller's whole side.
   */
  covers?: string[]
}

/**
 * A fighter's declaration for the round, made before it runs: brp's Statement of Intent (5.2: how far one
 * moves, the weapon one attacks with, null for another action), spelljammer's Action Declaration (the
 * attack one opens with, and one choice of each group of its form: no movement, drawing a weapon...).
 */
export interface Intent {
  /** Meters moved, where the form asks a distance (brp); else 0. */
  metersMoved: number
  weapon: string | null
  /** The ids of the choices taken in the form's groups (`IntentRules.options`); none: each group's first. */
  options?: string[]
}

/** An event that came up and waits for the GM, as every device sees it (`timed-events.ts`). */
export interface DueEvent {
  id: string
  /** The event's name, or a plain word when it is secret. */
  label: string
  round: number
}

/** The `turn` map of the table document, written by the room from its system's turn model. */
export interface TurnState {
  status: 'idle' | 'initiative' | 'running'
  round: number
  order: TurnSlot[]
  current: number
  /** Who has ended their turn in the current slot (or used every attack it allows). */
  acted: string[]
  initiative: Record<string, InitiativeRoll>
  /** Who may act (attack, end their turn) now: the turn model's answer, read as it is by every screen. */
  acting?: string[]
  /**
   * Those of the round's order the rules keep out of it now (fallen, fled): their slot goes by without them,
   * and the order on every screen strikes them through. Written by the turn model.
   */
  out?: string[]
  /** Who the round is waiting for before it can run, and for what. */
  waiting?: Record<string, 'initiative' | 'intent'>
  /** For each one awaited for initiative, the sides of the dice they roll (a phone names them: "your d6"). */
  initiativeSides?: Record<string, number[]>
  /** Attacks made in the current turn, by attacker. */
  attacks?: Record<string, number>
  /** For each one acting now, the attacks their turn still allows (0: they can only end it). */
  attacksLeft?: Record<string, number>
  /**
   * Those acting now whose turn's main action is taken, the rest theirs to take or leave (zones: a move, a
   * bonus action): a phone leads with End my turn, and the turn ends by itself after the window to keep it.
   */
  mainDone?: string[]
  /**
   * The system's own round (zones' factions taking turns...), opaque to the engine: only the system's turn
   * model writes it, and its turn view reads it, each through the typed reader in its own folder. Screens
   * ask the turn view for the words and controls of the turn (`RoundView`), never read it.
   */
  systemRound?: unknown
  /** Caught by surprise: they cannot act in round 1. */
  surprised?: string[]
  /**
   * Where rounds run in named phases (brp 5.1), the one under way as every banner shows it: "Phase 2 of 4:
   * Movement", and what it allows in the text's words. Written by the turn model.
   */
  phaseNow?: { id: RoundPhaseId; label: string; allows: string }
  /** The GM's timed events that came up: nobody acts until the GM has resolved them. Written by the room. */
  due?: DueEvent[]
}

/** Where one whose action was spent out of place acted, and the later place in the order they left. */
export interface SpentPlace {
  /** The slot they acted in (the one under way then). */
  joined: number
  /** They were in that slot already (the same number as the attacker). */
  wasThere: boolean
  /** Their own later slot as it was, and its index then; absent when they were there already. */
  left?: { index: number; slot: TurnSlot }
}

export const IDLE_TURN: TurnState = {
  status: 'idle',
  round: 0,
  order: [],
  current: 0,
  acted: [],
  initiative: {},
}

/** The two factions at the table: the players' party and the GM's foes. */
export const FACTION = { party: 'party', foes: 'foes' } as const
export const factionOf = (side: 'pc' | 'foe') => (side === 'pc' ? FACTION.party : FACTION.foes)

/** Whether a combatant may act (attack, end their turn) now, as the turn model last said. */
export function isActing(turn: TurnState, id: string): boolean {
  return turn.status === 'running' && (turn.acting ?? []).includes(id)
}

/**
 * Where the turn stands: the round, the slot, who of it is done, the phase and (faction play) the turns
 * taken. The GM's "Next turn", "Foes pass" and "Begin actions", and a player's "We pass", carry the place
 * their screen showed, and the room moves the turn on only from there: two of the GM's devices tapping at
 * once, the GM's tap crossing a player's "End my turn", or two players passing at once move it on once.
 */
export function turnPlace(turn: TurnState, view: Pick<RoundView, 'place'> | undefined): string {
  const own = view?.place?.(turn) ?? '/'
  return `${turn.status}/${turn.round}/${turn.current}/${turn.acted.length}/${own}`
}

/** Whether a combatant may attack now: it is their turn, and it still allows an attack. */
export function mayAttack(turn: TurnState, id: string): boolean {
  return isActing(turn, id) && (turn.attacksLeft?.[id] ?? 1) > 0
}

/**
 * The turn with an attack counted (refused when the turn allows no more) or given back (the GM undid an
 * attack of the turn under way; one made in an earlier turn gives nothing back).
 */
export function countAttack(
  turn: TurnState,
  action: { kind: 'attacked' | 'attack-undone'; id: string },
): Outcome<TurnState> {
  const by = action.kind === 'attacked' ? 1 : -1
  if (by === 1 && !mayAttack(turn, action.id)) return fail('Their turn allows no more attacks: end it.')
  if (!isActing(turn, action.id)) return ok(turn)
  return ok({
    ...turn,
    attacks: { ...turn.attacks, [action.id]: Math.max(0, (turn.attacks?.[action.id] ?? 0) + by) },
  })
}

export type { Unaware }

/** The banner's words of the turn, for one viewer. */
export interface TurnLine {
  text: string
  detail?: string
  /** It is this viewer's move. */
  yours: boolean
  /** On deck: this viewer's move comes next. */
  next?: boolean
}

/**
 * What the room and the screens ask of a system's own round (`TurnState.systemRound`) instead of reading
 * it: where it stands, its words and its controls. A system's turn view implements what its round has.
 */
export interface RoundView {
  /** Its part of where the turn stands (`turnPlace`), as `phase/moves`; absent, `/`: the slot says it all. */
  place?(turn: TurnState): string
  /** A key that changes whenever the system's round moves on (a refusal answered before it no longer stands). */
  key?(turn: TurnState): string
  /**
   * Where the round counts its moves rather than numbers (zones' faction turns): those taken this round,
   * undefined while no round of its own runs.
   */
  movesTaken?(turn: TurnState): number | undefined
  /** The turn with the system's round no longer naming one who left the table. */
  without?(turn: TurnState, id: string): TurnState
  /** The banner's words while the system's round runs its own way (zones' sides), or null: the engine's. */
  line?(turn: TurnState, name: (id: string) => string, mine?: string): TurnLine | null
  /** Where sides alternate (zones): whose side moves, the tracker, who may still take a turn. */
  sides?: SideView
  /** Where rounds open with a declaration (brp, spelljammer): the one this combatant made for the round. */
  declared?(turn: TurnState, id: string): Intent | undefined
  /** brp's Movement phase is under way (5.1): those who stated a move make it, nobody acts; the GM ends it. */
  moving?(turn: TurnState): boolean
  /** Those who may only defend this round (brp: they stated a move of their full distance, 5.3). */
  defendOnly?(turn: TurnState): string[]
}

/** What a screen shows of a round where sides alternate one character's turn or a pass (zones). */
export interface SideView {
  /** Whose side moves now (`FACTION`), or null: none (the round is over, a timed event waits for the GM). */
  toMove(turn: TurnState): string | null
  /** The round's characters, with their side and what the tracker says of each. */
  tracker(turn: TurnState): Array<{ id: string; name: string; faction: string; note: string; done: boolean }>
  /** Whether this one may still take a turn this round (not spent, not out, not kept out of a bonus round). */
  free(turn: TurnState, id: string): boolean
}

/** The GM's call when starting: which side might be caught unaware, and whether the other lay in wait. */
export interface SurpriseSetup {
  unaware: Unaware
  /** osr: the other side is well hidden and prepared to ambush (+3 on the surprise roll). */
  ambush: boolean
}

/**
 * Who the GM says started the fight, where the text gives that side the initiative (zones: "Initiative is
 * held by the faction which started the fight, or is assigned randomly if that's unclear"); absent, unclear.
 */
export type StartedBy = 'pc' | 'foe'

/** One roll of the start (a surprise roll; zones' initiative drawn when nobody clearly started it), for the log. */
export interface SurpriseRoll {
  by: string
  sides: number
  faces: number[]
  total: number
  detail: string
  /** What the roll adds to its die (osr's prepared ambush), as `InitiativeRoll.bonus`. */
  bonus?: number
}

export interface SurpriseOutcome {
  /** Cannot act in the first round. */
  surprised: string[]
  /** spelljammer: may attack back only once in the first round (a 2x PER ambush roll). */
  oneAttack: string[]
  /** zones: concealed at the start, so they play a bonus round of their own. */
  concealed: string[]
  /** Toggles every attack on them takes in round 1 (spelljammer: the ambush tier each one rolled). */
  against?: Record<string, string[]>
  /** One entry per roll, for the log. */
  rolls: SurpriseRoll[]
}

export const NO_SURPRISE: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [] }

/** The room settings a turn model reads (the rest of the settings are the room's). */
export interface TurnSettings {
  /** odnd's optional rule: one initiative d6 for the whole party instead of one each. */
  partyInitiative: 'each-player' | 'one-roll'
  /** odnd's optional rule: roll initiative again every round. */
  rerollInitiativeEachRound: boolean
}

/**
 * An attack not settled yet: its defender has not answered, the GM has not answered what its outcome asks
 * (`question`: osr's stray shot, zones' incapacitation), or (`approval`) not judged its typed dice.
 */
export interface OpenExchange {
  attackerId: string
  targetId: string
  question?: boolean
  approval?: boolean
}

/** Why the turn cannot move on past an open exchange, in the table's words. */
export function waitingWords(open: OpenExchange, name: (id: string) => string): string {
  if (open.approval)
    return `${name(open.attackerId)}’s dice against ${name(open.targetId)} wait for the GM’s approval.`
  if (open.question)
    return `${name(open.attackerId)}’s attack on ${name(open.targetId)} waits for the GM’s answer.`
  return `${name(open.targetId)} has not answered ${name(open.attackerId)}’s attack yet.`
}

/** What a turn model sees of the table at each step. */
export interface TurnContext {
  /** The combatants on the table now (monsters the GM still hides are not). */
  fighters: readonly Fighter[]
  settings: TurnSettings
  /** Attacks the round cannot move past: waiting for a defender's answer, or for the GM's verdict on typed dice. */
  openPrompts: readonly OpenExchange[]
  /** The room's die, for a roll the turn model itself needs (zones: who holds the initiative). */
  roll(sides: number): number
  /** Why a fighter takes no part now (the system's `combat.out`), or null. */
  out(f: Fighter): string | null
}

/** What can happen to the turn. The room turns requests into these, and refusals into sentences. */
export type TurnAction =
  /** A combatant's initiative dice, typed in or rolled by the room, as `initiativeDice` asked. */
  | { kind: 'initiative'; id: string; faces: number[] }
  | { kind: 'intent'; id: string; intent: Intent }
  /** brp: the GM ends the Statement of Intent; who declared nothing stays put with their first weapon. */
  | { kind: 'begin-actions' }
  | { kind: 'end-turn'; id: string }
  /** The GM moves the fight on: the next slot, whoever has not ended their turn. */
  | { kind: 'next' }
  /** Faction play: a side takes a turn with one character, or passes (`id` null). */
  | { kind: 'act'; side: 'pc' | 'foe'; id: string | null }
  /** An attack was accepted: it counts against what the turn allows. */
  | { kind: 'attacked'; id: string }
  /** The GM undid an attack of the turn under way: the attacker has it back. */
  | { kind: 'attack-undone'; id: string }
  /** One acting now holds their action and acts later, on `until`'s place in the order, at the same time. */
  | { kind: 'hold'; id: string; until: string }
  /**
   * One acted out of their place, at the same time as the slot under way (osr: a weapon set against a
   * charge, 17.0.1.9): they join that slot with their action for the round spent.
   */
  | { kind: 'spent'; id: string }
  /** The GM undid the outcome that spent it: the action, and the place they left, are theirs again. */
  | { kind: 'spent-undone'; id: string }
  /** After the end-of-round effects: the next round opens. */
  | { kind: 'new-round' }
  /** The table changed (someone fell, was revealed, an attack was answered): settle who acts. */
  | { kind: 'refresh' }

export interface TurnStep {
  turn: TurnState
  /** The round is over: the room runs the end-of-round effects, then asks for `new-round`. */
  roundOver: boolean
}

/** A system's turn model: how a round is ordered, who may act now, what a turn allows. */
export interface TurnRules {
  /**
   * Opens round 1, after checking surprise when the GM said a side might be caught unaware; `startedBy`,
   * where the system's info asks who started the fight (`SystemInfo.startedBy`).
   */
  start(
    ctx: TurnContext,
    surprise: SurpriseSetup | null,
    startedBy?: StartedBy,
  ): Outcome<{ step: TurnStep; rolls: SurpriseRoll[] }>
  /** The dice this combatant rolls for initiative now, in order; refused when they have none to roll. */
  initiativeDice(turn: TurnState, f: Fighter, ctx: TurnContext): Outcome<number[]>
  /** Whom the GM's "roll for the foes" rolls for: each foe, or one for the side. */
  foeRollers(turn: TurnState, ctx: TurnContext): Fighter[]
  /** Applies one action; an illegal one comes back as a sentence and changes nothing. */
  step(turn: TurnState, action: TurnAction, ctx: TurnContext): Outcome<TurnStep>
  /** How many attacks this fighter may make in one turn. */
  attacksPerTurn(f: Fighter): number
  /** Where rounds open with a Statement of Intent (brp): checking one, and what one who said nothing does. */
  intents?: IntentRules
  /**
   * The attack's toggles the room already knows apply now (the target caught by surprise, an attacker
   * still concealed): a composer sets them at first, and the attacker may still change them.
   */
  known?(turn: TurnState, attacker: Fighter, target: Fighter): string[]
  /**
   * What the round says of this attack that the rules need (osr: the target has yet to act, so a spell
   * of theirs can be disrupted); the room writes it into `Declared.round` as the attack is made.
   */
  facts?(turn: TurnState, attacker: Fighter, target: Fighter): string[]
  /** How the order's numbers are named, where slots have them: a timed event may come up at one. */
  moments?: MomentScale
  /**
   * Where the round runs on a segment clock (spelljammer): the segments gone since the fight began, as
   * the turn stands (`roundOver`: the round's last segment is done). The GM's conditions count on it.
   */
  segmentClock?(turn: TurnState, roundOver: boolean): number
  /** What the room and the screens ask of the system's own round (`TurnState.systemRound`). */
  view?: RoundView
}

/** One group of a declaration's form: exactly one of its choices is taken, the first by default. */
export interface IntentOptionGroup {
  id: string
  label: string
  choices: ReadonlyArray<{ id: string; label: string; effect: string }>
}

/** Who states an intent, as the form and the room read them: the sheet, and the state where it is known. */
export type Declarer = Pick<Fighter, 'name' | 'sheet'> & { state?: Fighter['state'] }

/**
 * A round's declaration form (brp's Statement of Intent, spelljammer's Action Declaration): the attacks
 * one may declare, the other choices, and what a declaration leaves one. Where initiative is rolled too,
 * the declaration comes first and the dice follow it (`OrderedHooks.initiativeDice` reads it).
 */
export interface IntentRules {
  check(f: Declarer, intent: Intent): Outcome<Intent>
  fallback(f: Declarer): Intent
  /** The weapons one may declare an attack with now (brp: not a crossbow still to reload), labelled for the form. */
  weapons(f: Declarer): Outcome<Array<{ id: string; label: string }>>
  /** The form's name and its button ("Statement of Intent", "State my intent"; the GM's "State for Goblin"). */
  words: { name: string; button: string; forFoe: string }
  /** The row that declares no attack ("Something else (no attack)"), or null where the form has none. */
  other: string | null
  /** Whether the form asks how far one moves, in meters (brp 5.3); else movement is among the options. */
  meters: boolean
  /** The form's other groups of choices (spelljammer: movement, a weapon drawn, half a round). */
  options?(f: Pick<Fighter, 'name' | 'sheet'>): IntentOptionGroup[]
  /**
   * What this intent means for the round, in words ("Acts on DEX rank 12"; the initiative it gives and
   * the chance each attack is not lost to it), or why it cannot be.
   */
  preview(f: Pick<Fighter, 'name' | 'sheet'>, intent: Intent): string
}

/** How a side is named in the log. */
export const SIDE_NAME = { pc: 'the party', foe: 'the foes' } as const
/** The sides an unaware setting names. */
export const sidesOf = (unaware: Unaware): Array<'pc' | 'foe'> =>
  unaware === 'both' ? ['pc', 'foe'] : [unaware]

/**
 * The turn without one who left the table (removed, or hidden again by the GM): out of every slot, an
 * emptied slot gone, the slot under way still the one under way (or the next, were it theirs), and
 * nothing the round keeps by id left naming them. No "?" stays in anyone's order.
 */
export function withoutCombatant(turn: TurnState, id: string, view?: Pick<RoundView, 'without'>): TurnState {
  const less = withoutInOrder(turn, id)
  return view?.without?.(less, id) ?? less
}

function withoutInOrder(turn: TurnState, id: string): TurnState {
  const drop = <T>(record: Record<string, T> | undefined) => {
    if (!record || !(id in record)) return record
    const { [id]: _, ...rest } = record
    return rest
  }
  const less = (ids: string[] | undefined) => ids?.filter((other) => other !== id)
  const order: TurnSlot[] = []
  let current = turn.current
  let slotGone = false
  turn.order.forEach((slot, i) => {
    const ids = slot.ids.filter((other) => other !== id)
    if (ids.length > 0) order.push(ids.length === slot.ids.length ? slot : { ...slot, ids })
    else if (i < turn.current) current--
    else if (i === turn.current) slotGone = true
  })
  const optional = <K extends keyof TurnState>(key: K, value: TurnState[K]) =>
    turn[key] === undefined ? {} : { [key]: value }
  return {
    ...turn,
    order,
    current: Math.max(0, Math.min(current, order.length)),
    // The slot under way gone, the next is under way now, and nobody in it has acted yet.
    acted: slotGone ? [] : turn.acted.filter((other) => other !== id),
    initiative: drop(turn.initiative) ?? {},
    ...optional('acting', less(turn.acting)),
    ...optional('out', less(turn.out)),
    ...optional('waiting', drop(turn.waiting)),
    ...optional('initiativeSides', drop(turn.initiativeSides)),
    ...optional('attacks', slotGone ? {} : drop(turn.attacks)),
    ...optional('attacksLeft', drop(turn.attacksLeft)),
    ...optional('mainDone', less(turn.mainDone)),
    ...optional('surprised', less(turn.surprised)),
  }
}
