/**
 * Resolving a zones attack: its dice, the reaction chosen, damage, conditions and who lets go of whom.
 * A phone loads it only to ask for its own dice; it imports `combat.ts`, never the other way round.
 */

import { setupOf } from '../../engine/plan.ts'
import type { CombatRules, DieOwner, Fighter, Resolution, Roller, TableView } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  ARMOUR_LINE,
  asGrabber,
  type Choice,
  choiceLabelOf,
  choiceList,
  counters,
  declare,
  gearOf,
  has,
  holds,
  leftOfTurn,
  NO_REACTION,
  namesOf,
  noReactionWhy,
  type Planned,
  previewOf,
  SETTINGS,
  splitUnderWay,
  stateOf,
  type ZonesState,
} from './combat.ts'
import { note, RULE } from './common.ts'
import { ACCEPT_STUNT, defenseList, type NonLethalCounter, nonLethalCounters } from './defenses.ts'
import { Live, resolution } from './live.ts'
import * as zones from './rules.ts'

/** zones' `resolve`: a declared attack rolled and applied, with the reaction the target chose (or none). */
export const zonesResolve: CombatRules['resolve'] = (plan, defense, roll) => {
  const { attacker, target, table: view } = plan
  const planned = setupOf<Planned>(plan)
  // Not reacting keeps the defender's turn: the attack goes on as if no reaction was offered.
  const reaction = defense === NO_REACTION.id ? null : defense
  const r = resolvePlanned(planned, attacker, target, reaction, roll, view)
  return r.ok ? ok(letGo(planned, r.value, view)) : r
}

/** Out of a grab: nobody holds them any more. */
function releaseGrab(state: ZonesState): void {
  delete state.grabbedBy
  delete state.grabbedByName
}

/** A blow of a damage spec on the room's dice, in order: the attacker's, or the target's for a counter. */
function rollBlow(spec: zones.DamageSpec, roll: Roller, what: string, owner: DieOwner = 'attacker') {
  const faces = Array.from({ length: spec.dice.count }, () =>
    roll(spec.dice.sides, `${what} d${spec.dice.sides}`, owner),
  )
  return zones.resolveDamage(spec, faces)
}

/** Another's blow in the log: each of its lines says whose it is ("Counter: ..."). */
const theirs = (lines: readonly BreakdownLine[], whose: string) =>
  lines.map((l) => ({ ...l, label: `${whose}: ${l.label}` }))

/** The target's dodge, an AGI save on their die, in the log; whether it makes the attack miss. */
function dodges(p: Planned, roll: Roller, lines: BreakdownLine[]): boolean {
  const dodge = zones.resolveDodge(p.t.agi, roll(20, 'AGI save to dodge', 'target'))
  lines.push(...dodge.breakdown)
  return dodge.misses
}

/** "Damaged weapons ... are destroyed if used to attack and a 1 is rolled on the damage die." */
function wear(l: Live, choice: Choice, blow: zones.DamageResult): string {
  // "all weapons ... which were used at least once": rolled for durability after the fight.
  if (choice.kind === 'weapon' || choice.kind === 'blast') l.use(gearOf(choice))
  if (!blow.weaponBreaks) return ''
  l.state.destroyed = [...(l.state.destroyed ?? []), gearOf(choice)]
  return ` ${l.f.name}'s damaged weapon breaks.`
}

/**
 * The attacker has taken their turn, spent as far as this choice goes; a weapon picked up from the
 * ground is back in hand.
 */
function attacking(attacker: Fighter, p: Planned): Live {
  const a = new Live(attacker)
  if (!has(a.state, 'acted')) a.addCondition('acted', 'Took their turn')
  if (p.spent) a.state.budget = { at: p.spent.at, turn: p.spent.turn }
  if (a.state.dropped) a.state.dropped = a.state.dropped.filter((id) => id !== gearOf(p.choice))
  // A share of a split is given out once declared, whatever the target's answer.
  if (p.choice.kind === 'weapon' && p.choice.share && p.spent) {
    const prior = splitUnderWay(attacker, p.choice, p.spent.at)
    const share = { id: p.who.t.id, size: p.t.size, dice: p.choice.share }
    a.state.split = { at: p.spent.at, gear: gearOf(p.choice), shares: [...prior, share] }
  }
  if (reveals(p) === true) a.state.concealment = 'revealed'
  return a
}

/**
 * Whether this choice reveals one who is concealed ("Sneaking in combat": attacking, moving without
 * sneaking...); 'ask-gm' for what the text leaves open (any other action), false for what does not.
 */
