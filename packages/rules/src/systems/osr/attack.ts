/**
 * Declaring an osr attack: legality, to-hit modifiers, damage dice and modifiers: its plan, which the odds and
 * a phone's screen read, and the damage a sum of its dice does (the odds map every sum through it). Rolling
 * it is in attack-roll.ts.
 */

import { invariant } from '../../assert.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import {
  acFromConditions,
  attackBlockedBy,
  type Condition,
  checksFromConditions,
  toHitFromConditions,
} from './conditions.ts'
import { isToggleId, type ToggleId } from './modifiers.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import {
  type DamageDice,
  isGrenadeLike,
  meleeCapable,
  missileCapable,
  type Sheet,
  type Weapon,
  type WeaponKind,
} from './sheet.ts'
import { CONCEALMENT, RANGE_BANDS, rowFor, SPECIAL_D20, type SpecialResult } from './tables.ts'

/** The run before a charge, which the text puts conditions on. */
export interface ChargeMove {
  /** Feet moved: at least 10, at most double movement. */
  distance: number
  straightLine: boolean
  clearPath: boolean
  /** The target was in sight when the charge began. */
  lineOfSightAtStart: boolean
}

/** What a player declares: who attacks whom, with what, and which situational toggles apply. */
export interface AttackDeclaration {
  attacker: Sheet
  attackerConditions?: ReadonlyArray<Condition>
  target: Sheet
  targetConditions?: ReadonlyArray<Condition>
  /** Index into the attacker's weapons; not used for punches, kicks and grapples. */
  weapon?: number
  mode: 'melee' | 'missile'
  toggles?: ReadonlyArray<ToggleId>
  /** Required with the 'charge' toggle. */
  charge?: ChargeMove
  /** With two-weapon style: the index of the other weapon in hand. */
  otherWeapon?: number
  /** With 'set-vs-charge': both initiative numbers, since the defender needs equal or better. */
  initiative?: { attacker: number; target: number }
}

/** How damage is worked out once the attack hits. */
export interface DamagePlan {
  dice: DamageDice
  /** Flat parts: the weapon's own +K, STR, magic. */
  lines: BreakdownLine[]
  /** 2 for a charge or a weapon set against a charge. */
  multiplier: 1 | 2
  multiplierRule: string | null
  /** Flat of the blade: half damage, rounded down. */
  halve: boolean
  nonLethal: boolean
  /** Brawling against metal armor without metal armor: the attacker takes the damage. */
  to: 'target' | 'attacker'
}

/** A legal attack, with every modifier worked out, before any die is rolled. */
export interface AttackPlan {
  weaponName: string
  mode: 'melee' | 'missile'
  /** Modifiers to the d20, each with its label and rule. */
  toHit: BreakdownLine[]
  toHitModifier: number
  acLines: BreakdownLine[]
  ac: number
  /** null for a grapple's touch attack and for grenade-like missiles, whose effects have their own rules. */
  damage: DamagePlan | null
  grapple: boolean
  /** Modifiers to the special d20 after a natural 20, per the room's reading. */
  specialModifier: number
  /** Modifier to the attacker's DEX checks after a fumble. */
  dexCheckModifier: number
  attackerGains: Condition[]
  /** What the GM must decide with the rule's words (a Sneak Attack's effect, a parting shot's mode). */
  prompts: string[]
}

const RULE = {
  attack: 'Attack (17.0.1.2)',
  charge: 'Charge (17.0.1.8)',
  set: 'Set Weapon Against Charge (17.0.1.9)',
  parting: 'Defensive Movement and Attacks of Opportunity (17.0.2)',
  behind: 'Attacking from Behind (17.0.5)',
  flanking: 'Flanking (17.0.6)',
  ranged: 'Ranged Attack (17.0.7)',
  cover: 'Cover and Concealment (17.0.8)',
  twoWeapon: 'Two-weapon style (17.0.14)',
  damage: 'Damage (17.0.15)',
  subdual: 'Non-Lethal attacks or Subdual Damage (17.0.16)',
  brawling: 'Brawling (17.0.17)',
  grapple: 'Grappling / Wrestling (17.0.18)',
  crit: 'Critical Hit (17.0.3)',
  fumble: 'Critical Miss (17.0.4)',
} as const

