/** Attack resolution: the declared attack's target number and modifiers, then the d20 (or two) applied. */

import { unreachable } from '../../assert.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type AttackMode, abilityLine, canSwashbuckle } from './bonuses.ts'
import { type DamageDice, formatDamageDice, parseDamageDice } from './dice-notation.ts'
import { type ToggleId, type Toggles, toggle } from './modifiers.ts'
import { type OdndOptions, withDefaults } from './options.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'
import { isElf, isHobbit, MISSILE_KINDS, makeWeapon, type Sheet, type Weapon } from './sheet.ts'
import { abilityBonus, COVER, LANCE_DICE, UNTRAINED_DAMAGE_DIE } from './tables.ts'

/** What the attack tries to do besides damage; each special maneuver has its own rule and follow-up. */
export const MANEUVERS = [
  'strike',
  'subdue',
  'pull-punches',
  'disarm',
  'dismount',
  'entangle',
  'grapple',
] as const
export type Maneuver = (typeof MANEUVERS)[number]

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

  // Armor class: descending, so every defense line lowers it.
  const noShield =
    on(t, 'flanking') ||
    on(t, 'from-behind') ||
    on(t, 'backstab') ||
    on(t, 'parting-shot') ||
    on(t, 'shield-engaged')
  const noDex =
    on(t, 'flanking') ||
    on(t, 'from-behind') ||
    on(t, 'backstab') ||
    on(t, 'defender-stationary') ||
    on(t, 'defender-charging')
  const acLines: BreakdownLine[] = [
    { label: `${defender.name} armor class`, value: defender.ac, rule: 'sheet' },
  ]
  if (defender.shield) {
    const why = on(t, 'parting-shot')
      ? 'parting-shot'
      : on(t, 'from-behind')
        ? 'from-behind'
        : on(t, 'backstab')
          ? 'backstab'
          : on(t, 'flanking')
            ? 'flanking'
            : 'shield-engaged'
    acLines.push(
      noShield
        ? { label: `shield not usable (${labelOf(why)})`, value: 0, rule: ruleOf(why) }
        : { label: 'shield', value: -1, rule: 'See Shields' },
    )
  }
  const dexAc = abilityBonus(defender.dex)
  if (dexAc !== 0) {
    const why: ToggleId = on(t, 'flanking')
      ? 'flanking'
      : on(t, 'from-behind')
        ? 'from-behind'
        : on(t, 'backstab')
          ? 'backstab'
          : on(t, 'defender-charging')
            ? 'defender-charging'
            : 'defender-stationary'
    acLines.push(
      noDex
        ? { label: `no DEX bonus to AC (${labelOf(why)})`, value: 0, rule: ruleOf(why) }
        : { label: 'DEX bonus lowers AC', value: -dexAc, rule: 'COMBAT: DEX bonuses' },
    )
  }
  if (on(t, 'defender-florentine') && mode === 'melee')
    acLines.push({ label: labelOf('defender-florentine'), value: -1, rule: ruleOf('defender-florentine') })
  if (on(t, 'defender-parrying'))
    acLines.push({ label: labelOf('defender-parrying'), value: -2, rule: ruleOf('defender-parrying') })
  if (on(t, 'defender-withdrawing'))
    acLines.push({ label: labelOf('defender-withdrawing'), value: -2, rule: ruleOf('defender-withdrawing') })
  const armorClass = acLines.reduce((sum, l) => sum + l.value, 0)

  // To-hit modifiers.
  const untrained = !weapon.trained && !['empty-hand', 'improvised', 'natural', 'horns'].includes(weapon.kind)
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
    else if (backstabLosesBonus && attacker.class === 'thief')
      toHitLines.push({
        label: 'thief bonus on the first backstab attack only',
        value: 0,
        rule: ruleOf('backstab'),
      })
    else toHitLines.push(hitAbility.line)
  }
  const add = (id: ToggleId, value: number) =>
    toHitLines.push({ label: labelOf(id), value, rule: ruleOf(id) })
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
      const otherUntrained =
        !other.trained && !['empty-hand', 'improvised', 'natural', 'horns'].includes(other.kind)
      offhand = {
        weapon: other,
        damage: damageSpec(
          decl,
          other,
          mode,
          maneuver,
          { untrained: otherUntrained, charging, backstabLosesBonus, swashbuckler: on(t, 'swashbuckler') },
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
    if (flags.backstabLosesBonus && attacker.class === 'thief')
      lines.push({
        label: 'thief bonus on the first backstab attack only',
        value: 0,
        rule: ruleOf('backstab'),
      })
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

const isFace = (n: unknown, sides: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= sides

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
  let hit: boolean
  let critical = false
  let penalty = 0
  let fumble: AttackResult['fumble'] = 'none'
  if (natural === 1) {
    hit = false
    if (dice.fumbleD20 === undefined) fumble = 'roll-needed'
    else {
      breakdown.push({
        label: `fumble d20 (fumbles above level ${p.fumbleAbove})`,
        value: dice.fumbleD20,
        rule: 'Natural 1',
      })
      fumble = dice.fumbleD20 > p.fumbleAbove ? 'fumble' : 'no-fumble'
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
  } else if (!p.canHit) {
    hit = false
  } else if (natural === 20) {
    hit = true
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
  } else {
    hit = total >= p.target
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

/** Whether a natural 1 fumbles: "if the roll is greater than the XP level of the character who missed". */
export function isFumble(level: number, d20: number): boolean {
  return d20 > level
}
