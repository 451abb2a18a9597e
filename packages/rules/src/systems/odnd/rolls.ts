/**
 * odnd's rules for dice once rolled (to hit, damage, a maneuver's save, a unit's hit, a retreat's d6s): out
 * of rules.ts's namespace so that a phone's screen does not load them; index.ts re-exports them.
 */
import { unreachable } from '../../assert.ts'
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { AttackDeclaration, DamageSpec, PreparedAttack } from './attack.ts'
import { damagePoints, hitsOn, isFumble, prepareAttack } from './attack.ts'
import { formatDamageDice } from './dice-notation.ts'
import type { Unit } from './mass-combat.ts'
import { foeWins } from './movement.ts'
import type { OdndOptions } from './options.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'
import type { Sheet } from './sheet.ts'
import { abilityBonus } from './tables.ts'

// ---------------------------------------------------------------------------------------------------
// The attack: the d20 (or two) judged against the prepared attack (attack.ts).

/** The d20 as rolled: one face, or two when rolling with Advantage or Disadvantage. */
export type AttackDice = {
  d20: number | readonly [number, number]
  fumbleD20?: number
  /** Florentine with weapons of different size: a d2 for which one hit (1 the main, 2 the off-hand). */
  whichWeapon?: number
}

export interface AttackResult {
  prepared: PreparedAttack
  hit: boolean
  natural: number
  total: number
  critical: boolean
  /** After a natural 1: whether the fumble d20 beat the level, or that it still has to be rolled. */
  fumble: 'none' | 'roll-needed' | 'fumble' | 'no-fumble'
  specialAttack: boolean
  /** The damage to roll on a hit, with the natural-20 penalty set. */
  damage: DamageSpec | null
  breakdown: BreakdownLine[]
  /** What the GM must rule because the text names a table it does not print. */
  prompts: GmPrompt[]
  summary: string
}

/** Resolves a declared attack against the dice rolled (by the server, a seeded test, or a player's own die). */
export function resolveAttack(
  decl: AttackDeclaration,
  dice: AttackDice,
  options: Partial<OdndOptions> = {},
): Outcome<AttackResult> {
  const prepared = prepareAttack(decl, options)
  if (!prepared.ok) return prepared
  return applyAttackDice(prepared.value, dice, decl.attacker.name)
}