export { RULE as ATTACK_RULES }

const PUNCH: DamageDice = { count: 1, sides: 3, flat: 0 }
const KICK: DamageDice = { count: 1, sides: 4, flat: 0 }

/** STR adds to melee and thrown damage, and to sling stones; not to bows, crossbows, engines or flasks. */
const STR_ADDS_TO_MISSILE: Record<WeaponKind, boolean> = {
  melee: false,
  'melee-thrown': true,
  thrown: true,
  bow: false,
  crossbow: false,
  sling: true,
  siege: false,
  grenade: false,
  'holy-water': false,
}
export const strengthAddsToDamage = (weapon: Weapon, mode: 'melee' | 'missile'): boolean =>
  mode === 'melee' || STR_ADDS_TO_MISSILE[weapon.kind]

/**
 * A weapon's damage as the Damage section gives it (17.0.15): its dice, its own +K, STR where it adds, and
 * a magic or cursed bonus; once, plain (no charge, no flat of the blade).
 */
export function weaponDamage(attacker: Sheet, weapon: Weapon, mode: 'melee' | 'missile'): DamagePlan {
  const lines: BreakdownLine[] = []
  if (weapon.damage.flat !== 0) lines.push(line(`${weapon.name} bonus`, weapon.damage.flat, RULE.damage))
  if (strengthAddsToDamage(weapon, mode)) lines.push(line('STR bonus', attacker.strBonus, RULE.damage))
  if (weapon.magicBonus !== 0)
    lines.push(line(weapon.magicBonus > 0 ? 'magic weapon' : 'cursed weapon', weapon.magicBonus, RULE.damage))
  const plain = { multiplier: 1 as const, multiplierRule: null, halve: false, nonLethal: false }
  return { dice: { ...weapon.damage, flat: 0 }, lines, ...plain, to: 'target' }
}

/** A breakdown line, and the total of some (attack-roll.ts writes its own the same way). */
export const line = (label: string, value: number, rule: string): BreakdownLine => ({ label, value, rule })
export const sum = (lines: ReadonlyArray<BreakdownLine>) => lines.reduce((t, l) => t + l.value, 0)

/**
 * Checks a declaration against every rule of the text and works out its modifiers. An illegal attack
 * (a charge with a sword, a shot beyond long range) is refused with a sentence the player understands.
 */
