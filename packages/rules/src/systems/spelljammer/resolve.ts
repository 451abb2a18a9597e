/**
 * Resolving a spelljammer attack at the table (`spelljammerResolve`): the d100, the damage dice on a hit,
 * and what the attack leaves on both fighters; a withdrawal and its free attack, picking up a dropped
 * weapon, a free action, a spell begun or going off. What only resolving an attack runs lives here (and in
 * `resolve-parts.ts`), apart from combat.ts: a phone loads it only to ask for its own dice
 * (`RESOLVE_LOADERS`); the room has it with the rest (`table.ts`).
 */

import type {
  AttackPlan,
  CombatRules,
  Declared,
  Fighter,
  FighterChange,
  Resolution,
  Roller,
} from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  type ActionKind,
  type Built,
  type Checked,
  compact,
  declaredPair,
  FORCE_MOVE,
  type Planned,
  plannedOf,
  SETTINGS,
  type SpelljammerState,
  STUCK_WORDS,
  stateOf,
  type Withdrawing,
} from './combat.ts'
import { chosenStance } from './combat-defenses.ts'
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

/** A weapon's attack worked out on the dice, against the stance the target answers with. */
function strike(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  { declaration, setup, choice, aiming, mix }: Built,
  stance: spelljammer.Stance,
  roll: Roller,
  free = false,
): Outcome<Resolution> {
  // Into a melee, a d100 first says whether the shot goes at the foe or at a friend.
  const into = mix
    ? intoMeleeRoll(declaration.attacker.sheet, setup.weapon, mix, roll(100, 'into melee'))
    : null
  if (into && !into.ok) return into
  const mine = stateOf(attacker)
  // The attack is made with the weapon in hand: one of the round's attacks (a free attack takes none).
  const spent = { ...mine, attacks: (mine.attacks ?? 0) + (free ? 0 : 1), weapon: choice.weapon }
  if (into?.value.friend) {
    const state = compact(spent)
    return ok({
      lines: into.value.lines,
      summary: `${attacker.name} shoots into the melee at ${target.name}: ${into.value.words}.`,
      changes: { [attacker.id]: { state } },
    })
  }
  const attack = spelljammer.rollAgainst(setup, roll(100, 'to hit'), SETTINGS)
  let damage: spelljammer.DamageResult | null = null
  if (attack.kind !== 'miss') {
    const faces = spelljammer.weaponDamageSides(attack.weapon).map((sides) => roll(sides, `damage d${sides}`))
    const dealt = spelljammer.resolveDamage(attack, declaration.target.sheet, faces, SETTINGS)
    if (!dealt.ok) return dealt
    damage = dealt.value
  }

  const theirs = stateOf(target)
  // A hit on a caster mid-casting loses the spell (Action Declaration; the room's reading: always).
  const lost =
    damage && declaration.target.casting && theirs.casting
      ? interrupted(target, declaration.target.sheet, theirs.casting)
      : null
  const targetChange: FighterChange = {
    state: compact({
      ...theirs,
      casting: lost?.lost ? undefined : theirs.casting,
      stance: stance,
      stunned: damage?.stunned ? 1 : theirs.stunned,
      protLoss: (theirs.protLoss ?? 0) + (damage?.armorProtLoss ?? 0),
      stuck: [...(theirs.stuck ?? []), ...(damage?.stuck ? [damage.stuck] : [])],
      attackers: [...new Set([...(theirs.attackers ?? []), attacker.id])],
    }),
  }
  if (damage) targetChange.hp = damage.hpAfter
  const changes: Record<string, FighterChange> = {
    [attacker.id]: { state: compact({ ...spent, aiming: mine.aiming || aiming }) },
    [target.id]: targetChange,
  }
  // The attacker's wound modifier follows from its hit points: where players may not see a monster's,
  // the line is the GM's (`health`), as its hit points are.
  const own = declaration.attacker.sheet
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
      stance,
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
  { verdict, free }: Withdrawing,
  roll: Roller,
): Outcome<Resolution> {
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
  const stance = mine.stance ?? spelljammer.ATTACKING
  const hit = strike(opponent, withdrawer, free.declared, free.built, stance, theirs, true)
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

/** One free action a round: their turn allows an attack more while the free action is just taken. */
export const freeActionNow = (f: Fighter) => stateOf(f).freeAction === 'now'

/** After any other action, a free action just taken is used up: the turn allows one attack again. */
function afterFreeAction(f: Fighter, kind: ActionKind, resolved: Outcome<Resolution>): Outcome<Resolution> {
  if (!resolved.ok || !freeActionNow(f) || kind === 'free-action') return resolved
  return ok(patchOwn(resolved.value, f, { freeAction: 'used' }))
}

/** Attack and move: a weapon's attack that was the round's last says, after it, when they move. */
function thenMoving(
  f: Fighter,
  planned: Planned,
  declared: Declared,
  roll: Roller,
  resolved: Outcome<Resolution>,
) {
  if (!resolved.ok || planned.kind !== 'weapon') return resolved
  const after = afterLastAttack(f.name, planned.checked.declaration.attacker.sheet, declared, roll)
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
function pickUp(f: Fighter, { sheet, segment }: Checked['pick-up'], roll: Roller): Outcome<Resolution> {
  const outcome = pickUpOutcome(f, sheet, segment, roll(100, 'DEX roll'))
  if (typeof outcome === 'string') return fail(outcome)
  const mine = stateOf(f)
  const all = Math.max(1, sheet.attacksPerRound)
  // "You can still make one attack": one of the round's attacks is left, on its own slot; else none.
  const attacks = outcome.picking.attackOn === undefined ? all : Math.max(mine.attacks ?? 0, all - 1)
  const state = compact({ ...mine, pickingUp: outcome.picking, attacks })
  return ok({ lines: outcome.lines, summary: outcome.summary, changes: { [f.id]: { state } } })
}

/** The round's free action, logged for the GM to judge (`FREE_ACTION`'s row checks it first). */
function freeAction(f: Fighter): Resolution {
  return {
    lines: [
      { label: 'Free action: one a round, no attack spent', value: 1, note: true, rule: RULE.freeActions },
    ],
    summary: `${f.name} takes a free action, the one of the round (it costs no attack); the GM judges what can be done in it.`,
    changes: { [f.id]: { state: compact({ ...stateOf(f), freeAction: 'now' }) } },
  }
}

/** Each of the table's actions (combat.ts's `ACTIONS`) on the dice, from what its check worked out. */
type Rest = [plan: AttackPlan, defense: string | null, roll: Roller]
type Resolver<K extends ActionKind> = (checked: Checked[K], ...rest: Rest) => Outcome<Resolution>
const RESOLVE: { [K in ActionKind]: Resolver<K> } = {
  withdraw: (worked, { attacker, target }, _defense, roll) => withdraw(attacker, target, worked, roll),
  'free-action': (_nothing, { attacker }) => ok(freeAction(attacker)),
  'pick-up': (ready, { attacker }, _defense, roll) => pickUp(attacker, ready, roll),
  casting: ({ casting, lines, summary }, { attacker }) => {
    const mine = stateOf(attacker)
    const state = compact({ ...mine, casting, attacks: (mine.attacks ?? 0) + 1 })
    return ok({ lines, summary, changes: { [attacker.id]: { state } } })
  },
  weapon(planned, plan, defense, roll) {
    const { attacker, target, declared } = plan
    const stance = chosenStance(plan, defense)
    if (!stance.ok) return stance
    // The stance declared for the round is the plan's own: its setup stands.
    return strike(attacker, target, declared, planned, stance.value, roll)
  },
}

function resolveOf<K extends ActionKind>(p: Planned<K>, ...rest: Rest) {
  const run: Resolver<K> = RESOLVE[p.kind]
  return run(p.checked, ...rest)
}

/** spelljammer's `resolve`: the action, then the free action it uses up and the move after a last attack. */
export const spelljammerResolve: CombatRules['resolve'] = (asPlanned, defense, roll) => {
  const planned = plannedOf(asPlanned)
  // Both hold the defenses they declared for the round, as the plan's checks read them.
  const [attacker, target] = declaredPair(
    asPlanned.attacker,
    asPlanned.target,
    asPlanned.declared,
    asPlanned.table,
  )
  const plan = { ...asPlanned, attacker, target }
  const { declared } = plan
  const resolved = resolveOf(planned, plan, defense, roll)
  const done = afterFreeAction(
    attacker,
    planned.kind,
    thenMoving(attacker, planned, declared, roll, resolved),
  )
  // The actor's own stance stays the declaration's, not their state's: an outcome the GM approves in a
  // later round would otherwise carry it into that round. The target's is the stance the attack met.
  const change = done.ok ? done.value.changes[attacker.id] : undefined
  if (!done.ok || !change?.state || target.id === attacker.id) return done
  const state = compact({ ...(change.state as SpelljammerState), stance: stateOf(asPlanned.attacker).stance })
  return ok({ ...done.value, changes: { ...done.value.changes, [attacker.id]: { ...change, state } } })
}
