/**
 * One attack against one defender, resolved from its dice (5.5-5.8, 5.12): the attack and defense d100, the
 * shot spent, the damage dice, armor, the wound and its 1D6 hours, weapons hit. Apart from the modules that
 * declare an attack and count its odds (attack.ts, defense.ts, damage.ts, injury.ts, odds.ts) because it is
 * what only resolving an attack runs: a phone loads it only to ask for its own dice (`resolve.ts`).
 */
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { type ArmorTotal, armorAgainst } from './armor.ts'
import type { DeclaredAttack } from './attack.ts'
import { appliedDamageBonus, halfDamageBonus, weaponMaximum } from './damage.ts'
import { type DeclaredDefense, describeDefense } from './defense.ts'
import { checkFace, type D100Roll, rollD100 } from './faces.ts'
import { UNCONSCIOUS_AT } from './injury.ts'
import { type MatrixRow, matrixRow } from './matrix.ts'
import type { BrpSettings } from './settings.ts'
import type { DamageBonus, Sheet } from './sheet.ts'
import { type CombatantState, type Injury, isBroken, itemState, withItem } from './state.ts'
import { type DamageSpec, formatDamage, itemName, type WeaponRow } from './tables.ts'

/** Reads the attack's d100 (5.5): equal or lower succeeds, 1/5 of the chance or lower is special. */
export function rollAttack(attack: DeclaredAttack, d100: number, settings: BrpSettings): Outcome<D100Roll> {
  return rollD100('Attack', d100, attack.chance, settings)
}

/** Reads the parry or dodge d100: "just like an attack roll" (5.6, 5.7). */
export function rollDefense(
  defense: DeclaredDefense,
  d100: number,
  settings: BrpSettings,
): Outcome<D100Roll> {
  if (defense.chance === null) return fail('No defense was chosen, so there is nothing to roll.')
  return rollD100(describeDefense(defense.choice), d100, defense.chance, settings)
}

/** The attacker after firing: a crossbow needs a round to reload, a gun or laser has one shot fewer. */
export function spendShot(state: CombatantState, weapon: WeaponRow): CombatantState {
  const item = itemState(state, weapon.item)
  if (weapon.reloadRound) return withItem(state, weapon.item, { loaded: false })
  if (weapon.magazine && item.shots !== undefined)
    return withItem(state, weapon.item, { shots: item.shots - 1 })
  return state
}

/** One die to roll for damage, with what it is for: the app asks for these faces in this order. */
export interface DieSlot {
  readonly sides: number
  readonly label: string
}

/**
 * The dice to roll for a hit, weapon dice first, then the damage bonus dice. A special success rolls
 * the same dice: its maximum is a fixed number (5.13).
 */
export function damageDice(spec: DamageSpec, db: DamageBonus | null): DieSlot[] {
  const weapon = Array.from({ length: spec.count }, () => ({
    sides: spec.sides,
    label: `Weapon d${spec.sides}`,
  }))
  const bonus = appliedDamageBonus(spec, db)
  const dbDice = bonus
    ? Array.from({ length: bonus.count }, () => ({
        sides: bonus.sides,
        label: `Damage bonus d${bonus.sides}`,
      }))
    : []
  return [...weapon, ...dbDice]
}

export interface DamageRoll {
  /** Damage before armor, never below 0. */
  readonly total: number
  readonly lines: readonly BreakdownLine[]
}

/**
 * Damage from the faces rolled (in the order of `damageDice`). Normal: weapon roll + damage bonus.
 * Special (5.13): the weapon's maximum + a normal weapon roll + the damage bonus, rolled, not maximised.
 */
