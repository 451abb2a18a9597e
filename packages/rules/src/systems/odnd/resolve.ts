/**
 * Resolving an odnd attack: its dice and what they do, for the room and a phone's dry run of its player's
 * own dice (`RESOLVE_LOADERS`); apart from combat.ts so that a phone's screen does not load it.
 */

import { setupOf } from '../../engine/plan.ts'
import type { CombatRules, Declared, Fighter, FighterChange, Resolution, Roller } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import {
  type Counter,
  cannotAttack,
  canParry,
  declare,
  type Log,
  openStrike,
  outreachedBy,
  type Planned,
  parried,
  type Ready,
  ROUNDS_PER_TURN,
  unparriable,
} from './combat.ts'
import {
  type Condition,
  disengage,
  engage,
  engagedOf,
  INJURY_WORDS,
  injuryOf,
  type OdndState,
  sentence,
  sheet,
  stateOf,
  withCondition,
  withoutCondition,
  withState,
} from './fighter-state.ts'
import { afterChange, interruptSpell, resolveMove } from './resolve-moves.ts'
import {
  type AttackDice,
  type AttackResult,
  applyAttackDice,
  disarmSave,
  dismountSave,
  entangleSave,
  rollDamage,
  unitHit,
} from './rolls.ts'
import * as odnd from './rules.ts'

/** Rolls the to-hit die (two with Advantage or Disadvantage), then the fumble die or the Florentine d2 if asked for. */
function rollToHit(p: odnd.PreparedAttack, who: string, roll: Roller): Outcome<AttackResult> {
  const d20: AttackDice['d20'] =
    p.roll === 'normal'
      ? roll(20, 'to hit')
      : [roll(20, `to hit (${p.roll})`), roll(20, `to hit (${p.roll})`)]
  // Judge the d20 first (the d2 placeholder only lets a Florentine hit be judged), then roll what it calls for.
  const judged = applyAttackDice(p, { d20, whichWeapon: 1 }, who)
  if (!judged.ok) return judged
  const dice: AttackDice = { d20 }
  if (judged.value.fumble === 'roll-needed') dice.fumbleD20 = roll(20, 'fumble')
  if (judged.value.hit && p.offhand) dice.whichWeapon = roll(2, 'which weapon hit')
  return applyAttackDice(p, dice, who)
}

/** What an attack does, built up step by step. */
interface Effects extends Log {
  target: OdndState
  attacker: OdndState
  hp: number
}

/** A charge or a withdrawal marks the round: the charger's AC loses its DEX, the one withdrawing gains +2. */
function movedThisRound(r: Ready, fx: Effects): void {
  const t = r.decl.toggles ?? {}
  if (t.charging && r.decl.attackNumber === 1) {
    fx.attacker = withCondition({ ...fx.attacker, chargeWait: ROUNDS_PER_TURN }, { id: 'charged', rounds: 1 })
    fx.words.push(`${r.attacker.name} charged: no DEX bonus to AC this round, no other charge this Turn`)
  }
  if (r.table.includes('on-the-run')) fx.attacker = withCondition(fx.attacker, { id: 'running', rounds: 1 })
  if (t.withdrawing) fx.attacker = withCondition(fx.attacker, { id: 'withdrawing', rounds: 1 })
}

/**
 * Who attacks one in melee this round: "If more than 2 foes are simultaneously attacking one character"
 * (the round's known toggles then set +1 and no shield); where the text prints no number for the sizes
 * (larger or smaller creatures), the GM is asked once more than six surround it.
 */
function surrounded(r: Ready, attacker: Fighter, target: Fighter, fx: Effects): void {
  const by = fx.target.attackedBy ?? []
  if (by.includes(attacker.id)) return
  fx.target = { ...fx.target, attackedBy: [...by, attacker.id] }
  if (
    by.length + 1 > odnd.MAX_SURROUNDING_MAN_SIZED &&
    odnd.maxSurrounding(r.attacker.size, r.defender.size) === null
  )
    fx.words.push(
      `GM: ${by.length + 1} now fight ${target.name}; how many can surround a ${r.defender.size} foe is yours to say ("Larger creatures can be surrounded by more opponents. Smaller creatures ... by fewer")`,
    )
}

/**
 * Two who fight in melee are "in melee" (within 10 feet): each remembers the other until a retreat or the
 * GM parts them; one who fled and strikes again has "turned and re-engaged". The fallen are let go.
 */
