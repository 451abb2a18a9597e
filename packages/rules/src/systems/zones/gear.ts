/** Gear degradation after a fight: a durability roll for every weapon, shield and armour used. */
import type { BreakdownLine } from '../../system.ts'
import { assertFace, line, RULE } from './common.ts'
import type { ZonesSettings } from './settings.ts'

export interface GearItem {
  id: string
  kind: 'weapon' | 'shield' | 'armor'
  /** Used at least once this fight: only used gear rolls. */
  used: boolean
  damaged: boolean
}

/**
 * The durability rolls after a fight. The text does not say which die or what fails: the room setting
 * decides (default a d6, damaged on a 1). Damaged gear stays damaged; it is destroyed only by the rules
 * in damage.ts (a 1 on a damaged weapon's die, 8+ damage on damaged shields and armour).
 */
export function durabilityRolls(
  items: ReadonlyArray<GearItem>,
  faces: Readonly<Record<string, number>>,
  settings: Pick<ZonesSettings, 'durability'>,
): { items: GearItem[]; breakdown: BreakdownLine[] } {
  const { sides, damagedAtOrBelow } = settings.durability
  const breakdown: BreakdownLine[] = []
  const out = items.map((item) => {
    if (!item.used) return item
    const face = faces[item.id]
    if (face === undefined) throw new Error(`zones: no durability die given for ${item.id}`)
    assertFace(face, sides, 'durability die')
    const fails = face <= damagedAtOrBelow
    breakdown.push(line(`${item.id}: durability d${sides}${fails ? ', damaged' : ''}`, face, RULE.gear))
    return fails ? { ...item, damaged: true } : item
  })
  return { items: out, breakdown }
}
