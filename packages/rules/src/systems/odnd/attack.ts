/**
 * Attack resolution: the declared attack's target number and modifiers. The d20 (or two) applied to it is
 * rolls.ts's `applyAttackDice`, apart so that a phone's screen, which only previews, does not load it.
 */

import { unreachable } from '../../assert.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type AttackMode, abilityLine, canSwashbuckle } from './bonuses.ts'
import { type DamageDice, parseDamageDice } from './dice-notation.ts'
import { type ToggleId, type Toggles, toggle } from './modifiers.ts'
import { type OdndOptions, withDefaults } from './options.ts'
import {
  isElf,
  isHobbit,
  MISSILE_KINDS,
  makeWeapon,
  type Sheet,
  untrainedWith,
  type Weapon,
} from './sheet.ts'
import { abilityBonus, COVER, LANCE_DICE, UNTRAINED_DAMAGE_DIE } from './tables.ts'

/** What the attack tries to do besides damage; each special maneuver has its own rule and follow-up. */
export type Maneuver = 'strike' | 'subdue' | 'pull-punches' | 'disarm' | 'dismount' | 'entangle' | 'grapple'

export interface AttackDeclaration {
  attacker: Sheet
  defender: Sheet
  /** Index into the attacker's weapons; with none listed, the attacker fights with empty hands. */
  weapon?: number
  /** The defender's weapon in hand (for disarm and the mounted/polearm rule); default its first. */
  defenderWeapon?: number
  /** Default: ranged for bows, crossbows, slings, thrown weapons and firearms, melee otherwise. */
  mode?: AttackMode
  maneuver?: Maneuver
  /** Florentine: the off-hand weapon's index; default the first other melee weapon. */
  offhand?: number
  /** 1 for the first attack of the round: charge and backstab bonuses apply to the first attack only. */
  attackNumber?: number
  toggles?: Toggles
}

/** Empty hands, when a sheet lists no weapon: "Damage done is rolled on a D4". */
export const EMPTY_HANDS: Weapon = makeWeapon({
  name: 'Empty hands',
  kind: 'empty-hand',
  damage: 'd4',
  reach: 0,
  size: 'small',
})

/** The damage a hit will do, before its dice are rolled: what to roll and what to add, double or subtract. */
export interface DamageSpec {
  dice: DamageDice
  /** Flat additions: the weapon's own +1, ability bonuses. */
  lines: BreakdownLine[]
  multiplier: 1 | 2
  multiplierRule: string | null
  /** The natural-20 penalty: "for every number over '20' needed to hit, 1 point will be subtracted". */
  penalty: number
  /** lethal; subdual (1 point in 2 rolls is real); pulled (all temporary). */
  kind: 'lethal' | 'subdual' | 'pulled'
  /** Real points per two empty-hand damage rolls: "2 pts if STR is 16-18". */
  actualPerTwoRolls: 1 | 2
  minimum: number
  doubleDamage: OdndOptions['doubleDamage']
}

/**
 * The points of one damage roll, before any split into real and temporary, as odds and resolution both
 * count them: at least the room minimum, doubled (total or dice by room setting), then the natural-20
 * penalty, never below 0.
 */
export function damagePoints(spec: DamageSpec, diceSum: number): number {
  const flat = spec.lines.reduce((sum, l) => sum + l.value, 0) + (spec.dice.count === 0 ? spec.dice.bonus : 0)
  const doubled =
    spec.doubleDamage === 'dice'
      ? Math.max(spec.minimum, diceSum * spec.multiplier + flat)
      : Math.max(spec.minimum, diceSum + flat) * spec.multiplier
  return Math.max(0, doubled - spec.penalty)
}

