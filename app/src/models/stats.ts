/**
 * The GM's edits of a combatant's full sheet: the form starts from what the table already knows, and a
 * save says what each combatant of the group gets, without losing the hit points the GM typed.
 */
import type { SystemId } from '@fray/protocol'
import { defaultSheet, fail, type Outcome, ok, sheetInput } from '@fray/rules'
import { rulesOf } from './rules.ts'
import type { Combatant } from './table.ts'

export interface SheetSave {
  id: string
  sheet: Record<string, unknown>
  maxHp: number
}

/** The sheet's hit-points field set to `maxHp`, where the system's sheet has one (BRP derives them). */
function withHitPoints(system: SystemId, sheet: Record<string, unknown>, maxHp: number) {
  const field = rulesOf(system).sheet.hitPointsField
  return field && maxHp > 0 ? { ...sheet, [field]: maxHp } : sheet
}

/**
 * The sheet the form starts from: the system's defaults (a monster's for a monster), the stored sheet,
 * and the hit points the combatant has now, which the GM typed and the sheet must not overwrite.
 */
export function startingSheet(system: SystemId, c: Combatant): Record<string, unknown> {
  return withHitPoints(
    system,
    { ...defaultSheet(rulesOf(system).sheet, c.name, c.side ?? 'foe'), ...(c.sheet ?? {}) },
    c.maxHp,
  )
}

/**
 * What saving `values` writes to `each` combatant (the one edited first): its own name, and its own
 * hit points unless the edit changed the sheet's; an error names the field to fix.
 */
export function sheetSaves(
  system: SystemId,
  each: readonly Combatant[],
  values: Record<string, unknown>,
): Outcome<SheetSave[]> {
  const [edited] = each
  if (!edited) return ok([])
  const rules = rulesOf(system).sheet
  const kept = sheetInput(rules.fields, values)
  if (!kept.ok) return kept
  const parsed = rules.parse(kept.value)
  if (!parsed.ok) return fail(parsed.error)
  const before = rules.parse(startingSheet(system, edited))
  const hpAfter = rules.hitPoints(parsed.value)
  const changed = !before.ok || rules.hitPoints(before.value) !== hpAfter
  return ok(
    each.map((c) => {
      const maxHp = changed ? hpAfter : c.maxHp
      const sheet = c === edited ? kept.value : withHitPoints(system, { ...kept.value, name: c.name }, maxHp)
      return { id: c.id, sheet, maxHp }
    }),
  )
}
