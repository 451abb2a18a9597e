/**
 * osr: attacks and their outcomes at the table, over the rules package (`osr` in @fray/rules, chapter 17
 * of `rules/osr.txt`). The rules decide everything: which attacks are legal, the modifiers, the exact odds,
 * the natural-20 and natural-1 tables, damage, death at 0 and how conditions count down. This file maps
 * the table's fighters and requests onto them, rolls each die the rules ask for, and keeps the results
 * in each fighter's `state`.
 *
 * The defender has no parry or dodge to answer with: "Parry and Dodge is a Defensive action instead of an
 * attack" (17.0.1.4), declared for the round. What `defenses` offers is a blow struck first, on the
 * attacker's number: a long reach against one closing (17.0.1.6), a weapon set against a charge
 * (17.0.1.9). A shot that misses into a melee asks the GM whom it may hit (`Resolution.asks`, 17.0.12).
 */

import { toFloat } from '../../dice/fraction.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { readSheet } from '../../table/sheet.ts'
import type {
  AttackChoice,
  CombatRules,
  Declared,
  DefenseOption,
  Fighter,
  FighterChange,
  Preview,
  Resolution,
  Roller,
  TableView,
} from '../../table/types.ts'
import { percent } from '../../table/words.ts'
import * as osr from './rules.ts'
import { roundFacts } from './turn-view.ts'

const SHEET = { fields: osr.SHEET_FIELDS, parse: osr.parseSheet }

/** What this adapter keeps in `Fighter.state`, JSON only. */
export interface OsrState {
  /** Critical-hit conditions, fumble after-effects, reloading, charging... as the rules package shapes them. */
  conditions: osr.Condition[]
  /** Some of the damage taken was non-lethal: at 0 the fighter falls unconscious instead of dying (17.0.16). */
  nonLethalTaken: boolean
  status: osr.Status
  /** Rolled when knocked out: wakes after 1d4 turns; another may revive them once `revivableIn` reaches 0. */
  knockout?: { wakesAfterTurns: number; revivableIn: number }
  /** Rounds run so far (17.0.1.7): 3 x CON of them, and the runner is fatigued. */
  run?: osr.RunState
  /** The one this fighter holds in a grapple (17.0.18). */
  holding?: string
  /** Oil this fighter spilled on the ground and lit, each burning its 10 rounds (17.0.10). */
  groundFires?: osr.GroundFire[]
}

const SUBDUAL = 'Non-Lethal attacks or Subdual Damage (17.0.16)'

/** The state as stored, with hit points as the truth: a GM who heals a fighter above 0 brings them back. */
function stateOf(f: Fighter): OsrState {
  const s = f.state as Partial<OsrState>
  const conditions = Array.isArray(s.conditions) ? s.conditions : []
  const nonLethalTaken = s.nonLethalTaken === true
  const run = s.run && typeof s.run.roundsRun === 'number' ? { run: s.run } : {}
  const holding = typeof s.holding === 'string' ? { holding: s.holding } : {}
  const fires = Array.isArray(s.groundFires) ? { groundFires: s.groundFires } : {}
  if (f.hp > 0) return { conditions, nonLethalTaken, status: 'up', ...run, ...holding, ...fires }
  const down = s.status === 'unconscious' || (s.status !== 'dead' && nonLethalTaken)
  return { ...s, conditions, nonLethalTaken, status: down ? 'unconscious' : 'dead' }
}

const sheet = (f: Fighter): Outcome<osr.Sheet> => readSheet(SHEET, f)

/** Why this fighter cannot act at all, or null. */
function downReason(f: Fighter, state: OsrState): string | null {
  if (state.status === 'dead') return `${f.name} is dead.`
  if (state.status === 'unconscious') return `${f.name} is unconscious.`
  return null
}

// ---- Choices: each weapon in each way it can be used, then punch, kick and grapple (17.0.17, 17.0.18).

type Unarmed = 'punch' | 'kick' | 'grapple'
type Way = { weapon: number; mode: 'melee' | 'missile' } | { unarmed: Unarmed }

const UNARMED: ReadonlyArray<{ id: Unarmed; label: string }> = [
  { id: 'punch', label: 'Punch' },
  { id: 'kick', label: 'Kick' },
  { id: 'grapple', label: 'Grapple' },
]

const meleeCapable = (w: osr.Weapon) => w.kind === 'melee' || w.kind === 'melee-thrown'
const missileCapable = (w: osr.Weapon) => w.kind !== 'melee'

/**
 * The round's actions a fighter declares about themselves instead of attacking (17.0.1.4, 17.0.1.7):
 * each gives its round-long condition, and takes the turn's attack.
 */
const SELF_ACTIONS: ReadonlyArray<
  AttackChoice & { kind: osr.ActionKind | 'put-out' | 'spill-oil'; says: string }
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
    says: `spills a flask of oil on the ground and lights it: it burns ${osr.GROUND_FIRE_ROUNDS} rounds, 1d6 fire each round to any creature standing in or moving through it, no save`,
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
const HOLD: AttackChoice = {
  id: 'hold',
  label: 'Hold action · act on their number, with them',
  verb: 'Wait for them',
  waits: true,
}
const HOLD_RULE = 'Hold Action (17.0.1.6)'

/** Holding for the target, in words, or why not: one waits for another, not for oneself. */
function holding(attacker: Fighter, target: Fighter): Outcome<string> {
  if (target.id === attacker.id) return fail('Hold your action for someone else: the one you wait for.')
  const down = downReason(attacker, stateOf(attacker))
  if (down) return fail(`${down} They cannot act.`)
  return ok(`${attacker.name} waits for ${target.name} and acts on their number, at the same time`)
}

// ---- A hold kept (17.0.18): the holder hurts the one held, the held tries to break free; each time
// both sides make the grapple check again (docs reading 30), its odds shown before the roll.

