/** One attack against one defender, resolved through the matrix (5.8): damage, armor, wounds, weapons hit. */
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { type ArmorTotal, armorAgainst } from './armor.ts'
import { type DeclaredAttack, spendShot } from './attack.ts'
import { type DamageRoll, damageAfterArmor, damageDice, rollDamage } from './damage.ts'
import type { DeclaredDefense } from './defense.ts'
import { applyDamage, type InjuryResult } from './injury.ts'
import { type MatrixRow, matrixRow } from './matrix.ts'
import type { D100Roll } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { Sheet } from './sheet.ts'
import { type CombatantState, isBroken, itemState, withItem } from './state.ts'

/** One combatant in an exchange: the sheet, and the state before it. */
export interface Side {
  readonly sheet: Sheet
  readonly state: CombatantState
}

/** Everything an exchange needs, dice included, so resolving it is a pure function. */
export interface ExchangeInput {
  readonly attacker: Side
  readonly defender: Side
  readonly attack: DeclaredAttack
  readonly attackRoll: D100Roll
  /** The defense declared after the attack roll; null for none. */
  readonly defense: DeclaredDefense | null
  readonly defenseRoll: D100Roll | null
  /** Damage faces in the order of `damageDice`; needed only when the attack lands. */
  readonly damageFaces: readonly number[] | null
}

/** Damage a weapon or shield took in the exchange, and whether its hit points were overcome. */
export interface WeaponHit {
  readonly who: 'attacker' | 'defender'
  readonly item: string
  readonly points: number
  readonly broken: boolean
}

/** The exchange as the log shows it, with both combatants' states after it. */
export interface ExchangeResult {
  readonly row: MatrixRow
  readonly damage: DamageRoll | null
  readonly armor: ArmorTotal | null
  /** Hit points the defender lost. */
  readonly damageTaken: number
  readonly injury: InjuryResult | null
  readonly weaponHits: readonly WeaponHit[]
  readonly attacker: CombatantState
  readonly defender: CombatantState
  readonly lines: readonly BreakdownLine[]
}

/**
 * Resolves an attack whose dice are known: the matrix row from the two levels, then damage (special
 * or normal), armor, the wound, and parry damage to weapons. The attacker's shot is spent either way.
 */
export function resolveExchange(input: ExchangeInput, settings: BrpSettings): Outcome<ExchangeResult> {
  const { attack, attackRoll, defense, defenseRoll } = input
  if (attackRoll.chance !== attack.chance.value)
    throw new Error('the attack roll was made against another chance')
  const defending = attackRoll.level !== 'failure' && defense !== null && defense.chance !== null
  if (defending && defenseRoll === null) return fail('The defender has declared a defense: roll it first.')
  const row = matrixRow(attackRoll.level, defending ? (defenseRoll?.level ?? null) : null)
  const lines: BreakdownLine[] = [...attackRoll.lines]
  if (defending && defenseRoll) lines.push(...defenseRoll.lines)
  lines.push({ label: `Matrix: ${row.result}`, value: 0, rule: '5.8 Combat Summary', note: true })

  let attacker = spendShot(input.attacker.state, attack.weapon)
  let defender = input.defender.state
  let damage: DamageRoll | null = null
  let armor: ArmorTotal | null = null
  let injury: InjuryResult | null = null
  let damageTaken = 0
  if (row.hit !== 'none') {
    if (input.damageFaces === null) {
      const dice = damageDice(attack.weapon.damage, attack.damageBonus)
      return fail(`The attack lands: roll damage (${dice.map((d) => `d${d.sides}`).join(', ')}).`)
    }
    const rolled = rollDamage(attack.weapon.damage, attack.damageBonus, input.damageFaces, row.hit)
    if (!rolled.ok) return rolled
    damage = rolled.value
    armor = armorAgainst(
      input.defender.sheet,
      defender,
      attack.weapon,
      settings,
      defense?.behindImmobileShield ?? false,
    )
    damageTaken = damageAfterArmor(damage.total, armor.points)
    lines.push(...damage.lines, ...armor.lines.map((l) => ({ ...l, value: -l.value })))
    injury = applyDamage(defender, damageTaken)
    defender = injury.state
    lines.push(...injury.lines)
  }

  const weaponHits: WeaponHit[] = []
  const parried = defending && defense?.choice.kind === 'parry'
  if (parried && row.parryingWeaponDamage > 0 && defense?.parryItem && defense.parryHitPoints !== null) {
    const hit = weaponDamage(defender, defense.parryItem, row.parryingWeaponDamage, defense.parryHitPoints)
    defender = hit.state
    weaponHits.push({ who: 'defender', ...hit.hit })
  }
  const attackerHp = attack.weapon.hitPoints
  if (parried && row.attackingWeaponDamage > 0 && attack.weapon.table === 'melee' && attackerHp !== null) {
    const hit = weaponDamage(attacker, attack.weapon.item, row.attackingWeaponDamage, attackerHp)
    attacker = hit.state
    weaponHits.push({ who: 'attacker', ...hit.hit })
  }
  for (const h of weaponHits)
    lines.push({
      label: `${h.who === 'attacker' ? "Attacker's" : 'Parrying'} ${h.item} takes damage${h.broken ? ' and breaks' : ''}`,
      value: -h.points,
      rule: '5.8 Combat Summary',
    })
  return ok({ row, damage, armor, damageTaken, injury, weaponHits, attacker, defender, lines })
}

/** A weapon or shield losing hit points (5.6); a shield's armor points go down with them (5.11). */
function weaponDamage(
  state: CombatantState,
  item: string,
  points: number,
  hitPoints: number,
): { state: CombatantState; hit: Omit<WeaponHit, 'who'> } {
  const after = withItem(state, item, { damage: itemState(state, item).damage + points })
  return { state: after, hit: { item, points, broken: isBroken(after, item, hitPoints) } }
}
