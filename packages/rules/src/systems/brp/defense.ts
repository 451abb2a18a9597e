/**
 * Parry and dodge after the attack roll (5.6, 5.7, 5.11): which are legal and at what chance. Rolling one
 * is `exchange.ts`'s.
 */
import { unreachable } from '../../assert.ts'
import type { ModifierToggle, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { physicalSkill } from './armor.ts'
import { type DeclaredAttack, weaponChance, weaponFor } from './attack.ts'
import { type Chance, divided } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { Sheet } from './sheet.ts'
import { type CombatantState, isBroken } from './state.ts'
import {
  displayName,
  findShield,
  findWeapon,
  shieldMissileChance,
  velocityOf,
  type WeaponRow,
} from './tables.ts'

/** What the defender does once the attack roll is known: nothing, dodge, or parry with a weapon or the shield. */
export type DefenseChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'dodge' }
  | { readonly kind: 'parry'; readonly with: string }

/** The defender's toggles, chosen with the defense after the attack roll. */
export type DefenseToggleId = 'kneeling' | 'immobile-shield'

/** The defender's situational modifiers, with their effect in words and rule. */
export const DEFENSE_MODIFIERS: readonly (ModifierToggle & { id: DefenseToggleId })[] = [
  {
    id: 'kneeling',
    label: 'Kneeling behind a large shield',
    effect: 'A hoplite or riot shield parries missiles at 90% instead of 60%',
    rule: '5.11 Shields',
  },
  {
    id: 'immobile-shield',
    label: 'Behind an immobile shield',
    effect: "The shield's armor points add to armor against this attack",
    rule: '5.11 Shields ("If the shield is immobile, use its armor points")',
  },
]

/** The defender's choice, made after seeing the attack roll (5.6, 5.7). */
export interface DefenseDeclaration {
  readonly choice: DefenseChoice
  readonly toggles?: readonly string[]
}

/** A defense ready to roll; `chance` is null when the defender does not roll (choice 'none'). */
export interface DeclaredDefense {
  readonly choice: DefenseChoice
  readonly chance: Chance | null
  /** The item parrying ('shield' or a weapon's item), which the matrix may damage. */
  readonly parryItem: string | null
  /** Its hit points, to know when it breaks; null when it has none. */
  readonly parryHitPoints: number | null
  readonly behindImmobileShield: boolean
}

function displayNameOf(id: string): string {
  const row = findWeapon(id)
  return row ? displayName(row) : id
}

const TOGGLE_IDS = new Set<string>(DEFENSE_MODIFIERS.map((m) => m.id))

/** "Parry with Sword, Short", "Dodge": how a choice reads in a menu or the log. */
export function describeDefense(choice: DefenseChoice): string {
  switch (choice.kind) {
    case 'none':
      return 'No defense'
    case 'dodge':
      return 'Dodge'
    case 'parry':
      return choice.with === 'shield' ? 'Parry with the shield' : `Parry with ${displayNameOf(choice.with)}`
    default:
      return unreachable(choice)
  }
}

/**
 * Declares a defense against a rolled attack: illegal ones (parrying a gun, dodging a bullet, an
 * unseen attack, a broken weapon) return why, in words the defender understands.
 */
