/**
 * Resolving a spelljammer attack at the table (`spelljammerResolve`): the d100, the damage dice on a hit,
 * and what the attack leaves on both fighters; a withdrawal and its free attack, picking up a dropped
 * weapon, a free action, a spell begun or going off. What only resolving an attack runs lives here (and in
 * `resolve-parts.ts`), apart from combat.ts: a phone loads it only to ask for its own dice
 * (`RESOLVE_LOADERS`); the room has it with the rest (`table.ts`).
 */

import type { CombatRules, Declared, Fighter, FighterChange, Resolution, Roller } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  build,
  castingOf,
  compact,
  FORCE_MOVE,
  FREE_ACTION,
  freeAction,
  freeActionNow,
  freeAttackOn,
  parseChoice,
  pickingUpNow,
  SETTINGS,
  type SpelljammerState,
  STUCK_WORDS,
  setupOf,
  sheetFor,
  stateOf,
} from './combat.ts'
import { chosenStance } from './combat-defenses.ts'
import { PICK_UP } from './combat-dropped.ts'
import { WITHDRAW } from './combat-withdrawal.ts'
import { afterLastAttack, interrupted, intoMeleeRoll, pickUpOutcome } from './resolve-parts.ts'
import * as spelljammer from './rules.ts'
import { declaredMovement } from './turn-declaration.ts'

const RULE = spelljammer.RULE

/** The log's sentence for one attack: hit or miss, the damage and what it left, a forced move. */
function outcomeWords(
  attacker: Fighter,
  target: Fighter,
  attack: spelljammer.AttackResult,
  damage: spelljammer.DamageResult | null,
  stance: spelljammer.Stance,
  forcing: boolean,
  /** The target declared no movement this round: "If circumstances force them to move..." (Initiative). */
  standing: boolean,
  /** Said to players kept from the target's health: without the damage it took and its wound level. */
  kept = false,
): string {
  const a = attacker.name
  const t = target.name
  const still = standing
    ? `; having declared no movement, ${t} loses all remaining actions this round and must make a 2x DEX roll to avoid falling down (a spell being cast is interrupted)`
    : ''
  // Desperate Defense: "The attacker can force the target to move up to 10 feet", hit or miss.
  const forced =
    stance.kind !== 'desperate-defense'
      ? []
      : forcing
        ? [`${a} forces ${t} to move up to 10 ft (the GM says where it leads)${still}`]
        : [`${a} may force ${t} to move up to 10 ft`]
  if (!damage) {
    const miss = `${a} misses ${t} (rolled ${attack.d100}, needed ${attack.target} or less)`
    return `${[miss, ...forced].join('; ')}.`
  }
  const taken = kept ? '' : ` for ${damage.taken}`
  const how =
    damage.kind === 'grievous'
      ? `lands a grievous hit on ${t}${taken} (double damage, no PROT; armor PROT -1 until repaired; grievous wound: the GM decides)`
      : damage.kind === 'critical'
        ? `critically hits ${t}${taken} (double damage, no PROT)`
        : `hits ${t}${taken}${damage.protApplied && !kept ? ` (PROT stopped ${damage.protApplied})` : ''}`
  const after: string[] = []
  if (damage.hpAfter <= 0) after.push(`${t} is down`)
  else if (!kept && damage.woundAfter.level !== damage.woundBefore.level && damage.woundAfter.modifier !== 0)
    after.push(`${t} is ${damage.woundAfter.label} (${damage.woundAfter.modifier})`)
  if (damage.stunned) after.push(`${t} is stunned for the rest of the round`)
  if (damage.stuck)
    after.push(`${t} has ${damage.stuck.missile === 'arrow' ? 'an' : 'a'} ${STUCK_WORDS(damage.stuck)}`)
  after.push(...forced)
  return `${a} ${how}${after.length ? `: ${after.join('; ')}` : ''}.`
}

