/**
 * Declaring an attack (5.5, 5.9): the chance with every modifier, range bands, reloads. Rolling it and the
 * shot it spends are `exchange.ts`'s.
 */
import { unreachable } from '../../assert.ts'
import type { BreakdownLine, ModifierToggle, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { physicalSkill } from './armor.ts'
import { type Chance, divided } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import { type DamageBonus, damageBonusOf, type Sheet } from './sheet.ts'
import { type CombatantState, isBroken, itemState, withItem } from './state.ts'
import { displayName, findShield, findWeapon, shieldAsWeapon, type WeaponRow, weaponModes } from './tables.ts'

/** The situational modifiers an attacker can switch on. */
export type AttackToggleId = 'difficult' | 'range-double' | 'range-triple' | 'defender-unaware'

/** Each attack toggle with its effect in words and the rule it comes from. */
export const ATTACK_MODIFIERS: readonly (ModifierToggle & { id: AttackToggleId })[] = [
  {
    id: 'difficult',
    label: 'Difficult',
    effect: 'Half chance to hit',
    rule: '5.5 Attacking ("as if Difficult (1/2 chance)")',
  },
  {
    id: 'range-double',
    label: 'Up to twice range',
    effect: 'Half chance to hit (Difficult)',
    rule: '5.9 Weapons and Damage (range)',
  },
  {
    id: 'range-triple',
    label: 'Up to three times range',
    effect: 'Quarter chance to hit',
    rule: '5.9 Weapons and Damage (range)',
  },
  {
    id: 'defender-unaware',
    label: 'Target unaware',
    effect: 'The target cannot see the attack coming, so cannot parry or dodge',
    rule: '5.6 Parrying, 5.7 Dodging ("must be aware of and able to see the attack coming")',
  },
]

/** Where the target is against the weapon's range (5.9): beyond three times there is no chance. */
export type RangeBand = 'normal' | 'double' | 'triple' | 'beyond'

/** The band for a distance: up to the range, up to twice, up to three times, or beyond (5.9). */
export function rangeBandOf(range: number, distance: number): RangeBand {
  if (distance <= range) return 'normal'
  if (distance <= 2 * range) return 'double'
  if (distance <= 3 * range) return 'triple'
  return 'beyond'
}

/** What the attacker says in Statement of Intent and confirms on their DEX rank. */
export interface AttackDeclaration {
  /** The weapon row used: 'dagger' to stab, 'dagger-thrown' to throw, 'shield-round' to bash. */
  readonly weapon: string
  readonly toggles?: readonly string[]
  /** Meters to the target, for missile weapons; or give a range toggle instead. */
  readonly distance?: number
}

/** An attack ready to roll: the weapon, the chance with its lines, and what the defender may do. */
export interface DeclaredAttack {
  readonly weapon: WeaponRow
  readonly chance: Chance
  readonly damageBonus: DamageBonus | null
  readonly range: RangeBand | null
  readonly defenderUnaware: boolean
}

/** The weapon row a sheet can use for an id, or why not: Brawl is always at hand, a bash needs the shield. */
export function weaponFor(sheet: Sheet, id: string): Outcome<WeaponRow> {
  if (id.startsWith('shield-')) {
    const shield = findShield(id.slice('shield-'.length))
    if (!shield) return fail(`There is no shield called "${id}".`)
    if (sheet.shield !== shield.id) return fail(`${sheet.name} carries no ${shield.name} shield.`)
    return ok(shieldAsWeapon(shield))
  }
  const row = findWeapon(id)
  if (!row) return fail(`There is no weapon called "${id}" in the tables.`)
  if (row.id === 'brawl') return ok(row)
  const carried = sheet.weapons.some((w) => findWeapon(w)?.item === row.item)
  if (!carried) return fail(`${sheet.name} carries no ${displayName(row)}.`)
  return ok(row)
}

/**
 * Every weapon row a sheet can attack with: each row of each item carried ("If a weapon has more than
 * one range listed, the user can choose which range to act on", 5.4: a dagger stabs or is thrown), a
 * bash with the shield carried, and Brawl, always at hand.
 */
export function attackRows(sheet: Sheet): WeaponRow[] {
  const rows = sheet.weapons.flatMap((id) => {
    const row = findWeapon(id)
    return row ? weaponModes(row.item) : []
  })
  const shield = findShield(sheet.shield)
  if (shield) rows.push(shieldAsWeapon(shield))
  const brawl = findWeapon('brawl')
  if (brawl) rows.push(brawl)
  return rows.filter((row, i) => rows.findIndex((r) => r.id === row.id) === i)
}

/**
 * The skill chance with a weapon (5.5, 5.9): the sheet's skill for its specialty; else, if the room
 * allows it, a related specialty of the same skill as Difficult; else the weapon's base chance,
 * whichever is best. Throw is a physical skill, so body armor lowers it (5.10).
 */
export function weaponChance(sheet: Sheet, weapon: WeaponRow, settings: BrpSettings): Chance {
  const rule = '5.5 Attacking'
  switch (weapon.skill) {
    case 'Brawl':
      return { value: sheet.brawl, lines: [{ label: 'Brawl skill', value: sheet.brawl, rule }] }
    case 'Shield':
      return { value: sheet.shieldSkill, lines: [{ label: 'Shield skill', value: sheet.shieldSkill, rule }] }
    case 'Throw':
      return physicalSkill(sheet, 'Throw skill', sheet.throw, rule)
    case 'Melee Weapon':
    case 'Missile Weapon':
    case 'Firearm':
    case 'Energy Weapon': {
      const same = sheet.weaponSkills.filter((s) => s.skill === weapon.skill)
      const own = same.find((s) => s.specialty.trim().toLowerCase() === weapon.specialty.toLowerCase())
      if (own)
        return {
          value: own.chance,
          lines: [{ label: `${weapon.skill} (${weapon.specialty}) skill`, value: own.chance, rule }],
        }
      const base: Chance = {
        value: weapon.base === 'Throw' ? sheet.throw : weapon.base,
        lines: [
          {
            label: `${displayName(weapon)} base chance (no ${weapon.specialty} skill)`,
            value: weapon.base === 'Throw' ? sheet.throw : weapon.base,
            rule: '5.9 Weapons and Damage',
          },
        ],
      }
      if (settings.relatedSpecialty === 'never' || same.length === 0) return base
      const best = same.reduce((a, b) => (b.chance > a.chance ? b : a))
      const related = divided(
        {
          value: best.chance,
          lines: [{ label: `${weapon.skill} (${best.specialty}) skill`, value: best.chance, rule }],
        },
        2,
        `Related specialty for ${weapon.specialty}, at the GM’s discretion: Difficult, half chance`,
        rule,
        settings,
      )
      return related.value > base.value ? related : base
    }
    default:
      return unreachable(weapon.skill)
  }
}

const TOGGLE_IDS = new Set<string>(ATTACK_MODIFIERS.map((m) => m.id))

/** Why this weapon cannot attack now (broken, a crossbow not loaded, a gun empty), or null when it can. */
export function unready(attacker: Sheet, state: CombatantState, weapon: WeaponRow): string | null {
  const item = itemState(state, weapon.item)
  if (isBroken(state, weapon.item, weapon.hitPoints))
    return `${attacker.name}'s ${displayName(weapon)} is broken.`
  if (weapon.reloadRound && item.loaded === false)
    return `The ${displayName(weapon)} is not loaded: reloading it takes a full combat round (Reload).`
  if (weapon.magazine && item.shots !== undefined && item.shots <= 0)
    return `The ${displayName(weapon)} has no ${weapon.magazine.unit} left: reload it first.`
  return null
}

/**
 * Declares an attack: checks it is legal and works out the chance with every modifier. Illegal
 * declarations (a weapon not carried, a broken one, an empty gun, an unloaded crossbow, a target out
 * of range) return a sentence the player understands.
 */
export function declareAttack(
  attacker: Sheet,
  state: CombatantState,
  declaration: AttackDeclaration,
  settings: BrpSettings,
): Outcome<DeclaredAttack> {
  if (state.dead) return fail(`${attacker.name} is dead.`)
  if (state.unconscious) return fail(`${attacker.name} is unconscious and cannot attack.`)
  const found = weaponFor(attacker, declaration.weapon)
  if (!found.ok) return found
  const weapon = found.value
  const toggles = declaration.toggles ?? []
  const unknown = toggles.find((t) => !TOGGLE_IDS.has(t))
  if (unknown) return fail(`"${unknown}" is not a modifier of this system.`)
  const has = (id: AttackToggleId) => toggles.includes(id)

  const notReady = unready(attacker, state, weapon)
  if (notReady) return fail(notReady)

  let range: RangeBand | null = null
  const rangeToggles = toggles.filter((t) => t === 'range-double' || t === 'range-triple')
  if (weapon.range === null) {
    if (declaration.distance !== undefined || rangeToggles.length > 0)
      return fail(`${weapon.name} is a melee weapon: range does not apply.`)
  } else {
    if (rangeToggles.length > 1) return fail('Choose one range band, not both.')
    if (declaration.distance !== undefined) {
      if (rangeToggles.length > 0) return fail('Give the distance or the range band, not both.')
      if (!Number.isFinite(declaration.distance) || declaration.distance < 0)
        return fail('The distance must be a number of meters, 0 or more.')
      range = rangeBandOf(weapon.range, declaration.distance)
    } else range = has('range-triple') ? 'triple' : has('range-double') ? 'double' : 'normal'
    if (range === 'beyond')
      return fail(
        `The target is beyond three times the ${displayName(weapon)}'s range of ${weapon.range} meters: there is no chance of hitting it.`,
      )
  }

  let chance = weaponChance(attacker, weapon, settings)
  if (has('difficult')) chance = divided(chance, 2, 'Difficult: half chance', '5.5 Attacking', settings)
  if (range === 'double')
    chance = divided(
      chance,
      2,
      `Up to twice range (${weapon.range} m): half chance`,
      '5.9 Weapons and Damage',
      settings,
    )
  if (range === 'triple')
    chance = divided(
      chance,
      4,
      `Up to three times range (${weapon.range} m): quarter chance`,
      '5.9 Weapons and Damage',
      settings,
    )
  return ok({
    weapon,
    chance,
    damageBonus: damageBonusOf(attacker),
    range,
    defenderUnaware: has('defender-unaware'),
  })
}

/**
 * Why this weapon cannot be reloaded now (a crossbow loaded, a gun full, a sword), or null when it can:
 * a crossbow once fired, a gun or laser short of a full magazine.
 */
export function noReload(state: CombatantState, weapon: WeaponRow): string | null {
  const item = itemState(state, weapon.item)
  if (weapon.reloadRound) return item.loaded === false ? null : `The ${displayName(weapon)} is loaded.`
  if (weapon.magazine) {
    const { size, unit } = weapon.magazine
    return item.shots !== undefined && item.shots < size
      ? null
      : `The ${displayName(weapon)} is full: ${size} ${unit}.`
  }
  return `The ${displayName(weapon)} does not need reloading.`
}

/** The weapons that can be reloaded now (`noReload`), one row each. */
export function reloadable(sheet: Sheet, state: CombatantState): WeaponRow[] {
  const rows = attackRows(sheet)
  return rows.filter((row, i) => !noReload(state, row) && rows.findIndex((r) => r.item === row.item) === i)
}

/**
 * Reloading (5.9 notes): a crossbow takes the full combat round, so it fires every other round; a gun
 * or laser is refilled to 6 shots or 20 charges. The text gives no time for guns (docs/systems/brp.md).
 */
export function reload(
  sheet: Sheet,
  state: CombatantState,
  weaponId: string,
): Outcome<{ state: CombatantState; lines: BreakdownLine[] }> {
  const found = weaponFor(sheet, weaponId)
  if (!found.ok) return found
  const weapon = found.value
  const refused = noReload(state, weapon)
  if (refused) return fail(refused)
  // `noReload` let through only a crossbow fired and a gun or laser short of full.
  const line: BreakdownLine = weapon.magazine
    ? {
        label: `Reload ${displayName(weapon)}: ${weapon.magazine.unit}`,
        value: weapon.magazine.size,
        rule: '5.9 Weapons and Damage (**)',
      }
    : {
        label: `Reload ${displayName(weapon)}: the whole combat round`,
        value: 1,
        rule: '5.9 Weapons and Damage (*)',
        note: true,
      }
  const change = weapon.magazine ? { shots: weapon.magazine.size } : { loaded: true }
  return ok({ state: withItem(state, weapon.item, change), lines: [line] })
}
