/**
 * osr test helpers: a sheet from its fields as the form gives it, melee declarations, an attack rolled from
 * given faces, a bow, a flask.
 */
import type { Outcome } from '../../outcome.ts'
import type { AttackDeclaration } from './attack.ts'
import { type AttackFaces, type AttackResult, rollAttack } from './attack-roll.ts'
import type { ToggleId } from './modifiers.ts'
import type { OsrSettings } from './settings.ts'
import { parseSheet, type Sheet } from './sheet.ts'

/** The sheet parsed from `input`; a test whose sheet is refused fails with the parser's words. */
export function sheet(input: Record<string, unknown>): Sheet {
  const result = parseSheet(input)
  if (!result.ok) throw new Error(result.error)
  return result.value
}

/**
 * Melee declarations of `attacker` against `target` with their first weapon: each call declares one with
 * the `toggles` set and `extra` over the rest.
 */
export const meleeDeclarations =
  (attacker: Sheet, target: Sheet) =>
  (toggles: ToggleId[] = [], extra: Partial<AttackDeclaration> = {}): AttackDeclaration => ({
    attacker,
    target,
    weapon: 0,
    mode: 'melee',
    toggles,
    ...extra,
  })

/**
 * An attack rolled as the table rolls it (`rollAttack`, resolve.ts), each die taken from `faces` by what it
 * is for; a die the faces do not give fails the test.
 */
export function rollFrom(
  decl: AttackDeclaration,
  faces: AttackFaces,
  settings: Partial<OsrSettings> = {},
): Outcome<AttackResult> {
  let damage = 0
  return rollAttack(
    decl,
    (sides, purpose) => {
      const face = purpose === 'damage' ? faces.damage?.[damage++] : faces[purpose]
      if (face === undefined) throw new Error(`No face given for the ${purpose} (d${sides}).`)
      return face
    },
    settings,
  )
}

/** A flask of oil as a sheet carries it (17.0.10). */
export const OIL_FLASK = {
  name: 'Flask of oil',
  kind: 'grenade',
  damage: '1d8',
  shortRange: 10,
  mediumRange: 30,
  longRange: 50,
}

/** A short bow as a sheet carries it. */
export const SHORT_BOW = {
  name: 'Short bow',
  kind: 'bow',
  damage: '1d6',
  shortRange: 50,
  mediumRange: 100,
  longRange: 150,
}