export function rollDamage(
  spec: DamageSpec,
  db: DamageBonus | null,
  faces: readonly number[],
  kind: 'normal' | 'special',
): Outcome<DamageRoll> {
  const slots = damageDice(spec, db)
  if (faces.length !== slots.length)
    return fail(
      `Damage needs ${slots.length} dice (${slots.map((s) => `d${s.sides}`).join(', ')}); got ${faces.length}.`,
    )
  for (const [i, slot] of slots.entries()) {
    const checked = checkFace(`${slot.label} (die ${i + 1})`, faces[i] ?? 0, slot.sides)
    if (!checked.ok) return checked
  }
  const lines: BreakdownLine[] = []
  let total = 0
  if (kind === 'special') {
    const max = weaponMaximum(spec)
    lines.push({
      label: `Special success: ${formatDamage({ ...spec, db: 'none' })} maximum`,
      value: max,
      rule: '5.13 Special Successes',
    })
    total += max
  }
  const weaponFaces = faces.slice(0, spec.count)
  for (const face of weaponFaces)
    lines.push({ label: `d${spec.sides}`, value: face, rule: '5.9 Weapons and Damage' })
  total += weaponFaces.reduce((s, f) => s + f, 0)
  if (spec.bonus) {
    lines.push({ label: 'Weapon bonus', value: spec.bonus, rule: '5.9 Weapons and Damage' })
    total += spec.bonus
  }
  const bonus = appliedDamageBonus(spec, db)
  if (bonus) {
    const rolled = faces.slice(spec.count).reduce((s, f) => s + f, 0)
    const die = `${bonus.count}D${bonus.sides}`
    const value = bonus.sign * (spec.db === 'half' ? halfDamageBonus(rolled) : rolled)
    lines.push({
      label:
        spec.db === 'half' ? `½ damage bonus (${die} rolled ${rolled}, halved up)` : `Damage bonus (${die})`,
      value,
      rule: '5.9 Weapons and Damage',
    })
    total += value
  }
  if (total < 0) lines.push({ label: 'Damage cannot be negative', value: -total })
  return ok({ total: Math.max(0, total), lines })
}

/** Damage that gets past armor (5.10): what is above the armor points, never below 0. */
export function damageAfterArmor(damage: number, armorPoints: number): number {
  return Math.max(0, damage - armorPoints)
}

/** The state after a hit, the wound it left, and whether it knocked the character out. */
export interface InjuryResult {
  readonly state: CombatantState
  /** The new wound; null when armor stopped it all. */
  readonly injury: Injury | null
  /** True when this wound knocked the character out. */
  readonly knockedOut: boolean
  readonly lines: readonly BreakdownLine[]
}

/**
 * Takes damage that got past armor off current hit points, as one separate wound. Hit points may go
 * below 0 (5.12); death waits for the end of the round, so First Aid in the same round can save them.
 */
export function applyDamage(state: CombatantState, damage: number): InjuryResult {
  if (!Number.isInteger(damage) || damage < 0)
    throw new RangeError(`damage is a whole number 0 or more, got ${damage}`)
  if (damage === 0)
    return { state, injury: null, knockedOut: false, lines: [{ label: 'No damage gets through', value: 0 }] }
  const id = state.injuries.reduce((max, i) => Math.max(max, i.id), 0) + 1
  const injury: Injury = { id, damage, healed: 0, firstAidApplied: false }
  const hitPoints = state.hitPoints - damage
  const knockedOut = !state.unconscious && hitPoints <= UNCONSCIOUS_AT
  const lines: BreakdownLine[] = [
    { label: 'Hit points before', value: state.hitPoints },
    { label: `Wound ${id}`, value: -damage, rule: '5.12 Damage and Injury' },
    { label: 'Hit points now', value: hitPoints },
  ]
  if (knockedOut)
    lines.push({
      label: `Unconscious at ${UNCONSCIOUS_AT} hit points or less`,
      value: hitPoints,
      rule: '5.12 Damage and Injury',
    })
  return {
    state: {
      ...state,
      hitPoints,
      injuries: [...state.injuries, injury],
      unconscious: state.unconscious || knockedOut,
    },
    injury,
    knockedOut,
    lines,
  }
}

/** How long a knocked-out character stays down: 1D6 hours, unless awakened first (5.12). */
export function unconsciousHours(d6: number): Outcome<{ hours: number; lines: BreakdownLine[] }> {
  const face = checkFace('1D6 hours die', d6, 6)
  if (!face.ok) return face
  return ok({
    hours: d6,
    lines: [{ label: 'Unconscious for 1D6 hours', value: d6, rule: '5.12 Damage and Injury' }],
  })
}

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
      // The weapon's name ("Sword, Short"), never its row's id ("sword-short", #54).
      label: `${h.who === 'attacker' ? "Attacker's" : 'Parrying'} ${itemName(h.who === 'attacker' ? input.attacker.sheet : input.defender.sheet, h.item)} takes damage${h.broken ? ' and breaks' : ''}`,
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