/** The second half of resolution: a prepared attack judged against its dice. */
export function applyAttackDice(
  p: PreparedAttack,
  dice: AttackDice,
  who = 'The attacker',
): Outcome<AttackResult> {
  const faces = typeof dice.d20 === 'number' ? [dice.d20] : [...dice.d20]
  if (!faces.every((f) => isFace(f, 20))) return fail('A d20 shows a whole number from 1 to 20.')
  if (p.roll === 'normal' && faces.length !== 1) return fail('This attack rolls one d20.')
  if (p.roll !== 'normal' && faces.length !== 2) return fail(`This attack rolls two d20 (${p.roll}).`)
  if (dice.fumbleD20 !== undefined && !isFace(dice.fumbleD20, 20))
    return fail('The fumble d20 shows a whole number from 1 to 20.')
  const natural =
    p.roll === 'advantage'
      ? Math.max(...faces)
      : p.roll === 'disadvantage'
        ? Math.min(...faces)
        : (faces[0] as number)
  const kept = faces.indexOf(natural)
  const breakdown: BreakdownLine[] = faces.map((f, i) => ({
    label: faces.length === 1 ? 'd20' : `d20 (${p.roll}${i === kept ? ', kept' : ''})`,
    value: f,
  }))
  breakdown.push(...p.toHitLines)
  breakdown.push(...p.acLines.map((l) => ({ ...l, label: `AC: ${l.label}` })))
  const total = natural + p.modifier
  breakdown.push({
    label: `needs ${p.target} (AC ${p.armorClass})`,
    value: p.target,
    rule: 'room to-hit table',
  })
  const prompts: GmPrompt[] = []
  const hit = hitsOn(p, natural)
  let critical = false
  let penalty = 0
  let fumble: AttackResult['fumble'] = 'none'
  if (natural === 1) {
    if (dice.fumbleD20 === undefined) fumble = 'roll-needed'
    else {
      breakdown.push({
        label: `fumble d20 (fumbles above level ${p.fumbleAbove})`,
        value: dice.fumbleD20,
        rule: 'Natural 1',
      })
      fumble = isFumble(p.fumbleAbove, dice.fumbleD20) ? 'fumble' : 'no-fumble'
      if (fumble === 'fumble')
        prompts.push(
          gmPrompt(
            'critical-fumble',
            [
              { label: 'd20', value: natural },
              { label: 'fumble d20', value: dice.fumbleD20 },
            ],
            `Critical fumble (d20 ${dice.fumbleD20} above level ${p.fumbleAbove}): the fumble table is not in the text; GM, rule the effect.`,
            'Natural 1',
          ),
        )
    }
  } else if (hit && natural === 20) {
    penalty = Math.max(0, p.needed - 20)
    critical = p.natural20Crits
    if (penalty > 0)
      breakdown.push({
        label: `natural 20 hit needing ${p.needed}: damage penalty`,
        value: -penalty,
        rule: 'Natural 20',
      })
    if (critical)
      prompts.push(
        gmPrompt(
          'critical-hit',
          [{ label: 'd20', value: natural }],
          'Critical hit on a natural 20: the critical table is not in the text; GM, rule the effect.',
          'Natural 20',
        ),
      )
  }
  const specialAttack = hit && p.specialOn > 0 && natural >= p.specialOn
  if (specialAttack)
    prompts.push(
      gmPrompt(
        'special-attack',
        [{ label: 'd20', value: natural }],
        `Natural ${natural}: the special attack happens; GM, apply it.`,
        'Natural 20: special attacks',
      ),
    )
  let spec = p.damage
  if (hit && p.offhand) {
    if (dice.whichWeapon !== 1 && dice.whichWeapon !== 2)
      return fail(
        `Florentine with weapons of different size: roll a d2 to see which one hit (1 ${p.weapon.name}, 2 ${p.offhand.weapon.name}).`,
      )
    breakdown.push({
      label: `d2 which weapon hit (${dice.whichWeapon === 1 ? p.weapon.name : p.offhand.weapon.name})`,
      value: dice.whichWeapon,
      rule: 'Florentine fighting',
    })
    if (dice.whichWeapon === 2) spec = p.offhand.damage
  }
  if (p.friendlyFireRisk)
    prompts.push(
      gmPrompt(
        'friendly-fire',
        [{ label: 'd20', value: natural }],
        'Firing into melee: only elves (and hobbits with slings) fire without risk of hitting friends; the text gives no rule for the risk, GM, rule it.',
        'Elves fire into melee',
      ),
    )
  const damage = hit && spec ? { ...spec, penalty } : null
  if (hit && p.maneuver !== 'strike' && p.maneuver !== 'subdue' && p.maneuver !== 'pull-punches')
    prompts.push(
      gmPrompt(
        'maneuver',
        [{ label: 'd20', value: natural }],
        MANEUVER_FOLLOW_UP[p.maneuver].ask,
        MANEUVER_FOLLOW_UP[p.maneuver].rule,
      ),
    )
  const summary = `${who} ${hit ? (critical ? 'hits, critical' : 'hits') : 'misses'}: d20 ${natural}${p.modifier ? ` ${p.modifier > 0 ? '+' : '-'} ${Math.abs(p.modifier)}` : ''} = ${total} vs ${p.target}${damage ? `; damage ${formatDamageDice(damage.dice)}${damage.multiplier === 2 ? ' x2' : ''}${penalty ? ` -${penalty}` : ''}` : ''}${fumble === 'fumble' ? '; critical fumble' : ''}.`
  return ok({
    prepared: p,
    hit,
    natural,
    total,
    critical,
    fumble,
    specialAttack,
    damage,
    breakdown,
    prompts,
    summary,
  })
}

/** What a maneuver's hit leads to: the follow-up roll, in words, and its rule. */
const MANEUVER_FOLLOW_UP = {
  disarm: { ask: 'Hit: the target saves vs Paralysis or is disarmed.', rule: 'Disarm' },
  dismount: { ask: 'Hit: the rider saves vs Paralysis or is dismounted.', rule: 'Dismount (polearms)' },
  entangle: {
    ask: 'Hit: the wielder picks where to target, then saves vs Paralysis, minus the target’s STR bonus, to entangle.',
    rule: 'Whip',
  },
  grapple: {
    ask: 'Hit: this foe has grappled the target; roll the grappling contest.',
    rule: 'Grappling attacks',
  },
} as const

// ---------------------------------------------------------------------------------------------------
// Damage: a hit's dice added up and split into real and temporary (attack.ts's `damagePoints`).