/** An attack ready to roll: everything but the dice. Resolution and odds both start here, so they agree. */
export interface PreparedAttack {
  weapon: Weapon
  mode: AttackMode
  maneuver: Maneuver
  armorClass: number
  acLines: BreakdownLine[]
  /** The d20 total to reach, from the room's to-hit table. */
  target: number
  modifier: number
  toHitLines: BreakdownLine[]
  /** The natural roll needed: target minus modifiers; above 20 only a natural 20 hits, at a damage cost. */
  needed: number
  roll: 'normal' | 'advantage' | 'disadvantage'
  /** False when the target needs magic or silver and the weapon is neither: not even a 20 hits. */
  canHit: boolean
  /** A natural 20 is a critical unless only 19 or 20 could hit. */
  natural20Crits: boolean
  /** A fumble needs a second d20 above this (the attacker's level or hit dice). */
  fumbleAbove: number
  specialOn: number
  damage: DamageSpec | null
  /**
   * Florentine with weapons of different size: "roll to see which one hit, then roll for damage". Null
   * when not fighting Florentine or both weapons are the same size.
   */
  offhand: { weapon: Weapon; damage: DamageSpec | null } | null
  /** Firing into melee without the elf's (or hobbit slinger's) sure aim: the GM rules the risk to friends. */
  friendlyFireRisk: boolean
  notes: string[]
}

const on = (toggles: Toggles, id: ToggleId) => toggles[id] === true
const ruleOf = (id: ToggleId) => toggle(id).rule
const labelOf = (id: ToggleId) => toggle(id).label
/** The breakdown line of a toggle that adds `value`, in its own words and rule. */
const lineOf = (id: ToggleId, value: number): BreakdownLine => ({
  label: labelOf(id),
  value,
  rule: ruleOf(id),
})

/** Backstab: only the first attack of the round keeps the thief bonuses, to hit and to damage. */
const firstBackstabOnly = (): BreakdownLine => ({
  label: 'thief bonus on the first backstab attack only',
  value: 0,
  rule: ruleOf('backstab'),
})

const LONG_WEAPONS = new Set(['polearm', 'spear'])
const MELEE_ONLY_NO = new Set(['bow', 'great-bow', 'crossbow', 'sling', 'firearm'])