function reveals(p: Planned): true | 'ask-gm' | false {
  const action = REVEALING[p.choice.kind]
  if (action === null || (action === 'move-without-sneaking' && p.toggles.includes('sneaking'))) return false
  return zones.revealsConcealment(action)
}

/** What each kind of choice is, of the actions that might reveal (null: none of them). */
const REVEALING: Record<Choice['kind'], zones.RevealingAction | 'other' | null> = {
  weapon: 'attack',
  unarmed: 'attack',
  'non-lethal': 'attack',
  blast: 'attack',
  move: 'move-without-sneaking',
  'move-away': 'move-without-sneaking',
  'mount-up': 'move-without-sneaking',
  dismount: 'move-without-sneaking',
  bonus: 'other',
  main: 'other',
  'free-ally': 'other',
  'break-free': null,
  surrender: null,
  hide: null,
  flee: null,
}

/**
 * Getting on or off a moving mount or vehicle ("Mounts and vehicles in combat"): an AGI save, or a fall
 * for d4 direct damage. Nothing to roll where it stands still (the toggle unset).
 */
function mounting(
  p: Planned,
  a: Live,
  roll: Roller,
  lines: BreakdownLine[],
): { said: string; fell: boolean } {
  if (!p.toggles.includes('mount-moving')) return { said: '', fell: false }
  const face = roll(20, 'AGI save to keep one’s footing')
  const result = zones.mountOrDismount({ moving: true, agi: p.a.agi, face })
  if (!result.ok) throw new Error(result.error) // the face is always given for a moving mount
  lines.push(...result.value.breakdown)
  if (!result.value.fell) return { said: ' They keep their footing on the moving mount.', fell: false }
  const fall = zones.directDamage(roll(4, 'fall damage d4'), RULE.mounts)
  lines.push(...fall.breakdown)
  return { said: ` They fall: ${a.suffer(fall.suffered)}.`, fell: true }
}

/** A step of the turn that is not an attack: a move, a bonus or main action, surrendering, a mount. */
function step(p: Extract<Planned, { kind: 'step' }>, a: Live, roll: Roller): Resolution {
  const lines = [...previewOf(p).lines]
  const left = leftOfTurn(p)
  const name = a.f.name
  let done: string
  switch (p.choice.kind) {
    case 'move':
      done = `${name} moves ${p.choice.zones === 1 ? '1 zone' : 'half a zone'}${p.toggles.includes('sprint') ? ', sprinting' : ''}.`
      done = `${done}${mounting(p, a, roll, lines).said}`
      break
    case 'bonus':
      done = `${name} takes a bonus action (a second or two).`
      break
    case 'main':
      done = `${name} takes a main action: the GM decides its effect.`
      break
    case 'surrender':
      a.state.surrendering = true
      done = `${name} surrenders, throwing their weapons away: their turn is wasted, but they might be spared.`
      break
    case 'flee': {
      const pace = p.toggles.includes('fleeing-faster')
        ? 'fleeing-faster'
        : p.toggles.includes('pursuers-faster')
          ? 'pursuers-faster'
          : 'even'
      const faces = pace === 'even' ? { [a.f.id]: roll(20, 'AGI save to escape') } : {}
      const chase = zones.resolveChase(pace, [{ id: a.f.id, agi: p.a.agi }], faces)
      lines.push(...chase.breakdown)
      const escaped = chase.escaped.includes(a.f.id)
      if (escaped) a.state.fled = true
      done = escaped
        ? `${name} flees and escapes the pursuers: out of the fight.`
        : `${name} flees, but the pursuers reach them.`
      break
    }
    case 'mount-up': {
      const got = mounting(p, a, roll, lines)
      // One who falls getting on is not on it.
      if (!got.fell) a.state.riding = p.choice.mountId
      done = `${name} gets on ${p.choice.name}.${got.said}${got.fell ? '' : ' They take their turn together from now on.'}`
      break
    }
    case 'dismount':
      delete a.state.riding
      done = `${name} gets off ${p.choice.name}.${mounting(p, a, roll, lines).said}`
      break
    case 'hide':
      a.state.concealment = 'hidden'
      done = `${name} hides again (${p.toggles.includes('out-of-sight') ? 'out of sight for a while' : 'a major distraction'}): concealed until they make noise or become visible.`
      break
    default:
      return zones.unreachable(p.choice)
  }
  // "Actions which might reveal a character include ... etc.": what the list leaves open is the GM's call.
  const ask =
    reveals(p) === 'ask-gm' && stateOf(a.f).concealment === 'hidden'
      ? ' If it makes noise or shows them, they are revealed: the GM decides.'
      : ''
  return resolution(lines, `${done}${left}${ask}`, a)
}

