/**
 * spelljammer: attacks, defenses and outcomes at the table, over the rules package (issue #10).
 *
 * One attack is one of the round's attacks ("for each attack you get, roll initiative, attack and
 * damage"): a d100 against SC - DEF, then the weapon's damage dice on a hit. The rules package does the
 * numbers (setupAttack, oddsOfSetup, rollAgainst, resolveDamage); this file turns a Fighter into the
 * package's Combatant and keeps what lasts in `state`. It holds what a screen reads (the choices, toggles
 * and preview of an attack, chips) and the end of a round; rolling an attack is resolve.ts's, and the
 * defenses combat-defenses.ts's, apart so a phone's chunk leaves them out (table.ts joins them all):
 *
 * - The defender's stance (Defending, Full Defense, Desperate Defense) "must be declared at the beginning
 *   of the round": each takes it in the round's Action Declaration (its Defense), nobody is asked when
 *   attacked, and it holds until the round ends (their own attacks pay its SC, or are refused).
 * - Careful aim and run-and-attack are round declarations that change an attack's SC: they are offered
 *   as toggles of the attack (from ROUND_OPTIONS); careful aim marks the aimer for the round, so attacks
 *   on them get +10 and they lose DEF from DEX and Defense.
 * - A stun lasts the rest of the round: no more attacks, +10 SC to hit them.
 * - A grievous hit takes 1 PROT off the armor until repaired; a critical or grievous hit with an arrow,
 *   quarrel, javelin or spear leaves it stuck: a DEX penalty and bleeding at the end of every round.
 * - The text has no rule for 0 hit points: the adapter reads 0 or less as down (no attacks, no stance),
 *   the rest is the GM's.
 */

import { fighterState } from '../../engine/fighter.ts'
import { checkedPlan, setupOf } from '../../engine/plan.ts'
import type {
  AttackChoice,
  AttackPlan,
  Declared,
  Fighter,
  FighterChange,
  Preview,
  Resolution,
  TableView,
} from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { type MovingAfter, movingChip } from './combat-attack-move.ts'
import {
  busyCasting,
  type Casting,
  type CastingStep,
  castingAtRoundEnd,
  castingChip,
  castingChoices,
  castingNow,
  castingPreview,
  castingStep,
  isCasting,
  segmentOf,
} from './combat-casting.ts'
import { PICK_UP, PICK_UP_CHOICE, type PickingUp, pickUpChip, pickUpPreview } from './combat-dropped.ts'
import { friendChance, INTO_MELEE_TOGGLES, intoMeleeOf } from './combat-into-melee.ts'
import {
  freeAttackWith,
  WITHDRAW,
  WITHDRAW_CHOICE,
  WITHDRAW_TOGGLES,
  withdrawalVerdict,
} from './combat-withdrawal.ts'
import * as spelljammer from './screen-rules.ts'
import { declaredMovement, declaredStance, stanceOf, stanceOfRound } from './turn-declaration.ts'

const RULE = spelljammer.RULE
export const SETTINGS = spelljammer.DEFAULT_SETTINGS

/** What the adapter keeps on a fighter, JSON only. Round-long entries are cleared by endOfRound. */
export interface SpelljammerState {
  /** Rounds of stun left: a stun lasts "the rest of the round", so it is 1 and ends with the round. */
  stunned?: number
  /** The stance declared this round; `attack` once they were attacked without declaring a defense. */
  stance?: spelljammer.Stance
  /** Took careful aim this round. */
  aiming?: boolean
  /** Attacks made this round. */
  attacks?: number
  /** The weapon in hand (index on the sheet): its rank sets the defending stances. */
  weapon?: number
  /** Armor PROT lost to grievous hits, until the armor is repaired. */
  protLoss?: number
  /** Missiles stuck in them, until removed with First Aid. */
  stuck?: spelljammer.StuckMissile[]
  /** Who attacked them this round: the others a later attacker counts for Multiple Attackers. */
  attackers?: string[]
  /** The spell they are casting, and when it goes off. */
  casting?: Casting
  /** Picking up a dropped weapon this round (-15 DEF), and the attack a 1x DEX roll leaves. */
  pickingUp?: PickingUp
  /** The round's one free action: taken (`now`, so the turn still allows its attack), then `used`. */
  freeAction?: 'now' | 'used'
  /** Attack and move: from which segment they move after their last attack (none: not this round). */
  movingAfter?: MovingAfter
}

