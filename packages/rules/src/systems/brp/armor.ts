/** Armor points against a hit, and the skill penalty armor puts on Dodge and Throw (5.10, 5.11). */

import { unreachable } from '../../assert.ts'
import type { BreakdownLine } from '../../system.ts'
import type { Chance } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { Sheet } from './sheet.ts'
import { type CombatantState, itemState } from './state.ts'
import { type ArmorRow, findArmor, findShield, velocityOf, type WeaponRow } from './tables.ts'

const RULE = '5.10 Armor'

function worn(sheet: Sheet): ArmorRow[] {
  return sheet.armor.map((id) => {
    const row = findArmor(id)
    if (!row) throw new Error(`a parsed sheet wears unknown armor: ${id}`)
    return row
  })
}

/** The points one armor row stops against this weapon; only Riot Gear's "12/6" depends on it. */
export function armorPointsOf(row: ArmorRow, weapon: WeaponRow, settings: BrpSettings): number {
  if (row.alternatePoints === undefined) return row.points
  switch (settings.riotGear) {
    case 'split':
      return velocityOf(weapon) === 'high-velocity' ? row.alternatePoints : row.points
    case 'high':
      return row.points
    case 'low':
      return row.alternatePoints
    default:
      return unreachable(settings.riotGear)
  }
}

/** Armor points against a hit, one line per piece: body armor, helmet, and an immobile shield if used. */
export interface ArmorTotal {
  readonly points: number
  readonly lines: readonly BreakdownLine[]
}

/**
 * What is subtracted from damage (5.10): body armor plus a helmet's "+" points. An immobile shield
 * between the defender and the blow adds its current armor points (5.11), which parry damage wears down.
 */
export function armorAgainst(
  sheet: Sheet,
  state: CombatantState,
  weapon: WeaponRow,
  settings: BrpSettings,
  behindImmobileShield = false,
): ArmorTotal {
  const lines: BreakdownLine[] = worn(sheet).map((row) => ({
    label: row.name,
    value: armorPointsOf(row, weapon, settings),
    rule: RULE,
  }))
  if (behindImmobileShield) {
    const shield = findShield(sheet.shield)
    if (shield) {
      const left = Math.max(0, shield.points - itemState(state, 'shield').damage)
      lines.push({ label: `${shield.name} shield (immobile)`, value: left, rule: '5.11 Shields' })
    }
  }
  return { points: lines.reduce((sum, l) => sum + l.value, 0), lines }
}

/** The armor modifier to physical skills (Dodge, Throw, ...): the sum of every worn piece's (5.10). */
export function physicalSkillPenalty(sheet: Sheet): BreakdownLine[] {
  return worn(sheet)
    .filter((row) => row.modifier?.skills === 'physical')
    .map((row) => ({ label: `${row.name}: physical skills`, value: row.modifier?.value ?? 0, rule: RULE }))
}

/** A physical skill's chance (Dodge, Throw) with body armor's modifier (5.10), never below 0. */
export function physicalSkill(sheet: Sheet, label: string, skill: number, rule: string): Chance {
  const penalty = physicalSkillPenalty(sheet)
  const value = Math.max(0, skill + penalty.reduce((s, l) => s + l.value, 0))
  return { value, lines: [{ label, value: skill, rule }, ...penalty] }
}

/** The armor modifier to perception skills (Listen, Spot): helmets (5.10). Not used in combat itself. */
export function perceptionSkillPenalty(sheet: Sheet): BreakdownLine[] {
  return worn(sheet)
    .filter((row) => row.modifier?.skills === 'perception')
    .map((row) => ({ label: `${row.name}: perception skills`, value: row.modifier?.value ?? 0, rule: RULE }))
}