function resolvePlanned(
  p: Planned,
  attacker: Fighter,
  target: Fighter,
  defense: string | null,
  roll: Roller,
  view?: TableView,
): Outcome<Resolution> {
  // The reactions open are worked out only to check the one chosen: no reaction needs none.
  if (defense !== null && !defenseList(p, attacker, target, view).some((o) => o.id === defense)) {
    const why = noReactionWhy(p, target, view)
    return fail(why ? `No reaction: ${why}.` : `${target.name} can't answer this attack that way.`)
  }
  if (defense?.startsWith('guard:') || defense?.startsWith('hide:'))
    return swapped(p, attacker, target, defense, roll, view)
  const a = attacking(attacker, p)
  if (p.kind === 'step') return ok(step(p, a, roll))
  const t = new Live(target)
  switch (p.kind) {
    case 'break-free':
      return ok(breakFree(p, a, t, roll))
    case 'strike':
      return strike(p, a, t, defense, roll)
    case 'non-lethal':
      return ok(nonLethal(p, a, t, defense, roll))
    case 'move-away':
      return ok(moveAway(p, a, t, defense, roll))
    case 'blast':
      return ok(blast(p, a, roll))
    case 'free-ally': {
      const save = zones.freeAlly(p.a, roll(20, 'STR save to free an ally'))
      if (save.passed) releaseGrab(t.state)
      const summary = save.passed
        ? `${a.f.name} frees ${t.f.name} from the grab.`
        : `${a.f.name} fails to free ${t.f.name}.`
      return ok(resolution(save.breakdown, summary, a, t))
    }
    default:
      return zones.unreachable(p)
  }
}

/**
 * A blast ("Blast attacks"): the WIT save where a ranged one needs it, then one damage roll for the zone.
 * Fray does not know who stands in which zone, so the GM applies it to them (Area damage, armour taken
 * off each); a ranged miss deviates to a neighbouring zone the GM numbers and rolls for.
 */
function blast(p: Extract<Planned, { kind: 'blast' }>, a: Live, roll: Roller): Resolution {
  const lines = [...p.plan.breakdown]
  const name = (p.choice as { weapon: zones.Weapon }).weapon.name
  let missed = false
  if (p.plan.witSaveReasons.length > 0) {
    const save = zones.resolveSave(
      'wit',
      p.a.wit,
      roll(20, 'WIT save to hit'),
      RULE.attacking,
      'hit the zone',
    )
    lines.push(...save.breakdown)
    missed = !save.passed
  }
  const blow = rollBlow(p.spec, roll, 'blast damage')
  lines.push(...blow.breakdown.filter((l) => l.label !== ARMOUR_LINE))
  const broke = wear(a, p.choice, blow)
  const where = missed
    ? 'misses and deviates: number the neighbouring zones and roll a die for the one it hits; there'
    : p.plan.kind === 'melee'
      ? 'hits their own zone (sparing them):'
      : 'hits the zone:'
  const summary = `${a.f.name}'s ${name} ${where} everyone in the zone and on its borders takes ${blow.inflicted} minus their armour. GM: apply it with "Area damage" (${blow.inflicted}, armour counts).${broke}`
  return resolution(lines, summary, a)
}

/** Who this choice lets go, with their change; a grabber who moves takes the held along, and the log says so. */
function letGo(p: Planned, r: Resolution, view?: TableView): Resolution {
  const { kept, freed } = holds(p, view)
  const along =
    kept.length > 0 && asGrabber(p, '') === 'move'
      ? ` ${p.who.a.name} keeps hold of ${namesOf(kept)}, who ${kept.length > 1 ? 'move' : 'moves'} with them.`
      : ''
  if (freed.length === 0) return along ? { ...r, summary: `${r.summary}${along}` } : r
  const changes = { ...r.changes }
  for (const f of freed) {
    const state = { ...((changes[f.id]?.state ?? f.state) as ZonesState) }
    releaseGrab(state)
    changes[f.id] = { ...changes[f.id], state: state as Record<string, unknown> }
  }
  const names = namesOf(freed)
  return {
    lines: [...r.lines, note(`Lets go of ${names}: that action does not keep hold`, 0, RULE.nonLethal)],
    summary: `${r.summary}${along} ${names} ${freed.length > 1 ? 'are' : 'is'} free: ${p.who.a.name} let go to do it.`,
    changes,
  }
}