export interface DamageResult {
  /** All points dealt, real and temporary. */
  total: number
  /** Real damage (hit points lost). */
  actual: number
  /** Temporary damage: "regained at a rate of 1 point times XP Level/HD per Turn". */
  temporary: number
  breakdown: BreakdownLine[]
  /** The attacker's empty-hand/subdual damage rolls so far, this one included (pass it back next time). */
  subdualRolls: number
}

/**
 * Rolls up a hit's damage from the faces shown. For subdual (empty hands, "attacks designed to subdue")
 * only every second damage roll carries real points, 1 (2 at STR 16-18); pulled punches are all temporary.
 */
export function rollDamage(
  spec: DamageSpec,
  faces: readonly number[],
  priorSubdualRolls = 0,
): Outcome<DamageResult> {
  if (faces.length !== spec.dice.count)
    return fail(
      `Damage ${formatDamageDice(spec.dice)} needs ${spec.dice.count} ${spec.dice.count === 1 ? 'die' : 'dice'}, not ${faces.length}.`,
    )
  if (!faces.every((f) => isFace(f, spec.dice.sides)))
    return fail(`Each damage die shows a whole number from 1 to ${spec.dice.sides}.`)
  const breakdown: BreakdownLine[] = faces.map((f) => ({ label: `d${spec.dice.sides}`, value: f }))
  breakdown.push(...spec.lines)
  const diceSum = faces.reduce((a, b) => a + b, 0)
  if (spec.multiplier === 2)
    breakdown.push({
      label: `double damage (${spec.doubleDamage})`,
      value: 2,
      rule: spec.multiplierRule ?? '',
    })
  if (spec.penalty > 0)
    breakdown.push({ label: 'natural 20 penalty', value: -spec.penalty, rule: 'Natural 20' })
  const total = damagePoints(spec, diceSum)
  let actual = total
  let subdualRolls = priorSubdualRolls
  switch (spec.kind) {
    case 'lethal':
      break
    case 'pulled':
      actual = 0
      break
    case 'subdual':
      subdualRolls += 1
      actual = subdualRolls % 2 === 0 ? Math.min(total, spec.actualPerTwoRolls) : 0
      breakdown.push({
        label: `real damage: ${spec.actualPerTwoRolls} point${spec.actualPerTwoRolls === 2 ? 's' : ''} per 2 rolls (roll ${subdualRolls})`,
        value: actual,
        rule: 'Empty Hand Attacks',
      })
      break
    default:
      return unreachable(spec.kind)
  }
  return ok({ total, actual, temporary: total - actual, breakdown, subdualRolls })
}

// ---------------------------------------------------------------------------------------------------
// Mass combat: a unit's hit.

/**
 * One hit on a unit: "a single 6-sided die is thrown, and its score is multiplied by 10 and subtracted
 * from the target unit's total hit dice points". The 10 is the men per attacking unit in the text's
 * example, so a unit of five hits for d6 x 5.
 */
export function unitHit(
  target: Unit,
  attackingMen: number,
  d6: number,
): Outcome<{ unit: Unit; damage: number; breakdown: BreakdownLine[] }> {
  if (!isFace(d6, 6)) return fail('The hit die shows 1 to 6.')
  const damage = d6 * attackingMen
  return ok({
    unit: { ...target, hp: Math.max(0, target.hp - damage) },
    damage,
    breakdown: [
      { label: 'd6 (unit hit)', value: d6, rule: 'Mass Combat' },
      { label: `x ${attackingMen} (men in the attacking unit)`, value: attackingMen, rule: 'Mass Combat' },
    ],
  })
}

// ---------------------------------------------------------------------------------------------------
// Follow-ups of special attacks: the disarm, dismount and whip saves (the grapple, settled at the end of
// the round, is maneuvers.ts's).

/** "For every 3 XP levels the [target] is above the attacker's level, add a +1 to the roll." */
export function levelGapBonus(targetLevel: number, attackerLevel: number): number {
  return Math.floor(Math.max(0, targetLevel - attackerLevel) / 3)
}

export interface SaveResult {
  saved: boolean
  total: number
  needed: number
  breakdown: BreakdownLine[]
  summary: string
}

