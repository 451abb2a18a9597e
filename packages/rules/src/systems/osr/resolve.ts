/**
 * What only resolving an osr attack runs: the dice rolled and what they do to both fighters (to hit, the
 * natural 20 and natural 1 tables, damage, oil and holy water, the grapple check, a spell's save, stray
 * missiles and parting shots), for the room and for the dry run of a phone whose player rolls their own dice
 * (`RESOLVE_LOADERS`). Apart from combat.ts, whose view a phone's screen reads, so that a phone loads it only
 * to ask for its own dice; table.ts adds it to the room's `osrCombat`.
 */

import type {
  AttackPlan,
  Declared,
  DefenseOption,
  Fighter,
  FighterChange,
  Resolution,
  Roller,
  TableView,
} from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import type { AttackDeclaration } from './attack.ts'
import { type AttackDiePurpose, type AttackResult, rollAttack } from './attack-roll.ts'
import {
  acLines,
  acNow,
  blowOdds,
  changeOf,
  changesOf,
  counterDeclared,
  counters,
  type Declaration,
  declarationOf,
  declare,
  GRIPS,
  grip,
  HOLD,
  HOLD_RULE,
  holding,
  type OsrState,
  ownOf,
  ownRule,
  PARTING,
  STRAY,
  sheet,
  spellSave,
  stateOf,
  TURNS_BACK,
  wayOf,
  withConditions,
  withState,
} from './combat.ts'
import { attackBlockedBy, type Condition } from './conditions.ts'
import { grappleCheck, grappleDamage } from './grapple-roll.ts'
import { holyWater, oilDirectHit, oilSplash, scatter } from './grenade-roll.ts'
import { applyDamage, knockoutTimes } from './injury.ts'
import { reloadRoundsNeeded } from './rate-of-fire.ts'
import { removeCondition } from './round.ts'
import { ACTS_LATER, SAME_NUMBER } from './round-facts.ts'
import { isGrenadeLike, meleeCapable } from './sheet.ts'
import { spellDisruption } from './spells-roll.ts'
import { strayChance, strayDamage, strayMissile } from './stray-missile.ts'

const GRAPPLE_RULE = 'Grappling / Wrestling (17.0.18)'
/** What a summary asks of the GM, in brackets after it, if anything. */
const forGm = (prompts: ReadonlyArray<string>) => (prompts.length > 0 ? ` (GM: ${prompts.join(' ')})` : '')
const GRAPPLED_CASTER =
  'A grappled spellcaster may be prevented from speaking: the GM decides whether the spell is cast.'

/**
 * osr's `resolve` (`CombatRules['resolve']`): a follow-up the GM answered (a stray shot, parting shots), an
 * attack its target answered, a hold acted on, a declaration about oneself, or an attack rolled and applied.
 */
