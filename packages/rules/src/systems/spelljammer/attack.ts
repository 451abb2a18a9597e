/**
 * Hitting: strike chance minus DEF with every modifier, automatic results and the critical table. The d100
 * itself (`rollAgainst`, `resolveAttack`) is resolving's, in rolls.ts.
 */
import { unreachable } from '../../assert.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import type { DeclaredRound } from './declaration.ts'
import { tentacleAttackers } from './melee.ts'
import { type AttackToggle, findToggle } from './modifiers.ts'
import { RULE } from './sections.ts'
import type { Sheet, Weapon } from './sheet.ts'
import { type CriticalTableReading, criticalBands, RANGED_IN_MELEE_TABLE, SIZE_TABLE } from './tables.ts'
import { woundLines } from './wounds.ts'

/** The room settings for hitting, where the text leaves room: see docs/systems/spelljammer.md. */
export interface HitOptions {
  /** Which printing of the critical table to use; the README's corrected boundary by default. */
  criticalTable?: CriticalTableReading
  /**
   * How 01-03 combine with the table. 'at-least' (default): 01 grievous, 02 at least critical, 03 at
   * least a hit, so the worked example's "4 or less is grievous" holds. 'exact': 02 is only a critical and
   * 03 only a hit even inside a larger band.
   */
  automaticResults?: 'at-least' | 'exact'
}

/** Whether an attack is a melee blow or a shot/throw: the ranged modifiers apply to the second only. */
export type AttackMode = 'melee' | 'ranged'

/** The combatant on one side of an attack: sheet plus the round they declared. */
export interface Combatant {
  sheet: Sheet
  round: DeclaredRound
  /** Whether they are casting a spell at the moment of this attack (no DEF from DEX, Defense, Shield). */
  casting?: boolean
}

/** Everything one attack needs before the dice: who, with what, and the situation's toggles. */
export interface AttackDeclaration {
  attacker: Combatant
  target: Combatant
  mode: AttackMode
  /** Ids from ATTACK_TOGGLES. */
  toggles?: readonly string[]
  /** How many others attack the same target (a tentacle pair counts as one); +10 SC each. */
  otherAttackers?: number
  /** How much the target's Range of Field skill takes off the multiple-attacker bonus (GM's call). */
  rangeOfFieldReduction?: number
}

/** Every number of an attack before the roll, with the line that explains each. */
export interface AttackSetup {
  weapon: Weapon
  strikeChance: number
  defense: number
  /** SC - DEF: roll this or less to hit (the "modified strike chance" of the critical table). */
  target: number
  /** Highest roll that is grievous / critical (0: none from the table). */
  grievousOn: number
  criticalOn: number
  scLines: BreakdownLine[]
  defLines: BreakdownLine[]
  /** Flat damage modifiers of this attack (ambush +2, offhand -2). */
  damageLines: BreakdownLine[]
  toggles: AttackToggle[]
}

export type HitKind = 'miss' | 'hit' | 'critical' | 'grievous'

/** A rolled attack: the setup, the die, and what it did. */
export interface AttackResult extends AttackSetup {
  d100: number
  kind: HitKind
  /** Set when 01-03 or 96-100 decided (or raised) the result. */
  automatic: boolean
  /** Why, line by line: the die, each SC modifier, each DEF modifier (negated), the total. */
  breakdown: BreakdownLine[]
}

const sum = (lines: readonly BreakdownLine[]) => lines.reduce((n, line) => n + line.value, 0)

/** Checks the toggles: each known, for this kind of attack, at most one of each group. */
function checkToggles(ids: readonly string[], mode: AttackMode): Outcome<AttackToggle[]> {
  const toggles: AttackToggle[] = []
  const groups = new Map<string, AttackToggle>()
  for (const id of ids) {
    const toggle = findToggle(id)
    if (!toggle) return fail(`"${id}" is not a modifier of this game.`)
    if (toggle.applies !== 'any' && toggle.applies !== mode)
      return fail(`${toggle.label} only applies to ${toggle.applies} attacks.`)
    if (toggle.group) {
      const other = groups.get(toggle.group)
      if (other) return fail(`Choose only one of "${other.label}" and "${toggle.label}".`)
      groups.set(toggle.group, toggle)
    }
    if (toggles.includes(toggle)) continue
    toggles.push(toggle)
  }
  return ok(toggles)
}