function save(
  who: Sheet,
  d20: number,
  extra: BreakdownLine[],
  rule: string,
  onSave: string,
  onFail: string,
): Outcome<SaveResult> {
  if (!isFace(d20, 20)) return fail('A d20 shows a whole number from 1 to 20.')
  const breakdown: BreakdownLine[] = [
    { label: `${who.name} save vs Paralysis d20`, value: d20, rule },
    ...extra,
  ]
  const total = breakdown.reduce((s, l) => s + l.value, 0)
  const saved = total >= who.saveParalysis
  breakdown.push({ label: `needs ${who.saveParalysis}`, value: who.saveParalysis, rule: 'sheet' })
  return ok({ saved, total, needed: who.saveParalysis, breakdown, summary: saved ? onSave : onFail })
}

/** After a disarming hit: the target saves vs Paralysis (+1 per 3 levels above the attacker) or drops the weapon. */
export function disarmSave(target: Sheet, attacker: Sheet, d20: number): Outcome<SaveResult> {
  const bonus = levelGapBonus(target.level, attacker.level)
  const extra = bonus ? [{ label: '+1 per 3 levels above the attacker', value: bonus, rule: 'Disarm' }] : []
  return save(target, d20, extra, 'Disarm', `${target.name} keeps the weapon.`, `${target.name} is disarmed.`)
}

/** After a dismounting polearm hit: the rider saves vs Paralysis (+1 per 3 levels above the attacker) to stay mounted. */
export function dismountSave(rider: Sheet, attacker: Sheet, d20: number): Outcome<SaveResult> {
  const bonus = levelGapBonus(rider.level, attacker.level)
  const extra = bonus ? [{ label: '+1 per 3 levels above the attacker', value: bonus, rule: 'Dismount' }] : []
  return save(rider, d20, extra, 'Dismount', `${rider.name} stays mounted.`, `${rider.name} is dismounted.`)
}

/**
 * After a whip hit: the WIELDER saves vs Paralysis, minus the target's STR bonus, to entangle the chosen
 * area: the target may be yanked off its feet, or the weapon or held item pulled away.
 */
export function entangleSave(
  wielder: Sheet,
  target: Sheet,
  aim: 'target' | 'weapon',
  d20: number,
): Outcome<SaveResult> {
  const str = abilityBonus(target.str)
  const extra = str ? [{ label: `${target.name} STR bonus subtracted`, value: -str, rule: 'Whip' }] : []
  const what =
    aim === 'target'
      ? `${target.name} is entangled and may be yanked off their feet.`
      : `${target.name}'s weapon is pulled away.`
  return save(wielder, d20, extra, 'Whip', what, 'The whip fails to entangle.')
}

// ---------------------------------------------------------------------------------------------------
// A retreat out of melee: d6 + DEX against each foe.

/** A foe in a retreat roll: one they are disengaging from, or one they pass within 10 feet. */
export interface RetreatFoe {
  name: string
  dex: number
  d6: number
}

export interface RetreatResult {
  /** Away without a single parting shot. */
  clean: boolean
  /** Foes who get one free attack at +2, ignoring the retreating party's shield. */
  partingShots: string[]
  breakdown: BreakdownLine[]
  summary: string
}

/**
 * A retreat (or moving through a line): d6 + DEX bonus for the one disengaging and for each foe. Rolling
 * highest, they get away; each foe who rolls higher gets a parting shot (toggle `parting-shot`). A tie is
 * not "highest": by default that foe gets the shot too (room setting `retreatTie`).
 */
export function resolveRetreat(
  retreater: { name: string; dex: number; d6: number },
  foes: readonly RetreatFoe[],
  options: Partial<OdndOptions> = {},
): Outcome<RetreatResult> {
  const all = [retreater, ...foes]
  if (!all.every((c) => isFace(c.d6, 6))) return fail('An initiative die shows 1 to 6.')
  const score = (c: { dex: number; d6: number }) => c.d6 + abilityBonus(c.dex)
  const breakdown: BreakdownLine[] = all.flatMap((c) => [
    { label: `${c.name} d6`, value: c.d6, rule: 'Retreat' },
    { label: `${c.name} DEX bonus`, value: abilityBonus(c.dex), rule: 'Retreat' },
  ])
  const mine = score(retreater)
  const partingShots = foes.filter((f) => foeWins(score(f), mine, options)).map((f) => f.name)
  const clean = partingShots.length === 0
  return ok({
    clean,
    partingShots,
    breakdown,
    summary: clean
      ? `${retreater.name} ducks away without a parting shot.`
      : `${partingShots.join(', ')} get${partingShots.length === 1 ? 's' : ''} a parting shot at +2, no shield.`,
  })
}