/** Free Actions: "Only one Free Action can be taken per round", and it costs no attack. */
export const FREE_ACTION: AttackChoice = {
  id: 'free-action',
  label: 'A free action (one a round)',
  self: true,
  verb: 'Take my free action',
}

/**
 * The Multiple Attackers toggle the room's count sets for an attack on `target`: everyone else who
 * attacked them this round (up to the catalog's five); those still to attack are the attacker's to add.
 */
export function othersOnTarget(attacker: Fighter, target: Fighter): string[] {
  const others = (stateOf(target).attackers ?? []).filter((id) => id !== attacker.id).length
  const picking = stateOf(target).pickingUp ? ['target-picking-up-weapon'] : []
  return [...(others > 0 ? [`others-${Math.min(5, others)}`] : []), ...picking]
}

/** A state without its empty entries, so stored JSON stays small and comparable. */
export function compact(state: SpelljammerState): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(state).filter(([, v]) => v !== undefined && v !== 0 && v !== false && !isEmptyList(v)),
  )
}
const isEmptyList = (v: unknown) => Array.isArray(v) && v.length === 0

/**
 * spelljammer's reader and writer of fighters: the state stored without its empty entries; the sheet with
 * the table's live hit points and the armor as damaged by grievous hits.
 */
const fighters = fighterState<spelljammer.Sheet, SpelljammerState>({
  sheet: { fields: spelljammer.SHEET_FIELDS, parse: spelljammer.parseSheet },
  inFight: (sheet, f, state) => ({
    ...sheet,
    name: f.name,
    hp: f.hp,
    startingHp: Math.max(1, f.maxHp, f.hp),
    prot: Math.max(0, sheet.prot - (state.protLoss ?? 0)),
  }),
  store: compact,
})
/** `storedSheet`: the sheet as written, without what the fight did to it (the turn model's initiative). */
export const { stateOf, sheetOf: sheetFor, storedSheet } = fighters

/** Why this fighter cannot attack at all right now, or null. */
function cannotAttack(f: Fighter, sheet: spelljammer.Sheet): string | null {
  const state = stateOf(f)
  if (f.hp <= 0) return `${f.name} is down (0 hit points or less) and cannot attack.`
  if (state.stunned) return `${f.name} is stunned and loses the rest of this round's attacks.`
  const busy = busyCasting(f, sheet, state.casting)
  if (busy) return busy
  if (sheet.weapons.length === 0) return `${f.name} has no weapon on their sheet to attack with.`
  const stance = state.stance ?? spelljammer.ATTACKING
  if (!spelljammer.stanceAllowsAttack(stance))
    return stance.kind === 'full-defense'
      ? `${f.name} declared Full Defense this round and cannot attack.`
      : `${f.name} declared Desperate Defense this round and can do nothing but defend.`
  return null
}

// Choices: each weapon; a bow, crossbow or thrown weapon can shoot or be used in melee.

interface Choice {
  weapon: number
  mode: spelljammer.AttackMode
}

function choiceId({ weapon, mode }: Choice, kind: spelljammer.WeaponKind): string {
  if (kind === 'melee') return `weapon-${weapon}`
  return `weapon-${weapon}-${mode === 'ranged' ? 'shot' : 'melee'}`
}

export function parseChoice(id: string, sheet: spelljammer.Sheet): Choice | null {
  const match = /^weapon-(\d+)(?:-(shot|melee))?$/.exec(id)
  if (!match) return null
  const weapon = Number(match[1])
  const kind = sheet.weapons[weapon]?.kind
  if (kind === undefined) return null
  if (kind === 'melee') return match[2] === undefined ? { weapon, mode: 'melee' } : null
  if (match[2] === undefined) return null
  return { weapon, mode: match[2] === 'shot' ? 'ranged' : 'melee' }
}

