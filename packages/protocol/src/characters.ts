/** Characters at the table: what a sheet means for hit points, and how a combatant is stored. */
import { brp, SYSTEMS, type SystemId, unreachable } from '@fray/rules'

/** Where each system keeps a combatant's hit points on its sheet (BRP derives them from CON and SIZ). */
export function sheetHitPoints(system: SystemId, sheet: Record<string, unknown>): number {
  switch (system) {
    case 'osr':
      return Number(sheet.hitPoints)
    case 'odnd':
    case 'spelljammer':
      return Number(sheet.hp)
    case 'brp':
      return brp.maxHitPoints(sheet as unknown as brp.Sheet, brp.DEFAULT_SETTINGS)
    case 'zones':
      return Number(sheet.health)
    default:
      return unreachable(system)
  }
}

/** A sheet filled with the system's defaults, named. */
export function defaultSheet(system: SystemId, name: string): Record<string, unknown> {
  const sheet: Record<string, unknown> = Object.fromEntries(
    SYSTEMS[system].sheet.fields.map((f) => [f.key, f.default]),
  )
  sheet.name = name
  return sheet
}
