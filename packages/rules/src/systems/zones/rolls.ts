/**
 * zones' rolls: what the faces of the dice do, from a save to a counter, a fall or a morale check, and the
 * few rules only resolving applies after them (who resolves first, what reveals one concealed).
 */
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import type { AttackPlan } from './attack.ts'
import { assertFace, invariant, line, note, RULE, type Stat, unreachable } from './common.ts'
import type { DamageSpec } from './damage.ts'
import type { MoraleMember, SurrenderState } from './morale.ts'
import { MOUNTING_ZONES } from './mounts.ts'
import type { NonLethalKind, NonLethalPlan } from './non-lethal.ts'
import type { AttackReactions } from './reactions.ts'
import type { IncapacitationPolicy } from './settings.ts'
import type { Sheet } from './sheet.ts'
import { halveForSize, sizeSteps } from './size.ts'
import type { RevealingAction } from './sneaking.ts'

/** The saves' names, as a roll's breakdown says them. */
export const STAT_LABEL: Record<Stat, string> = { str: 'STR', agi: 'AGI', wit: 'WIT' }

// --- Saves -----------------------------------------------------------------------------------

export interface SaveResult {
  stat: Stat
  target: number
  face: number
  passed: boolean
  breakdown: BreakdownLine[]
}

/**
 * One save. The text only says "pass a save"; the reading (README) is d20 <= the stat, so the printed
 * dodge on a 2 against AGI 8 passes and the WIT save on a 20 misses.
 */
export function resolveSave(
  stat: Stat,
  target: number,
  face: number,
  rule: string,
  why?: string,
): SaveResult {
  assertFace(face, 20, `${STAT_LABEL[stat]} save`)
  const passed = face <= target
  const label = `${STAT_LABEL[stat]} save${why ? ` (${why})` : ''}: d20`
  return {
    stat,
    target,
    face,
    passed,
    breakdown: [line(label, face, rule), line(`${STAT_LABEL[stat]} (pass on this or under)`, target, rule)],
  }
}

export interface GroupMember {
  id: string
  target: number
}

/**
 * A group save (morale, chases): everyone rolls their own save, and each is judged alone: "those who
 * fail ... those who pass".
 */
export function resolveGroupSave(
  stat: Stat,
  members: ReadonlyArray<GroupMember>,
  faces: Readonly<Record<string, number>>,
  rule: string,
): { passed: string[]; failed: string[]; results: Record<string, SaveResult> } {
  const results: Record<string, SaveResult> = {}
  const passed: string[] = []
  const failed: string[] = []
  for (const m of members) {
    const face = faces[m.id]
    if (face === undefined) throw new Error(`zones: no d20 given for ${m.id}'s ${STAT_LABEL[stat]} save`)
    const result = resolveSave(stat, m.target, face, rule)
    results[m.id] = result
    ;(result.passed ? passed : failed).push(m.id)
  }
  return { passed, failed, results }
}

// --- Hitting ---------------------------------------------------------------------------------

export interface HitResult {
  hit: boolean
  save: SaveResult | null
  breakdown: BreakdownLine[]
}

/**
 * Whether the attack hits: automatically, or on a passed WIT save when the plan calls for one. A
 * missing d20 for a required save is a sentence, since a player at the table may not have typed it yet.
 */
export function resolveHit(plan: AttackPlan, attackerWit: number, witFace?: number): Outcome<HitResult> {
  if (plan.witSaveReasons.length === 0) {
    return ok({ hit: true, save: null, breakdown: [note('Hits automatically', 1, RULE.attacking)] })
  }
  if (witFace === undefined)
    return fail(`Roll a d20 for the WIT save to hit (${plan.witSaveReasons.join('; ')}).`)
  const save = resolveSave('wit', attackerWit, witFace, RULE.attacking, 'to hit')
  return ok({
    hit: save.passed,
    save,
    breakdown: [...save.breakdown, note(save.passed ? 'Hit' : 'Miss', save.passed ? 1 : 0, RULE.attacking)],
  })
}

// --- Damage ----------------------------------------------------------------------------------

export interface DamageResult {
  faces: number[]
  rolled: number
  /** After size and impaired halving: the damage inflicted before armour. */
  inflicted: number
  armor: number
  /** What the target actually loses. */
  suffered: number
  weaponBreaks: boolean
  /** Damaged gear of the target destroyed by this blow (8+ before armour; shield first). */
  gearDestroyed: 'shield' | 'armor' | null
  breakdown: BreakdownLine[]
}