function choicesOf(sheet: spelljammer.Sheet): AttackChoice[] {
  return sheet.weapons.flatMap((w, weapon) => {
    const stats = `SC ${w.sc}, ${w.damage}`
    if (w.kind === 'melee')
      return [{ id: choiceId({ weapon, mode: 'melee' }, w.kind), label: `${w.name} (${stats})` }]
    const verb = w.kind === 'thrown' ? 'throw' : 'shoot'
    return [
      { id: choiceId({ weapon, mode: 'ranged' }, w.kind), label: `${w.name}: ${verb} (${stats})` },
      { id: choiceId({ weapon, mode: 'melee' }, w.kind), label: `${w.name} in melee (${stats})` },
    ]
  })
}

// Toggles: the situational modifiers of the attack, and the two round declarations that change its SC.

const asToggle = ({ id, label, effect, rule, often }: ModifierToggle): ModifierToggle => ({
  id,
  label,
  effect,
  rule,
  ...(often && { often }),
})

/** Round declarations offered on the attack itself, because they change this attack's SC. */
const ROUND_TOGGLES = ['careful-aim', 'run-and-attack'] as const

/** Desperate Defense: "The attacker can force the target to move up to 10 feet in any direction". */
export const FORCE_MOVE: ModifierToggle = {
  id: 'force-move',
  // Offered only against a desperate defender, where it is the choice of the moment: shown at once.
  often: true,
  label: 'Force them to move up to 10 ft',
  effect: 'any direction, even off a cliff, down a staircase or into a fire: the GM says where it leads',
  rule: RULE.desperateDefense,
}

const desperate = (f: Fighter) => stateOf(f).stance?.kind === 'desperate-defense'

function togglesFor(
  sheet: spelljammer.Sheet,
  mode: spelljammer.AttackMode,
  target?: Fighter,
): ModifierToggle[] {
  const situational = spelljammer.ATTACK_TOGGLES.filter(
    (t) =>
      (t.applies === 'any' || t.applies === mode) &&
      // Applied automatically when the target is stunned: the table knows.
      t.id !== 'target-stunned' &&
      !(t.id === 'offhand' && sheet.ambidextrous),
  )
  const round = spelljammer.ROUND_OPTIONS.filter(
    (o) => o.id === 'run-and-attack' || (o.id === 'careful-aim' && mode === 'ranged'),
  )
  const intoMelee = mode === 'ranged' ? INTO_MELEE_TOGGLES : []
  const force = target && desperate(target) ? [FORCE_MOVE] : []
  return [...situational, ...round, ...intoMelee, ...force].map(asToggle)
}

// Building one attack as the rules package declares it.

export interface Built {
  declaration: spelljammer.AttackDeclaration
  /** Its numbers before the dice. */
  setup: spelljammer.AttackSetup
  choice: Choice
  /** The round declarations the attacker toggled on. */
  aiming: boolean
  /** A shot into a melee: how many friends and foes are in it. */
  mix: { friends: number; foes: number } | null
}

/**
 * The fighter holding the defense declared in the round's Action Declaration ("This decision must be made
 * at the beginning of the round"): every check of an action reads it from their state. Defending gives up
 * the most SC the weapon in hand allows.
 */
function holding(f: Fighter, declared: string | null, roundKnown: boolean) {
  const state = stateOf(f)
  // A round that declared no stance for them: none is held, whatever their state kept from another round
  // (a monster hidden in the GM's roster misses the end of the round that clears it).
  if (declared === null)
    return roundKnown && state.stance ? { ...f, state: { ...state, stance: undefined } } : f
  if (state.stance?.kind === declared) return f
  const sheet = sheetFor(f)
  const rank = sheet.ok ? (sheet.value.weapons[state.weapon ?? 0]?.rank ?? 0) : 0
  return { ...f, state: { ...state, stance: stanceOf(declared, rank) } }
}

/**
 * A weapon's attack on another, checked and set up against the target's stance (theirs as declared by
 * default).
 */