function inMelee(attacker: Fighter, target: Fighter, after: odnd.InjuryState, fx: Effects): void {
  fx.attacker = withoutCondition(fx.attacker, 'fleeing')
  if (after !== 'fighting') {
    fx.attacker = disengage(fx.attacker, [target.id])
    return
  }
  fx.attacker = engage(fx.attacker, target)
  fx.target = engage(fx.target, attacker)
}

/** A maneuver's follow-up save after a hit: disarm, dismount, entangle. Grapples wait for the round's end. */
function followUp(r: Ready, attacker: Fighter, target: Fighter, roll: Roller, fx: Effects): void {
  const { maneuver } = r.way
  if (maneuver === 'grapple') {
    const grappledBy = (fx.target.grappledBy ?? []).filter((g) => g.id !== attacker.id)
    fx.target = { ...fx.target, grappledBy: [...grappledBy, { id: attacker.id, hitDice: r.attacker.level }] }
    fx.words.push(
      `${attacker.name} grapples ${target.name}: the grappling dice are rolled at the end of the round`,
    )
    return
  }
  if (maneuver !== 'disarm' && maneuver !== 'dismount' && maneuver !== 'entangle') return
  // The target saves against a disarm or a dismount; with a whip, "the WIELDER must ... make a Save".
  const d20 = roll(20, 'save vs paralysis', maneuver === 'entangle' ? 'attacker' : 'target')
  const save =
    maneuver === 'disarm'
      ? disarmSave(r.defender, r.attacker, d20)
      : maneuver === 'dismount'
        ? dismountSave(r.defender, r.attacker, d20)
        : entangleSave(r.attacker, r.defender, r.way.aim ?? 'target', d20)
  if (!save.ok) return
  fx.lines.push(...save.value.breakdown)
  fx.words.push(save.value.summary.replace(/\.$/, ''))
  // A disarm or dismount works when the target fails; a whip when its wielder succeeds.
  const works = maneuver === 'entangle' ? save.value.saved : !save.value.saved
  if (!works) return
  const lost: Condition =
    maneuver === 'disarm' || r.way.aim === 'weapon'
      ? { id: 'disarmed', rounds: null, weapon: r.decl.defenderWeapon ?? 0 }
      : maneuver === 'dismount'
        ? { id: 'dismounted', rounds: null }
        : { id: 'entangled', rounds: null }
  fx.target = withCondition(fx.target, lost)
}

/** A parting shot: the foe's first open melee attack, at +2 past the shield, free of its round's count. */
function partingShot(foe: Fighter, target: Fighter, roll: Roller): Outcome<Resolution> {
  const s = sheet(foe)
  if (!s.ok) return s
  const why = cannotAttack(foe, s.value)
  if (why) return fail(why.replace(/^You are/, `${foe.name} is`).replace(/^You /, `${foe.name} `))
  const way = openStrike(foe, s.value)
  if (!way) return fail(`${foe.name} has no melee attack ready`)
  return strike(foe, target, { choice: way.id, toggles: ['parting-shot'] }, null, roll, true)
}

/**
 * odnd's `resolve`: a move as moves.ts declares it, or an attack as combat.ts's `declare` reads it, struck
 * with the dice `roll` gives (the room's, or a phone's dry run of the player's own faces).
 */
export const odndResolve: CombatRules['resolve'] = (plan, defense, roll): Outcome<Resolution> => {
  const { attacker, target, declared } = plan
  const table = plan.table?.fighters
  const setup = setupOf<Planned>(plan)
  if ('move' in setup) {
    if (defense !== null && defense !== 'none') return fail('Nobody defends against a move.')
    return resolveMove(attacker, setup.move, declared.toggles, roll, table, partingShot)
  }
  const counter = defense !== 'parry' ? outreachedBy(attacker, target, setup.ready) : null
  const struck = counter
    ? struckFirst(attacker, target, declared, defense, roll, counter)
    : strike(attacker, target, declared, defense, roll, false, false, setup.ready)
  if (!struck.ok || !table) return struck
  return ok(letGoOfTheFallen(struck.value, target, table))
}