const GRAPPLE_RULE = 'Grappling / Wrestling (17.0.18)'
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
function grip(attacker: Fighter, target: Fighter, choice: string) {
  const squeezing = choice === SQUEEZE.id
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

/** Putting out burning oil is offered to one who burns (17.0.10), a spell to one who casts (17.0.1.3). */
const offered = (
  a: (typeof SELF_ACTIONS)[number],
  conditions: ReadonlyArray<osr.Condition>,
  s: Pick<osr.Sheet, 'spellcaster' | 'weapons'>,
) =>
  a.kind === 'put-out'
    ? conditions.some((c) => c.kind === 'burning')
    : a.kind === 'spill-oil'
      ? s.weapons.some((w) => w.kind === 'grenade')
      : a.kind !== 'cast-spell' || s.spellcaster

const SPELL_RULE = 'Spell Casting (17.0.13)'
const GROUND_FIRE_GM = ' (GM: area damage from the tablet, 1d6, for those in the flames)'
const GRAPPLED_CASTER =
  'A grappled spellcaster may be prevented from speaking: the GM decides whether the spell is cast.'

/** What a declared spell needs: a save when its caster was attacked before their number (17.0.13). */
function spellSave(f: Fighter, state: OsrState, s: osr.Sheet) {
  const struck = state.conditions.some((c) => c.kind === 'struck')
  if (!struck) return null
  // d20 + the caster's checks (a shaken caster's -2) against the save vs Spells (docs reading 21).
  const bonus = osr.checksFromConditions(state.conditions).reduce((t, l) => t + l.value, 0)
  const needs = s.saveSpells - bonus
  const chance = Math.min(20, Math.max(0, 21 - Math.max(1, needs))) / 20
  return { needs, chance, name: f.name }
}

/** A declaration about oneself, as the rules give it (refused while surprised), or why not. */
function declareSelf(f: Fighter, target: Fighter, choice: string) {
  const action = SELF_ACTIONS.find((a) => a.id === choice)
  if (!action) return null
  if (target.id !== f.id)
    return fail(`${action.label.split(' · ')[0]} is declared for oneself, not at another.`)
  const state = stateOf(f)
  const s = sheet(f)
  if (!s.ok) return s
  if (!offered(action, state.conditions, s.value))
    return fail(
      action.kind === 'put-out'
        ? `${f.name} is not burning.`
        : action.kind === 'spill-oil'
          ? `${f.name} carries no flask of oil.`
          : `${f.name}’s sheet does not cast spells.`,
    )
  if (action.kind === 'spill-oil') {
    // "Oil spilled on the ground and ignited will burn for 10 rounds" (17.0.10): the GM is asked each round.
    const fires = [...(state.groundFires ?? []), osr.igniteGround()]
    return ok({ action, state: { ...state, groundFires: fires }, gains: [], told: GROUND_FIRE_GM })
  }
  if (action.kind === 'cast-spell') {
    // "A spellcaster must have at least one hand free and be able to speak" (17.0.13).
    const declared = osr.declareAction(action.kind, state.conditions)
    if (!declared.ok) return declared
    const can = osr.canCast(state.conditions, { handFree: true })
    if (!can.ok && !state.conditions.some((c) => c.kind === 'grappled')) return can
    return ok({ action, state, gains: [], told: '' })
  }
  if (action.kind === 'put-out') {
    // "Unless they spend the round putting out the flames by some effective means" (17.0.10).
    return ok({
      action,
      state: { ...state, conditions: osr.extinguish(state.conditions) },
      gains: [],
      told: '',
    })
  }
  const declared = osr.declareAction(action.kind, state.conditions)
  if (!declared.ok) return declared
  if (action.kind === 'move') {
    // Walking, even fatigued: up to the sheet's movement (17.0.1.1).
    const feet = osr.moveAllowance(s.value, 'move', state.run, state.conditions)
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
    const ran = osr.runRound(s.value, state.run ?? osr.FRESH)
    if (!ran.ok) return ran
    const fatigue: osr.Condition[] = ran.value.fatigued ? [{ kind: 'fatigued' }] : []
    const limit = osr.runLimit(s.value)
    const told = ran.value.fatigued
      ? `; that is ${limit} rounds run (3 x CON): ${f.name} is fatigued and walks only until 3 turns of rest`
      : `; ${limit - ran.value.roundsRun} of ${limit} rounds of running left (3 x CON)`
    const gains = [...declared.value.gains, ...fatigue]
    return ok({ action, state: { ...state, run: ran.value }, gains, told })
  }
  const told = declared.value.prompt ? ` (GM: ${declared.value.prompt})` : ''
  return ok({ action, state, gains: declared.value.gains, told })
}

function waysOf(s: osr.Sheet, conditions: ReadonlyArray<osr.Condition>): AttackChoice[] {
  const disarmed = conditions.some((c) => c.kind === 'disarmed')
  const ways: AttackChoice[] = []
  s.weapons.forEach((w, i) => {
    // "Primary weapon is knocked from enemy's grasp": the first weapon on the sheet (docs reading 13).
    if (i === 0 && disarmed) return
    const both = meleeCapable(w) && missileCapable(w)
    // The damage with the name, as every system's weapon reads: "Sword (1d8)", "Spear (thrown, 1d6)".
    const dice = osr.formatDamageDice(w.damage)
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

function wayOf(choice: string): Way | null {
  const m = /^weapon-(\d{1,2})-(melee|missile)$/.exec(choice)
  if (m) return { weapon: Number(m[1]), mode: m[2] as 'melee' | 'missile' }
  const unarmed = UNARMED.find((u) => u.id === choice)
  return unarmed ? { unarmed: unarmed.id } : null
}

// ---- Declarations: the table's request as the rules package's AttackDeclaration.

interface Setup {
  attacker: osr.Sheet
  target: osr.Sheet
  attackerState: OsrState
  targetState: OsrState
  way: Way
  weapon: osr.Weapon | null
  mode: 'melee' | 'missile'
}

function setup(attacker: Fighter, target: Fighter, choice: string): Outcome<Setup> {
  const attackerState = stateOf(attacker)
  const targetState = stateOf(target)
  const down = downReason(attacker, attackerState)
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

function declaration(s: Setup, toggles: ReadonlyArray<string>): Outcome<osr.AttackDeclaration> {
  for (const id of toggles)
    if (UNARMED.some((u) => u.id === id))
      return fail(`Choose ${id} as your way to attack, not as a modifier.`)
  if (!toggles.every(osr.isToggleId))
    return fail(`There is no "${toggles.find((t) => !osr.isToggleId(t))}" modifier in these rules.`)
  const hand = toggles.includes('two-weapon-primary')
    ? 'primary'
    : toggles.includes('two-weapon-secondary')
      ? 'secondary'
      : null
  const otherWeapon = hand ? otherHand(s, hand) : undefined
  // A charge runs at double movement, which a fatigued character may not (17.0.1.7).
  if (toggles.includes('charge')) {
    const fatigued = s.attackerState.conditions.some((c) => c.kind === 'fatigued')
    const allowance = osr.moveAllowance(s.attacker, 'charge', { ...osr.FRESH, fatigued })
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

function declare(attacker: Fighter, target: Fighter, declared: Declared) {
  const s = setup(attacker, target, declared.choice)
  if (!s.ok) return s
  const decl = declaration(s.value, declared.toggles)
  if (!decl.ok) return decl
  return ok({ setup: s.value, decl: decl.value })
}

/** Whether a toggle is worth showing for this attack: the rules refuse the rest, but a form should not offer them. */
function applies(id: osr.ToggleId, s: Setup): boolean {
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
      return !melee && w !== null && !osr.isGrenadeLike(w)
    default:
      // from behind, cover and concealment apply to every attack
      return true
  }
}

/**
 * A spell cast on the caster's number: it goes off, unless they were attacked before it, when a save vs
 * Spells keeps it (17.0.13). What it does is the GM's: the text's spells are not in this chapter.
 */
function castSpell(f: Fighter, state: OsrState, roll: Roller): Outcome<Resolution> {
  const s = sheet(f)
  if (!s.ok) return s
  const gm = state.conditions.some((c) => c.kind === 'grappled') ? ` (GM: ${GRAPPLED_CASTER})` : ''
  const after: OsrState = { ...state, conditions: state.conditions.filter((c) => c.kind !== 'struck') }
  const change = changeOf(f, f.hp, after)
  const changes = change ? { [f.id]: change } : {}
  const struck = spellSave(f, state, s.value)
  if (!struck)
    return ok({
      lines: [{ label: 'Cast a spell', value: 0, rule: 'Cast a Spell (17.0.1.3)', note: true }],
      summary: `${f.name} casts a spell: it goes off on their number${gm || ' (GM: its effect, e.g. area damage from the tablet)'}.`,
      changes,
    })
  const saved = osr.spellDisruption(s.value, state.conditions, roll(20, 'save vs Spells (disruption)'))
  if (!saved.ok) return saved
  const { total, target, lost } = saved.value
  return ok({
    lines: saved.value.lines,
    summary: `${f.name} casts a spell, attacked before their number: save ${total} against ${target}: ${lost ? 'the spell is disrupted and lost' : 'the spell goes off'}${gm}.`,
    changes,
  })
}

// ---- Striking first (17.0.1.6, 17.0.1.9): one attacked in melee who has not acted yet this round may
// strike on the attacker's number, at the same time: a long reach against one closing, even after a lower
// initiative roll; or, with equal or better initiative, a weapon set against a charge, for double damage.
// The defender answers in a prompt (the GM for a monster), with the odds of each blow.

const SET_RULE = 'Set Weapon Against Charge (17.0.1.9)'
const REACH_RULE = 'Hold Action: long reach (17.0.1.6)'
const LET_COME = 'let-come'
const NO_REACTION =
  'That answer is not open to the defender now: in these rules only a long reach, or a weapon set against a charge, strikes first, before one has acted this round.'

interface Counter {
  id: string
  weapon: number
  /** Set against a charge (double damage), else a long reach against one closing. */
  set: boolean
}

/** The blows the target of this melee attack may strike first, each with its weapon (facts: `roundFacts`). */
function counters(s: Setup, declared: Declared): Counter[] {
  const facts = declared.round ?? []
  if (s.mode !== 'melee' || !facts.includes(osr.YET_TO_ACT) || 'unarmed' in s.way) return []
  if (s.targetState.status !== 'up' || osr.attackBlockedBy(s.targetState.conditions)) return []
  const charge = declared.toggles.includes('charge') && facts.includes(osr.AS_QUICK)
  const disarmed = s.targetState.conditions.some((c) => c.kind === 'disarmed')
  return s.target.weapons.flatMap((w, i): Counter[] => {
    if (!meleeCapable(w) || (i === 0 && disarmed)) return []
    if (charge && w.settable) return [{ id: `set-${i}`, weapon: i, set: true }]
    return w.longReach ? [{ id: `reach-${i}`, weapon: i, set: false }] : []
  })
}

const counterDeclared = (c: Counter): Declared => ({
  choice: `weapon-${c.weapon}-melee`,
  toggles: c.set ? ['set-vs-charge'] : [],
})

/** The attacker as a blow struck first meets them: charging (-2 AC) once the charge is under way (17.0.1.8). */
const asCharging = (f: Fighter, declared: Declared): Fighter =>
  declared.toggles.includes('charge')
    ? { ...f, state: asJson(withConditions(stateOf(f), [{ kind: 'charging' }])) }
    : f

/** Each blow the target may strike first, with its exact odds against the attacker. */
function counterOdds(attacker: Fighter, target: Fighter, s: Setup, declared: Declared) {
  const them = asCharging(attacker, declared)
  return counters(s, declared).flatMap((c) => {
    const d = declare(target, them, counterDeclared(c))
    const odds = d.ok ? osr.attackOdds(d.value.decl) : null
    if (!d.ok || !odds?.ok) return []
    const chance = toFloat(odds.value.hit)
    const mean = toFloat(odds.value.expectedDamage).toFixed(1)
    return [{ counter: c, weapon: d.value.setup.weapon?.name ?? 'weapon', chance, mean }]
  })
}

/** The defender's prompt: each blow struck first with its odds, or none. */
function counterOptions(attacker: Fighter, target: Fighter, s: Setup, declared: Declared): DefenseOption[] {
  const blows = counterOdds(attacker, target, s, declared).map(({ counter, weapon, chance, mean }) => ({
    id: counter.id,
    label: counter.set ? `Set the ${weapon} against the charge` : `Strike first with the ${weapon}`,
    chance,
    effect: counter.set
      ? `On ${attacker.name}’s number, at the same time: hits ${percent(chance)}, double damage, ${mean} on average; it spends your action this round (${SET_RULE}).`
      : `If ${attacker.name} is closing on you, your long reach strikes on their number, at the same time, even after a lower initiative: hits ${percent(chance)}, ${mean} damage on average; it spends your action this round (${REACH_RULE}).`,
  }))
  if (blows.length === 0) return []
  const wait = 'No blow now: your action waits for your own number.'
  return [...blows, { id: LET_COME, label: 'Let them come', chance: null, effect: wait }]
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

/**
 * The attack, answered by its target: they let it come, or strike first on its number, at the same time
 * (both blows land whatever the other does). The blow struck first spends the target's action.
 */
function answered(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string,
  roll: Roller,
): Outcome<Resolution> {
  const d = declare(attacker, target, declared)
  if (!d.ok) return d
  const counter = counters(d.value.setup, declared).find((c) => c.id === defense)
  if (!counter && (defense !== LET_COME || counters(d.value.setup, declared).length === 0))
    return fail(NO_REACTION)
  const first = strike(attacker, target, declared, roll)
  if (!first.ok) return first
  const [, targetHp, targetState] = first.value.target
  const [, attackerHp, attackerState] = first.value.attacker
  const them: Fighter = { ...attacker, hp: attackerHp, state: asJson(attackerState) }
  // The target's own dice for their blow; the attacker's typed faces never stand for them.
  const theirs: Roller = (sides, label, owner) =>
    roll(sides, label, owner === 'target' ? 'attacker' : 'target')
  const second = counter ? strike(target, them, counterDeclared(counter), theirs) : null
  const gm = (prompts: string[]) => (prompts.length > 0 ? ` (GM: ${prompts.join(' ')})` : '')
  if (!second?.ok) {
    const why = second && !second.ok ? `: ${second.error}` : ''
    return ok({
      lines: [...first.value.lines, { label: 'Let them come', value: 0, rule: REACH_RULE, note: true }],
      summary: `${first.value.said.join('; ')}; ${target.name} lets them come${why}.${gm(first.value.prompts)}`,
      changes: changesOf(first.value.attacker, first.value.target),
    })
  }
  const weapon = d.value.setup.target.weapons[counter?.weapon ?? 0]?.name ?? 'weapon'
  const how = counter?.set ? `sets the ${weapon} against the charge` : `strikes first with the ${weapon}`
  const [, hurtHp, hurtState] = second.value.target
  return ok({
    lines: [
      ...first.value.lines,
      {
        label: counter?.set ? 'Set against the charge' : 'Long reach',
        value: 0,
        rule: counter?.set ? SET_RULE : REACH_RULE,
        note: true,
      },
      ...second.value.lines,
    ],
    summary: `${first.value.said.join('; ')}; at the same time ${target.name} ${how}: ${second.value.said.join('; ')}.${gm([...first.value.prompts, ...second.value.prompts])}`,
    changes: changesOf(
      [attacker, hurtHp, hurtState],
      [target, targetHp, withConditions(targetState, second.value.gains)],
    ),
    spent: [target.id],
  })
}

// ---- Missiles That Miss (17.0.12): a shot that misses into a melee with the shooter's allies may hit
// one. "The GM decides which allies may be hit, and roll attacks against each until a hit is made": the
// room asks the GM, at the miss, to tap the allies who could be hit (in the order the shot could find
// them), then rolls the shooter's attack against each in turn, on the GM's dice, never the player's.

/** The follow-up's choice: the weapon's own, marked as the stray shot of it. */
const STRAY = 'stray:'
const STRAY_RULE = 'Missiles That Miss (17.0.12)'
const STRAY_GM = 'Only the GM rolls a missed shot against allies, choosing who could be hit (17.0.12).'
const NOBODY = 'none'

/** An ally's AC against a missile now: the sheet's, with a parry's +2 and the like. */
function acAgainstMissile(f: Fighter, s: osr.Sheet): number {
  return osr.acFromConditions(stateOf(f).conditions, 'missile').reduce((ac, l) => ac + l.value, s.ac)
}

/** Those of the shooter's side who could be in the melee: everyone on it but the shooter and the dead. */
function alliesOf(shooter: Fighter, table: TableView): Fighter[] {
  return table.fighters.filter(
    (f) => f.side === shooter.side && f.id !== shooter.id && stateOf(f).status !== 'dead',
  )
}

/** The GM's prompt at the miss: each ally the shot could hit, with the chance the roll hits them. */
function strayAsks(
  shooter: Fighter,
  target: Fighter,
  declared: Declared,
  table: TableView,
): { said: string; asks?: NonNullable<Resolution['asks']> } {
  const s = sheet(shooter)
  const allies = alliesOf(shooter, table)
  if (!s.ok || allies.length === 0)
    return { said: `no ally of ${shooter.name}’s is in the fight for it to hit: the missile is lost` }
  const options: DefenseOption[] = allies.flatMap((a) => {
    const t = sheet(a)
    if (!t.ok) return []
    const ac = acAgainstMissile(a, t.value)
    const chance = osr.strayChance(s.value, ac)
    const effect = `${shooter.name}’s attack is rolled against AC ${ac}: hits ${percent(chance)}, then the weapon’s damage.`
    return [{ id: a.id, label: a.name, chance, effect }]
  })
  const lost = 'No ally is close enough: the missile is lost.'
  options.push({ id: NOBODY, label: 'Nobody', chance: null, effect: lost })
  return {
    said: `the missed shot may hit one of ${shooter.name}’s allies in the melee: the GM chooses who could be, and the room rolls`,
    asks: {
      question: `${shooter.name}’s shot missed ${target.name} into a melee: tap the allies it could hit, nearest first. The room rolls ${shooter.name}’s attack against each in turn until one is hit (${STRAY_RULE}).`,
      declared: { choice: `${STRAY}${declared.choice}`, toggles: [] },
      options,
      many: true,
      verb: 'Roll the stray shot',
    },
  }
}

/**
 * The stray shot, once the GM has chosen: the shooter's attack bonus + DEX against each chosen ally in
 * turn (docs reading 22), until one is hit; that one takes the weapon's damage.
 */
function strayShot(
  shooter: Fighter,
  declared: Declared,
  defense: string | null,
  roll: Roller,
  table?: TableView,
): Outcome<Resolution> {
  if (defense === null || !table) return fail(STRAY_GM)
  const s = sheet(shooter)
  if (!s.ok) return s
  const way = wayOf(declared.choice.slice(STRAY.length))
  const weapon = way && 'weapon' in way && way.mode === 'missile' ? s.value.weapons[way.weapon] : undefined
  if (!weapon) return fail('That shot was not made with a missile weapon.')
  const note: BreakdownLine = { label: 'stray missile', value: 0, rule: STRAY_RULE, note: true }
  const lost = `${shooter.name}’s missed shot strays into the melee`
  if (defense === NOBODY)
    return ok({
      lines: [note],
      summary: `${lost}: the GM chose nobody it could hit, and the missile is lost.`,
      changes: {},
    })
  const ids = defense.split('+')
  const allies = alliesOf(shooter, table)
  const chosen = ids.map((id) => allies.find((a) => a.id === id))
  if (new Set(ids).size !== ids.length || chosen.some((a) => !a))
    return fail(`Choose among ${shooter.name}’s allies in the fight, each once, or nobody.`)
  const lines: BreakdownLine[] = [note]
  const said: string[] = []
  for (const ally of chosen as Fighter[]) {
    const t = sheet(ally)
    if (!t.ok) return t
    const ac = acAgainstMissile(ally, t.value)
    // The GM's rolls, not the player's (17.0.12): never the shooter's typed faces.
    const d20 = roll(20, `stray shot at ${ally.name} (GM)`, 'target')
    const shot = osr.strayMissile(s.value, weapon, [{ id: ally.id, name: ally.name, ac }], [d20])
    if (!shot.ok) return shot
    const r = shot.value.rolls[0]
    if (!r) return fail('The stray shot was not rolled.')
    lines.push(...r.lines)
    said.push(`${r.total} against ${ally.name}’s AC ${ac}: ${r.hit ? 'a hit' : 'a miss'}`)
    if (!r.hit) continue
    const { count, sides } = weapon.damage
    const faces = Array.from({ length: count }, () => roll(sides, `stray damage d${sides} (GM)`, 'target'))
    const dealt = osr.strayDamage(s.value, weapon, faces)
    if (!dealt.ok) return dealt
    lines.push(...dealt.value.lines)
    const taken = takeDamage(ally, stateOf(ally), dealt.value.total, false, roll)
    const change = changeOf(ally, taken.hp, taken.state)
    const fell = taken.event ? `; ${ally.name} ${taken.event}` : ''
    return ok({
      lines,
      summary: `${lost}: ${said.join('; ')}: ${ally.name} takes ${dealt.value.total} damage${fell}.`,
      changes: change ? { [ally.id]: change } : {},
    })
  }
  return ok({
    lines,
    summary: `${lost}: ${said.join('; ')}: it hits none of them, and the missile is lost.`,
    changes: {},
  })
}

const GRIPS = [SQUEEZE.id, BREAK_FREE.id]

/**
 * A hold acted on: both grapple checks (the holder's as the grappler's, 17.0.18); the holder who keeps
 * it deals 1d3 + STR non-lethal (like a punch); a broken hold frees the held.
 */
function gripResolve(attacker: Fighter, target: Fighter, choice: string, roll: Roller): Outcome<Resolution> {
  const g = grip(attacker, target, choice)
  if (!g.ok) return g
  const { squeezing, holder, held, holderSheet, heldSheet } = g.value
  // Each side's die is its own: the one acting rolls first.
  const mine = roll(20, `grapple check of ${attacker.name}`)
  const theirs = roll(20, `grapple check of ${target.name}`, 'target')
  const check = osr.grappleCheck(holderSheet, heldSheet, {
    attacker: squeezing ? mine : theirs,
    defender: squeezing ? theirs : mine,
  })
  if (!check.ok) return check
  const lines = [...check.value.attacker.lines, ...check.value.defender.lines]
  const said = [
    `${holder.name}’s grapple check ${check.value.attacker.total} against ${held.name}’s ${check.value.defender.total}`,
  ]
  let holderState = stateOf(holder)
  let heldState = stateOf(held)
  let heldHp = held.hp
  if (check.value.result === 'held') {
    said.push(squeezing ? 'the hold is kept' : `${held.name} is still held`)
    if (squeezing) {
      const hurt = osr.grappleDamage(holderSheet, roll(3, 'unarmed damage d3'))
      if (!hurt.ok) return hurt
      lines.push(...hurt.value.lines)
      const taken = takeDamage(held, heldState, hurt.value.total, true, roll)
      heldState = taken.state
      heldHp = taken.hp
      said.push(`${hurt.value.total} non-lethal damage`)
      if (taken.event) said.push(`${held.name} ${taken.event}`)
    }
  } else {
    said.push(`the hold is broken: ${held.name} is free`)
    heldState = { ...heldState, conditions: osr.removeCondition(heldState.conditions, 'grappled') }
    holderState = { ...holderState, holding: undefined }
  }
  lines.push({
    label: squeezing ? 'Hurt the one held' : 'Break free',
    value: 0,
    rule: GRAPPLE_RULE,
    note: true,
  })
  return ok({
    lines,
    summary: `${said.join('; ')}.`,
    changes: changesOf([holder, holder.hp, holderState], [held, heldHp, heldState]),
  })
}

// ---- Parting shots (17.0.2): "Any time a character turns their back on an adjacent opponent (who has a
// ready weapon) and begins movement, that opponent is allowed a 'parting shot' with a +2 bonus to attack,
// even if that opponent has already made all attacks for the round." Fray keeps no positions: one who runs
// away asks the GM, at that moment, to tap the opponents within 5 ft; the room rolls each one's shot,
// which counts against none of its attacks. A fighting withdrawal (backing away at half walking movement,
// still fighting) draws none: it is no run, and the GM answers "Nobody" for one who only backs away.

/** The follow-up's choice: the parting shots at the one who runs. */
const PARTING = 'parting-shots'
const PARTING_RULE = 'Defensive Movement and Attacks of Opportunity (17.0.2)'
const PARTING_GM =
  'Only the GM says who is within 5 ft of one who turns their back and moves away, for their parting shots (17.0.2).'
/** The declarations that turn one's back and move, in the GM's prompt's words. */
const TURNS_BACK: Partial<Record<string, string>> = { 'run-away': 'runs', move: 'moves away' }

/**
 * The parting shot an opponent may take at the runner: one attack mode, its first melee weapon in hand
 * ("a tiger with a claw/claw/bite routine could only claw once or bite once"), +2; null without a ready weapon.
 */
function partingShot(foe: Fighter, runner: Fighter) {
  if (foe.side === runner.side || stateOf(foe).status !== 'up') return null
  const s = sheet(foe)
  if (!s.ok) return null
  const disarmed = stateOf(foe).conditions.some((c) => c.kind === 'disarmed')
  const i = s.value.weapons.findIndex((w, n) => meleeCapable(w) && !(n === 0 && disarmed))
  if (i < 0) return null
  const declared: Declared = { choice: `weapon-${i}-melee`, toggles: ['parting-shot'] }
  const d = declare(foe, runner, declared)
  const odds = d.ok ? osr.attackOdds(d.value.decl) : null
  if (!d.ok || !odds?.ok) return null
  const weapon = d.value.setup.weapon?.name ?? 'weapon'
  return { foe, declared, weapon, chance: toFloat(odds.value.hit), mean: toFloat(odds.value.expectedDamage) }
}

/** The GM's prompt as one turns their back and runs: each opponent with a ready weapon, with its odds. */
function partingAsks(
  runner: Fighter,
  table: TableView,
  verb: string,
): NonNullable<Resolution['asks']> | undefined {
  const shots = table.fighters.flatMap((f) => partingShot(f, runner) ?? [])
  if (shots.length === 0) return undefined
  const options: DefenseOption[] = shots.map(({ foe, weapon, chance, mean }) => ({
    id: foe.id,
    label: foe.name,
    chance,
    effect: `A parting shot with the ${weapon} at +2, even after all its attacks this round: hits ${percent(chance)}, ${mean.toFixed(1)} damage on average.`,
  }))
  options.push({
    id: NOBODY,
    label: 'Nobody',
    chance: null,
    effect: `Nobody with a ready weapon is within 5 ft of ${runner.name} (or ${runner.name} only backs away, fighting): no parting shot.`,
  })
  return {
    question: `${runner.name} turns their back and ${verb}: tap each opponent within 5 ft who has a ready weapon. Each gets a parting shot at +2, even if it has already made all its attacks this round; one attack mode only. The room rolls them (${PARTING_RULE}).`,
    declared: { choice: PARTING, toggles: [] },
    options,
    many: true,
    verb: 'Roll the parting shots',
  }
}

/** The parting shots the GM tapped, in turn, on the runner as the last one left them. */
function partingShots(
  runner: Fighter,
  defense: string | null,
  roll: Roller,
  table?: TableView,
): Outcome<Resolution> {
  if (defense === null || !table) return fail(PARTING_GM)
  const note: BreakdownLine = { label: 'parting shot', value: 0, rule: PARTING_RULE, note: true }
  if (defense === NOBODY)
    return ok({ lines: [note], summary: `Nobody takes a parting shot at ${runner.name}.`, changes: {} })
  const ids = defense.split('+')
  const chosen = ids.map((id) => table.fighters.find((f) => f.id === id))
  if (new Set(ids).size !== ids.length || chosen.some((f) => !f || !partingShot(f, runner)))
    return fail(`Choose among ${runner.name}’s opponents with a ready weapon, each once, or nobody.`)
  const lines: BreakdownLine[] = [note]
  const said: string[] = []
  const prompts: string[] = []
  const changes: Record<string, FighterChange> = {}
  let now = runner
  for (const foe of chosen as Fighter[]) {
    if (stateOf(now).status !== 'up') break
    const shot = partingShot(foe, now)
    if (!shot) continue
    const struck = strike(foe, now, shot.declared, (sides, label) =>
      roll(sides, `${foe.name}: ${label}`, 'target'),
    )
    if (!struck.ok) return struck
    lines.push(...struck.value.lines)
    said.push(...struck.value.said)
    prompts.push(...struck.value.prompts)
    const [, foeHp, foeState] = struck.value.attacker
    const [, hp, state] = struck.value.target
    Object.assign(changes, changesOf([foe, foeHp, foeState]))
    now = { ...now, hp, state: asJson(state) }
  }
  Object.assign(changes, changesOf([runner, now.hp, stateOf(now)]))
  const gm = prompts.length > 0 ? ` (GM: ${prompts.join(' ')})` : ''
  return ok({ lines, summary: `Parting shots at ${runner.name}: ${said.join('; ')}.${gm}`, changes })
}

// ---- Resolution.

/** One attack rolled and applied to both fighters' hit points and states, before it is summed up. */
interface Struck {
  lines: BreakdownLine[]
  said: string[]
  prompts: string[]
  attacker: [Fighter, number, OsrState]
  target: [Fighter, number, OsrState]
  /** The conditions the attack gave its attacker (a fumble's, a charge's). */
  gains: osr.Condition[]
  /** A missile that missed into a melee with the shooter's allies: it may hit one (17.0.12). */
  strays: boolean
}

/** Rolls a declared attack (a weapon, a punch, a grapple's touch) and works out what it does to both. */
function strike(attacker: Fighter, target: Fighter, declared: Declared, roll: Roller): Outcome<Struck> {
  const d = declare(attacker, target, declared)
  if (!d.ok) return d
  const { setup: s, decl } = d.value
  const rolled = rollAttack(decl, roll)
  if (!rolled.ok) return rolled
  const r = rolled.value

  const lines: BreakdownLine[] = [...r.toHit, ...acLines(r.acLines, target.id)]
  const said: string[] = []
  let attackerState = withConditions(s.attackerState, r.attackerGains)
  let targetState = withConditions(s.targetState, r.targetGains)
  let attackerHp = attacker.hp
  let targetHp = target.hp
  const what = s.weapon ? ` with the ${s.weapon.name}` : ''
  const against = `${r.total} against AC ${r.ac}`

  if (r.hit)
    said.push(
      `${attacker.name} hits ${target.name}${what} (${against}${r.natural === 20 ? ', natural 20' : ''})`,
    )
  else said.push(`${attacker.name} misses ${target.name}${what} (${r.natural === 1 ? 'natural 1' : against})`)

  if (r.special) {
    lines.push(...r.special.lines)
    said.push(r.special.text)
  }
  if (r.condition) said.push(`${r.condition.text}: ${r.condition.effect}`)
  if (r.fumble) {
    // The table's row is a sentence of its own: in the breakdown it names the roll, in the log it ends without a second stop.
    const row = r.fumble.text.replace(/\.$/, '')
    lines.push({
      label: `fumble table roll (${row})`,
      value: r.fumble.roll,
      rule: 'Critical Miss (17.0.4)',
    })
    if (r.fumble.dexCheck) {
      lines.push(...r.fumble.dexCheck.lines)
      said.push(
        `${r.fumble.text} DEX check ${r.fumble.dexCheck.total} against ${r.fumble.dexCheck.dc}: ${r.fumble.dexCheck.passed ? 'passed' : 'failed'}`,
      )
    } else said.push(row)
    if (r.freeAttackForTarget) said.push(`${target.name} gets a free attack`)
  }

  if (r.damage) {
    lines.push(...r.damage.lines)
    const toAttacker = r.damage.to === 'attacker'
    const hurt = toAttacker ? attacker : target
    const taken = takeDamage(
      hurt,
      toAttacker ? attackerState : targetState,
      r.damage.total,
      r.damage.nonLethal,
      roll,
    )
    if (toAttacker) {
      attackerState = taken.state
      attackerHp = taken.hp
      said.push(`metal armor: ${attacker.name} takes the ${r.damage.total} damage instead`)
    } else {
      targetState = taken.state
      targetHp = taken.hp
      said.push(`${r.damage.total}${r.damage.nonLethal ? ' non-lethal' : ''} damage`)
    }
    if (taken.event) said.push(`${hurt.name} ${taken.event}`)
  }

  // Oil and holy water that hit directly: fire and the next round's burn, or holy water on the undead.
  const w = s.weapon
  const fuse = declared.toggles.includes('oil-fuse')
  if (w && osr.isGrenadeLike(w) && r.hit) {
    const oil = w.kind === 'grenade'
    const sheetOf = s.target
    const hit = oil
      ? osr.oilDirectHit(
          sheetOf,
          'on-impact',
          sheetOf.fireResistant ? undefined : roll(8, `oil on ${target.name}`),
        )
      : osr.holyWater(sheetOf, 'direct', sheetOf.undead ? roll(8, `holy water on ${target.name}`) : undefined)
    if (!hit.ok) return hit
    const splash =
      oil && fuse && !sheetOf.fireResistant
        ? osr.oilSplash(
            sheetOf,
            { ignition: 'fuse', directlyHit: true },
            { d6: roll(6, `splash on ${target.name}`) },
          )
        : null
    if (splash && !splash.ok) return splash
    const total = hit.value.total + (splash?.value.total ?? 0)
    lines.push(...hit.value.lines, ...(splash?.value.lines ?? []))
    if (total > 0) {
      const taken = takeDamage(target, targetState, total, false, roll)
      targetState = taken.state
      targetHp = taken.hp
      said.push(`${target.name} takes ${total} ${oil ? 'fire ' : ''}damage`)
      if (taken.event) said.push(`${target.name} ${taken.event}`)
    } else if (hit.value.note) said.push(hit.value.note.replace(/\.$/, ''))
    if (hit.value.gains.length > 0 && targetState.status !== 'dead') {
      targetState = withConditions(targetState, hit.value.gains)
      said.push(
        `${target.name} is burning: another 1d8 next round unless they spend it putting out the flames`,
      )
    }
  }
  if (w?.kind === 'grenade' && fuse)
    r.prompts.push(
      'The oil splashes: all others within 5 feet of the impact take 1d6, a save vs Death Ray avoids it.',
    )
  if (w?.kind === 'holy-water')
    r.prompts.push('Each undead within 5 feet of the impact takes 1d6 holy water splash.')

  if (r.grabbed) {
    const a = roll(20, `grapple check of ${attacker.name}`)
    const t = roll(20, `grapple check of ${target.name}`, 'target')
    const check = osr.grappleCheck(s.attacker, s.target, { attacker: a, defender: t })
    if (!check.ok) return check
    const held = check.value.result === 'held'
    lines.push(...check.value.attacker.lines, ...check.value.defender.lines)
    said.push(
      `grapple check ${check.value.attacker.total} against ${check.value.defender.total}: ${held ? 'the hold is kept' : 'the hold is broken'}`,
    )
    if (held) {
      targetState = withConditions(targetState, [{ kind: 'grappled' }])
      attackerState = { ...attackerState, holding: target.id }
    }
  }

  if (s.weapon && osr.isGrenadeLike(s.weapon) && !r.hit) {
    const landed = osr.scatter(roll(10, 'scatter'))
    if (!landed.ok) return landed
    lines.push({ label: 'scatter', value: landed.value.roll, rule: 'Grenade-Like Missiles (17.0.9)' })
    said.push(
      `the flask lands ${landed.value.text} (in 10' squares from ${target.name}, as the thrower sees it)`,
    )
  }

  // Light and heavy crossbows, siege engines: the next rounds are spent reloading (17.0.9).
  const reload = s.weapon && s.mode === 'missile' ? osr.reloadRoundsNeeded(s.weapon) : 0
  if (reload > 0)
    attackerState = withConditions(attackerState, [{ kind: 'reloading', rounds: reload, fresh: true }])

  // A spellcaster attacked before their number, even by a miss, must save to cast this round (17.0.13).
  if (
    declared.round?.includes(osr.ACTS_LATER) &&
    s.target.spellcaster &&
    targetState.status === 'up' &&
    !targetState.conditions.some((c) => c.kind === 'struck')
  ) {
    targetState = withConditions(targetState, [{ kind: 'struck' }])
    said.push(`${target.name} was attacked before their number: a spell cast this round needs a save`)
  }

  return ok({
    lines,
    said,
    prompts: r.prompts,
    attacker: [attacker, attackerHp, attackerState],
    target: [target, targetHp, targetState],
    gains: r.attackerGains,
    // A shot that misses into a melee with the shooter's allies may hit one of them (17.0.12).
    strays: !r.hit && declared.toggles.includes('into-melee') && !!w && !osr.isGrenadeLike(w),
  })
}

const DIE_LABELS: Record<osr.AttackDiePurpose, string> = {
  d20: 'to hit',
  special: 'special roll (natural 20)',
  condition: 'condition chart',
  fumble: 'fumble roll (natural 1)',
  dexCheck: 'DEX check',
  stumbleRounds: 'stumble rounds',
  damage: 'damage',
}

/** Rolls each die the rules ask for, in the table's order, then resolves with those faces. */
function rollAttack(decl: osr.AttackDeclaration, roll: Roller): Outcome<osr.AttackResult> {
  const rolled = osr.rollAttack(decl, (sides, purpose) =>
    roll(sides, purpose === 'damage' ? `${DIE_LABELS.damage} d${sides}` : DIE_LABELS[purpose]),
  )
  if (!rolled.ok) return rolled
  const { faces: _faces, ...result } = rolled.value
  return ok(result)
}

/** Damage taken by one fighter: death at 0, or unconscious after non-lethal damage, with the knockout dice. */
function takeDamage(
  f: Fighter,
  state: OsrState,
  amount: number,
  nonLethal: boolean,
  roll: Roller,
): { hp: number; state: OsrState; event: string | null } {
  const applied = osr.applyDamage(
    { hp: f.hp, maxHp: f.maxHp, nonLethalTaken: state.nonLethalTaken, status: state.status },
    amount,
    nonLethal,
  )
  const { hp, nonLethalTaken, status } = applied.health
  const next: OsrState = { ...state, nonLethalTaken, status }
  if (status === 'unconscious' && state.status !== 'unconscious') {
    const d4 = roll(4, 'turns until waking')
    const twoD10 = [roll(10, 'rounds until revivable'), roll(10, 'rounds until revivable')]
    const times = osr.knockoutTimes({ d4, twoD10 })
    if (times.ok)
      next.knockout = {
        wakesAfterTurns: times.value.wakesAfterTurns,
        revivableIn: times.value.revivableAfterRounds,
      }
  }
  if (status === 'dead') delete next.knockout
  return { hp, state: next, event: applied.event }
}

const asJson = (s: OsrState): Record<string, unknown> => JSON.parse(JSON.stringify(s))

/** What changed on one fighter, or null: fighters the outcome left as they were stay out of `changes`. */
function changeOf(f: Fighter, hp: number, state: OsrState): FighterChange | null {
  const sameState = JSON.stringify(state) === JSON.stringify(stateOf(f))
  if (hp === f.hp && sameState) return null
  return { ...(hp === f.hp ? {} : { hp }), ...(sameState ? {} : { state: asJson(state) }) }
}

/** The changes of several fighters, by id, leaving out those with none. */
function changesOf(...each: Array<[Fighter, number, OsrState]>): Record<string, FighterChange> {
  const changes: Record<string, FighterChange> = {}
  for (const [f, hp, state] of each) {
    const change = changeOf(f, hp, state)
    if (change) changes[f.id] = change
  }
  return changes
}

function withConditions(state: OsrState, gains: ReadonlyArray<osr.Condition>): OsrState {
  if (gains.length === 0) return state
  const kept = state.conditions.filter((c) => !gains.some((g) => g.kind === c.kind))
  return { ...state, conditions: [...kept, ...gains] }
}

/** The target's AC and what changes it, labelled so they do not read as modifiers to the d20. */
const acLines = (lines: ReadonlyArray<BreakdownLine>, defense: string): BreakdownLine[] =>
  lines.map((l, i) => ({ ...l, ...(i === 0 ? {} : { label: `AC: ${l.label}` }), defense }))

/**
 * A melee attacker may back away fighting instead, at half walking movement, and draws no parting shot
 * ("This is termed a fighting withdrawal", 17.0.2); turning their back to move away draws them all.
 */
function withdrawal(s: Setup): string {
  if (s.mode !== 'melee') return ''
  const feet = osr.moveAllowance(s.attacker, 'withdraw')
  return feet.ok
    ? `; or back away up to ${feet.value} ft still fighting (a fighting withdrawal: no parting shots)`
    : ''
}

/**
 * The walk the round leaves around the action, as the rules package allows it ("Movement can be broken
 * up, using some of the distance before and after the action", 17.0.1.1, 17.0.1.3); none if it allows none.
 */
function moveAround(s: osr.Sheet, state: OsrState, action: string): string {
  const feet = osr.moveAllowance(s, 'move', state.run, state.conditions)
  return feet.ok ? `; move up to ${feet.value} ft too, split before and after the ${action}` : ''
}

function hitsOn(needs: number, chance: number): string {
  return needs >= 20
    ? `Hits only on a natural 20 (${percent(chance)})`
    : `Hits on ${needs} or more on a d20 (${percent(chance)})`
}

/** What a screen reads of osr's combat (`ScreenRules.combat`); `osrCombat` adds what only the room runs. */
export const osrCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    return downReason(f, stateOf(f))
  },

  choices(attacker: Fighter): Outcome<AttackChoice[]> {
    const state = stateOf(attacker)
    const down = downReason(attacker, state)
    if (down) return fail(`${down} They cannot attack.`)
    const blocked = osr.attackBlockedBy(state.conditions)
    if (blocked) return fail(blocked)
    const s = sheet(attacker)
    if (!s.ok) return s
    const grips = [
      ...(state.holding ? [SQUEEZE] : []),
      ...(state.conditions.some((c) => c.kind === 'grappled') ? [BREAK_FREE] : []),
    ]
    return ok([
      ...waysOf(s.value, state.conditions),
      ...grips,
      HOLD,
      ...SELF_ACTIONS.filter((a) => offered(a, state.conditions, s.value)).map(
        ({ id, label, self, verb }) => ({
          id,
          label,
          self,
          verb,
        }),
      ),
    ])
  },

  toggles(attacker: Fighter, target: Fighter, choice: string): ModifierToggle[] {
    if (GRIPS.includes(choice) || choice === HOLD.id || SELF_ACTIONS.some((a) => a.id === choice)) return []
    const s = setup(attacker, target, choice)
    if (!s.ok) return []
    return osr.ATTACK_MODIFIERS.filter((t) => applies(t.id, s.value))
  },

  preview(attacker: Fighter, target: Fighter, declared: Declared, table?: TableView): Outcome<Preview> {
    if (GRIPS.includes(declared.choice)) {
      const g = grip(attacker, target, declared.choice)
      if (!g.ok) return g
      const kept = toFloat(osr.grappleHoldChance(g.value.holderSheet, g.value.heldSheet))
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
      return held.ok ? ok({ chance: 1, summary: `${held.value}: ${HOLD_RULE}.`, lines: [] }) : held
    }
    const own = declareSelf(attacker, target, declared.choice)
    if (own) {
      if (!own.ok) return own
      const s = sheet(attacker)
      const casts = s.ok && own.value.action.kind === 'cast-spell'
      const save = casts ? spellSave(attacker, own.value.state, s.value) : null
      const moves = casts ? moveAround(s.value, own.value.state, 'spell') : ''
      if (save)
        return ok({
          chance: save.chance,
          summary: `Attacked before your number: the spell holds on a save vs Spells of ${save.needs} or more on a d20 (${percent(save.chance)}), else it is lost (${SPELL_RULE})${moves}.`,
          lines: [],
        })
      // Running turns one's back on those beside one: each with a ready weapon gets a parting shot (17.0.2).
      const parting = TURNS_BACK[own.value.action.kind]
        ? '; turning your back, each opponent within 5 ft with a ready weapon gets a parting shot at +2 (17.0.2)'
        : ''
      return ok({
        chance: 1,
        summary: `${attacker.name} ${own.value.action.says} (${osr.ACTIONS.find((a) => a.kind === own.value.action.kind)?.rule})${own.value.told}${moves}${parting}.`,
        lines: [],
      })
    }
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const plan = osr.planAttack(d.value.decl)
    if (!plan.ok) return plan
    const odds = osr.attackOdds(d.value.decl)
    if (!odds.ok) return odds
    const chance = toFloat(odds.value.hit)
    const toYou = odds.value.damageTo === 'attacker' ? ' to you (metal armor)' : ''
    // A grapple's touch attack grabs; both grapple checks then decide the hold (17.0.18).
    const grabs = plan.value.grapple
      ? `; a hit grabs ${target.name}, and the grapple check keeps the hold ${percent(toFloat(osr.grappleHoldChance(d.value.setup.attacker, d.value.setup.target)))}`
      : ''
    const damage = odds.value.damageOnHit
      ? `; ${toFloat(odds.value.expectedDamage).toFixed(1)} damage${toYou} on average`
      : ''
    // Then the rounds of reloading, doing nothing else (17.0.9).
    const reload =
      d.value.setup.weapon && d.value.setup.mode === 'missile'
        ? osr.reloadRoundsNeeded(d.value.setup.weapon)
        : 0
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

  defenses(attacker: Fighter, target: Fighter, declared: Declared) {
    if (GRIPS.includes(declared.choice)) {
      const g = grip(attacker, target, declared.choice)
      return g.ok ? ok([]) : g
    }
    if (declared.choice === HOLD.id) {
      const held = holding(attacker, target)
      return held.ok ? ok([]) : held
    }
    const own = declareSelf(attacker, target, declared.choice)
    if (own) return own.ok ? ok([]) : own
    if (declared.choice.startsWith(STRAY)) return fail(STRAY_GM)
    if (declared.choice === PARTING) return fail(PARTING_GM)
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const options = counterOptions(attacker, target, d.value.setup, declared)
    if (options.length === 0) return ok(options)
    // Before the defender is asked, what rolling the attack would refuse before any die (two cover
    // levels, a shot past long range) is refused here, so the room asks no dry run (`defensesCheckResolve`).
    const planned = osr.planAttack(d.value.decl)
    return planned.ok ? ok(options) : planned
  },

  resolve(
    attacker: Fighter,
    target: Fighter,
    declared: Declared,
    defense: string | null,
    roll: Roller,
    table?: TableView,
  ): Outcome<Resolution> {
    if (declared.choice.startsWith(STRAY)) return strayShot(attacker, declared, defense, roll, table)
    if (declared.choice === PARTING) return partingShots(attacker, defense, roll, table)
    if (defense !== null) return answered(attacker, target, declared, defense, roll)
    if (GRIPS.includes(declared.choice)) return gripResolve(attacker, target, declared.choice, roll)
    if (declared.choice === HOLD.id) {
      const held = holding(attacker, target)
      if (!held.ok) return held
      return ok({
        lines: [{ label: 'Hold action', value: 0, rule: HOLD_RULE, note: true }],
        summary: `${held.value}.`,
        changes: {},
      })
    }
    const own = declareSelf(attacker, target, declared.choice)
    if (own) {
      if (!own.ok) return own
      const { action, state, gains, told } = own.value
      if (action.kind === 'cast-spell') return castSpell(attacker, state, roll)
      const rule =
        action.kind === 'put-out' || action.kind === 'spill-oil'
          ? 'Oil (17.0.10)'
          : (osr.ACTIONS.find((a) => a.kind === action.kind)?.rule ?? '')
      const change = changeOf(attacker, attacker.hp, withConditions(state, gains))
      // Turning their back on those beside them, one who runs or moves away draws their parting shots (17.0.2).
      const verb = TURNS_BACK[action.kind]
      const asks = verb && table ? partingAsks(attacker, table, verb) : undefined
      const parting = asks ? '; the GM says who is within 5 ft of them for a parting shot' : ''
      return ok({
        lines: [{ label: action.label.split(' · ')[0] ?? action.label, value: 0, rule, note: true }],
        summary: `${attacker.name} ${action.says}${told}${parting}.`,
        changes: change ? { [attacker.id]: change } : {},
        ...(asks ? { asks } : {}),
      })
    }
    const struck = strike(attacker, target, declared, roll)
    if (!struck.ok) return struck
    const { lines, said, prompts } = struck.value
    // The GM chooses the allies a stray shot may hit, in a prompt; the room rolls (17.0.12).
    const asks = struck.value.strays && table ? strayAsks(attacker, target, declared, table) : undefined
    if (asks) said.push(asks.said)
    else if (struck.value.strays)
      prompts.push(
        `${attacker.name}’s missed shot may hit an ally in the melee: the GM chooses who may be hit and rolls ${attacker.name}’s attack against each in turn until one is hit.`,
      )
    // Moving on after the blow, back turned: those beside them get their parting shots (17.0.1.1, 17.0.2).
    const [, hp, state] = struck.value.attacker
    const leaving = { ...attacker, hp, state: asJson(state) }
    const parting =
      declared.toggles.includes('then-move-away') && table && state.status === 'up'
        ? partingAsks(leaving, table, 'moves away')
        : undefined
    if (parting)
      said.push(`${attacker.name} moves away: the GM says who is within 5 ft of them for a parting shot`)
    const gm = prompts.length > 0 ? ` (GM: ${prompts.join(' ')})` : ''
    const next = asks?.asks ?? parting
    return ok({
      lines,
      summary: `${said.join('; ')}.${gm}`,
      changes: changesOf(struck.value.attacker, struck.value.target),
      ...(next ? { asks: next } : {}),
    })
  },

  defense(f: Fighter): string | null {
    const s = sheet(f)
    if (!s.ok) return null
    // As a melee attack meets it now: parrying (+2), charging (-2), a critical's after-effects.
    const lines = osr.acFromConditions(stateOf(f).conditions, 'melee')
    return `AC ${lines.reduce((ac, l) => ac + l.value, s.value.ac)}`
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

/** osr's combat at the table: the screens' part, and what only the room runs (endOfRound, clear). */
export const osrCombat: CombatRules = {
  ...osrCombatView,
  // `resolve` with no defense refuses only what `declare` refuses, as `defenses` does: after it, `strike`
  // rolls on faces checked in range only (rollAttack, oil, holy water, the grapple check, scatter).
  defensesCheckResolve: true,
  endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Outcome<Resolution> {
    const lines: BreakdownLine[] = []
    const said: string[] = []
    const each: Array<[Fighter, number, OsrState]> = []
    for (const f of fighters) {
      const before = stateOf(f)
      // Oil burning on the ground burns on whoever spilled it (17.0.10): each round the GM is asked.
      const fires = before.groundFires ?? []
      if (fires.length > 0) {
        const left = fires.map(osr.groundFireEndOfRound).filter((x): x is osr.GroundFire => x !== null)
        const more =
          left.length > 0 ? `, ${rounds(left[0]?.roundsLeft ?? 0)} left` : ', and has now burnt out'
        said.push(
          `the oil ${f.name} spilled burns: 1d6 fire to each creature standing in or moving through it this round, no save${more}${GROUND_FIRE_GM}`,
        )
        lines.push({ label: 'ground fire', value: 0, rule: 'Oil (17.0.10)', note: true })
        if (before.status === 'dead') {
          each.push([f, f.hp, { ...before, groundFires: left }])
          continue
        }
      }
      if (before.status === 'dead') continue
      const ticked = osr.endOfRound(before.conditions)
      const burning = (before.groundFires ?? []).map(osr.groundFireEndOfRound).filter((x) => x !== null)
      let state: OsrState = {
        ...before,
        conditions: ticked.conditions,
        ...(before.groundFires ? { groundFires: burning } : {}),
      }
      let hp = f.hp
      for (const due of ticked.due) {
        // Burning oil's second 1d8 (17.0.10); putting the flames out removes the condition beforehand.
        const s = sheet(f)
        if (!s.ok) return s
        const d8 = s.value.fireResistant ? undefined : roll(8, `${due.dice} burning oil on ${f.name}`)
        const burn = osr.oilBurning(s.value, false, d8)
        if (!burn.ok) return burn
        lines.push(...burn.value.lines)
        said.push(
          burn.value.note ? `${f.name}: ${burn.value.note}` : `${f.name} burns for ${burn.value.total}`,
        )
        const taken = takeDamage(f, state, burn.value.total, false, roll)
        state = taken.state
        hp = taken.hp
        if (taken.event) said.push(`${f.name} ${taken.event}`)
      }
      const knockout = state.status === 'unconscious' ? state.knockout : undefined
      if (knockout && knockout.revivableIn > 0) {
        const revivableIn = knockout.revivableIn - 1
        state = { ...state, knockout: { ...knockout, revivableIn } }
        if (revivableIn === 0) {
          lines.push({ label: `${f.name} can be revived`, value: 0, rule: SUBDUAL })
          said.push(`${f.name} can now be revived by another character (wakes with 1 hit point)`)
        }
      }
      each.push([f, hp, state])
    }
    const summary = said.length > 0 ? `End of round ${round}: ${said.join('; ')}.` : `End of round ${round}.`
    return ok({ lines, summary, changes: changesOf(...each) })
  },
  clear(f: Fighter, id: string): Outcome<Resolution> {
    const state = stateOf(f)
    const kind = GM_ENDS.find((k) => k === id)
    const on = state.conditions.find((c) => c.kind === kind)
    if (!kind || !on) return fail(`${f.name} is not ${id.replace(/-/g, ' ')} now.`)
    const conditions = osr.removeCondition(state.conditions, kind)
    // The GM ends a fatigue once its 3 turns of rest are had: running may start afresh (17.0.1.7).
    const run = kind === 'fatigued' ? { run: osr.rest(state.run ?? osr.FRESH, 3) } : {}
    const change = changeOf(f, f.hp, { ...state, conditions, ...run })
    return ok({
      lines: [
        {
          label: `${chip(on)} ends`,
          value: 0,
          rule: kind === 'fatigued' ? FATIGUE_ENDS_RULE : GM_ENDS_RULE,
          note: true,
        },
      ],
      summary: `${f.name} is no longer ${chip(on).toLowerCase()}: the GM ended it.`,
      changes: change ? { [f.id]: change } : {},
    })
  },
}

const rounds = (n: number) => `${n} round${n === 1 ? '' : 's'}`

const CHIPS: Record<osr.ConditionKind, string> = {
  disarmed: 'Disarmed',
  shaken: 'Shaken',
  prone: 'Prone',
  blinded: 'Blinded',
  stumbling: 'Stumbling',
  'no-attack': 'No attack',
  charging: 'Charging (-2 AC)',
  defending: 'Parrying or dodging (+2 AC)',
  surprised: 'Surprised',
  reloading: 'Reloading',
  burning: 'Burning',
  grappled: 'Grappled',
  'gagged-or-bound': 'Gagged or bound',
  running: 'Running',
  fatigued: 'Fatigued (walks only)',
  struck: 'Attacked before casting',
}

/** "Stumbling (2 rounds)"; a condition that starts next round says so: "No attack (next round)". */
/** The conditions the text gives no end to: "until the GM removes them" (conditions.ts). */
const GM_ENDS: ReadonlyArray<osr.ConditionKind> = [
  'disarmed',
  'shaken',
  'prone',
  'blinded',
  'grappled',
  'gagged-or-bound',
  'fatigued',
]
const GM_ENDS_RULE = 'Critical Hit (condition chart): the text gives these no end; the GM decides'
const FATIGUE_ENDS_RULE = 'Run Away (17.0.1.7): fatigued until 3 turns of rest, which the GM calls'

function chip(c: osr.Condition): string {
  const name = CHIPS[c.kind]
  if (!('rounds' in c)) return name
  return c.fresh
    ? `${name} (next ${c.rounds === 1 ? 'round' : rounds(c.rounds)})`
    : `${name} (${rounds(c.rounds)})`
}