export function build(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  targetStance?: spelljammer.Stance,
  /** A free attack (on one withdrawing) takes none of the round's attacks. */
  free = false,
): Outcome<Built> {
  const attackerSheet = sheetFor(attacker)
  if (!attackerSheet.ok) return attackerSheet
  const targetSheet = sheetFor(target)
  if (!targetSheet.ok) return targetSheet
  const refusal = cannotAttack(attacker, attackerSheet.value)
  if (refusal) return fail(refusal)
  const choice = parseChoice(declared.choice, attackerSheet.value)
  if (!choice) return fail(`That is not one of ${attacker.name}'s attacks.`)

  const offered = togglesFor(attackerSheet.value, choice.mode, target)
  for (const id of declared.toggles) {
    if (!offered.some((t) => t.id === id)) {
      if (id === FORCE_MOVE.id)
        return fail(
          `${target.name} is not in Desperate Defense: only a desperate defender can be forced to move.`,
        )
      const known = [...spelljammer.ATTACK_TOGGLES, ...spelljammer.ROUND_OPTIONS].find((t) => t.id === id)
      return fail(`${known ? `"${known.label}"` : `"${id}"`} does not apply to this attack.`)
    }
  }
  const has = (id: string) => declared.toggles.includes(id)
  const aiming = has('careful-aim')

  const mine = stateOf(attacker)
  const round = spelljammer.declareRound(
    attackerSheet.value,
    {
      action: 'attack',
      weaponIndex: choice.weapon,
      stance: mine.stance ?? spelljammer.ATTACKING,
      // The round's declaration (the room's fact), or the toggle for a run the GM calls late.
      movement: has('run-and-attack')
        ? 'run-and-attack'
        : (declaredMovement(declared.round, 'attacker') ?? 'normal'),
      carefulAim: aiming,
    },
    SETTINGS,
  )
  if (!round.ok) return round
  const attacksLeft = free ? round.value.attacks : Math.max(0, round.value.attacks - (mine.attacks ?? 0))

  const theirs = stateOf(target)
  const targetRound = spelljammer.declareRound(targetSheet.value, {
    action: 'none',
    ...(theirs.casting && { spellIndex: theirs.casting.spell }),
    weaponIndex: theirs.weapon ?? 0,
    stance: targetStance ?? theirs.stance ?? spelljammer.ATTACKING,
    // "No movement": -20 DEF all round (Initiative); their other movement leaves their DEF as it is.
    movement: declaredMovement(declared.round, 'target') === 'no-movement' ? 'no-movement' : 'normal',
    carefulAim: theirs.aiming ?? false,
  })
  if (!targetRound.ok) return fail(`${target.name}: ${targetRound.error}`)

  const melee = intoMeleeOf(declared)
  if (!melee.ok) return melee
  const toggles = melee.value.toggles.filter(
    (id) => !(ROUND_TOGGLES as readonly string[]).includes(id) && id !== FORCE_MOVE.id,
  )
  if (theirs.stunned) toggles.push('target-stunned')
  const declaration: spelljammer.AttackDeclaration = {
    attacker: { sheet: attackerSheet.value, round: { ...round.value, attacks: attacksLeft } },
    target: {
      sheet: targetSheet.value,
      round: targetRound.value,
      casting: castingNow(theirs.casting, segmentOf(declared)),
    },
    mode: choice.mode,
    toggles,
  }
  const setup = spelljammer.setupAttack(declaration, SETTINGS)
  if (!setup.ok) return setup
  return ok({ declaration, setup: setup.value, choice, aiming, mix: melee.value.mix })
}

function hitWords(setup: spelljammer.AttackSetup, chance: number): string {
  const odds = `(${percent(chance)})`
  if (setup.target <= 3) return `Only an automatic 01-03 hits on the d100 ${odds}`
  if (setup.target >= 96) return `Anything but 96-100 hits on the d100 ${odds}`
  const bands = [
    setup.criticalOn > 0 ? `critical on ${setup.criticalOn} or less` : null,
    setup.grievousOn > 0 ? `grievous on ${setup.grievousOn} or less` : null,
  ].filter((s) => s !== null)
  return `Hits on ${setup.target} or less on the d100 ${odds}${bands.length ? `; ${bands.join(', ')}` : ''}`
}