/** The defender's blow first, then the attacker's if still standing: one outcome, one log entry. */
function struckFirst(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  roll: Roller,
  counter: Counter,
): Outcome<Resolution> {
  // The defender's dice are theirs; a save its blow calls for is the attacker's.
  const theirs: Roller = (sides, label, owner) =>
    roll(sides, `${target.name}: ${label}`, owner === 'target' ? 'attacker' : 'target')
  const toggles = counter.setSpear ? ['set-spear'] : []
  const blow = strike(target, attacker, { choice: counter.way.id, toggles }, null, theirs, false, true)
  if (!blow.ok) return blow
  const after = (f: Fighter) => afterChange(f, blow.value.changes[f.id])
  const lead = `${target.name}'s ${counter.weapon.name} strikes first, ${counter.why}: ${blow.value.summary.replace(/\.$/, '')}`
  const a = after(attacker)
  if (injuryOf(a) !== 'fighting')
    return ok({ ...blow.value, summary: `${lead}; ${attacker.name} falls before striking.` })
  // The exchange is one: the blow that came first does not put the attacker "in melee" before its own.
  const own = strike(
    withState(a, disengage(stateOf(a), [target.id])),
    after(target),
    declared,
    defense,
    roll,
    false,
  )
  if (!own.ok) return own
  const changes: Record<string, FighterChange> = { ...blow.value.changes }
  for (const [id, c] of Object.entries(own.value.changes)) changes[id] = { ...changes[id], ...c }
  return ok({
    lines: [...blow.value.lines, ...own.value.lines],
    summary: `${lead}; then ${own.value.summary}`,
    changes,
  })
}

/** One who falls is in melee with nobody: those who fought them let go at once, not at the round's end. */
function letGoOfTheFallen(r: Resolution, target: Fighter, table: readonly Fighter[]): Resolution {
  if (injuryOf(afterChange(target, r.changes[target.id])) === 'fighting') return r
  const changes = { ...r.changes }
  for (const f of table) {
    if (f.id === target.id || changes[f.id] || !engagedOf(f).some((e) => e.id === target.id)) continue
    changes[f.id] = { state: disengage(stateOf(f), [target.id]) as Record<string, unknown> }
  }
  return { ...r, changes }
}