/** One declared action worked out on the dice: an attack, a withdrawal, picking up, a free action or a spell. */
function resolveAttack(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  roll: Roller,
  free = false,
): Outcome<Resolution> {
  if (declared.choice === WITHDRAW) return withdraw(attacker, target, declared, roll)
  if (declared.choice === PICK_UP) return pickUp(attacker, target, declared, roll)
  if (declared.choice === FREE_ACTION.id) return freeAction(attacker, target)
  const cast = castingOf(attacker, target, declared)
  if (cast) {
    if (!cast.ok) return cast
    const mine = stateOf(attacker)
    const state = compact({ ...mine, casting: cast.value.casting, attacks: (mine.attacks ?? 0) + 1 })
    return ok({ lines: cast.value.lines, summary: cast.value.summary, changes: { [attacker.id]: { state } } })
  }
  const stance = chosenStance(attacker, target, declared, defense)
  if (!stance.ok) return stance
  const built = build(attacker, target, declared, stance.value, free)
  if (!built.ok) return built
  const setup = setupOf(built.value)
  if (!setup.ok) return setup

  // Into a melee, a d100 first says whether the shot goes at the foe or at a friend.
  const { mix } = built.value
  const into = mix
    ? intoMeleeRoll(built.value.declaration.attacker.sheet, setup.value.weapon, mix, roll(100, 'into melee'))
    : null
  if (into && !into.ok) return into
  const mine = stateOf(attacker)
  // The attack is made with the weapon in hand: one of the round's attacks (a free attack takes none).
  const spent = { ...mine, attacks: (mine.attacks ?? 0) + (free ? 0 : 1), weapon: built.value.choice.weapon }
  if (into?.value.friend) {
    const state = compact(spent)
    return ok({
      lines: into.value.lines,
      summary: `${attacker.name} shoots into the melee at ${target.name}: ${into.value.words}.`,
      changes: { [attacker.id]: { state } },
    })
  }
  const attack = spelljammer.rollAgainst(setup.value, roll(100, 'to hit'), SETTINGS)
  let damage: spelljammer.DamageResult | null = null
  if (attack.kind !== 'miss') {
    const faces = spelljammer.weaponDamageSides(attack.weapon).map((sides) => roll(sides, `damage d${sides}`))
    const dealt = spelljammer.resolveDamage(attack, built.value.declaration.target.sheet, faces, SETTINGS)
    if (!dealt.ok) return dealt
    damage = dealt.value
  }

  const theirs = stateOf(target)
  // A hit on a caster mid-casting loses the spell (Action Declaration; the room's reading: always).
  const lost =
    damage && built.value.declaration.target.casting && theirs.casting
      ? interrupted(target, built.value.declaration.target.sheet, theirs.casting)
      : null
  const targetChange: FighterChange = {
    state: compact({
      ...theirs,
      casting: lost?.lost ? undefined : theirs.casting,
      stance: stance.value,
      stunned: damage?.stunned ? 1 : theirs.stunned,
      protLoss: (theirs.protLoss ?? 0) + (damage?.armorProtLoss ?? 0),
      stuck: [...(theirs.stuck ?? []), ...(damage?.stuck ? [damage.stuck] : [])],
      attackers: [...new Set([...(theirs.attackers ?? []), attacker.id])],
    }),
  }
  if (damage) targetChange.hp = damage.hpAfter
  const changes: Record<string, FighterChange> = {
    [attacker.id]: { state: compact({ ...spent, aiming: mine.aiming || built.value.aiming }) },
    [target.id]: targetChange,
  }
  // The attacker's wound modifier follows from its hit points: where players may not see a monster's,
  // the line is the GM's (`health`), as its hit points are.
  const own = built.value.declaration.attacker.sheet
  const [wound] = spelljammer.woundLines(own.hp, own.startingHp, own.name)
  const breakdown = attack.breakdown.map((l) =>
    wound && l.label === wound.label && l.rule === wound.rule ? { ...l, health: attacker.id } : l,
  )
  const lines = [...(into?.value.lines ?? []), ...breakdown, ...(damage?.breakdown ?? [])]
  if (damage)
    lines.push({
      label: `${target.name} hit points`,
      value: damage.hpAfter,
      rule: RULE.damage,
      health: target.id,
    })
  const wordsFor = (kept: boolean) => {
    const words = outcomeWords(
      attacker,
      target,
      attack,
      damage,
      stance.value,
      declared.toggles.includes(FORCE_MOVE.id),
      declaredMovement(declared.round, 'target') === 'no-movement',
      kept,
    )
    return lost ? `${words.slice(0, -1)}; ${lost.words}.` : words
  }
  const summary = wordsFor(false)
  const publicSummary = wordsFor(true)
  if (lost)
    lines.push({
      label: lost.words,
      value: 0,
      note: true,
      rule: spelljammer.RULE.declaration,
    })
  return ok({
    lines,
    summary,
    ...(publicSummary === summary ? {} : { publicSummary }),
    changes,
    hit: attack.kind !== 'miss',
  })
}