/** A missile stuck in a fighter, in words: their chip, and the log of the hit that left it. */
export const STUCK_WORDS = (s: spelljammer.StuckMissile) =>
  `${s.missile} stuck: ${s.dexPenalty} DEX, bleeds ${s.bleedingPerRound} a round`

/** The opponent's free attack on one withdrawing, set up (its odds), and the verdict that allows it. */
export interface Withdrawing {
  verdict: ReturnType<typeof withdrawalVerdict>
  free: { declared: Declared; built: Built; odds: spelljammer.AttackOdds } | null
}

function freeAttackOn(withdrawer: Fighter, opponent: Fighter, declared: Declared): Outcome<Withdrawing> {
  // Who before whom: one who cannot act hears that first.
  const refusal = cannotAct(withdrawer)
  if (refusal) return fail(refusal)
  if (withdrawer.id === opponent.id) return fail('Name the opponent you withdraw from.')
  const verdict = withdrawalVerdict(opponent, declared, segmentOf(declared))
  const sheet = sheetFor(opponent)
  if (!sheet.ok) return sheet
  const blocked = cannotAttack(opponent, sheet.value)
  if (verdict.verdict !== 'none' && blocked)
    return ok({ verdict: { verdict: 'none', reason: blocked }, free: null })
  if (verdict.verdict === 'none') return ok({ verdict, free: null })
  const free = freeAttackWith(opponent, sheet.value, declared)
  const built = build(opponent, withdrawer, free, undefined, true)
  if (!built.ok) return built
  const odds = spelljammer.oddsOfSetup(built.value.setup, built.value.declaration.target.sheet, SETTINGS)
  return ok({ verdict, free: { declared: free, built: built.value, odds } })
}

/**
 * Why a fighter cannot act at all now (down, busy casting, in Desperate Defense: "no other actions"), or
 * null. A stun takes "all remaining attacks for the round" and Full Defense means "cannot attack": both
 * leave what is not an attack (withdrawing, picking up a weapon, the free action).
 */
function cannotAct(f: Fighter): string | null {
  const sheet = sheetFor(f)
  if (!sheet.ok) return sheet.error
  const refusal = cannotAttack(f, sheet.value)
  return refusal && !/no weapon|Full Defense|stunned/.test(refusal) ? refusal : null
}

function withdrawPreview(
  { verdict, free }: Withdrawing,
  { target: opponent, attacker: withdrawer }: AttackPlan,
): Outcome<Preview> {
  const o = opponent.name
  // The one withdrawing rolls nothing: a free attack, if any, is rolled on the opponent's dice.
  if (!free)
    return ok({ chance: 0, summary: `${o} gets no free attack: ${verdict.reason}.`, lines: [], dice: false })
  const odds = `hits you ${percent(free.odds.display.hit)}, ${free.odds.display.expectedDamage.toFixed(1)} damage expected (you keep DEF from DEX, not your shield)`
  return ok({
    chance: free.odds.display.hit,
    summary:
      verdict.verdict === 'free-attack'
        ? `${o} gets a free attack as you go: it ${odds}.`
        : `The GM decides whether ${o} gets a free attack (${verdict.reason}); if so, it ${odds}.`,
    lines: spelljammer.setupLines(free.built.setup, withdrawer.id),
    dice: false,
  })
}

/** A second free action, refused in the text's words. */
function secondFreeAction(): string {
  const second = spelljammer.checkFreeActions(2)
  if (second.ok) throw new Error('a second free action passed the check')
  return second.error
}

/** One picking up their dropped weapon on their place in the round: their sheet and the segment. */
function pickingUpNow(f: Fighter, _target: Fighter, declared: Declared) {
  const sheet = sheetFor(f)
  if (!sheet.ok) return sheet
  const segment = segmentOf(declared)
  if (segment === null)
    return fail('A dropped weapon is picked up on your place in the round: it needs the round running.')
  return ok({ sheet: sheet.value, segment })
}