export function planAttack(
  decl: AttackDeclaration,
  settings: Partial<OsrSettings> = {},
): Outcome<AttackPlan> {
  const s = withDefaults(settings)
  const toggles = new Set(decl.toggles ?? [])
  const has = (id: ToggleId) => toggles.has(id)
  const { attacker, target, mode } = decl
  const attackerConditions = decl.attackerConditions ?? []
  const targetConditions = decl.targetConditions ?? []
  const prompts: string[] = []
  const attackerGains: Condition[] = []

  if (mode !== 'melee' && mode !== 'missile') return fail('An attack is either melee or missile.')
  for (const id of decl.toggles ?? ([] as ReadonlyArray<string>))
    if (!isToggleId(id)) return fail(`There is no "${id}" modifier in these rules.`)
  const blocked = attackBlockedBy(attackerConditions)
  if (blocked) return fail(blocked)
  if (toggles.size !== (decl.toggles ?? []).length) return fail('A modifier was chosen twice.')

  const oneOf = (ids: ToggleId[], what: string): Outcome<ToggleId | null> => {
    const chosen = ids.filter(has)
    if (chosen.length > 1) return fail(`Choose only one ${what}.`)
    return ok(chosen[0] ?? null)
  }
  const unarmedPick = oneOf(['punch', 'kick', 'grapple'], 'of punch, kick or grapple')
  if (!unarmedPick.ok) return unarmedPick
  const unarmed = unarmedPick.value
  const rangePick = oneOf(['short-range', 'medium-range', 'long-range', 'beyond-range'], 'range band')
  if (!rangePick.ok) return rangePick
  const concealPick = oneOf(
    ['concealed-25', 'concealed-50', 'concealed-75', 'concealed-90'],
    'concealment level',
  )
  if (!concealPick.ok) return concealPick
  const coverPick = oneOf(['cover-25', 'cover-50', 'cover-75', 'cover-90'], 'cover level')
  if (!coverPick.ok) return coverPick
  const twoPick = oneOf(['two-weapon-primary', 'two-weapon-secondary'], 'hand for two-weapon style')
  if (!twoPick.ok) return twoPick
  if (has('charge') && has('set-vs-charge'))
    return fail('A charging attacker cannot also set a weapon against a charge.')

  // The weapon.
  let weapon: Weapon | null = null
  if (unarmed) {
    if (mode !== 'melee') return fail(`A ${unarmed} is a melee attack.`)
    if (decl.weapon !== undefined) return fail(`A ${unarmed} is made without a weapon.`)
  } else {
    if (decl.weapon === undefined) return fail('Choose a weapon, or punch, kick or grapple.')
    weapon = attacker.weapons[decl.weapon] ?? null
    if (!weapon) return fail('Choose one of your own weapons.')
    if (mode === 'melee' && !meleeCapable(weapon)) return fail(`The ${weapon.name} is not a melee weapon.`)
    if (mode === 'missile' && !missileCapable(weapon))
      return fail(`The ${weapon.name} cannot be thrown or shot.`)
    if (decl.weapon === 0 && attackerConditions.some((c) => c.kind === 'disarmed'))
      return fail(`Your primary weapon was knocked from your grasp; pick it up or use another.`)
  }
  const weaponName = weapon?.name ?? (unarmed as string)

  // Whether this weapon can harm the target at all (a natural 20 does not get past this).
  if (target.harmedBy !== 'anything') {
    const magic = (weapon?.magicBonus ?? 0) > 0
    const silver = weapon?.silver ?? false
    const harms = target.harmedBy === 'magic' ? magic : magic || silver
    if (!harms && !(unarmed === 'grapple'))
      return fail(
        `${target.name} can only be harmed by ${target.harmedBy === 'magic' ? 'magic' : 'silver or magic'} weapons.`,
      )
  }

  const toHit: BreakdownLine[] = [line('attack bonus', attacker.attackBonus, RULE.attack)]
  if (unarmed === 'grapple') {
    const useDex = attacker.dexBonus > attacker.strBonus
    toHit.push(
      line(
        useDex ? 'DEX bonus (touch attack)' : 'STR bonus (touch attack)',
        useDex ? attacker.dexBonus : attacker.strBonus,
        RULE.grapple,
      ),
    )
  } else if (mode === 'melee') toHit.push(line('STR bonus', attacker.strBonus, RULE.attack))
  else toHit.push(line('DEX bonus', attacker.dexBonus, RULE.attack))
  if (weapon && weapon.magicBonus !== 0 && s.magicBonusToHit)
    toHit.push(line(weapon.magicBonus > 0 ? 'magic weapon' : 'cursed weapon', weapon.magicBonus, RULE.damage))

  const meleeOnly = (id: ToggleId, what: string): string | null =>
    has(id) && mode !== 'melee' ? `${what} applies to melee attacks only.` : null
  const missileOnly = (id: ToggleId, what: string): string | null =>
    has(id) && mode !== 'missile' ? `${what} applies to missile attacks only.` : null
  const wrongMode =
    meleeOnly('charge', 'A charge') ??
    meleeOnly('set-vs-charge', 'Setting a weapon against a charge') ??
    meleeOnly('parting-shot', 'A parting shot') ??
    meleeOnly('flanking', 'Flanking') ??
    meleeOnly('non-lethal', 'Striking with the flat of the blade') ??
    missileOnly('target-engaged', 'The penalty for shooting at a target within 5 ft') ??
    missileOnly('target-unaware', 'The unaware-target exception') ??
    missileOnly('into-melee', 'A shot into a melee') ??
    (rangePick.value && mode !== 'missile' ? 'Range bands apply to missile attacks only.' : null)
  if (wrongMode) return fail(wrongMode)

  // Charge.
  let multiplier: 1 | 2 = 1
  let multiplierRule: string | null = null
  if (has('charge')) {
    const run = decl.charge
    if (!run) return fail('Say how far and how you charge.')
    if (!run.lineOfSightAtStart)
      return fail('An opponent out of sight at the start of the charge can’t be charged.')
    if (!run.straightLine) return fail('A charge must move in a straight line toward the target.')
    if (!run.clearPath) return fail('The path to the target must be reasonably clear to charge.')
    if (run.distance < 10) return fail('A charging character must move at least 10 feet.')
    if (run.distance > attacker.movement * 2)
      return fail(`A charge may move up to double movement: ${attacker.movement * 2} feet.`)
    if (!weapon?.chargeable)
      return fail('A charge needs a weapon suitable for charging, such as a spear, lance or pole arm.')
    toHit.push(line('charging', 2, RULE.charge))
    multiplier = 2
    multiplierRule = RULE.charge
    attackerGains.push({ kind: 'charging' })
  }
  if (has('set-vs-charge')) {
    if (!weapon?.settable)
      return fail('Only spears, pole arms and certain other piercing weapons can be set against a charge.')
    if (!targetConditions.some((c) => c.kind === 'charging'))
      return fail(`${target.name} is not charging this round.`)
    if (!decl.initiative) return fail('Setting a weapon against a charge needs both initiative numbers.')
    if (decl.initiative.attacker < decl.initiative.target)
      return fail('To set a weapon against a charge you need equal or better initiative than the charger.')
    multiplier = 2
    multiplierRule = RULE.set
  }
  if (has('parting-shot')) {
    toHit.push(line('parting shot', 2, RULE.parting))
    prompts.push(
      'Parting shot: opponents with attack routines choose one attack mode (a tiger could only claw once or bite once).',
    )
  }
  if (has('sneak-attack')) {
    if (!attacker.sneakAttack) return fail(`${attacker.name} does not have the Sneak Attack ability.`)
    prompts.push(
      'Sneak Attack: apply the ability; the +2 for attacking from behind does not combine with it.',
    )
  }
  const engaged = has('target-engaged')
  const unaware = has('target-unaware')
  if (unaware && !engaged)
    return fail('The unaware-target exception is for shooting at a target within 5 ft.')
  if (engaged && rangePick.value)
    return fail('A target within 5 ft is engaged with you; no range band applies.')
  if (has('from-behind') && !has('sneak-attack') && !(engaged && unaware))
    toHit.push(line('from behind', 2, RULE.behind))
  if (has('flanking')) toHit.push(line('flanking', 1, RULE.flanking))

  if (mode === 'missile') {
    if (engaged) {
      if (unaware) {
        toHit.push(line('short range (target unaware)', 1, RULE.ranged))
        if (!has('sneak-attack')) toHit.push(line('from behind (target unaware)', 2, RULE.ranged))
      } else toHit.push(line('shooting at a target within 5 ft', -5, RULE.ranged))
    } else {
      const band = rangePick.value
      if (!band) return fail('Say how far the target is: short, medium or long range.')
      const row = RANGE_BANDS.find((r) => `${r.band}-range` === band)
      invariant(row, `range band ${band}`)
      if (row.modifier === null) return fail('The target is beyond long range and cannot be hit.')
      if (row.modifier !== 0) toHit.push(line(`${row.band} range`, row.modifier, RULE.ranged))
    }
  }

  const concealed = concealPick.value
  if (concealed) {
    const row = CONCEALMENT.find((r) => `concealed-${r.percent}` === concealed)
    invariant(row, `concealment ${concealed}`)
    toHit.push(line(`${row.percent}% concealed`, row.modifier, RULE.cover))
  }
  const cover = coverPick.value
  if (cover) {
    const row = CONCEALMENT.find((r) => `cover-${r.percent}` === cover)
    invariant(row, `cover ${cover}`)
    if (s.coverUsesConcealmentTable) toHit.push(line(`${row.percent}% cover`, row.modifier, RULE.cover))
    else prompts.push(`Cover (${row.percent}%): the text gives no number for cover; the GM sets the penalty.`)
  }

  const hand = twoPick.value
  if (hand) {
    if (!weapon) return fail('Two-weapon style needs two weapons.')
    const other = decl.otherWeapon === undefined ? undefined : attacker.weapons[decl.otherWeapon]
    if (!other || decl.otherWeapon === decl.weapon)
      return fail('Say which other weapon is in your other hand.')
    const smaller = hand === 'two-weapon-primary' ? other : weapon
    if (!smaller.small)
      return fail(
        'When fighting with two weapons, one weapon must be smaller (like a short sword or dagger).',
      )
    toHit.push(
      hand === 'two-weapon-primary'
        ? line('two weapons: primary', -2, RULE.twoWeapon)
        : line('two weapons: secondary', -5, RULE.twoWeapon),
    )
  }

  let halve = false
  let nonLethal = false
  if (has('non-lethal')) {
    if (!weapon) return fail('Punches and kicks already deal non-lethal damage.')
    if (weapon.sharpAllSides)
      return fail(
        `The ${weapon.name} has sharp edges or points on all sides and cannot strike with the flat.`,
      )
    toHit.push(line('non-lethal blow', -4, RULE.subdual))
    halve = true
    nonLethal = true
  }
  if (unarmed === 'kick') toHit.push(line('kick', -2, RULE.brawling))

  toHit.push(...toHitFromConditions(attackerConditions))
  const toHitModifier = sum(toHit)

  const acLines = [line('Armor Class', target.ac, RULE.attack), ...acFromConditions(targetConditions, mode)]
  const ac = sum(acLines)

  // Damage.
  let damage: DamagePlan | null = null
  if (unarmed === 'punch' || unarmed === 'kick') {
    const lines: BreakdownLine[] = []
    if (unarmed === 'punch' || s.kickAddsStrength)
      lines.push(line('STR bonus', attacker.strBonus, RULE.brawling))
    const backlash = target.armor === 'metal' && attacker.armor !== 'metal'
    if (backlash)
      prompts.push('Brawling against metal armor: the attacker takes the damage instead of the target.')
    damage = {
      dice: unarmed === 'punch' ? PUNCH : KICK,
      lines,
      multiplier,
      multiplierRule,
      halve: false,
      nonLethal: true,
      to: backlash ? 'attacker' : 'target',
    }
    prompts.push('The GM decides which monsters can be damaged by brawling.')
  } else if (weapon && isGrenadeLike(weapon)) {
    // A direct hit's fire or holy water is resolved with the target's sheet (resolve.ts); a miss scatters.
  } else if (weapon) {
    damage = { ...weaponDamage(attacker, weapon, mode), multiplier, multiplierRule, halve, nonLethal }
  }

  const specialModifier = s.specialRoll === 'raw' ? 0 : toHitModifier
  const dexCheckModifier = attacker.dexBonus + sum(checksFromConditions(attackerConditions))
  return ok({
    weaponName,
    mode,
    toHit,
    toHitModifier,
    acLines,
    ac,
    damage,
    grapple: unarmed === 'grapple',
    specialModifier,
    dexCheckModifier,
    attackerGains,
    prompts,
  })
}

/** The special row a natural 20's second d20 lands on; totals past either end use the end rows. */
export function specialRowFor(total: number) {
  return rowFor(SPECIAL_D20, Math.min(20, Math.max(1, total)))
}

/**
 * The damage a sum of the dice does for a special result, step by step: regular = dice + modifiers,
 * maximum = the dice maximum + modifiers, critical = dice + dice maximum + modifiers (the modifier counts
 * once: "3 + 6 + 2 = 11"); then doubled for a charge, halved (down) for the flat of a blade, and at least
 * the room's minimum. The odds map every dice sum through its total; rolling writes a line for each step
 * (`damageFrom`, attack-roll.ts).
 */
export function damageSteps(plan: DamagePlan, result: SpecialResult, diceSum: number, minimumDamage: number) {
  const maximum = plan.dice.count * plan.dice.sides
  const dice = result === 'maximum' ? maximum : result === 'regular' ? diceSum : diceSum + maximum
  const base = dice + sum(plan.lines)
  const doubled = base * plan.multiplier
  const halved = plan.halve ? Math.floor(doubled / 2) : doubled
  return { maximum, base, doubled, halved, total: Math.max(halved, minimumDamage) }
}