/** Validates the declaration and works out everything a roll will be judged against. */
export function prepareAttack(
  decl: AttackDeclaration,
  options: Partial<OdndOptions> = {},
): Outcome<PreparedAttack> {
  const opts = withDefaults(options)
  const { attacker, defender } = decl
  const t = decl.toggles ?? {}
  const maneuver = decl.maneuver ?? 'strike'
  const attackNumber = decl.attackNumber ?? 1
  if (!Number.isInteger(attackNumber) || attackNumber < 1) throw new RangeError('attackNumber starts at 1')
  const weapon =
    decl.weapon === undefined ? (attacker.weapons[0] ?? EMPTY_HANDS) : attacker.weapons[decl.weapon]
  if (!weapon) return fail(`${attacker.name} has no weapon number ${(decl.weapon ?? 0) + 1}.`)
  if (weapon === EMPTY_HANDS && attacker.role === 'monster')
    return fail(`${attacker.name} has no attack listed: add a weapon or natural attack to the sheet.`)
  const defenderWeapon = defender.weapons[decl.defenderWeapon ?? 0]
  const mode: AttackMode = decl.mode ?? (MISSILE_KINDS.has(weapon.kind) ? 'ranged' : 'melee')
  const notes: string[] = []

  // Illegal declarations, in words a player understands.
  if (mode === 'ranged' && !MISSILE_KINDS.has(weapon.kind) && !weapon.throwable)
    return fail(`${weapon.name} cannot be used at range.`)
  if (mode === 'melee' && MELEE_ONLY_NO.has(weapon.kind))
    return fail(`${weapon.name} cannot strike in melee.`)
  if ((on(t, 'short-range') || on(t, 'long-range')) && mode !== 'ranged')
    return fail('Short and long range apply only to missile attacks.')
  if (on(t, 'short-range') && on(t, 'long-range')) return fail('Pick short range or long range, not both.')
  if (on(t, 'high-ground') && on(t, 'low-ground')) return fail('Pick high ground or low ground, not both.')
  if ([on(t, 'cover-25'), on(t, 'cover-50'), on(t, 'cover-75')].filter(Boolean).length > 1)
    return fail('Pick one amount of cover.')
  if (on(t, 'swashbuckler') && !(canSwashbuckle(attacker, weapon) && mode === 'melee'))
    return fail(
      'Only fighter types in light armor or none, with a one-handed weapon in melee, fight as swashbucklers.',
    )
  if (on(t, 'charging') && mode !== 'melee') return fail('A charge ends in a melee attack.')
  if (on(t, 'set-spear') && !LONG_WEAPONS.has(weapon.kind))
    return fail('Only a spear or pike can be set against a charge.')
  if (on(t, 'set-spear') && on(t, 'charging'))
    return fail('A set spear receives a charge; it does not charge.')
  if (on(t, 'backstab') && attacker.class !== 'thief') return fail('Only thieves backstab.')
  if (
    on(t, 'florentine') &&
    (mode !== 'melee' || attacker.weapons.filter((w) => !MISSILE_KINDS.has(w.kind)).length < 2)
  )
    return fail('Florentine fighting needs two melee weapons.')
  if (on(t, 'defender-parrying') && on(t, 'defender-charging')) return fail('A charging foe cannot parry.')
  switch (maneuver) {
    case 'strike':
    case 'subdue':
      break
    case 'pull-punches':
      if (mode !== 'melee') return fail('Pulling punches is a melee attack.')
      break
    case 'disarm':
      if (weapon.kind !== 'one-handed' || defenderWeapon?.kind !== 'one-handed')
        return fail('Disarming needs a one-handed weapon against a foe who also wields a one-handed weapon.')
      break
    case 'dismount':
      if (weapon.kind !== 'polearm') return fail('Only a polearm can hook a rider off a steed.')
      if (!defender.mounted) return fail(`${defender.name} is not mounted.`)
      break
    case 'entangle':
      if (weapon.kind !== 'whip') return fail('Only a whip can entangle.')
      if (defender.size === 'huge') return fail('A whip can entangle only a foe of ogre size or smaller.')
      break
    case 'grapple':
      if (mode !== 'melee') return fail('Grappling is a melee attack.')
      break
    default:
      return unreachable(maneuver)
  }

  // Armor class: descending, so every defense line lowers it. The first of each list set says why it is lost.
  const firstOn = (ids: readonly ToggleId[]) => ids.find((id) => on(t, id))
  const noShield = firstOn(['parting-shot', 'from-behind', 'backstab', 'flanking', 'shield-engaged'])
  const noDex = firstOn(['flanking', 'from-behind', 'backstab', 'defender-charging', 'defender-stationary'])
  const acLines: BreakdownLine[] = [
    { label: `${defender.name} armor class`, value: defender.ac, rule: 'sheet' },
  ]
  if (defender.shield)
    acLines.push(
      noShield
        ? { label: `shield not usable (${labelOf(noShield)})`, value: 0, rule: ruleOf(noShield) }
        : { label: 'shield', value: -1, rule: 'See Shields' },
    )
  const dexAc = abilityBonus(defender.dex)
  if (dexAc !== 0)
    acLines.push(
      noDex
        ? { label: `no DEX bonus to AC (${labelOf(noDex)})`, value: 0, rule: ruleOf(noDex) }
        : { label: 'DEX bonus lowers AC', value: -dexAc, rule: 'COMBAT: DEX bonuses' },
    )
  if (on(t, 'defender-florentine') && mode === 'melee') acLines.push(lineOf('defender-florentine', -1))
  if (on(t, 'defender-parrying')) acLines.push(lineOf('defender-parrying', -2))
  if (on(t, 'defender-withdrawing')) acLines.push(lineOf('defender-withdrawing', -2))
  const armorClass = acLines.reduce((sum, l) => sum + l.value, 0)

  // To-hit modifiers.
  const untrained = untrainedWith(weapon)
  const thac0 = untrained ? opts.normalManThac0 : attacker.thac0
  if (untrained) notes.push(`untrained with ${weapon.name}: attacks as a Normal Man (THAC0 ${thac0}).`)
  const target = opts.toHitTarget(thac0, armorClass, attacker)
  const toHitLines: BreakdownLine[] = []
  const charging = on(t, 'charging') && attackNumber === 1
  const backstabLosesBonus = on(t, 'backstab') && attackNumber > 1
  const abilityCtx = { attacker, weapon, mode, swashbuckler: on(t, 'swashbuckler'), asNormalMan: untrained }
  const hitAbility = abilityLine({ ...abilityCtx, use: 'to-hit' }, opts)
  if (hitAbility && hitAbility.line.value !== 0) {
    if (charging && hitAbility.ability === 'DEX')
      toHitLines.push({ label: 'no DEX bonus while charging', value: 0, rule: ruleOf('charging') })
    else if (backstabLosesBonus && attacker.class === 'thief') toHitLines.push(firstBackstabOnly())
    else toHitLines.push(hitAbility.line)
  }
  const add = (id: ToggleId, value: number) => toHitLines.push(lineOf(id, value))
  if (on(t, 'short-range')) add('short-range', 1)
  if (on(t, 'long-range')) add('long-range', -1)
  if (on(t, 'withdrawing')) add('withdrawing', -2)
  if (on(t, 'parting-shot')) add('parting-shot', 2)
  if (on(t, 'pursuing')) add('pursuing', 2)
  const attackerMounted = t['attacker-mounted'] ?? attacker.mounted
  const defenderMounted = t['defender-mounted'] ?? defender.mounted
  if (attackerMounted && !defenderMounted) {
    if (defenderWeapon && LONG_WEAPONS.has(defenderWeapon.kind))
      toHitLines.push({
        label: 'mounted bonus cancelled by the foe’s polearm or long spear',
        value: 0,
        rule: 'Mounted',
      })
    else add('attacker-mounted', 1)
  }
  if (defenderMounted && !attackerMounted) {
    if (LONG_WEAPONS.has(weapon.kind))
      toHitLines.push({
        label: 'mounted penalty cancelled by polearm or long spear',
        value: 0,
        rule: 'Mounted',
      })
    else add('defender-mounted', -1)
  }
  if (on(t, 'high-ground')) add('high-ground', 1)
  if (on(t, 'low-ground')) add('low-ground', -1)
  if (on(t, 'surrounding')) add('surrounding', 1)
  if (on(t, 'flanking')) add('flanking', 1)
  if (on(t, 'from-behind') || on(t, 'backstab')) add(on(t, 'backstab') ? 'backstab' : 'from-behind', 2)
  if (charging) add('charging', 2)
  if (on(t, 'charging') && !charging) notes.push('charge bonuses apply to the first attack only.')
  if (on(t, 'set-spear')) add('set-spear', 2)
  for (const c of COVER) if (on(t, `cover-${c.percent}`)) add(`cover-${c.percent}`, c.toHit)
  const modifier = toHitLines.reduce((sum, l) => sum + l.value, 0)

  const advantage = on(t, 'behind-second-round') || on(t, 'florentine')
  const disadvantage = on(t, 'surprised-second-round')
  const roll = advantage === disadvantage ? 'normal' : advantage ? 'advantage' : 'disadvantage'

  let offhand: PreparedAttack['offhand'] = null
  if (on(t, 'florentine')) {
    const other =
      decl.offhand === undefined
        ? attacker.weapons.find((w) => w !== weapon && !MISSILE_KINDS.has(w.kind))
        : attacker.weapons[decl.offhand]
    if (!other || other === weapon || MISSILE_KINDS.has(other.kind))
      return fail('Florentine fighting needs a second melee weapon in the other hand.')
    if (other.size !== weapon.size) {
      offhand = {
        weapon: other,
        damage: damageSpec(
          decl,
          other,
          mode,
          maneuver,
          {
            untrained: untrainedWith(other),
            charging,
            backstabLosesBonus,
            swashbuckler: on(t, 'swashbuckler'),
          },
          opts,
        ),
      }
    }
  }
  const friendlyFireRisk =
    on(t, 'into-melee') &&
    !(isElf(attacker) && ['bow', 'great-bow', 'thrown'].includes(weapon.kind)) &&
    !(isHobbit(attacker) && weapon.kind === 'sling')
  if (on(t, 'into-melee') && mode !== 'ranged') return fail('Firing into melee is a missile attack.')
  if (on(t, 'from-behind') || on(t, 'backstab'))
    notes.push(
      `${defender.name} is surprised: no return attack this round, no shield or DEX against this attack.`,
    )
  const canHit = defender.hitBy === 'any' || weapon.magic || (defender.hitBy === 'silver' && weapon.silver)
  if (!canHit) notes.push(`${defender.name} can be hit only by ${defender.hitBy} weapons.`)
  const needed = target - modifier

  return ok({
    weapon,
    mode,
    maneuver,
    armorClass,
    acLines,
    target,
    modifier,
    toHitLines,
    needed,
    roll,
    canHit,
    natural20Crits: needed <= 18,
    fumbleAbove: attacker.level,
    specialOn: attacker.specialOn,
    damage: damageSpec(
      decl,
      weapon,
      mode,
      maneuver,
      { untrained, charging, backstabLosesBonus, swashbuckler: on(t, 'swashbuckler') },
      opts,
    ),
    offhand,
    friendlyFireRisk,
    notes,
  })
}