/** Turns the rolled faces into damage, with every die and reduction in the breakdown. */
export function resolveDamage(spec: DamageSpec, faces: ReadonlyArray<number>): DamageResult {
  invariant(faces.length === spec.dice.count, `expected ${spec.dice.count} damage dice, got ${faces.length}`)
  for (const f of faces) assertFace(f, spec.dice.sides, 'damage die')
  const breakdown = [...spec.breakdown]
  faces.forEach((f, i) => {
    breakdown.push(line(`Damage die ${i + 1} (d${spec.dice.sides})`, f, RULE.attacking))
  })
  const rolled = faces.reduce((a, b) => a + b, 0)
  const inflicted = halveForSize(rolled, spec.halvings)
  if (spec.halvings > 0) breakdown.push(line('Halved, rounding up', inflicted))
  const suffered = Math.max(0, inflicted - spec.armor)
  if (spec.armor > 0) breakdown.push(line('Minus armour', -spec.armor, RULE.attacking))
  breakdown.push(line('Damage suffered', suffered))
  const weaponBreaks = spec.breaksOnOne && faces.includes(1)
  if (weaponBreaks) breakdown.push(note('Damaged weapon rolled a 1: destroyed', 1, RULE.gear))
  let gearDestroyed: DamageResult['gearDestroyed'] = null
  if (inflicted >= 8) {
    if (spec.targetGear.shieldDamaged) gearDestroyed = 'shield'
    else if (spec.targetGear.armorDamaged) gearDestroyed = 'armor'
    if (gearDestroyed)
      breakdown.push(line(`8+ damage: damaged ${gearDestroyed} destroyed`, inflicted, RULE.gear))
  }
  return {
    faces: [...faces],
    rolled,
    inflicted,
    armor: spec.armor,
    suffered,
    weaponBreaks,
    gearDestroyed,
    breakdown,
  }
}

export interface HealthAfter {
  health: number
  /** true / false under a fixed policy; 'ask-gm' when the table decides ("critical damage" is not defined). */
  incapacitated: boolean | 'ask-gm'
}

/**
 * Lowers health (never below 0, and never up: one the GM left below 0 stays there) and says whether the
 * target is incapacitated under the room's policy.
 */
export function applyDamage(
  health: number,
  maxHealth: number,
  suffered: number,
  policy: IncapacitationPolicy,
): HealthAfter {
  const after = Math.min(health, Math.max(0, health - suffered))
  if (suffered <= 0) return { health: after, incapacitated: false }
  switch (policy) {
    case 'ask-gm':
      return { health: after, incapacitated: 'ask-gm' }
    case 'at-zero':
      return { health: after, incapacitated: after <= 0 }
    case 'at-half':
      return { health: after, incapacitated: after * 2 <= maxHealth }
    default:
      return unreachable(policy)
  }
}

/**
 * Direct damage (a fall from a moving mount, a shove by a larger character): d4 that no reaction
 * prevents. The text never mentions armour for it; our reading is that armour does not apply, and a
 * room that disagrees passes `armor`.
 */
export function directDamage(face: number, rule: string, armor = 0): DamageResult {
  assertFace(face, 4, 'direct damage die')
  const suffered = Math.max(0, face - armor)
  const breakdown = [line('Direct damage: d4', face, rule)]
  if (armor > 0) breakdown.push(line('Minus armour', -armor, rule))
  breakdown.push(line('Damage suffered', suffered))
  return {
    faces: [face],
    rolled: face,
    inflicted: face,
    armor,
    suffered,
    weaponBreaks: false,
    gearDestroyed: null,
    breakdown,
  }
}

// --- Non-lethal attacks ----------------------------------------------------------------------

export interface NonLethalResult {
  /** The effect happens: the weapon drops, the target moves, the target is grabbed. */
  succeeds: boolean
  save: SaveResult | null
  effect: string
  breakdown: BreakdownLine[]
}

function effectOf(kind: NonLethalKind, plan: NonLethalPlan, freeHand: boolean): string {
  switch (kind) {
    case 'disarm':
      return freeHand ? 'drops a weapon of your choice, and you can grab it' : 'drops a weapon of your choice'
    case 'shove':
      return `is pushed ${plan.shoveZones} zone${plan.shoveZones === 1 ? '' : 's'}${plan.shoveDamage ? ' and takes d4 direct damage' : ''}`
    case 'grapple':
      return 'is grabbed'
    default:
      return unreachable(kind)
  }
}

/** The target's STR save against a planned non-lethal attack (none when a larger attacker made it). */
export function resolveNonLethal(
  plan: NonLethalPlan,
  targetStr: number,
  face?: number,
  attackerHasFreeHand = false,
): Outcome<NonLethalResult> {
  const effect = effectOf(plan.kind, plan, attackerHasFreeHand)
  if (!plan.saveAllowed) {
    return ok({
      succeeds: true,
      save: null,
      effect,
      breakdown: [...plan.breakdown, note('No save allowed', 0, RULE.size)],
    })
  }
  if (face === undefined) return fail('Roll a d20 for the STR save.')
  const save = resolveSave('str', targetStr, face, RULE.nonLethal, `resist ${plan.kind}`)
  return ok({ succeeds: !save.passed, save, effect, breakdown: [...plan.breakdown, ...save.breakdown] })
}