/** The target's DEF against this attack, line by line. */
function defenseLines(target: Combatant, toggles: readonly AttackToggle[]): BreakdownLine[] {
  const { sheet, round } = target
  const has = (id: string) => toggles.some((t) => t.id === id)
  const lines: BreakdownLine[] = [{ label: `${sheet.name} DEF`, value: sheet.def, rule: RULE.hitting }]
  const aiming = round.declaration.carefulAim ?? false
  if (target.casting) {
    const lost = sheet.defFromDex + sheet.defFromDefenseSkill + sheet.defFromShield
    if (lost)
      lines.push({
        label: 'Casting: no DEF from DEX, Defense or Shield',
        value: -lost,
        rule:
          sheet.spells[round.declaration.spellIndex ?? -1]?.caster === 'cleric'
            ? RULE.clericCasting
            : RULE.mageCasting,
      })
  } else if (aiming) {
    const lost = sheet.defFromDex + sheet.defFromDefenseSkill
    if (lost)
      lines.push({ label: 'Careful aim: no DEF from DEX or Defense', value: -lost, rule: RULE.carefulAim })
  }
  if (has('free-attack') && !target.casting && sheet.defFromShield)
    lines.push({ label: 'Free attack: no shield', value: -sheet.defFromShield, rule: RULE.withdrawing })
  if (has('surprise-in-combat')) {
    const available = sum(lines)
    lines.push({
      label: 'Surprised in combat: half DEF',
      value: Math.floor(available / 2) - available,
      rule: RULE.surprise,
    })
  } else if (has('surprise-out-of-combat')) {
    lines.push({
      label: 'Surprised out of combat: only always-on magical DEF',
      value: sheet.defMagicAlwaysOn - sum(lines),
      rule: RULE.surprise,
    })
  }
  lines.push(...round.defModifiers)
  for (const toggle of toggles)
    if (toggle.def) lines.push({ label: toggle.label, value: toggle.def, rule: toggle.rule })
  return lines
}

/** Works out SC, DEF and the bands of an attack before anyone rolls; an impossible attack is refused. */
export function setupAttack(declaration: AttackDeclaration, options: HitOptions = {}): Outcome<AttackSetup> {
  const { attacker, target, mode } = declaration
  const weapon = attacker.round.weapon
  if (attacker.round.declaration.action !== 'attack' || !weapon)
    return fail(`${attacker.sheet.name} did not declare an attack this round.`)
  if (attacker.round.attacks === 0) return fail(`${attacker.sheet.name} has no attacks left this round.`)
  const checked = checkToggles(declaration.toggles ?? [], mode)
  if (!checked.ok) return checked
  const toggles = checked.value
  const ranged = weapon.kind !== 'melee'
  if (mode === 'ranged' && !ranged)
    return fail(`${weapon.name} is a melee weapon; it cannot make a ranged attack.`)

  const scLines: BreakdownLine[] = [{ label: `${weapon.name} SC`, value: weapon.sc, rule: RULE.hitting }]
  scLines.push(...woundLines(attacker.sheet.hp, attacker.sheet.startingHp, attacker.sheet.name))
  scLines.push(...attacker.round.scModifiers)
  const damageLines: BreakdownLine[] = []
  for (const toggle of toggles) {
    if (toggle.id === 'offhand' && attacker.sheet.ambidextrous) continue
    if (toggle.sc) scLines.push({ label: toggle.label, value: toggle.sc, rule: toggle.rule })
    if (toggle.damage) damageLines.push({ label: toggle.label, value: toggle.damage, rule: toggle.rule })
  }
  // Others on the same target as declared (or toggled), and the attacker's own tentacle pairs past the
  // first: "each pair of tentacles is considered a separate attacker".
  const toggled = toggles.reduce((n, t) => n + (t.others ?? 0), 0)
  const pairs = tentacleAttackers(attacker.sheet.tentacles ?? 0) - 1
  const others = (declaration.otherAttackers ?? toggled) + pairs
  if (!Number.isInteger(others) || others < 0) return fail('The number of other attackers must be 0 or more.')
  if (others > 0) {
    const reduction = declaration.rangeOfFieldReduction ?? target.sheet.rangeOfField ?? 0
    const bonus = Math.max(0, others * 10 - reduction)
    const tentacles = pairs > 0 ? `, ${pairs} of them its own tentacle ${pairs === 1 ? 'pair' : 'pairs'}` : ''
    const field = reduction > 0 ? `, less ${Math.min(reduction, others * 10)} for Range of Field` : ''
    scLines.push({
      label: `Multiple attackers: ${others} more on the target${tentacles}${field}`,
      value: bonus,
      rule: RULE.multipleAttackers,
    })
  }
  if (target.round.declaration.carefulAim && !toggles.some((t) => t.group === 'target-movement'))
    scLines.push({ label: 'Target stationary (taking careful aim)', value: 10, rule: RULE.carefulAim })
  if (mode === 'melee' && ranged) {
    const row = RANGED_IN_MELEE_TABLE.find((r) => r.kind === weapon.kind)
    if (row) {
      const value =
        weapon.specialization === 'double-specialist'
          ? row.doubleSpecialist
          : weapon.specialization === 'specialist'
            ? row.specialist
            : row.none
      if (value) scLines.push({ label: `${row.label} used in melee`, value, rule: RULE.rangedInMelee })
    }
  }
  if (mode === 'ranged') {
    const size = SIZE_TABLE.find((r) => r.id === target.sheet.size)
    if (!size) throw new Error(`unknown size ${target.sheet.size}`)
    if (size.value) scLines.push({ label: size.label, value: size.value, rule: size.rule })
  }

  const defLines = defenseLines(target, toggles)
  const strikeChance = sum(scLines)
  const defense = sum(defLines)
  const targetNumber = strikeChance - defense
  const bands = criticalBands(targetNumber, options.criticalTable)
  return ok({
    weapon,
    strikeChance,
    defense,
    target: targetNumber,
    grievousOn: bands.grievous,
    criticalOn: bands.critical,
    scLines,
    defLines,
    damageLines,
    toggles,
  })
}

