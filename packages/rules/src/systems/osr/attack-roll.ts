/**
 * Rolling an osr attack from its plan (attack.ts): the to-hit die against AC, the natural 20 and natural 1
 * tables, the DEX check, damage from the dice faces, each with its breakdown. Apart from attack.ts, whose
 * plan the odds and a phone's screen read: this is what only resolving an attack runs, and a phone loads it
 * only to ask for its own dice.
 */

import { unreachable } from '../../assert.ts'
import { checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import {
  type AttackDeclaration,
  type AttackPlan,
  type DamagePlan,
  damageSteps,
  line,
  planAttack,
  ATTACK_RULES as RULE,
  specialRowFor,
  sum,
} from './attack.ts'
import { type Condition, critCondition } from './conditions.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import { CRIT_CONDITIONS, FUMBLES, type FumbleResult, rowFor, type SpecialResult } from './tables.ts'

/**
 * Damage from the dice faces for a special result, with a line for each of `damageSteps`'s steps: the
 * dice, the modifiers, double damage for a charge, half for the flat of a blade, the room's minimum.
 */
export function damageFrom(
  plan: DamagePlan,
  result: SpecialResult,
  diceSum: number,
  settings: Partial<OsrSettings> = {},
): { lines: BreakdownLine[]; total: number } {
  const step = damageSteps(plan, result, diceSum, withDefaults(settings).minimumDamage)
  const lines: BreakdownLine[] = []
  const dice = `${plan.dice.count}d${plan.dice.sides}`
  switch (result) {
    case 'regular':
      lines.push(line(dice, diceSum, RULE.damage))
      break
    case 'maximum':
      lines.push(line(`${dice} maximum`, step.maximum, RULE.crit))
      break
    case 'critical':
    case 'critical-condition':
      lines.push(
        line(dice, diceSum, RULE.damage),
        line(`${dice} maximum (critical)`, step.maximum, RULE.crit),
      )
      break
    default:
      unreachable(result)
  }
  lines.push(...plan.lines)
  if (plan.multiplier === 2) lines.push(line('double damage', step.base, plan.multiplierRule ?? RULE.charge))
  if (plan.halve) lines.push(line('half damage (rounded down)', step.halved - step.doubled, RULE.subdual))
  if (step.total > step.halved) lines.push(line('minimum damage', step.total - step.halved, 'Room setting'))
  return { lines, total: step.total }
}

/** The die faces of one attack, as rolled by the server, a seeded test or a player at the table. */
export interface AttackFaces {
  d20?: number
  /** The additional d20 after a natural 20. */
  special?: number
  /** The d4 on the condition chart. */
  condition?: number
  /** The additional d20 after a natural 1. */
  fumble?: number
  /** The d20 of a DEX check the fumble asks for. */
  dexCheck?: number
  /** The d2 of a failed stumble. */
  stumbleRounds?: number
  /** The damage dice, in order. */
  damage?: ReadonlyArray<number>
}

export type AttackDiePurpose = Exclude<keyof AttackFaces, 'damage'> | 'damage'

/** A die the resolution still needs, in the order the table would roll it. */
export interface DieNeeded {
  purpose: AttackDiePurpose
  sides: number
  count: number
}

export interface AttackResult {
  weaponName: string
  natural: number
  /** The d20 first, then every modifier. */
  toHit: BreakdownLine[]
  total: number
  acLines: BreakdownLine[]
  ac: number
  hit: boolean
  special: { roll: number; lines: BreakdownLine[]; total: number; result: SpecialResult; text: string } | null
  condition: { roll: number; condition: Condition; text: string; effect: string } | null
  fumble: {
    roll: number
    result: FumbleResult
    text: string
    dexCheck: { roll: number; lines: BreakdownLine[]; total: number; dc: number; passed: boolean } | null
    stumbleRounds: number | null
  } | null
  damage: { lines: BreakdownLine[]; total: number; nonLethal: boolean; to: 'target' | 'attacker' } | null
  /** A grapple's touch attack hit: the attacker moves into the defender's space and has grabbed them. */
  grabbed: boolean
  targetGains: Condition[]
  attackerGains: Condition[]
  /** A sloppy attack whose DEX check failed: the opponent gets a free attack. */
  freeAttackForTarget: boolean
  prompts: string[]
}

type Step = { needs: DieNeeded } | { result: AttackResult }

function run(plan: AttackPlan, faces: AttackFaces, settings: Partial<OsrSettings>): Outcome<Step> {
  const needs = (purpose: AttackDiePurpose, sides: number, count = 1): Outcome<Step> =>
    ok({ needs: { purpose, sides, count } })
  const check = (purpose: Exclude<AttackDiePurpose, 'damage'>, sides: number, what: string) => {
    const face = faces[purpose]
    if (face === undefined) return { missing: true as const }
    const checked = checkDie(face, sides, what)
    return checked.ok ? { face } : { error: checked.error }
  }

  const d20 = check('d20', 20, 'attack roll')
  if ('missing' in d20) return needs('d20', 20)
  if ('error' in d20) return fail(d20.error as string)
  const natural = d20.face
  const toHit = [line('d20', natural, RULE.attack), ...plan.toHit]
  const total = natural + plan.toHitModifier
  const hit = natural === 20 ? true : natural === 1 ? false : total >= plan.ac
  const result: AttackResult = {
    weaponName: plan.weaponName,
    natural,
    toHit,
    total,
    acLines: plan.acLines,
    ac: plan.ac,
    hit,
    special: null,
    condition: null,
    fumble: null,
    damage: null,
    grabbed: plan.grapple && hit,
    targetGains: [],
    attackerGains: [...plan.attackerGains],
    freeAttackForTarget: false,
    prompts: [...plan.prompts],
  }

  if (natural === 1) {
    const f = check('fumble', 20, 'fumble roll')
    if ('missing' in f) return needs('fumble', 20)
    if ('error' in f) return fail(f.error as string)
    const row = rowFor(FUMBLES, f.face)
    const fumble: NonNullable<AttackResult['fumble']> = {
      roll: f.face,
      result: row.result,
      text: row.text,
      dexCheck: null,
      stumbleRounds: null,
    }
    result.fumble = fumble
    if (row.dexCheckDC !== null) {
      const c = check('dexCheck', 20, 'DEX check')
      if ('missing' in c) return needs('dexCheck', 20)
      if ('error' in c) return fail(c.error as string)
      const lines = [line('d20', c.face, RULE.fumble), line('DEX bonus', plan.dexCheckModifier, RULE.fumble)]
      const checkTotal = sum(lines)
      fumble.dexCheck = {
        roll: c.face,
        lines,
        total: checkTotal,
        dc: row.dexCheckDC,
        passed: checkTotal >= row.dexCheckDC,
      }
    }
    switch (row.result) {
      case 'weapon-breaks':
        result.attackerGains.push({ kind: 'no-attack', reason: 'weapon broke', rounds: 1, fresh: true })
        result.prompts.push('Weapon breaks: strike it from the sheet or mark it broken.')
        break
      case 'drop-weapon':
        result.attackerGains.push({ kind: 'no-attack', reason: 'dropped weapon', rounds: 1, fresh: true })
        break
      case 'stumble':
        if (fumble.dexCheck && !fumble.dexCheck.passed) {
          const r = check('stumbleRounds', 2, 'stumble duration')
          if ('missing' in r) return needs('stumbleRounds', 2)
          if ('error' in r) return fail(r.error as string)
          fumble.stumbleRounds = r.face
          result.attackerGains.push({ kind: 'stumbling', rounds: r.face, fresh: true })
        }
        break
      case 'sloppy':
        result.freeAttackForTarget = !fumble.dexCheck?.passed
        break
      case 'miss':
        break
      default:
        unreachable(row.result)
    }
    return ok({ result })
  }

  if (!hit || plan.grapple || !plan.damage) return ok({ result })

  let special: SpecialResult = 'regular'
  if (natural === 20) {
    const sp = check('special', 20, 'special roll')
    if ('missing' in sp) return needs('special', 20)
    if ('error' in sp) return fail(sp.error as string)
    const lines = [line('d20', sp.face, RULE.crit)]
    if (plan.specialModifier !== 0) lines.push(line('attack modifiers', plan.specialModifier, RULE.crit))
    const spTotal = sum(lines)
    const row = specialRowFor(spTotal)
    special = row.result
    result.special = { roll: sp.face, lines, total: spTotal, result: row.result, text: row.text }
    if (row.result === 'critical-condition') {
      const c = check('condition', 4, 'condition roll')
      if ('missing' in c) return needs('condition', 4)
      if ('error' in c) return fail(c.error as string)
      const cRow = rowFor(CRIT_CONDITIONS, c.face)
      const condition = critCondition(c.face)
      result.condition = { roll: c.face, condition, text: cRow.text, effect: cRow.effect }
      result.targetGains.push(condition)
    }
  }

  const plan_ = plan.damage
  let diceSum = 0
  if (special !== 'maximum') {
    const dmg = faces.damage
    if (dmg === undefined) return needs('damage', plan_.dice.sides, plan_.dice.count)
    if (dmg.length !== plan_.dice.count)
      return fail(`Damage needs ${plan_.dice.count} d${plan_.dice.sides}, got ${dmg.length} faces.`)
    for (const face of dmg) {
      const checked = checkDie(face, plan_.dice.sides, 'damage die')
      if (!checked.ok) return checked
      diceSum += face
    }
  }
  const { lines, total: dmgTotal } = damageFrom(plan_, special, diceSum, settings)
  result.damage = { lines, total: dmgTotal, nonLethal: plan_.nonLethal, to: plan_.to }
  return ok({ result })
}

/**
 * Resolves an attack rolling each die it needs, in table order, from `rollDie` (server crypto dice, a
 * seeded source), told what each die is for: the rules never pick faces themselves. Planned once.
 */
export function rollAttack(
  decl: AttackDeclaration,
  rollDie: (sides: number, purpose: AttackDiePurpose) => number,
  settings: Partial<OsrSettings> = {},
): Outcome<AttackResult & { faces: AttackFaces }> {
  const plan = planAttack(decl, settings)
  if (!plan.ok) return plan
  const faces: AttackFaces = {}
  for (let i = 0; i < 10; i++) {
    const step = run(plan.value, faces, settings)
    if (!step.ok) return step
    if ('result' in step.value) return ok({ ...step.value.result, faces })
    const { purpose, sides, count } = step.value.needs
    if (purpose === 'damage') faces.damage = Array.from({ length: count }, () => rollDie(sides, purpose))
    else faces[purpose] = rollDie(sides, purpose)
  }
  throw new Error('osr invariant: an attack needs at most six kinds of dice')
}