/**
 * Moving away from a nearby enemy: their opportunity attack, if they make one, interrupts the move and
 * is resolved first; the turn resumes only for a mover still alive and conscious ("Opportunity attacks").
 */
function moveAway(
  p: Extract<Planned, { kind: 'move-away' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Resolution {
  const left = leftOfTurn(p)
  const lines = [note(`Moves away from ${t.f.name}`, 0, RULE.opportunity)]
  const opp = counters(p, t.f).find((c) => defense === `opportunity:${c.choice.id}`)
  if (!opp) return resolution(lines, `${a.f.name} moves 1 zone away from ${t.f.name}.${left}`, a, t)
  t.reacts(defense)
  const spec = opp.plan.damage
  const blow = rollBlow(spec, roll, 'opportunity attack damage', 'target')
  lines.push(...theirs(blow.breakdown, 'Opportunity attack'))
  const hurt = a.struck(blow, p.a)
  const broke = wear(t, opp.choice, blow)
  const resumes = zones.turnResumes({ alive: a.state.down !== 'dead', conscious: !a.state.down })
  lines.push(
    note(resumes ? 'Still up: the turn resumes' : 'Down: the turn does not resume', 0, RULE.opportunity),
  )
  const then = resumes
    ? ` ${a.f.name}'s turn resumes: they move 1 zone.${left}`
    : ` ${a.f.name}'s turn does not resume.`
  return resolution(
    lines,
    `${t.f.name} makes an opportunity attack as ${a.f.name} moves away: ${hurt}.${then}${broke}`,
    a,
    t,
  )
}

/**
 * A grabbed character's try ("can only spend their turn to attempt to break free by passing a STR save"):
 * the turn is consumed either way, which the log says as every step of a turn does.
 */
function breakFree(p: Planned, a: Live, t: Live, roll: Roller): Resolution {
  const save = zones.breakFree(p.a, p.t, roll(20, 'STR save to break free'))
  // A larger grabber was refused in declare: the rules allow no save against one.
  if (!save.ok) throw new Error(save.error)
  if (save.value.passed) releaseGrab(a.state)
  const left = leftOfTurn(p)
  const summary = save.value.passed
    ? `${a.f.name} breaks free of ${t.f.name}.${left}`
    : `${a.f.name} fails to break free of ${t.f.name}.${left}`
  return resolution(save.value.breakdown, summary, a, t)
}

function strike(
  p: Extract<Planned, { kind: 'strike' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Outcome<Resolution> {
  const { plan } = p
  if (plan.deathBlow) {
    t.hp = 0
    t.state.down = 'dead'
    return ok(
      resolution(
        [...plan.breakdown, note('Death blow: killed', 0, RULE.attacking)],
        `${a.f.name} delivers a death blow: ${t.f.name} is dead.`,
        a,
        t,
      ),
    )
  }
  const wit = plan.witSaveReasons.length > 0 ? roll(20, 'WIT save to hit') : undefined
  const hit = zones.resolveHit(plan, p.a.wit, wit)
  if (!hit.ok) return hit
  const struck = landed(p, a, t, defense, roll, hit.value)
  return struck.ok ? ok({ ...struck.value, hit: hit.value.hit }) : struck
}

/** A strike after its hit was judged: a miss, or the target's reaction, damage and what follows. */
function landed(
  p: Extract<Planned, { kind: 'strike' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
  hit: { hit: boolean; breakdown: BreakdownLine[] },
): Outcome<Resolution> {
  const { plan } = p
  const lines = [...plan.breakdown, ...hit.breakdown]
  // The reaction is chosen after the WIT save, so a miss costs the target nothing.
  if (!hit.hit) return ok(resolution(lines, `${a.f.name} misses ${t.f.name}.`, a, t))
  if (defense === ACCEPT_STUNT) {
    const attack = zones.newAttackReactions([t.f.id])
    const stunt = zones.proposeStunt({ effect: 'the effect proposed', gmApproved: true, attack })
    const answered = stunt.ok ? zones.answerStunt(stunt.value, true, attack) : stunt
    if (!answered.ok) return answered
    lines.push(note('Stunt accepted: no damage, no reaction', 0, RULE.stunts))
    return ok(
      resolution(
        lines,
        `${t.f.name} accepts ${a.f.name}'s stunt: no damage; the effect ${a.f.name} proposed applies, as the GM approved it.`,
        a,
        t,
      ),
    )
  }
  t.reacts(defense)
  if (defense === 'dodge' && dodges(p, roll, lines)) {
    lines.push(note('Dodged: the attack misses', 0, RULE.reacting))
    return ok(resolution(lines, `${t.f.name} dodges ${a.f.name}'s attack.`, a, t))
  }
  const blow = rollBlow(plan.damage, roll, 'damage')
  lines.push(...blow.breakdown)
  const broke = wear(a, p.choice, blow)
  const counter = defense?.startsWith('counter:') ? counters(p, t.f).find((c) => c.id === defense) : undefined
  const last = nonLethalCounters(p, t.f).find((c) => c.id === defense)
  if (!counter) {
    const hits = `${a.f.name} hits: ${t.struck(blow, p.t)}.${broke}`
    // "If a normal attack is countered by a non-lethal attack ... the non-lethal attack is resolved last."
    if (!last || zones.counterOrder('lethal', 'non-lethal') !== 'attack-first')
      return ok(resolution(lines, hits, a, t))
    return ok(resolution(lines, `${hits} ${counterLast(last, t, a, p.a, roll, lines)}.`, a, t))
  }
  const back = rollBlow(counter.plan.damage, roll, 'counter damage', 'target')
  const result = zones.resolveCounter({
    attack: blow,
    counter: back,
    attackerHealth: { health: a.hp, max: a.f.maxHp },
    countererHealth: { health: t.hp, max: t.f.maxHp },
    policy: SETTINGS.incapacitation,
  })
  lines.push(...theirs(back.breakdown, 'Counter'), ...result.breakdown)
  const brokeBack = wear(t, counter.choice, back)
  const hits: string[] = []
  if (result.hitFirst !== 'counterer' || result.secondBlow === 'lands') hits.push(a.struck(back, p.a))
  if (result.hitFirst !== 'attacker' || result.secondBlow === 'lands') hits.push(t.struck(blow, p.t))
  const order =
    result.hitFirst === 'both'
      ? 'Both are hit at the same time'
      : `${(result.hitFirst === 'attacker' ? a : t).f.name} is hit first`
  const cancelled = result.secondBlow === 'cancelled' ? '; the other blow never lands' : ''
  return ok(
    resolution(
      lines,
      `${t.f.name} counters. ${order}: ${hits.join(', ')}${cancelled}.${broke}${brokeBack}`,
      a,
      t,
    ),
  )
}

function nonLethal(
  p: Extract<Planned, { kind: 'non-lethal' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Resolution {
  const lines = [...p.plan.breakdown]
  const what = choiceLabelOf(p.plan.kind).toLowerCase()
  t.reacts(defense)
  if (defense === 'dodge' && dodges(p, roll, lines))
    return resolution(lines, `${t.f.name} dodges ${a.f.name}'s ${what}.`, a, t)
  let countered = ''
  const counter = defense?.startsWith('counter:') ? counters(p, t.f).find((c) => c.id === defense) : undefined
  if (counter) {
    // "If a normal attack is countered by a non-lethal attack, or viceversa, the non-lethal attack is resolved last."
    const back = rollBlow(counter.plan.damage, roll, 'counter damage', 'target')
    lines.push(...theirs(back.breakdown, 'Counter'))
    countered = `${t.f.name} counters first: ${a.struck(back, p.a)}.${wear(t, counter.choice, back)} `
    if (a.state.down) return resolution(lines, `${countered}The ${what} never happens.`, a, t)
  }
  const done = takeEffect(p.plan, a, t, p.t, roll, lines, 'target')
  const hit = { hit: done.succeeds }
  // "If a non-lethal attack is countered by a non-lethal attack, the counter is resolved last."
  const last = nonLethalCounters(p, t.f).find((c) => c.id === defense)
  if (!last || zones.counterOrder('non-lethal', 'non-lethal') !== 'attack-first')
    return { ...resolution(lines, `${countered}${done.said}.`, a, t), ...hit }
  const after = counterLast(last, t, a, p.a, roll, lines)
  return { ...resolution(lines, `${countered}${done.said}. ${after}.`, a, t), ...hit }
}

/** A non-lethal counter, resolved last: on the attacker, unless the counterer is down by then. */
function counterLast(
  c: NonLethalCounter,
  counterer: Live,
  attacker: Live,
  attackerSheet: zones.Sheet,
  roll: Roller,
  lines: BreakdownLine[],
): string {
  if (counterer.state.down)
    return `${counterer.f.name} is down: the ${choiceLabelOf(c.kind).toLowerCase()} never happens`
  return `${counterer.f.name} counters last: ${takeEffect(c.plan, counterer, attacker, attackerSheet, roll, lines, 'attacker').said}`
}

/**
 * A disarm, shove or grapple by `by` on `on` ("The target must pass a STR save or ..."): their save on
 * their own die (`saver`), the effect applied, and what happened in words ("Bandit resists the shove")
 * with whether it took effect.
 */
function takeEffect(
  plan: zones.NonLethalPlan,
  by: Live,
  on: Live,
  onSheet: zones.Sheet,
  roll: Roller,
  lines: BreakdownLine[],
  saver: 'target' | 'attacker',
): { said: string; succeeds: boolean } {
  const what = choiceLabelOf(plan.kind).toLowerCase()
  const face = plan.saveAllowed ? roll(20, `STR save to resist the ${what}`, saver) : undefined
  const result = zones.resolveNonLethal(plan, onSheet.str, face, false)
  if (!result.ok) throw new Error(result.error) // the face is always rolled when a save is allowed
  lines.push(...result.value.breakdown)
  if (!result.value.succeeds) return { said: `${on.f.name} resists the ${what}`, succeeds: false }
  let effect = result.value.effect
  switch (plan.kind) {
    case 'grapple':
      on.state.grabbedBy = by.f.id
      on.state.grabbedByName = by.f.name
      break
    case 'disarm': {
      const held = choiceList(on.f, onSheet).find(
        (c) => c.kind === 'weapon' && !on.state.dropped?.includes(c.id),
      )
      if (held?.kind === 'weapon') {
        on.state.dropped = [...(on.state.dropped ?? []), held.id]
        effect = `drops their ${held.weapon.name} (a free hand can grab it)`
      } else effect = 'has no weapon in hand to drop'
      break
    }
    case 'shove':
      if (plan.shoveDamage) {
        const hurt = zones.directDamage(roll(4, 'shove damage d4', saver), RULE.size)
        lines.push(...hurt.breakdown)
        effect = `${effect}; ${on.suffer(hurt.suffered)}`
      }
      break
    default:
      zones.unreachable(plan.kind)
  }
  return { said: `${on.f.name} ${effect}`, succeeds: true }
}

/**
 * "Guarding" and "Hide behind": the attack goes at the one who guards or is hidden behind, resolved as
 * an attack on them. A guard spends their reaction (so neither dodges nor counters); one hidden behind
 * may dodge if they can still react; the target who hid spent their own reaction on it.
 */
function swapped(
  p: Planned,
  attacker: Fighter,
  target: Fighter,
  defense: string,
  roll: Roller,
  view: TableView | undefined,
): Outcome<Resolution> {
  // "guard:<id>", "hide:<id>", or "hide:<id>:<their own reaction>" ("dodge", "counter:<attack>").
  const [kind, id, ...rest] = defense.split(':')
  const theirs = rest.join(':')
  const other = view?.fighters.find((f) => f.id === id)
  if (!other) return fail('That character is not on the table.')
  const q = declare(attacker, other, { choice: p.choice.id, toggles: p.toggles }, view)
  if (!q.ok) return q
  const a = attacking(attacker, q.value)
  const t = new Live(target)
  const n = new Live(other)
  let said: string
  let line: BreakdownLine
  if (kind === 'guard') {
    n.addCondition('reacted', 'Reacted')
    said = `${other.name} guards ${target.name} and takes the attack.`
    line = note(`Guarded: ${other.name} becomes the target`, 0, RULE.guarding)
  } else {
    t.addCondition('reacted', 'Reacted')
    said = `${target.name} hides behind ${other.name}, who takes the attack${theirs === 'dodge' ? ' and dodges' : theirs ? ' and counters' : ''}.`
    line = note(`Hides behind ${other.name}, who becomes the target`, 0, RULE.reacting)
  }
  const reaction = theirs || null
  const r =
    q.value.kind === 'strike'
      ? strike(q.value, a, n, reaction, roll)
      : q.value.kind === 'non-lethal'
        ? ok(nonLethal(q.value, a, n, reaction, roll))
        : fail('That attack cannot be turned on someone else.')
  if (!r.ok) return r
  return ok({
    lines: [line, ...r.value.lines],
    summary: `${said} ${r.value.summary}`,
    changes: { ...r.value.changes, [t.f.id]: t.change() },
  })
}