/**
 * A grabbed character's turn: a STR save to break free, which consumes the turn either way. A smaller
 * character held by a larger one can't free themselves with a STR save.
 */
export function breakFree(
  grabbed: Pick<Sheet, 'str' | 'size'>,
  grabber: Pick<Sheet, 'size'>,
  face: number,
): Outcome<SaveResult> {
  if (sizeSteps(grabber.size, grabbed.size) > 0) {
    return fail("A smaller character can't break free of a larger one's grab with a STR save.")
  }
  return ok(resolveSave('str', grabbed.str, face, RULE.nonLethal, 'break free'))
}

/** An ally spends a main action on a STR save to free a grabbed character. */
export function freeAlly(ally: Pick<Sheet, 'str'>, face: number): SaveResult {
  return resolveSave('str', ally.str, face, RULE.nonLethal, 'free an ally')
}

// --- Reactions -------------------------------------------------------------------------------

/** A dodge: an AGI save, and on a pass the attack misses (the bandit's 2 against AGI 8). */
export function resolveDodge(agi: number, face: number): SaveResult & { misses: boolean } {
  const save = resolveSave('agi', agi, face, RULE.reacting, 'dodge')
  return { ...save, misses: save.passed }
}

export type HitFirst = 'attacker' | 'counterer' | 'both'

export interface CounterResult {
  /** Whoever suffers more after reductions is hit first; a tie hits both at once. */
  hitFirst: HitFirst
  /** Damage the attacker takes from the counter, and the counterer from the attack. */
  attackerSuffers: number
  countererSuffers: number
  /**
   * Whether the second blow still lands: not when the first one incapacitated its victim; 'ask-gm' when
   * the room asks the GM about incapacitation and no ruling was given yet.
   */
  secondBlow: 'lands' | 'cancelled' | 'ask-gm' | 'none'
  breakdown: BreakdownLine[]
}

export interface CounterInput {
  /** The original attack's damage against the counterer. */
  attack: DamageResult
  /** The counter's damage against the attacker. */
  counter: DamageResult
  attackerHealth: { health: number; max: number }
  countererHealth: { health: number; max: number }
  policy: IncapacitationPolicy
  /** The GM's answer, under 'ask-gm': does the first blow incapacitate its victim? */
  firstBlowIncapacitates?: boolean
}

/**
 * A counter: both roll damage at once; whoever would suffer more after armour is hit first, and if
 * that blow incapacitates them their own blow never lands. Theobald's 4 against the leader's 5 minus
 * armour 2: the leader suffers 4 > 3, is hit first, is incapacitated, and Theobald takes nothing.
 */
export function resolveCounter(input: CounterInput): CounterResult {
  const attackerSuffers = input.counter.suffered
  const countererSuffers = input.attack.suffered
  const hitFirst: HitFirst =
    attackerSuffers > countererSuffers
      ? 'attacker'
      : countererSuffers > attackerSuffers
        ? 'counterer'
        : 'both'
  const breakdown: BreakdownLine[] = [
    line('Counter: damage to the attacker after armour', attackerSuffers, RULE.reacting),
    line('Attack: damage to the counterer after armour', countererSuffers, RULE.reacting),
  ]
  let secondBlow: CounterResult['secondBlow'] = 'none'
  if (hitFirst !== 'both') {
    const victim = hitFirst === 'attacker' ? input.attackerHealth : input.countererHealth
    const suffered = hitFirst === 'attacker' ? attackerSuffers : countererSuffers
    const after = applyDamage(victim.health, victim.max, suffered, input.policy)
    const down = after.incapacitated === 'ask-gm' ? input.firstBlowIncapacitates : after.incapacitated
    secondBlow = down === undefined ? 'ask-gm' : down ? 'cancelled' : 'lands'
    // Who is hit first follows from the two damage lines above: said in words, not counted again.
    breakdown.push(
      note(`${hitFirst === 'attacker' ? 'Attacker' : 'Counterer'} hit first`, suffered, RULE.reacting),
    )
    if (secondBlow === 'cancelled')
      breakdown.push(note('Incapacitated first: the other blow never lands', 0, RULE.reacting))
  } else {
    breakdown.push(note('Tie: both hit at the same time', attackerSuffers, RULE.reacting))
  }
  return { hitFirst, attackerSuffers, countererSuffers, secondBlow, breakdown }
}