/** Withdrawing: the free attack rolled on the opponent's dice, or none, or the GM's call; the turn is spent. */
function withdraw(
  withdrawer: Fighter,
  opponent: Fighter,
  declared: Declared,
  roll: Roller,
): Outcome<Resolution> {
  const worked = freeAttackOn(withdrawer, opponent, declared)
  if (!worked.ok) return worked
  const { verdict, free } = worked.value
  const w = withdrawer.name
  const mine = stateOf(withdrawer)
  const spent = { ...mine, attacks: (mine.attacks ?? 0) + 1 }
  const note: BreakdownLine = { label: `${verdict.reason}`, value: 0, note: true, rule: RULE.withdrawing }
  if (verdict.verdict !== 'free-attack' || !free) {
    const words =
      verdict.verdict === 'ask-gm'
        ? `the GM decides whether ${opponent.name} gets a free attack (${verdict.reason}; "The GM will adjudicate such situations")`
        : `${opponent.name} gets no free attack (${verdict.reason})`
    return ok({
      lines: [note],
      summary: `${w} withdraws from melee with ${opponent.name}: ${words}.`,
      changes: { [withdrawer.id]: { state: compact(spent) } },
    })
  }
  // The free attack's dice are the opponent's: a withdrawer's own typed faces never stand for them.
  const theirs: Roller = (sides, label) => roll(sides, `free attack ${label}`, 'target')
  const hit = resolveAttack(opponent, withdrawer, free.declared, null, theirs, true)
  if (!hit.ok) return hit
  const taken = hit.value.changes[withdrawer.id] ?? {}
  const state = { ...(taken.state ?? mine), attacks: spent.attacks }
  const said = (summary: string) =>
    `${w} withdraws from melee with ${opponent.name}, who gets a free attack: ${summary}`
  return ok({
    lines: [note, ...hit.value.lines],
    summary: said(hit.value.summary),
    ...(hit.value.publicSummary !== undefined ? { publicSummary: said(hit.value.publicSummary) } : {}),
    changes: { ...hit.value.changes, [withdrawer.id]: { ...taken, state: compact(state) } },
    // The free attack's hit, as the withdrawal's odds (the chance of being struck) count it.
    ...(hit.value.hit !== undefined ? { hit: hit.value.hit } : {}),
  })
}

/** `resolved` with `patch` on the state it leaves `f` in (theirs as they were where it changes none). */
function patchOwn(resolved: Resolution, f: Fighter, patch: SpelljammerState): Resolution {
  const change = resolved.changes[f.id] ?? {}
  const state = compact({ ...((change.state as SpelljammerState | undefined) ?? stateOf(f)), ...patch })
  return { ...resolved, changes: { ...resolved.changes, [f.id]: { ...change, state } } }
}

/** After any other action, a free action just taken is used up: the turn allows one attack again. */
function afterFreeAction(f: Fighter, declared: Declared, resolved: Outcome<Resolution>): Outcome<Resolution> {
  if (!resolved.ok || !freeActionNow(f) || declared.choice === FREE_ACTION.id) return resolved
  return ok(patchOwn(resolved.value, f, { freeAction: 'used' }))
}

/** Attack and move: a weapon's attack that was the round's last says, after it, when they move. */
function thenMoving(f: Fighter, declared: Declared, roll: Roller, resolved: Outcome<Resolution>) {
  const sheet = sheetFor(f)
  if (!resolved.ok || !sheet.ok || !parseChoice(declared.choice, sheet.value)) return resolved
  const after = afterLastAttack(f.name, sheet.value, declared, roll)
  if (!after?.ok) return after ?? resolved
  const moved = patchOwn(resolved.value, f, { movingAfter: after.value.moving })
  return ok({
    ...moved,
    summary: `${moved.summary} ${after.value.words}`,
    ...(moved.publicSummary !== undefined
      ? { publicSummary: `${moved.publicSummary} ${after.value.words}` }
      : {}),
    lines: [...moved.lines, ...after.value.lines],
  })
}

/** The DEX roll: 4x gets the weapon back, 1x also leaves one attack five segments later. */
function pickUp(f: Fighter, target: Fighter, declared: Declared, roll: Roller): Outcome<Resolution> {
  const ready = pickingUpNow(f, target, declared)
  if (!ready.ok) return ready
  const { sheet, segment } = ready.value
  const outcome = pickUpOutcome(f, sheet, segment, roll(100, 'DEX roll'))
  if (typeof outcome === 'string') return fail(outcome)
  const mine = stateOf(f)
  const all = Math.max(1, sheet.attacksPerRound)
  // "You can still make one attack": one of the round's attacks is left, on its own slot; else none.
  const attacks = outcome.picking.attackOn === undefined ? all : Math.max(mine.attacks ?? 0, all - 1)
  const state = compact({ ...mine, pickingUp: outcome.picking, attacks })
  return ok({ lines: outcome.lines, summary: outcome.summary, changes: { [f.id]: { state } } })
}

/** spelljammer's `resolve`: the action, then the free action it uses up and the move after a last attack. */
export const spelljammerResolve: CombatRules['resolve'] = ({ attacker, target, declared }, defense, roll) =>
  afterFreeAction(
    attacker,
    declared,
    thenMoving(attacker, declared, roll, resolveAttack(attacker, target, declared, defense, roll)),
  )