/**
 * The SC and DEF lines of an attack and the numbers to roll under (which follow from the target's DEF);
 * `defense` names the defender, for the lines a screen shows with their DEF.
 */
export function setupLines(setup: AttackSetup, defense?: string): BreakdownLine[] {
  const of = defense === undefined ? {} : { defense }
  return [
    ...setup.scLines,
    ...setup.defLines.map((line) => ({ ...line, label: `vs ${line.label}`, value: -line.value, ...of })),
    { label: 'Roll this or less to hit', value: setup.target, rule: RULE.hitting, ...of },
    { label: 'Critical on this or less', value: setup.criticalOn, rule: RULE.critical, ...of },
    { label: 'Grievous on this or less', value: setup.grievousOn, rule: RULE.critical, ...of },
  ]
}

/**
 * What a d100 roll does against a target number and its bands. 96-100 always miss, 01 is always a
 * (potential) grievous hit, 02 always a critical, 03 always a hit; otherwise the table decides.
 */
export function classifyRoll(
  d100: number,
  setup: Pick<AttackSetup, 'target' | 'grievousOn' | 'criticalOn'>,
  options: HitOptions = {},
): { kind: HitKind; automatic: boolean } {
  const byTable: HitKind =
    d100 <= setup.grievousOn
      ? 'grievous'
      : d100 <= setup.criticalOn
        ? 'critical'
        : d100 <= setup.target
          ? 'hit'
          : 'miss'
  if (d100 >= 96) return { kind: 'miss', automatic: byTable !== 'miss' }
  const automatic: HitKind | null =
    d100 === 1 ? 'grievous' : d100 === 2 ? 'critical' : d100 === 3 ? 'hit' : null
  if (automatic === null) return { kind: byTable, automatic: false }
  const mode = options.automaticResults ?? 'at-least'
  switch (mode) {
    case 'at-least': {
      const kind = rank(byTable) >= rank(automatic) ? byTable : automatic
      return { kind, automatic: kind !== byTable }
    }
    case 'exact':
      return { kind: automatic, automatic: automatic !== byTable }
    default:
      return unreachable(mode)
  }
}

function rank(kind: HitKind): number {
  switch (kind) {
    case 'miss':
      return 0
    case 'hit':
      return 1
    case 'critical':
      return 2
    case 'grievous':
      return 3
    default:
      return unreachable(kind)
  }
}