/** A cast or a release, worked out. */
function castingOf(attacker: Fighter, target: Fighter, declared: Declared): Outcome<CastingStep> {
  const sheet = sheetFor(attacker)
  if (!sheet.ok) return sheet
  const state = stateOf(attacker)
  const step = castingStep(attacker, target, sheet.value, declared, state.casting)
  if (!step.ok) return step
  if (attacker.hp <= 0) return fail(`${attacker.name} is down (0 hit points or less) and cannot cast.`)
  if (state.stunned) return fail(`${attacker.name} is stunned and loses the rest of this round's actions.`)
  if (state.stance?.kind === 'desperate-defense')
    return fail(`${attacker.name} declared Desperate Defense this round and can do nothing but defend.`)
  return step
}

/** A weapon's odds in words: to hit, and into a melee the chance the shot goes at a friend first. */
function weaponPreview({ declaration, setup, mix }: Built, { target }: AttackPlan): Outcome<Preview> {
  const odds = spelljammer.oddsOfSetup(setup, declaration.target.sheet, SETTINGS)
  const words = hitWords(setup, odds.display.hit)
  const lines = spelljammer.setupLines(setup, target.id)
  if (!mix) return ok({ chance: odds.display.hit, summary: `${words}.`, lines })
  const friend = friendChance(declaration.attacker.sheet, setup.weapon, mix)
  if (!friend.ok) return friend
  const chance = odds.display.hit * (1 - friend.value)
  return ok({
    chance,
    summary: `Into the melee, the shot goes at a friend ${percent(friend.value)} of the time, so it hits ${target.name} ${percent(chance)}: ${words}.`,
    lines,
  })
}

// The table of spelljammer's actions: each checked once, into the plan its odds, defenses and roll read.

/** What each action's check works out (its plan's setup). */
export interface Checked {
  withdraw: Withdrawing
  'pick-up': { sheet: spelljammer.Sheet; segment: number }
  /** Nothing to work out: its row's target, who and once a round are the whole check. */
  'free-action': null
  casting: CastingStep
  weapon: Built
}
export type ActionKind = keyof Checked
/** A plan's setup: the action chosen and what its check worked out. */
export type Planned<K extends ActionKind = ActionKind> = { [P in K]: { kind: P; checked: Checked[P] } }[K]