function strike(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  roll: Roller,
  free: boolean,
  /** The defender's blow in the attacker's own action (reach): the attacker is acting, not casting. */
  counter = false,
  /**
   * This very declaration as the caller read it already (not free): read again, it would be the same
   * (whether a fight runs changes only the words of a refusal, and the caller's was no refusal).
   */
  read?: Ready,
): Outcome<Resolution> {
  const first = read && !free ? ok(read) : declare(attacker, target, declared, {}, free)
  if (!first.ok) return first
  const parry = defense === 'parry'
  if (defense !== null && defense !== 'none' && !parry)
    return fail(`"${defense}" is not a defense in this system.`)
  if (parry && !canParry(target, first.value.way))
    return fail(`${target.name} cannot parry now: parrying takes the whole round, with no attacks (Parry).`)
  const blind = parry ? unparriable(target, first.value) : null
  if (blind) return fail(blind)
  const r = parry ? parried(first.value) : first.value
  const prepared = odnd.prepareAttack(r.decl)
  if (!prepared.ok) return prepared
  const p = prepared.value
  // Moving through a line comes before the blow: the mover's d6 + DEX, for each foe passed to beat.
  const throughLine = r.table.includes('through-line')
    ? roll(6, 'through the line d6') + odnd.abilityBonus(r.attacker.dex)
    : null
  const judged = rollToHit(p, attacker.name, roll)
  if (!judged.ok) return judged
  const res = judged.value

  const fx: Effects = {
    lines: [...res.breakdown],
    words: [],
    target: stateOf(target),
    attacker: { ...stateOf(attacker), attacks: (stateOf(attacker).attacks ?? 0) + 1, hasAttacked: true },
    hp: target.hp,
  }
  if (parry) fx.target = withCondition(fx.target, { id: 'parrying', rounds: 1 })
  let headline = `${attacker.name} ${res.hit ? (res.critical ? 'hits, critically,' : 'hits') : 'misses'} ${target.name}`

  if (res.damage && r.attacker.men > 1) {
    // Mass Combat: "a single 6-sided die is thrown, and its score is multiplied by 10" (the men of the unit).
    const hit = unitHit(
      { name: target.name, men: 1, originalHp: target.maxHp, hp: target.hp },
      r.attacker.men,
      roll(6, 'unit hit d6'),
    )
    if (!hit.ok) return hit
    fx.lines.push(...hit.value.breakdown)
    fx.hp = target.hp - hit.value.damage
    headline += ` for ${hit.value.damage}`
  } else if (res.damage) {
    const faces = Array.from({ length: res.damage.dice.count }, () =>
      roll(res.damage?.dice.sides ?? 0, `damage d${res.damage?.dice.sides}`),
    )
    const dealt = rollDamage(res.damage, faces, stateOf(attacker).subdualRolls ?? 0)
    if (!dealt.ok) return dealt
    const { actual, temporary, breakdown, subdualRolls } = dealt.value
    fx.lines.push(...breakdown)
    fx.hp = target.hp - actual
    fx.target = { ...fx.target, temporary: (fx.target.temporary ?? 0) + temporary }
    if (res.damage.kind !== 'lethal') fx.attacker = { ...fx.attacker, subdualRolls }
    // Temporary damage leaves the hit points as they are ("Empty Hand Attacks"): said apart, never as "for 0".
    headline += !temporary
      ? ` for ${actual}`
      : actual
        ? ` for ${actual} damage and ${temporary} temporary damage`
        : ` for ${temporary} temporary damage, which wears off`
  }
  if (res.hit) followUp(r, attacker, target, roll, fx)
  if (r.decl.toggles?.['from-behind'] || r.decl.toggles?.backstab) {
    fx.target = withCondition(fx.target, { id: 'surprised', rounds: 1, vs: [attacker.id] })
    fx.words.push(`${target.name} is surprised and cannot attack back this round`)
  }
  const hurt = fx.hp < target.hp || (fx.target.temporary ?? 0) > (stateOf(target).temporary ?? 0)
  const spell =
    hurt && !free && !counter
      ? interruptSpell(target, fx.target, r.table.includes('same-initiative'), roll)
      : null
  if (spell) {
    fx.target = spell.state
    fx.lines.push(...spell.lines)
    fx.words.push(...spell.words)
  }
  const weapon = r.decl.attacker.weapons[r.decl.weapon ?? 0]
  if (weapon?.kind === 'crossbow') fx.attacker = withCondition(fx.attacker, { id: 'reloading', rounds: 2 })
  movedThisRound(r, fx)

  const after = injuryOf(withState(target, fx.target, fx.hp))
  if (after !== 'fighting' && after !== injuryOf(target)) {
    fx.words.push(`${target.name} is ${INJURY_WORDS[after]}`)
    // "If two or more roll the same ... anyone killed in that round still gets their attack": killed, not
    // knocked out. One who could not attack this round (a parry's "no attacks are possible") has none
    // owed: read with this blow's own effects, a parry against it too, before the hit points it took.
    const couldAttack =
      !stateOf(target).hasAttacked &&
      cannotAttack(withState(target, fx.target, target.hp), r.defender) === null
    if (r.table.includes('same-initiative') && after === 'dead' && couldAttack && !free) {
      fx.target = { ...fx.target, strikesBack: true }
      fx.words.push(
        `${target.name} acts at the same initiative and still gets its attack this round, before leaving the fight (ENCOUNTER ORDER 6)`,
      )
    }
  }
  if (r.way.mode === 'melee' && !free) {
    inMelee(attacker, target, after, fx)
    surrounded(r, attacker, target, fx)
  }
  if (throughLine !== null)
    fx.words.push(
      `GM: each foe ${attacker.name} passed within 10 feet may take one free attack at +2: d6 + DEX against ${throughLine} (Moving through a line; Retreat)`,
    )
  for (const q of res.prompts) {
    if (q.table === 'maneuver') continue // the adapter rolls the maneuvers' follow-ups itself
    const special = q.table === 'special-attack' && r.attacker.special
    fx.words.push(special ? `special attack (${r.attacker.special}): GM, apply it` : q.ask.replace(/\.$/, ''))
  }
  if (parry) fx.words.unshift(`${target.name} parries (+2 AC this round, no attacks)`)

  const changes: Record<string, FighterChange> = {
    [attacker.id]: { state: fx.attacker as Record<string, unknown> },
    [target.id]: { hp: fx.hp, state: fx.target as Record<string, unknown> },
  }
  return ok({ lines: fx.lines, summary: sentence(headline, fx.words), changes, hit: res.hit })
}