export function declareDefense(
  attack: DeclaredAttack,
  defender: Sheet,
  state: CombatantState,
  declaration: DefenseDeclaration,
  settings: BrpSettings,
): Outcome<DeclaredDefense> {
  const toggles = declaration.toggles ?? []
  const unknown = toggles.find((t) => !TOGGLE_IDS.has(t))
  if (unknown) return fail(`"${unknown}" is not a defense modifier of this system.`)
  const kneeling = toggles.includes('kneeling')
  const behindImmobileShield = toggles.includes('immobile-shield')
  if (behindImmobileShield && defender.shield === 'none')
    return fail(`${defender.name} has no shield to shelter behind.`)
  const choice = declaration.choice
  const base = { choice, parryItem: null, parryHitPoints: null, behindImmobileShield }
  if (choice.kind === 'none') {
    if (kneeling) return fail('Kneeling behind a shield only helps a shield parry.')
    return ok({ ...base, chance: null })
  }
  if (state.dead || state.unconscious)
    return fail(`${defender.name} is unconscious and cannot parry or dodge.`)
  if (attack.defenderUnaware)
    return fail(`${defender.name} cannot see the attack coming, so cannot parry or dodge it (5.6, 5.7).`)
  const velocity = velocityOf(attack.weapon)
  switch (choice.kind) {
    case 'dodge': {
      if (kneeling) return fail('Kneeling behind a shield only helps a shield parry.')
      if (velocity === 'high-velocity')
        return fail('It is impossible to dodge firearms or high-velocity weapons (5.7).')
      if (velocity === 'low-velocity' && settings.dodgeMissiles === 'never')
        return fail('In this room, arrows and thrown weapons cannot be dodged (5.7).')
      let chance = physicalSkill(defender, 'Dodge skill', defender.dodge, '5.7 Dodging')
      if (velocity === 'low-velocity')
        chance = divided(
          chance,
          2,
          'Dodging a missile, as the GM may allow: Difficult, half chance',
          '5.7 Dodging',
          settings,
        )
      return ok({ ...base, chance })
    }
    case 'parry': {
      if (velocity === 'high-velocity')
        return fail('It is impossible to parry firearms or high-velocity weapons (5.6).')
      if (choice.with === 'shield' && behindImmobileShield)
        return fail('A shield set up as immobile cover cannot also be used to parry.')
      if (choice.with === 'shield')
        return shieldParry(attack.weapon, defender, state, kneeling, behindImmobileShield)
      if (kneeling) return fail('Kneeling behind a shield only helps a shield parry.')
      const found = weaponFor(defender, choice.with)
      if (!found.ok) return found
      const weapon = found.value
      if (weapon.skill !== 'Melee Weapon')
        return fail(`A parry uses a Melee Weapon skill; ${displayName(weapon)} cannot parry (5.6).`)
      if (velocity === 'low-velocity' && settings.weaponParryMissiles === 'never')
        return fail('One needs a shield to parry missile weapons (5.6).')
      if (isBroken(state, weapon.item, weapon.hitPoints))
        return fail(`${defender.name}'s ${displayName(weapon)} is broken.`)
      const chance = weaponChance(defender, weapon, settings)
      return ok({
        ...base,
        chance: {
          value: chance.value,
          lines: chance.lines.map((l) => ({ ...l, rule: l.rule ?? '5.6 Parrying' })),
        },
        parryItem: weapon.item,
        parryHitPoints: weapon.hitPoints,
      })
    }
    default:
      return unreachable(choice)
  }
}

function shieldParry(
  attackWeapon: WeaponRow,
  defender: Sheet,
  state: CombatantState,
  kneeling: boolean,
  behindImmobileShield: boolean,
): Outcome<DeclaredDefense> {
  const shield = findShield(defender.shield)
  if (!shield) return fail(`${defender.name} has no shield.`)
  if (isBroken(state, 'shield', shield.points))
    return fail(`${defender.name}'s ${shield.name} shield is broken.`)
  const missile = velocityOf(attackWeapon) === 'low-velocity'
  if (kneeling && !(missile && shield.size === 'large'))
    return fail('Kneeling only helps behind a large (hoplite or riot) shield against missiles (5.11).')
  const base = {
    choice: { kind: 'parry', with: 'shield' } as const,
    parryItem: 'shield',
    parryHitPoints: shield.points,
    behindImmobileShield,
  }
  if (missile) {
    const value = shieldMissileChance(shield.size, kneeling)
    const how = kneeling ? 'kneeling behind a large shield' : `${shield.size} shield`
    return ok({
      ...base,
      chance: { value, lines: [{ label: `Shield against a missile (${how})`, value, rule: '5.11 Shields' }] },
    })
  }
  return ok({
    ...base,
    chance: {
      value: defender.shieldSkill,
      lines: [{ label: 'Shield skill', value: defender.shieldSkill, rule: '5.11 Shields' }],
    },
  })
}

/** Every defense the defender could choose against this attack, each legal with its chance or refused with why. */
export function defenseOptions(
  attack: DeclaredAttack,
  defender: Sheet,
  state: CombatantState,
  settings: BrpSettings,
  toggles: readonly string[] = [],
): Array<{ choice: DefenseChoice; label: string; outcome: Outcome<DeclaredDefense> }> {
  const choices: DefenseChoice[] = [{ kind: 'none' }, { kind: 'dodge' }]
  if (defender.shield !== 'none') choices.push({ kind: 'parry', with: 'shield' })
  for (const id of defender.weapons) choices.push({ kind: 'parry', with: id })
  return choices.map((choice) => {
    const own =
      choice.kind === 'parry' && choice.with === 'shield' ? toggles : toggles.filter((t) => t !== 'kneeling')
    return {
      choice,
      label: describeDefense(choice),
      outcome: declareDefense(attack, defender, state, { choice, toggles: own }, settings),
    }
  })
}