/** One of spelljammer's actions: the choices it is, who may take it and when, its target, its options. */
interface Action<K extends ActionKind> {
  /** Whether a choice is this action; absent on the weapon's row, which takes any other choice. */
  is?(choice: string): boolean
  /** Taken on oneself, or on another; absent: either, as its check says. */
  target?: { self: boolean; refusal: string }
  /** Who may take it: why this fighter cannot now, or null. */
  who?(f: Fighter): string | null
  /** Once a round: why this fighter has taken it already, or null. */
  once?(f: Fighter): string | null
  /** The rest of its check, into what its odds and its roll read. */
  check(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Checked[K]>
  /** Its options: the toggles a form offers with it (absent: none). */
  toggles?(attacker: Fighter, target: Fighter, choice: string): ModifierToggle[]
  /** Its odds and words before anything is rolled. */
  preview(checked: Checked[K], plan: AttackPlan): Outcome<Preview>
}

const ACTIONS: { [K in ActionKind]: Action<K> } = {
  withdraw: {
    is: (choice) => choice === WITHDRAW,
    check: freeAttackOn,
    toggles: () => [...WITHDRAW_TOGGLES],
    preview: withdrawPreview,
  },
  'free-action': {
    is: (choice) => choice === FREE_ACTION.id,
    target: { self: true, refusal: 'A free action is declared for oneself.' },
    who: cannotAct,
    once: (f) => (stateOf(f).freeAction ? secondFreeAction() : null),
    check: () => ok(null),
    preview: () =>
      ok({
        chance: 1,
        summary: `One free action a round, at your earliest initiative; it costs no attack, so you may still attack now. The GM judges whether what you do is free.`,
        lines: [],
        // Nothing is rolled: the GM judges it.
        dice: false,
      }),
  },
  'pick-up': {
    is: (choice) => choice === PICK_UP,
    target: { self: true, refusal: 'One picks up one’s own dropped weapon.' },
    who: cannotAct,
    once: (f) => (stateOf(f).pickingUp ? `${f.name} has already picked up a weapon this round.` : null),
    check: pickingUpNow,
    preview: ({ sheet, segment }, { attacker }) => ok(pickUpPreview(attacker, sheet, segment)),
  },
  casting: { is: isCasting, check: castingOf, preview: (step) => ok(castingPreview(step)) },
  weapon: {
    target: { self: false, refusal: 'Choose someone else to attack.' },
    check: (attacker, target, declared) => build(attacker, target, declared),
    toggles(attacker, target, choiceId) {
      const sheet = sheetFor(attacker)
      if (!sheet.ok) return []
      const choice = parseChoice(choiceId, sheet.value)
      return choice ? togglesFor(sheet.value, choice.mode, target) : []
    },
    preview: weaponPreview,
  },
}

const KINDS = Object.keys(ACTIONS) as ActionKind[]
const kindOf = (choice: string) => KINDS.find((k) => ACTIONS[k].is?.(choice)) ?? 'weapon'

/**
 * Attacker and target holding the defenses they declared for the round under way (one, when they are the
 * same): as the table's round has them, or as the room said them (`declaredStance`) where no table is read.
 */
export function declaredPair(attacker: Fighter, target: Fighter, declared: Declared, table?: TableView) {
  const said = (f: Fighter, whose: 'attacker' | 'target') =>
    holding(
      f,
      table ? stanceOfRound(table.turn, f.id) : declaredStance(declared.round, whose),
      table !== undefined,
    )
  const mine = said(attacker, 'attacker')
  return [mine, target.id === attacker.id ? mine : said(target, 'target')] as const
}

/** Any declared action checked against its row of the table, once: its target, who, once a round, the rest. */
function planned<K extends ActionKind>(
  kind: K,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  table?: TableView,
): Outcome<Planned> {
  const action: Action<K> = ACTIONS[kind]
  if (action.target && (target.id === attacker.id) !== action.target.self) return fail(action.target.refusal)
  ;[attacker, target] = declaredPair(attacker, target, declared, table)
  const refusal = action.who?.(attacker) || action.once?.(attacker)
  if (refusal) return fail(refusal)
  const checked = action.check(attacker, target, declared)
  return checked.ok ? ok({ kind, checked: checked.value } as Planned) : checked
}

/** What a plan's check worked out, by its action: the defenses and the roll read it. */
export const plannedOf: (plan: AttackPlan) => Planned = setupOf

function previewOf<K extends ActionKind>(p: Planned<K>, plan: AttackPlan): Outcome<Preview> {
  const action: Action<K> = ACTIONS[p.kind]
  return action.preview(p.checked, plan)
}

// The end of the round: bleeding from stuck missiles, and the round's declarations and stun end.

export function endRound(fighters: readonly Fighter[], round: number): Outcome<Resolution> {
  const lines: BreakdownLine[] = []
  const events: string[] = []
  const changes: Record<string, FighterChange> = {}
  for (const f of fighters) {
    const state = stateOf(f)
    const change: FighterChange = {}
    const stuck = state.stuck ?? []
    if (stuck.length > 0 && f.hp > 0) {
      const loss = spelljammer.bleedingDamage(stuck, 1)
      const what = stuck.map((s) => s.missile).join(', ')
      lines.push({ label: `${f.name} bleeds (${what} stuck)`, value: -loss, rule: RULE.stuckMissiles })
      change.hp = f.hp - loss
      events.push(`${f.name} bleeds ${loss} (${what} stuck)${change.hp <= 0 ? ' and is down' : ''}`)
    }
    const stunned = Math.max(0, (state.stunned ?? 0) - 1)
    if (state.stunned && !stunned) events.push(`${f.name} is no longer stunned`)
    const sheet = sheetFor(f)
    const spell = castingAtRoundEnd(f, sheet.ok ? sheet.value : null, state.casting)
    if (spell.event) events.push(spell.event)
    const next = compact({
      ...state,
      stunned,
      stance: undefined,
      aiming: undefined,
      attacks: undefined,
      attackers: undefined,
      casting: spell.casting,
      pickingUp: undefined,
      freeAction: undefined,
      movingAfter: undefined,
    })
    if (JSON.stringify(next) !== JSON.stringify(f.state)) change.state = next
    if (change.hp !== undefined || change.state) changes[f.id] = change
  }
  const summary = events.length
    ? `End of round ${round}: ${events.join('; ')}.`
    : `End of round ${round}: nothing else happens.`
  return ok({ lines, summary, changes })
}

function statusOf(f: Fighter): string[] {
  const state = stateOf(f)
  const chips: string[] = []
  if (f.hp <= 0) chips.push('Down (0 HP or less)')
  else {
    const wound = spelljammer.woundState(f.hp, Math.max(1, f.maxHp, f.hp))
    if (wound.modifier !== 0) chips.push(`${wound.label} (${wound.modifier})`)
    else if (wound.level === 'bloodied') chips.push('Bloodied')
  }
  if (state.stunned) chips.push('Stunned (rest of the round)')
  if (state.stance?.kind === 'defending') chips.push(`Defending (-${state.stance.sacrifice} SC)`)
  if (state.stance?.kind === 'full-defense') chips.push('Full Defense')
  if (state.stance?.kind === 'desperate-defense') chips.push('Desperate Defense')
  if (state.aiming) chips.push('Careful aim')
  const sheet = sheetFor(f)
  const spell = castingChip(sheet.ok ? sheet.value : null, state.casting)
  if (spell) chips.push(spell)
  const picking = pickUpChip(state.pickingUp)
  if (picking) chips.push(picking)
  const moving = movingChip(state.movingAfter)
  if (moving) chips.push(moving)
  for (const s of state.stuck ?? []) chips.push(STUCK_WORDS(s).replace(/^./, (c) => c.toUpperCase()))
  if (state.protLoss) chips.push(`Armor PROT -${state.protLoss}`)
  return chips
}

/** What a screen reads of spelljammer's combat (`ScreenRules.combat`); `spelljammerCombat` (room-combat.ts) adds what only the room runs. */
export const spelljammerCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    return f.hp <= 0 ? `${f.name} is down (0 hit points or less).` : null
  },

  choices(attacker) {
    const sheet = sheetFor(attacker)
    if (!sheet.ok) return sheet
    const casting = stateOf(attacker).casting
    const spells = castingChoices(sheet.value, casting)
    // Casting is the round's action: while a spell is under way, its going off is all there is.
    if (casting) return spells.length > 0 ? ok(spells) : fail(cannotAttack(attacker, sheet.value) ?? '')
    // No attack now (stunned, Full Defense, no weapon): what is not an attack is still offered.
    const refusal = cannotAttack(attacker, sheet.value)
    const idle = cannotAct(attacker)
    if (idle) return fail(idle)
    const leave = [WITHDRAW_CHOICE]
    if (!stateOf(attacker).pickingUp) leave.push(PICK_UP_CHOICE)
    // Offered all round: a second says why not, in the text's words.
    leave.push(FREE_ACTION)
    // A stunned caster "loses the rest of this round's actions" for casting too (`castingOf`).
    const casts = stateOf(attacker).stunned ? [] : spells
    return ok([...(refusal ? [] : choicesOf(sheet.value)), ...leave, ...casts])
  },
  toggles: (attacker, target, choice) => ACTIONS[kindOf(choice)].toggles?.(attacker, target, choice) ?? [],
  plan: checkedPlan((attacker, target, declared, table) =>
    planned(kindOf(declared.choice), attacker, target, declared, table),
  ),
  preview: (plan) => previewOf(plannedOf(plan), plan),
  status: statusOf,
  // The text's own wound levels: Unhurt, Wounded, Bloodied, Badly Wounded...
  healthWord: (f) => (f.hp <= 0 ? 'Down' : spelljammer.woundState(f.hp, Math.max(1, f.maxHp, f.hp)).label),
  defense: (f) => {
    const s = sheetFor(f)
    return s.ok ? `DEF ${s.value.def}` : null
  },
}