export function osrResolve(plan: AttackPlan, defense: string | null, roll: Roller): Outcome<Resolution> {
  const { attacker, target, declared, table } = plan
  if (declared.choice.startsWith(STRAY)) return strayShot(attacker, declared, defense, roll, table)
  if (declared.choice === PARTING) return partingShots(attacker, defense, roll, table)
  if (defense !== null) return answered(plan, defense, roll)
  if (GRIPS.includes(declared.choice))
    return gripResolve(attacker, target, declared.choice, roll, declared.round)
  if (declared.choice === HOLD.id) {
    const held = holding(attacker, target)
    if (!held.ok) return held
    return ok({
      lines: [{ label: 'Hold action', value: 0, rule: HOLD_RULE, note: true }],
      summary: `${held.value}.`,
      changes: {},
    })
  }
  const own = ownOf(plan)
  if (own) {
    const { action, state, gains, told } = own
    if (action.kind === 'cast-spell') return castSpell(attacker, state, roll)
    const rule = ownRule(action.kind)
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
  const struck = strike(attacker, target, declared, roll, declarationOf(plan))
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
  // Asked of the table as the blow left it: a foe it dropped or disarmed takes no parting shot.
  const [, hp, state] = struck.value.attacker
  const [, targetHp, targetState] = struck.value.target
  const leaving = withState(attacker, state, hp)
  const struckFoe = withState(target, targetState, targetHp)
  const after = table && {
    ...table,
    fighters: table.fighters.map((f) =>
      f.id === attacker.id ? leaving : f.id === target.id ? struckFoe : f,
    ),
  }
  const parting =
    declared.toggles.includes('then-move-away') && after && state.status === 'up'
      ? partingAsks(leaving, after, 'moves away')
      : undefined
  if (parting)
    said.push(`${attacker.name} moves away: the GM says who is within 5 ft of them for a parting shot`)
  const next = asks?.asks ?? parting
  return ok({
    lines,
    summary: `${said.join('; ')}.${forGm(prompts)}`,
    changes: changesOf(struck.value.attacker, struck.value.target),
    hit: struck.value.hit,
    ...(next ? { asks: next } : {}),
  })
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
  const saved = spellDisruption(s.value, state.conditions, roll(20, 'save vs Spells (disruption)'))
  if (!saved.ok) return saved
  const { total, target, lost } = saved.value
  return ok({
    lines: saved.value.lines,
    summary: `${f.name} casts a spell, attacked before their number: save ${total} against ${target}: ${lost ? 'the spell is disrupted and lost' : 'the spell goes off'}${gm}.`,
    changes,
  })
}

// ---- Striking first (combat.ts's `counters`): the target's answer, on the attacker's number.

export const SET_RULE = 'Set Weapon Against Charge (17.0.1.9)'
export const REACH_RULE = 'Hold Action: long reach (17.0.1.6)'
export const LET_COME = 'let-come'
const NO_REACTION =
  'That answer is not open to the defender now: in these rules only a long reach, or a weapon set against a charge, strikes first, before one has acted this round.'

/**
 * The attack, answered by its target: they let it come, or strike first on its number, at the same time
 * (both blows land whatever the other does). The blow struck first spends the target's action.
 */
function answered(plan: AttackPlan, defense: string, roll: Roller): Outcome<Resolution> {
  const { attacker, target, declared } = plan
  const d = declarationOf(plan)
  if (!d.ok) return d
  const counter = counters(d.value.setup, declared).find((c) => c.id === defense)
  if (!counter && (defense !== LET_COME || counters(d.value.setup, declared).length === 0))
    return fail(NO_REACTION)
  // A blow struck first is the target's action this round: none is still owed them if this one fells them.
  const facts = counter ? { round: (declared.round ?? []).filter((f) => f !== SAME_NUMBER) } : {}
  const first = strike(attacker, target, { ...declared, ...facts }, roll, d)
  if (!first.ok) return first
  const [, targetHp, targetState] = first.value.target
  const [, attackerHp, attackerState] = first.value.attacker
  const them = withState(attacker, attackerState, attackerHp)
  // The target's own dice for their blow; the attacker's typed faces never stand for them.
  const theirs: Roller = (sides, label, owner) =>
    roll(sides, label, owner === 'target' ? 'attacker' : 'target')
  const second = counter ? strike(target, them, counterDeclared(counter), theirs) : null
  if (!second?.ok) {
    const why = second && !second.ok ? `: ${second.error}` : ''
    return ok({
      lines: [...first.value.lines, { label: 'Let them come', value: 0, rule: REACH_RULE, note: true }],
      summary: `${first.value.said.join('; ')}; ${target.name} lets them come${why}.${forGm(first.value.prompts)}`,
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
    summary: `${first.value.said.join('; ')}; at the same time ${target.name} ${how}: ${second.value.said.join('; ')}.${forGm([...first.value.prompts, ...second.value.prompts])}`,
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

const STRAY_RULE = 'Missiles That Miss (17.0.12)'
export const STRAY_GM = 'Only the GM rolls a missed shot against allies, choosing who could be hit (17.0.12).'
const NOBODY = 'none'

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
    const ac = acNow(a, t.value, 'missile')
    const chance = strayChance(s.value, ac)
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
    const ac = acNow(ally, t.value, 'missile')
    // The GM's rolls, not the player's (17.0.12): never the shooter's typed faces.
    const d20 = roll(20, `stray shot at ${ally.name} (GM)`, 'target')
    const shot = strayMissile(s.value, weapon, [{ id: ally.id, name: ally.name, ac }], [d20])
    if (!shot.ok) return shot
    const r = shot.value.rolls[0]
    if (!r) return fail('The stray shot was not rolled.')
    lines.push(...r.lines)
    said.push(`${r.total} against ${ally.name}’s AC ${ac}: ${r.hit ? 'a hit' : 'a miss'}`)
    if (!r.hit) continue
    const { count, sides } = weapon.damage
    const faces = Array.from({ length: count }, () => roll(sides, `stray damage d${sides} (GM)`, 'target'))
    const dealt = strayDamage(s.value, weapon, faces)
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

/**
 * A hold acted on: both grapple checks (the holder's as the grappler's, 17.0.18); the holder who keeps
 * it deals 1d3 + STR non-lethal (like a punch); a broken hold frees the held.
 */
function gripResolve(
  attacker: Fighter,
  target: Fighter,
  choice: string,
  roll: Roller,
  facts?: readonly string[],
): Outcome<Resolution> {
  const g = grip(attacker, target, choice)
  if (!g.ok) return g
  const { squeezing, holder, held, holderSheet, heldSheet } = g.value
  // Each side's die is its own: the one acting rolls first.
  const mine = roll(20, `grapple check of ${attacker.name}`)
  const theirs = roll(20, `grapple check of ${target.name}`, 'target')
  const check = grappleCheck(holderSheet, heldSheet, {
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
      const hurt = grappleDamage(holderSheet, roll(3, 'unarmed damage d3'))
      if (!hurt.ok) return hurt
      lines.push(...hurt.value.lines)
      const taken = takeDamage(held, heldState, hurt.value.total, true, roll)
      heldState = taken.state
      heldHp = taken.hp
      said.push(`${hurt.value.total} non-lethal damage`)
      if (taken.event) said.push(`${held.name} ${taken.event}`)
      heldState = stillActs(held, stateOf(held), heldState, facts, said)
    }
  } else {
    said.push(`the hold is broken: ${held.name} is free`)
    heldState = { ...heldState, conditions: removeCondition(heldState.conditions, 'grappled') }
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

const PARTING_RULE = 'Defensive Movement and Attacks of Opportunity (17.0.2)'
export const PARTING_GM =
  'Only the GM says who is within 5 ft of one who turns their back and moves away, for their parting shots (17.0.2).'
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
  const odds = blowOdds(foe, runner, declared)
  return odds && { foe, declared, ...odds }
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
    now = withState(now, state, hp)
  }
  Object.assign(changes, changesOf([runner, now.hp, stateOf(now)]))
  const summary = `Parting shots at ${runner.name}: ${said.join('; ')}.${forGm(prompts)}`
  return ok({ lines, summary, changes })
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
  gains: Condition[]
  /** A missile that missed into a melee with the shooter's allies: it may hit one (17.0.12). */
  strays: boolean
  /** Whether the attack roll hit. */
  hit: boolean
}

/**
 * "Equal initiative numbers act simultaneously" (17, 3): felled before acting by one on their own number
 * (the round's `SAME_NUMBER`), a target still makes their action in it, then leaves the fight. Only one
 * whose attack this round was still theirs to make (not barred by surprise, reloading, a dropped weapon...).
 */
function stillActs(
  target: Fighter,
  before: OsrState,
  after: OsrState,
  facts: readonly string[] | undefined,
  said: string[],
): OsrState {
  if (!facts?.includes(SAME_NUMBER) || before.status !== 'up' || after.status === 'up') return after
  if (attackBlockedBy(before.conditions) !== null) return after
  said.push(
    `${target.name} is on the same initiative number: equal initiative numbers act simultaneously, so ${target.name} still makes their action this round before leaving the fight`,
  )
  return { ...after, strikesBack: true }
}

/** Rolls a declared attack (a weapon, a punch, a grapple's touch) and works out what it does to both. */
function strike(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  roll: Roller,
  /** The attack's declaration, where its plan checked it already. */
  checked: Outcome<Declaration> = declare(attacker, target, declared),
): Outcome<Struck> {
  const d = checked
  if (!d.ok) return d
  const { setup: s, decl } = d.value
  const rolled = rollOnTable(decl, roll)
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
  if (w && isGrenadeLike(w) && r.hit) {
    const oil = w.kind === 'grenade'
    const sheetOf = s.target
    const hit = oil
      ? oilDirectHit(
          sheetOf,
          'on-impact',
          sheetOf.fireResistant ? undefined : roll(8, `oil on ${target.name}`),
        )
      : holyWater(sheetOf, 'direct', sheetOf.undead ? roll(8, `holy water on ${target.name}`) : undefined)
    if (!hit.ok) return hit
    const splash =
      oil && fuse && !sheetOf.fireResistant
        ? oilSplash(
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
    const check = grappleCheck(s.attacker, s.target, { attacker: a, defender: t })
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

  if (s.weapon && isGrenadeLike(s.weapon) && !r.hit) {
    const landed = scatter(roll(10, 'scatter'))
    if (!landed.ok) return landed
    lines.push({ label: 'scatter', value: landed.value.roll, rule: 'Grenade-Like Missiles (17.0.9)' })
    said.push(
      `the flask lands ${landed.value.text} (in 10' squares from ${target.name}, as the thrower sees it)`,
    )
  }

  // Light and heavy crossbows, siege engines: the next rounds are spent reloading (17.0.9).
  const reload = s.weapon && s.mode === 'missile' ? reloadRoundsNeeded(s.weapon) : 0
  if (reload > 0)
    attackerState = withConditions(attackerState, [{ kind: 'reloading', rounds: reload, fresh: true }])

  targetState = stillActs(target, s.targetState, targetState, declared.round, said)
  // Their owed action made, nothing more is owed.
  if (attackerState.strikesBack) {
    const { strikesBack: _made, ...rest } = attackerState
    attackerState = rest
  }

  // A spellcaster attacked before their number, even by a miss, must save to cast this round (17.0.13).
  if (
    declared.round?.includes(ACTS_LATER) &&
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
    strays: !r.hit && declared.toggles.includes('into-melee') && !!w && !isGrenadeLike(w),
    hit: r.hit,
  })
}

const DIE_LABELS: Record<AttackDiePurpose, string> = {
  d20: 'to hit',
  special: 'special roll (natural 20)',
  condition: 'condition chart',
  fumble: 'fumble roll (natural 1)',
  dexCheck: 'DEX check',
  stumbleRounds: 'stumble rounds',
  damage: 'damage',
}

/** Rolls each die the rules ask for, in the table's order, then resolves with those faces. */
function rollOnTable(decl: AttackDeclaration, roll: Roller): Outcome<AttackResult> {
  return rollAttack(decl, (sides, purpose) =>
    roll(sides, purpose === 'damage' ? `${DIE_LABELS.damage} d${sides}` : DIE_LABELS[purpose]),
  )
}

/** Damage taken by one fighter: death at 0, or unconscious after non-lethal damage, with the knockout dice. */
export function takeDamage(
  f: Fighter,
  state: OsrState,
  amount: number,
  nonLethal: boolean,
  roll: Roller,
): { hp: number; state: OsrState; event: string | null } {
  const applied = applyDamage(
    { hp: f.hp, maxHp: f.maxHp, nonLethalTaken: state.nonLethalTaken, status: state.status },
    amount,
    nonLethal,
  )
  const { hp, nonLethalTaken, status } = applied.health
  const next: OsrState = { ...state, nonLethalTaken, status }
  if (status === 'unconscious' && state.status !== 'unconscious') {
    const d4 = roll(4, 'turns until waking')
    const twoD10 = [roll(10, 'rounds until revivable'), roll(10, 'rounds until revivable')]
    const times = knockoutTimes({ d4, twoD10 })
    if (times.ok)
      next.knockout = {
        wakesAfterTurns: times.value.wakesAfterTurns,
        revivableIn: times.value.revivableAfterRounds,
      }
  }
  if (status === 'dead') delete next.knockout
  return { hp, state: next, event: applied.event }
}
