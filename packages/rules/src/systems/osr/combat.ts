/**
 * osr: attacks and their outcomes at the table, over the rules package (`osr` in @fray/rules, chapter 17
 * of `rules/osr.txt`). The rules decide everything: which attacks are legal, the modifiers, the exact odds,
 * the natural-20 and natural-1 tables, damage, death at 0 and how conditions count down. This file maps
 * the table's fighters and requests onto them and reads their `state`: what a phone's screen reads
 * (`osrCombatView`: choices, odds, status). Rolling an attack and applying it is in resolve.ts, and what
 * only the room runs (defenses, end of round) in table.ts, so that a phone does not download them.
 *
 * The defender has no parry or dodge to answer with: "Parry and Dodge is a Defensive action instead of an
 * attack" (17.0.1.4), declared for the round. What `defenses` offers is a blow struck first, on the
 * attacker's number: a long reach against one closing (17.0.1.6), a weapon set against a charge
 * (17.0.1.9). A shot that misses into a melee asks the GM whom it may hit (`Resolution.asks`, 17.0.12).
 */

import { toFloat } from '../../dice/fraction.ts'
import { conditionChip } from '../../engine/conditions.ts'
import { fighterState } from '../../engine/fighter.ts'
import { checkedPlan, setupOf } from '../../engine/plan.ts'
import type { AttackChoice, AttackPlan, Declared, Fighter, Preview } from '../../engine/types.ts'
import { percent, plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { ACTIONS, type ActionKind, declareAction } from './actions.ts'
import { type AttackDeclaration, planAttack } from './attack.ts'
import {
  acFromConditions,
  actionBlockedBy,
  attackBlockedBy,
  CONDITIONS,
  type Condition,
  type ConditionKind,
  checksFromConditions,
} from './conditions.ts'
import { grappleHoldChance } from './grapple.ts'
import { GROUND_FIRE_ROUNDS, type GroundFire, igniteGround } from './grenade.ts'
import type { Status } from './injury.ts'
import { ATTACK_MODIFIERS, isToggleId, type ToggleId } from './modifiers.ts'
import { FRESH, moveAllowance, type RunState, runLimit, runRound } from './movement.ts'
import { attackOdds } from './odds.ts'
import { reloadRoundsNeeded } from './rate-of-fire.ts'
import { extinguish } from './round.ts'
import { AS_QUICK, YET_TO_ACT } from './round-facts.ts'
import {
  formatDamageDice,
  isGrenadeLike,
  meleeCapable,
  missileCapable,
  parseSheet,
  SHEET_FIELDS,
  type Sheet,
  type Weapon,
} from './sheet.ts'
import { canCast } from './spells.ts'
import { roundFacts } from './turn-view.ts'

/** What this adapter keeps in `Fighter.state`, JSON only. */
export interface OsrState {
  /** Critical-hit conditions, fumble after-effects, reloading, charging... as the rules package shapes them. */
  conditions: Condition[]
  /** Some of the damage taken was non-lethal: at 0 the fighter falls unconscious instead of dying (17.0.16). */
  nonLethalTaken: boolean
  status: Status
  /** Rolled when knocked out: wakes after 1d4 turns; another may revive them once `revivableIn` reaches 0. */
  knockout?: { wakesAfterTurns: number; revivableIn: number }
  /** Rounds run so far (17.0.1.7): 3 x CON of them, and the runner is fatigued. */
  run?: RunState
  /** The one this fighter holds in a grapple (17.0.18). */
  holding?: string
  /** Oil this fighter spilled on the ground and lit, each burning its 10 rounds (17.0.10). */
  groundFires?: GroundFire[]
  /**
   * Felled before acting by one on the same initiative number: "Equal initiative numbers act
   * simultaneously" (17, 3), so they still make their attack in that slot; cleared once it is made.
   */
  strikesBack?: boolean
}

/**
 * osr's reader and writer of fighters. The state as stored, with hit points as the truth: a GM who heals a
 * fighter above 0 brings them back.
 */
const fighters = fighterState<Sheet, OsrState>({
  sheet: { fields: SHEET_FIELDS, parse: parseSheet },
  state(stored, f) {
    const s = stored as Partial<OsrState>
    const conditions = Array.isArray(s.conditions) ? s.conditions : []
    const nonLethalTaken = s.nonLethalTaken === true
    const run = s.run && typeof s.run.roundsRun === 'number' ? { run: s.run } : {}
    const holding = typeof s.holding === 'string' ? { holding: s.holding } : {}
    const fires = Array.isArray(s.groundFires) ? { groundFires: s.groundFires } : {}
    if (f.hp > 0) return { conditions, nonLethalTaken, status: 'up', ...run, ...holding, ...fires }
    const down = s.status === 'unconscious' || (s.status !== 'dead' && nonLethalTaken)
    return { ...s, conditions, nonLethalTaken, status: down ? 'unconscious' : 'dead' }
  },
  store: (state) => JSON.parse(JSON.stringify(state)),
})
export const { stateOf, sheetOf: sheet, withState, changeOf, changesOf } = fighters

/** Fallen, yet still owed their attack on the number they fell on (`strikesBack`, 17, 3). */
export const owesStrike = (f: Fighter): boolean => stateOf(f).strikesBack === true

/** Why this fighter cannot act at all, or null. */
function downReason(f: Fighter, state: OsrState): string | null {
  if (state.status === 'dead') return `${f.name} is dead.`
  if (state.status === 'unconscious') return `${f.name} is unconscious.`
  return null
}

/** Why this fighter can do nothing this round (down, surprised, reloading, declared already), or null. */
function idleReason(f: Fighter, state: OsrState, cannot: string): string | null {
  const down = downReason(f, state)
  return down ? `${down} They cannot ${cannot}.` : actionBlockedBy(state.conditions)
}

// ---- Choices: each weapon in each way it can be used, then punch, kick and grapple (17.0.17, 17.0.18).

type Unarmed = 'punch' | 'kick' | 'grapple'
type Way = { weapon: number; mode: 'melee' | 'missile' } | { unarmed: Unarmed }

const UNARMED: ReadonlyArray<{ id: Unarmed; label: string }> = [
  { id: 'punch', label: 'Punch' },
  { id: 'kick', label: 'Kick' },
  { id: 'grapple', label: 'Grapple' },
]

/**
 * The round's actions a fighter declares about themselves instead of attacking (17.0.1.4, 17.0.1.7):
 * each gives its round-long condition, and takes the turn's attack.
 */
const SELF_ACTIONS: ReadonlyArray<
  AttackChoice & { kind: ActionKind | 'put-out' | 'spill-oil'; says: string }
> = [
  {
    id: 'parry-dodge',
    label: 'Parry or dodge · +2 AC this round, no attack',
    self: true,
    verb: 'Parry and dodge this round',
    kind: 'parry-dodge',
    says: 'parries and dodges this round: +2 AC, no attack',
  },
  {
    id: 'run-away',
    label: 'Run away · double movement, no attack',
    self: true,
    verb: 'Run away this round',
    kind: 'run-away',
    says: 'runs away this round: double movement, no attack',
  },
  {
    // A plain move out of melee turns one's back as running does, and draws the same parting shots (17.0.2).
    id: 'move-away',
    label: 'Move away · turn your back, walk your movement',
    self: true,
    verb: 'Move away',
    kind: 'move',
    says: 'turns their back and moves away',
  },
  {
    id: 'cast',
    label: 'Cast a spell · free hand and voice',
    self: true,
    verb: 'Cast the spell',
    kind: 'cast-spell',
    says: 'casts a spell',
  },
  {
    id: 'feat',
    label: 'Perform a feat · the GM decides how it goes',
    self: true,
    verb: 'Attempt the feat',
    kind: 'perform-feat',
    says: 'attempts a feat this round',
  },
  {
    id: 'spill-oil',
    label: 'Spill oil and light it · burns on the ground 10 rounds',
    self: true,
    verb: 'Spill and light the oil',
    kind: 'spill-oil',
    says: `spills a flask of oil on the ground and lights it: it burns ${GROUND_FIRE_ROUNDS} rounds, 1d6 fire each round to any creature standing in or moving through it, no save`,
  },
  {
    id: 'put-out',
    label: 'Put out the flames · roll on the ground, no attack',
    self: true,
    verb: 'Put out the flames',
    kind: 'put-out',
    says: 'spends the round putting out the flames: the burning oil does no more damage',
  },
]

/** Hold Action (17.0.1.6): the target is the one waited for; the turn model moves the holder onto its number. */
export const HOLD: AttackChoice = {
  id: 'hold',
  label: 'Hold action · act on their number, with them',
  verb: 'Wait for them',
  waits: true,
}
export const HOLD_RULE = 'Hold Action (17.0.1.6)'

/** Holding for the target, in words, or why not: one waits for another, not for oneself. */
export function holding(attacker: Fighter, target: Fighter): Outcome<string> {
  if (target.id === attacker.id) return fail('Hold your action for someone else: the one you wait for.')
  const idle = idleReason(attacker, stateOf(attacker), 'act')
  if (idle) return fail(idle)
  return ok(`${attacker.name} waits for ${target.name} and acts on their number, at the same time`)
}

// ---- A hold kept (17.0.18): the holder hurts the one held, the held tries to break free; each time
// both sides make the grapple check again (docs reading 30), its odds shown before the roll.
const SQUEEZE: AttackChoice = {
  id: 'squeeze',
  label: 'Hurt the one you hold · 1d3 + STR, non-lethal',
  verb: 'Roll the grapple check',
}
const BREAK_FREE: AttackChoice = {
  id: 'break-free',
  label: 'Break free · a grapple check against your holder',
  verb: 'Try to break free',
}

/** The holder and the held for a hold action, or why the target is not the one it needs. */
export function grip(attacker: Fighter, target: Fighter, choice: string) {
  const squeezing = choice === SQUEEZE.id
  const conditions = stateOf(attacker).conditions
  const blocked = squeezing ? attackBlockedBy(conditions) : actionBlockedBy(conditions)
  if (blocked) return fail(blocked)
  const [holder, held] = squeezing ? [attacker, target] : [target, attacker]
  const holds = stateOf(holder).holding === held.id
  const grappled = stateOf(held).conditions.some((c) => c.kind === 'grappled')
  if (!holds || !grappled)
    return fail(
      squeezing
        ? `${attacker.name} does not hold ${target.name}: choose the one you hold.`
        : `${target.name} does not hold ${attacker.name}: choose the one who holds you.`,
    )
  const a = sheet(holder)
  if (!a.ok) return a
  const b = sheet(held)
  if (!b.ok) return b
  return ok({ squeezing, holder, held, holderSheet: a.value, heldSheet: b.value })
}

/**
 * Why a declaration about oneself is not open to this fighter, or null: putting out burning oil is for
 * one who burns (17.0.10), spilling it for one with a flask, a spell for one who casts (17.0.1.3).
 */
function notOffered(a: (typeof SELF_ACTIONS)[number], f: Fighter, state: OsrState, s: Sheet) {
  if (a.kind === 'put-out' && !state.conditions.some((c) => c.kind === 'burning'))
    return `${f.name} is not burning.`
  if (a.kind === 'spill-oil' && !s.weapons.some((w) => w.kind === 'grenade'))
    return `${f.name} carries no flask of oil.`
  return a.kind === 'cast-spell' && !s.spellcaster ? `${f.name}’s sheet does not cast spells.` : null
}

const SPELL_RULE = 'Spell Casting (17.0.13)'
export const GROUND_FIRE_GM = ' (GM: area damage from the tablet, 1d6, for those in the flames)'

/** What a declared spell needs: a save when its caster was attacked before their number (17.0.13). */
export function spellSave(f: Fighter, state: OsrState, s: Sheet) {
  const struck = state.conditions.some((c) => c.kind === 'struck')
  if (!struck) return null
  // d20 + the caster's checks (a shaken caster's -2) against the save vs Spells (docs reading 21).
  const bonus = checksFromConditions(state.conditions).reduce((t, l) => t + l.value, 0)
  const needs = s.saveSpells - bonus
  const chance = Math.min(20, Math.max(0, 21 - Math.max(1, needs))) / 20
  return { needs, chance, name: f.name }
}

/** A declaration about oneself, as the rules give it (refused while surprised), or why not. */
export function declareSelf(f: Fighter, target: Fighter, choice: string) {
  const action = SELF_ACTIONS.find((a) => a.id === choice)
  if (!action) return null
  if (target.id !== f.id)
    return fail(`${action.label.split(' · ')[0]} is declared for oneself, not at another.`)
  const state = stateOf(f)
  const s = sheet(f)
  if (!s.ok) return s
  const why = notOffered(action, f, state, s.value)
  if (why) return fail(why)
  if (action.kind === 'spill-oil') {
    // "Oil spilled on the ground and ignited will burn for 10 rounds" (17.0.10): the GM is asked each round.
    const fires = [...(state.groundFires ?? []), igniteGround()]
    return ok({ action, state: { ...state, groundFires: fires }, gains: [], told: GROUND_FIRE_GM })
  }
  if (action.kind === 'cast-spell') {
    // "A spellcaster must have at least one hand free and be able to speak" (17.0.13).
    const declared = declareAction(action.kind, state.conditions)
    if (!declared.ok) return declared
    const can = canCast(state.conditions, { handFree: true })
    if (!can.ok && !state.conditions.some((c) => c.kind === 'grappled')) return can
    return ok({ action, state, gains: [], told: '' })
  }
  if (action.kind === 'put-out') {
    // "Unless they spend the round putting out the flames by some effective means" (17.0.10).
    return ok({
      action,
      state: { ...state, conditions: extinguish(state.conditions) },
      gains: [],
      told: '',
    })
  }
  const declared = declareAction(action.kind, state.conditions)
  if (!declared.ok) return declared
  if (action.kind === 'move') {
    // Walking, even fatigued: up to the sheet's movement (17.0.1.1).
    const feet = moveAllowance(s.value, 'move', state.run, state.conditions)
    if (!feet.ok) return feet
    return ok({
      action,
      state,
      gains: declared.value.gains,
      told: ` up to ${feet.value} ft (Move, 17.0.1.1)`,
    })
  }
  if (action.kind === 'run-away') {
    // One more round run; the 3 x CON-th leaves the runner fatigued (17.0.1.7).
    const ran = runRound(s.value, state.run ?? FRESH)
    if (!ran.ok) return ran
    const fatigue: Condition[] = ran.value.fatigued ? [{ kind: 'fatigued' }] : []
    const limit = runLimit(s.value)
    const told = ran.value.fatigued
      ? `; that is ${limit} rounds run (3 x CON): ${f.name} is fatigued and walks only until 3 turns of rest`
      : `; ${limit - ran.value.roundsRun} of ${limit} rounds of running left (3 x CON)`
    const gains = [...declared.value.gains, ...fatigue]
    return ok({ action, state: { ...state, run: ran.value }, gains, told })
  }
  const told = declared.value.prompt ? ` (GM: ${declared.value.prompt})` : ''
  return ok({ action, state, gains: declared.value.gains, told })
}

function waysOf(s: Sheet, conditions: ReadonlyArray<Condition>): AttackChoice[] {
  const disarmed = conditions.some((c) => c.kind === 'disarmed')
  const ways: AttackChoice[] = []
  s.weapons.forEach((w, i) => {
    // "Primary weapon is knocked from enemy's grasp": the first weapon on the sheet (docs reading 13).
    if (i === 0 && disarmed) return
    const both = meleeCapable(w) && missileCapable(w)
    // The damage with the name, as every system's weapon reads: "Sword (1d8)", "Spear (thrown, 1d6)".
    const dice = formatDamageDice(w.damage)
    // A weapon that fires once in several rounds shows its rate as the text writes it: "1/6" (17.0.9).
    const rate = w.firesEvery > 1 ? `, fires 1/${w.firesEvery}` : ''
    if (meleeCapable(w))
      ways.push({ id: `weapon-${i}-melee`, label: `${w.name} (${both ? 'melee, ' : ''}${dice})` })
    if (missileCapable(w))
      ways.push({
        id: `weapon-${i}-missile`,
        label: `${w.name} (${both ? 'thrown, ' : ''}${dice}${rate})`,
      })
  })
  return [...ways, ...UNARMED]
}

export function wayOf(choice: string): Way | null {
  const m = /^weapon-(\d{1,2})-(melee|missile)$/.exec(choice)
  if (m) return { weapon: Number(m[1]), mode: m[2] as 'melee' | 'missile' }
  const unarmed = UNARMED.find((u) => u.id === choice)
  return unarmed ? { unarmed: unarmed.id } : null
}

// ---- Declarations: the table's request as the rules package's AttackDeclaration.

export interface Setup {
  attacker: Sheet
  target: Sheet
  attackerState: OsrState
  targetState: OsrState
  way: Way
  weapon: Weapon | null
  mode: 'melee' | 'missile'
}

function setup(attacker: Fighter, target: Fighter, choice: string): Outcome<Setup> {
  const attackerState = stateOf(attacker)
  const targetState = stateOf(target)
  // One felled on their own number still makes their attack (17, 3).
  const down = owesStrike(attacker) ? null : downReason(attacker, attackerState)
  if (down) return fail(`${down} They cannot attack.`)
  if (targetState.status === 'dead') return fail(`${target.name} is already dead.`)
  const a = sheet(attacker)
  if (!a.ok) return a
  const t = sheet(target)
  if (!t.ok) return t
  const way = wayOf(choice)
  if (!way || !waysOf(a.value, attackerState.conditions).some((c) => c.id === choice))
    return fail('Choose one of your ways to attack.')
  const weapon = 'weapon' in way ? (a.value.weapons[way.weapon] ?? null) : null
  const mode = 'mode' in way ? way.mode : 'melee'
  return ok({ attacker: a.value, target: t.value, attackerState, targetState, way, weapon, mode })
}

/** The other weapon in hand for two-weapon style: the smaller one for the primary hand (17.0.14). */
function otherHand(s: Setup, hand: 'primary' | 'secondary'): number | undefined {
  if (!('weapon' in s.way)) return undefined
  const self = s.way.weapon
  const index = s.attacker.weapons.findIndex(
    (w, i) => i !== self && meleeCapable(w) && (hand === 'secondary' || w.small),
  )
  return index < 0 ? undefined : index
}

function declaration(s: Setup, toggles: ReadonlyArray<string>): Outcome<AttackDeclaration> {
  for (const id of toggles)
    if (UNARMED.some((u) => u.id === id))
      return fail(`Choose ${id} as your way to attack, not as a modifier.`)
  if (!toggles.every(isToggleId))
    return fail(`There is no "${toggles.find((t) => !isToggleId(t))}" modifier in these rules.`)
  const hand = toggles.includes('two-weapon-primary')
    ? 'primary'
    : toggles.includes('two-weapon-secondary')
      ? 'secondary'
      : null
  const otherWeapon = hand ? otherHand(s, hand) : undefined
  // A charge runs at double movement, which a fatigued character may not (17.0.1.7).
  if (toggles.includes('charge')) {
    const fatigued = s.attackerState.conditions.some((c) => c.kind === 'fatigued')
    const allowance = moveAllowance(s.attacker, 'charge', { ...FRESH, fatigued })
    if (!allowance.ok) return allowance
  }
  return ok({
    attacker: s.attacker,
    attackerConditions: s.attackerState.conditions,
    target: s.target,
    targetConditions: s.targetState.conditions,
    mode: s.mode,
    toggles: 'unarmed' in s.way ? [...toggles, s.way.unarmed] : toggles,
    ...('weapon' in s.way ? { weapon: s.way.weapon } : {}),
    ...(otherWeapon === undefined ? {} : { otherWeapon }),
    // Ticking "Charging" affirms the run its effect lists (straight, clear, in sight, 10 ft or more); the
    // rules still check the weapon and that the fighter can move 10 ft at double movement (17.0.1.8).
    ...(toggles.includes('charge')
      ? { charge: { distance: 10, straightLine: true, clearPath: true, lineOfSightAtStart: true } }
      : {}),
    // A weapon is set in the prompt of a charge at one with equal or better initiative, as the round's
    // facts say (`counters`, 17.0.1.9): by the time this blow is struck, the initiative has been checked.
    ...(toggles.includes('set-vs-charge') ? { initiative: { attacker: 0, target: 0 } } : {}),
  })
}

/** The follow-up's choice: the weapon's own, marked as the stray shot of it (resolve.ts, 17.0.12). */
export const STRAY = 'stray:'
/** The follow-up's choice: the parting shots at the one who runs (resolve.ts, 17.0.2). */
export const PARTING = 'parting-shots'

/** An attack as checked: who, with what, and the rules package's declaration of it. */
export interface Declaration {
  setup: Setup
  decl: AttackDeclaration
}

export function declare(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Declaration> {
  const s = setup(attacker, target, declared.choice)
  if (!s.ok) return s
  const decl = declaration(s.value, declared.toggles)
  if (!decl.ok) return decl
  return ok({ setup: s.value, decl: decl.value })
}

/** A declaration about oneself as `declareSelf` checked it: the action, the state it leaves, its words. */
type Own = Extract<NonNullable<ReturnType<typeof declareSelf>>, { ok: true }>['value']

/**
 * A declaration checked once (`CombatRules.plan`): an attack's declaration or one's own, which the preview,
 * the defenses and the roll read back; null for a grip, a hold or a follow-up the GM answers, each checked
 * where it is done.
 */
function planned(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Planned> {
  const { choice } = declared
  if (GRIPS.includes(choice) || choice === HOLD.id || choice.startsWith(STRAY) || choice === PARTING)
    return ok(null)
  const own = declareSelf(attacker, target, choice)
  if (own) return own.ok ? ok({ own: own.value }) : own
  return declare(attacker, target, declared)
}
type Planned = Declaration | { own: Own } | null

/** One's own declaration from its plan (`planned`), or null for any other. */
export function ownOf(plan: AttackPlan): Own | null {
  const p = setupOf<Planned>(plan)
  return p && 'own' in p ? p.own : null
}

/** The section a declaration about oneself comes from: the text's list of actions (17), or oil's. */
export const ownRule = (kind: Own['action']['kind']): string =>
  kind === 'put-out' || kind === 'spill-oil'
    ? 'Oil (17.0.10)'
    : (ACTIONS.find((a) => a.kind === kind)?.rule ?? '')

/** The attack's declaration from its plan (`planned`): one checked as an attack, or checked again here. */
export function declarationOf(plan: AttackPlan): Outcome<Declaration> {
  const d = setupOf<Planned>(plan)
  return d && 'decl' in d ? ok(d) : declare(plan.attacker, plan.target, plan.declared)
}

/** Whether a toggle is worth showing for this attack: the rules refuse the rest, but a form should not offer them. */
function applies(id: ToggleId, s: Setup): boolean {
  const melee = s.mode === 'melee'
  const w = s.weapon
  switch (id) {
    case 'charge':
      return melee && !!w?.chargeable
    case 'set-vs-charge':
      // Set on the charger's number, before the blow, in the defender's prompt: never after it (17.0.1.9).
      return false
    case 'parting-shot':
      return melee && w !== null
    case 'then-move-away':
      // Moving on after the blow, turning one's back on those beside one (17.0.1.1, 17.0.2).
      return melee
    case 'flanking':
      return melee
    case 'sneak-attack':
      return s.attacker.sneakAttack
    case 'short-range':
    case 'medium-range':
    case 'long-range':
    case 'beyond-range':
    case 'target-engaged':
    case 'target-unaware':
      return !melee
    case 'two-weapon-primary':
      return melee && w !== null && otherHand(s, 'primary') !== undefined
    case 'two-weapon-secondary':
      return melee && !!w?.small && otherHand(s, 'secondary') !== undefined
    case 'non-lethal':
      return melee && w !== null && !w.sharpAllSides
    case 'punch':
    case 'kick':
    case 'grapple':
      return false
    case 'oil-fuse':
      return w?.kind === 'grenade'
    case 'into-melee':
      return !melee && w !== null && !isGrenadeLike(w)
    default:
      // from behind, cover and concealment apply to every attack
      return true
  }
}

// ---- Striking first (17.0.1.6, 17.0.1.9): one attacked in melee who has not acted yet this round may
// strike on the attacker's number, at the same time: a long reach against one closing, even after a lower
// initiative roll; or, with equal or better initiative, a weapon set against a charge, for double damage.
// The defender answers in a prompt (the GM for a monster), with the odds of each blow.

export interface Counter {
  id: string
  weapon: number
  /** Set against a charge (double damage), else a long reach against one closing. */
  set: boolean
}

/** The blows the target of this melee attack may strike first, each with its weapon (facts: `roundFacts`). */
export function counters(s: Setup, declared: Declared): Counter[] {
  const facts = declared.round ?? []
  if (s.mode !== 'melee' || !facts.includes(YET_TO_ACT) || 'unarmed' in s.way) return []
  if (s.targetState.status !== 'up' || attackBlockedBy(s.targetState.conditions)) return []
  const charge = declared.toggles.includes('charge') && facts.includes(AS_QUICK)
  const disarmed = s.targetState.conditions.some((c) => c.kind === 'disarmed')
  return s.target.weapons.flatMap((w, i): Counter[] => {
    if (!meleeCapable(w) || (i === 0 && disarmed)) return []
    if (charge && w.settable) return [{ id: `set-${i}`, weapon: i, set: true }]
    return w.longReach ? [{ id: `reach-${i}`, weapon: i, set: false }] : []
  })
}

export const counterDeclared = (c: Counter): Declared => ({
  choice: `weapon-${c.weapon}-melee`,
  toggles: c.set ? ['set-vs-charge'] : [],
})

/** The attacker as a blow struck first meets them: charging (-2 AC) once the charge is under way (17.0.1.8). */
const asCharging = (f: Fighter, declared: Declared): Fighter =>
  declared.toggles.includes('charge') ? withState(f, withConditions(stateOf(f), [{ kind: 'charging' }])) : f

/** A blow's weapon and exact odds (struck first, a parting shot), or null where the rules refuse it. */
export function blowOdds(attacker: Fighter, target: Fighter, declared: Declared) {
  const d = declare(attacker, target, declared)
  const odds = d.ok ? attackOdds(d.value.decl) : null
  if (!d.ok || !odds?.ok) return null
  const weapon = d.value.setup.weapon?.name ?? 'weapon'
  return { weapon, chance: toFloat(odds.value.hit), mean: toFloat(odds.value.expectedDamage) }
}

/** Each blow the target may strike first, with its exact odds against the attacker. */
export function counterOdds(attacker: Fighter, target: Fighter, s: Setup, declared: Declared) {
  const them = asCharging(attacker, declared)
  return counters(s, declared).flatMap((counter) => {
    const odds = blowOdds(target, them, counterDeclared(counter))
    return odds ? [{ counter, ...odds }] : []
  })
}

/** What the attacker risks, for their odds line: the blows the target may strike first. */
function counterRisk(attacker: Fighter, target: Fighter, s: Setup, declared: Declared): string {
  return counterOdds(attacker, target, s, declared)
    .map(({ counter, weapon, chance }) =>
      counter.set
        ? `; ${target.name} may set the ${weapon} against your charge first: hits you ${percent(chance)}, double damage`
        : `; ${target.name} may strike first with the ${weapon} as you close (long reach): hits you ${percent(chance)}`,
    )
    .join('')
}

export const GRIPS = [SQUEEZE.id, BREAK_FREE.id]

/** The declarations that turn one's back and move, in the GM's prompt's words. */
export const TURNS_BACK: Partial<Record<string, string>> = { 'run-away': 'runs', move: 'moves away' }

export function withConditions(state: OsrState, gains: ReadonlyArray<Condition>): OsrState {
  if (gains.length === 0) return state
  const kept = state.conditions.filter((c) => !gains.some((g) => g.kind === c.kind))
  return { ...state, conditions: [...kept, ...gains] }
}

/** A fighter's AC against a melee or missile attack now: the sheet's, with a parry's +2 and the like. */
export const acNow = (f: Fighter, s: Sheet, mode: 'melee' | 'missile'): number =>
  acFromConditions(stateOf(f).conditions, mode).reduce((ac, l) => ac + l.value, s.ac)

/** The target's AC and what changes it, labelled so they do not read as modifiers to the d20. */
export const acLines = (lines: ReadonlyArray<BreakdownLine>, defense: string): BreakdownLine[] =>
  lines.map((l, i) => ({ ...l, ...(i === 0 ? {} : { label: `AC: ${l.label}` }), defense }))

/**
 * A melee attacker may back away fighting instead, at half walking movement, and draws no parting shot
 * ("This is termed a fighting withdrawal", 17.0.2); turning their back to move away draws them all.
 */
function withdrawal(s: Setup): string {
  if (s.mode !== 'melee') return ''
  const feet = moveAllowance(s.attacker, 'withdraw')
  return feet.ok
    ? `; or back away up to ${feet.value} ft still fighting (a fighting withdrawal: no parting shots)`
    : ''
}

/**
 * The walk the round leaves around the action, as the rules package allows it ("Movement can be broken
 * up, using some of the distance before and after the action", 17.0.1.1, 17.0.1.3); none if it allows none.
 */
function moveAround(s: Sheet, state: OsrState, action: string): string {
  const feet = moveAllowance(s, 'move', state.run, state.conditions)
  return feet.ok ? `; move up to ${feet.value} ft too, split before and after the ${action}` : ''
}

function hitsOn(needs: number, chance: number): string {
  return needs >= 20
    ? `Hits only on a natural 20 (${percent(chance)})`
    : `Hits on ${needs} or more on a d20 (${percent(chance)})`
}

/** What a screen reads of osr's combat (`ScreenRules.combat`); `osrCombat` (table.ts) adds what only the room runs. */
export const osrCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    return downReason(f, stateOf(f))
  },

  choices(attacker: Fighter): Outcome<AttackChoice[]> {
    const state = stateOf(attacker)
    // Felled on their own number, before acting: their attack, and nothing else (17, 3).
    if (owesStrike(attacker) && state.status !== 'up') {
      const s = sheet(attacker)
      return s.ok ? ok(waysOf(s.value, state.conditions)) : s
    }
    // Surprise, reloading or an action already declared take the round; a broken or dropped weapon takes
    // the attack only ("no attack next round", 17.0.4): what is not an attack is still offered.
    const idle = idleReason(attacker, state, 'attack')
    if (idle) return fail(idle)
    const armed = !attackBlockedBy(state.conditions)
    const s = sheet(attacker)
    if (!s.ok) return s
    const selfActions = SELF_ACTIONS.filter((a) => !notOffered(a, attacker, state, s.value)).map(
      ({ id, label, self, verb }) => ({ id, label, self, verb }),
    )
    // Breaking free is a grapple check, not an attack (17.0.18); hurting the one held is (like a punch).
    const grips = [
      ...(state.holding && armed ? [SQUEEZE] : []),
      ...(state.conditions.some((c) => c.kind === 'grappled') ? [BREAK_FREE] : []),
    ]
    // Without an attack the sheet opens on breaking free, else on parrying: holding comes last.
    return ok(
      armed
        ? [...waysOf(s.value, state.conditions), ...grips, HOLD, ...selfActions]
        : [...grips, ...selfActions, HOLD],
    )
  },

  toggles(attacker: Fighter, target: Fighter, choice: string): ModifierToggle[] {
    if (GRIPS.includes(choice) || choice === HOLD.id || SELF_ACTIONS.some((a) => a.id === choice)) return []
    const s = setup(attacker, target, choice)
    if (!s.ok) return []
    return ATTACK_MODIFIERS.filter((t) => applies(t.id, s.value))
  },

  plan: checkedPlan(planned),

  preview(planned: AttackPlan): Outcome<Preview> {
    const { attacker, target, declared, table } = planned
    if (GRIPS.includes(declared.choice)) {
      const g = grip(attacker, target, declared.choice)
      if (!g.ok) return g
      const kept = toFloat(grappleHoldChance(g.value.holderSheet, g.value.heldSheet))
      const chance = g.value.squeezing ? kept : 1 - kept
      return ok({
        chance,
        summary: g.value.squeezing
          ? `Both make the grapple check: the hold is kept ${percent(kept)}, then 1d3 + STR non-lethal damage; else it is broken.`
          : `Both make the grapple check: you break free ${percent(chance)}.`,
        lines: [],
      })
    }
    if (declared.choice === HOLD.id) {
      const held = holding(attacker, target)
      // Waiting rolls nothing: the held action is declared when its moment comes (17.0.1.6).
      return held.ok
        ? ok({ chance: 1, summary: `${held.value}: ${HOLD_RULE}.`, lines: [], dice: false })
        : held
    }
    const own = ownOf(planned)
    if (own) {
      const s = sheet(attacker)
      const casts = s.ok && own.action.kind === 'cast-spell'
      const save = casts ? spellSave(attacker, own.state, s.value) : null
      const moves = casts ? moveAround(s.value, own.state, 'spell') : ''
      if (save)
        return ok({
          chance: save.chance,
          summary: `Attacked before your number: the spell holds on a save vs Spells of ${save.needs} or more on a d20 (${percent(save.chance)}), else it is lost (${SPELL_RULE})${moves}.`,
          lines: [],
        })
      // Running turns one's back on those beside one: each with a ready weapon gets a parting shot (17.0.2).
      const parting = TURNS_BACK[own.action.kind]
        ? '; turning your back, each opponent within 5 ft with a ready weapon gets a parting shot at +2 (17.0.2)'
        : ''
      // A declaration about oneself rolls none of one's dice: only a spell's save does, above (17.0.13).
      return ok({
        chance: 1,
        summary: `${attacker.name} ${own.action.says} (${ownRule(own.action.kind)})${own.told}${moves}${parting}.`,
        lines: [],
        dice: false,
      })
    }
    const d = declarationOf(planned)
    if (!d.ok) return d
    const plan = planAttack(d.value.decl)
    if (!plan.ok) return plan
    const odds = attackOdds(d.value.decl)
    if (!odds.ok) return odds
    const chance = toFloat(odds.value.hit)
    const toYou = odds.value.damageTo === 'attacker' ? ' to you (metal armor)' : ''
    // A grapple's touch attack grabs; both grapple checks then decide the hold (17.0.18).
    const grabs = plan.value.grapple
      ? `; a hit grabs ${target.name}, and the grapple check keeps the hold ${percent(toFloat(grappleHoldChance(d.value.setup.attacker, d.value.setup.target)))}`
      : ''
    const damage = odds.value.damageOnHit
      ? `; ${toFloat(odds.value.expectedDamage).toFixed(1)} damage${toYou} on average`
      : ''
    // Then the rounds of reloading, doing nothing else (17.0.9).
    const reload =
      d.value.setup.weapon && d.value.setup.mode === 'missile' ? reloadRoundsNeeded(d.value.setup.weapon) : 0
    const reloads = reload > 0 ? `; then ${rounds(reload)} of reloading, doing nothing else` : ''
    // Fray keeps no positions: the move the round allows is said, split as the player likes (17.0.1.1);
    // a charge is its own run (17.0.1.8).
    const { attacker: mover, attackerState } = d.value.setup
    const moves = declared.toggles.includes('charge')
      ? `; the charge runs 10 to ${mover.movement * 2} ft straight at ${target.name}`
      : `${moveAround(mover, attackerState, 'attack')}${withdrawal(d.value.setup)}`
    // A blow the target may strike first, as the round stands (17.0.1.6, 17.0.1.9).
    const round = table ? roundFacts(table.turn, attacker.id, target.id) : []
    const risk = counterRisk(attacker, target, d.value.setup, { ...declared, round })
    return ok({
      chance,
      summary: `${hitsOn(odds.value.needs, chance)} against AC ${plan.value.ac}${damage}${grabs}${moves}${reloads}${risk}.`,
      // The AC itself is in the summary; its modifiers (a prone or parrying target) are listed.
      lines: [...plan.value.toHit, ...acLines(plan.value.acLines, target.id).slice(1)],
    })
  },

  defense(f: Fighter): string | null {
    const s = sheet(f)
    if (!s.ok) return null
    // As a melee attack meets it now: parrying (+2), charging (-2), a critical's after-effects.
    return `AC ${acNow(f, s.value, 'melee')}`
  },

  // Critical hits' conditions, a hold and a gag have no end in the text: the GM ends them (round.ts).
  clearable(f: Fighter) {
    return stateOf(f)
      .conditions.filter((c) => GM_ENDS.includes(c.kind))
      .map((c) => ({ id: c.kind, label: chip(c) }))
  },

  status(f: Fighter): string[] {
    const state = stateOf(f)
    if (state.status === 'dead') return ['Dead']
    const chips: string[] = []
    if (state.status === 'unconscious') {
      const k = state.knockout
      chips.push(
        k && k.revivableIn > 0
          ? `Unconscious (revivable in ${rounds(k.revivableIn)})`
          : k
            ? `Unconscious (wakes in ${k.wakesAfterTurns} turns)`
            : 'Unconscious',
      )
    }
    for (const c of state.conditions) chips.push(chip(c))
    // The oil they spilled and lit, as long as it burns (17.0.10).
    for (const fire of state.groundFires ?? [])
      chips.push(`Oil fire on the ground (${rounds(fire.roundsLeft)})`)
    return chips
  },
}

export const rounds = (n: number) => plural(n, 'round')

/** The conditions the text gives no end to: "until the GM removes them" (conditions.ts). */
export const GM_ENDS = (Object.keys(CONDITIONS) as ConditionKind[]).filter(
  (k) => CONDITIONS[k].lasts === 'gm',
)

/** "Stumbling (2 rounds)"; a condition that starts next round says so: "No attack (next round)". */
export const chip = (c: Condition): string => conditionChip(c, CONDITIONS[c.kind].chip)