// --- Mounts ----------------------------------------------------------------------------------

export interface MountingResult {
  /** Movement the step costs, for the turn budget. */
  zones: number
  save: SaveResult | null
  fell: boolean
  /** A fall does d4 direct damage (roll it separately with directDamage). */
  fallDamage: { count: number; sides: number } | null
  breakdown: BreakdownLine[]
}

/**
 * Getting on or off. If the mount or vehicle is moving an AGI save is needed to avoid falling for d4
 * direct damage.
 */
export function mountOrDismount(input: {
  moving: boolean
  agi: number
  face?: number
}): Outcome<MountingResult> {
  const breakdown = [line('Mounting or dismounting: half a zone', MOUNTING_ZONES, RULE.mounts)]
  if (!input.moving)
    return ok({ zones: MOUNTING_ZONES, save: null, fell: false, fallDamage: null, breakdown })
  if (input.face === undefined) return fail('It is moving: roll a d20 for the AGI save to avoid falling.')
  const save = resolveSave('agi', input.agi, input.face, RULE.mounts, 'avoid falling')
  return ok({
    zones: MOUNTING_ZONES,
    save,
    fell: !save.passed,
    fallDamage: save.passed ? null : { count: 1, sides: 4 },
    breakdown: [...breakdown, ...save.breakdown],
  })
}

// --- Morale ----------------------------------------------------------------------------------

export interface MoraleResult {
  /** Passed: not subject to morale for the rest of the stretch. */
  steady: string[]
  /** Failed: must surrender or retreat. */
  broken: string[]
  /** Immune to fear, or already steady: no roll. */
  exempt: string[]
  saves: Record<string, SaveResult>
  breakdown: BreakdownLine[]
}

/**
 * The group WIT save: each member who is subject to morale rolls; those who fail must surrender or
 * retreat, those who pass are steady for the stretch. Fear-immune characters are immune to morale.
 */
export function resolveMorale(
  members: ReadonlyArray<MoraleMember>,
  faces: Readonly<Record<string, number>>,
): MoraleResult {
  const exempt = members.filter((m) => m.fearImmune || m.steady).map((m) => m.id)
  const rolling = members.filter((m) => !m.fearImmune && !m.steady)
  const group = resolveGroupSave(
    'wit',
    rolling.map((m) => ({ id: m.id, target: m.wit })),
    faces,
    RULE.morale,
  )
  const breakdown: BreakdownLine[] = []
  for (const id of exempt) breakdown.push(note(`${id}: immune to morale`, 0, RULE.morale))
  for (const [id, save] of Object.entries(group.results)) {
    breakdown.push(
      line(`${id}: morale WIT save ${save.passed ? 'passed' : 'failed'}`, save.face, RULE.morale),
    )
  }
  return { steady: group.passed, broken: group.failed, exempt, saves: group.results, breakdown }
}

// --- What only resolving applies -------------------------------------------------------------

/** What one attack has drawn before anyone reacts to it (`AttackReactions`), for a stunt to be proposed. */
export function newAttackReactions(targets: ReadonlyArray<string>): AttackReactions {
  return {
    targets: [...targets],
    reacted: [],
    counteredBy: null,
    stuntAccepted: false,
    dodgedBy: [],
    damageRolled: false,
  }
}

export type Lethality = 'lethal' | 'non-lethal'

/**
 * Who resolves first when an attack is countered. A normal attack against a non-lethal one (either
 * way): the non-lethal one resolves last. Two non-lethal: the counter resolves last. Two normal
 * attacks: damage decides (see resolveCounter).
 */
export function counterOrder(
  attack: Lethality,
  counter: Lethality,
): 'attack-first' | 'counter-first' | 'by-damage' {
  if (attack === 'lethal' && counter === 'lethal') return 'by-damage'
  if (attack === 'non-lethal' && counter === 'non-lethal') return 'attack-first'
  return attack === 'non-lethal' ? 'counter-first' : 'attack-first'
}

/** After an opportunity attack the interrupted turn resumes only for a character still up. */
export function turnResumes(target: { alive: boolean; conscious: boolean }): boolean {
  return target.alive && target.conscious
}

/**
 * A surrendering character harmed by the enemy can resume fighting normally, even after a failed
 * morale check.
 */
export function harmedWhileSurrendering(state: SurrenderState): SurrenderState {
  return state.surrendering ? { surrendering: false, brokeMorale: false } : state
}

/**
 * Whether an action reveals a concealed character. The listed ones do; anything else ("etc.") is the
 * GM's call, so it comes back as 'ask-gm'.
 */
export function revealsConcealment(action: RevealingAction | 'other'): true | 'ask-gm' {
  return action === 'other' ? 'ask-gm' : true
}