function damageSpec(
  decl: AttackDeclaration,
  weapon: Weapon,
  mode: AttackMode,
  maneuver: Maneuver,
  flags: { untrained: boolean; charging: boolean; backstabLosesBonus: boolean; swashbuckler: boolean },
  opts: OdndOptions,
): DamageSpec | null {
  const { attacker, defender } = decl
  const t = decl.toggles ?? {}
  if (maneuver === 'disarm' || maneuver === 'dismount' || maneuver === 'entangle' || maneuver === 'grapple')
    return null
  const weaponDice = parseDamageDice(weapon.damage)
  if (!weaponDice.ok) throw new Error(`sheet not parsed: ${weaponDice.error}`)
  let dice: DamageDice = weaponDice.value
  const lines: BreakdownLine[] = []
  let multiplier: 1 | 2 = 1
  let multiplierRule: string | null = null
  if (weapon.kind === 'empty-hand' || weapon.kind === 'improvised') dice = { count: 1, sides: 4, bonus: 0 }
  else if (flags.untrained) dice = { count: 1, sides: UNTRAINED_DAMAGE_DIE[weapon.size], bonus: 0 }
  if (flags.charging && weapon.kind === 'lance' && (t['attacker-mounted'] ?? attacker.mounted)) {
    dice = { count: LANCE_DICE[defender.size], sides: 6, bonus: 0 }
    multiplier = 2
    multiplierRule = 'CHARGING ATTACKS: lance'
  } else if (flags.charging) {
    multiplier = 2
    multiplierRule = weapon.kind === 'horns' ? 'CHARGING ATTACKS: horns or tusks' : ruleOf('charging')
  } else if (on(t, 'set-spear')) {
    multiplier = 2
    multiplierRule = ruleOf('set-spear')
  }
  if (dice.bonus !== 0) lines.push({ label: `${weapon.name} bonus`, value: dice.bonus, rule: 'sheet' })
  const ability = abilityLine(
    { attacker, weapon, mode, use: 'damage', swashbuckler: flags.swashbuckler, asNormalMan: flags.untrained },
    opts,
  )
  if (ability && ability.line.value !== 0) {
    if (flags.backstabLosesBonus && attacker.class === 'thief') lines.push(firstBackstabOnly())
    else lines.push(ability.line)
  }
  const kind: DamageSpec['kind'] =
    maneuver === 'pull-punches'
      ? 'pulled'
      : maneuver === 'subdue' || weapon.kind === 'empty-hand'
        ? 'subdual'
        : 'lethal'
  // "A surprise attack does double the dice worth of temporary damage."
  if (kind !== 'lethal' && (on(t, 'from-behind') || on(t, 'backstab')))
    dice = { ...dice, count: dice.count * 2 }
  return {
    dice,
    lines,
    multiplier,
    multiplierRule,
    penalty: 0,
    kind,
    actualPerTwoRolls: attacker.str >= 16 ? 2 : 1,
    minimum: opts.minimumDamage,
    doubleDamage: opts.doubleDamage,
  }
}

/** Whether a kept natural d20 hits, one rule for resolution and odds: never a 1, always a 20 that can hit. */
export const hitsOn = (p: PreparedAttack, natural: number): boolean =>
  natural !== 1 && p.canHit && (natural === 20 || natural + p.modifier >= p.target)

/** Whether a natural 1 fumbles: "if the roll is greater than the XP level of the character who missed". */
export function isFumble(level: number, d20: number): boolean {
  return d20 > level
}
