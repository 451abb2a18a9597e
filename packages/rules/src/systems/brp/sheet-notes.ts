/**
 * What brp's sheet form says under its fields before saving: the chance each weapon will be used at, as an
 * attack works it out (5.5, 5.9), and a weapon skill whose specialty is not one the tables name.
 */
import { isFields } from '../../engine/sheet-fields.ts'
import type { SheetNote } from '../../system.ts'
import { weaponChance } from './attack.ts'
import { type BrpSettings, DEFAULT_SETTINGS } from './settings.ts'
import { parseSheet, specialtyNamed } from './sheet.ts'
import { displayName, findWeapon, WEAPONS } from './tables.ts'

const entries = (v: unknown) => (Array.isArray(v) ? v.filter(isFields) : [])
/** "short sword" and "Sword, Short" are the same words. */
const words = (name: string) =>
  name
    .toLowerCase()
    .match(/[a-z]+/g)
    ?.sort()
    .join(' ') ?? ''

/** What is wrong with a weapon skill's specialty (issue #54: a weapon's name typed gave half the chance). */
function specialtyNote(entry: Record<string, unknown>): SheetNote | undefined {
  const typed = typeof entry.specialty === 'string' ? entry.specialty.trim() : ''
  const named = specialtyNamed(typed)
  const skill = typeof entry.skill === 'string' ? entry.skill : 'Melee Weapon'
  if (named && named.skill !== skill)
    return {
      text: `${named.specialty} is a ${named.skill} specialty: choose ${named.skill} as the skill.`,
      error: true,
    }
  if (named) return undefined
  const weapon = WEAPONS.find((w) => words(displayName(w)) === words(typed) && w.specialty !== '')
  const hint = weapon ? ` (a ${displayName(weapon)} is used with ${weapon.specialty})` : ''
  return { text: `“${typed}” is not a specialty of the weapon tables: pick one${hint}.`, error: true }
}

export function sheetNotes(
  values: Readonly<Record<string, unknown>>,
  settings: BrpSettings = DEFAULT_SETTINGS,
): Record<string, SheetNote> {
  const notes: Record<string, SheetNote> = {}
  for (const [i, entry] of entries(values.weaponSkills).entries()) {
    const note = specialtyNote(entry)
    if (note) notes[`weaponSkills.${i}.specialty`] = note
  }
  const sheet = parseSheet(values)
  if (!sheet.ok) return notes
  for (const [i, entry] of entries(values.weapons).entries()) {
    const weapon = typeof entry.weapon === 'string' ? findWeapon(entry.weapon) : undefined
    if (!weapon) continue
    const chance = weaponChance(sheet.value, weapon, settings)
    const lines = chance.lines.map((l) => l.label).join('; ')
    notes[`weapons.${i}.weapon`] = { text: `Attacks at ${chance.value}%: ${lines}.` }
  }
  return notes
}
