/** Ready-made combatants for demos and tests: built through parseSheet, so they are always valid sheets. */
import type { Combatant } from './attack.ts'
import { declareRound, type RoundDeclaration } from './declaration.ts'
import { parseSheet, type Sheet } from './sheet.ts'

/** Builds a sheet from defaults plus overrides; a bad override is a bug in the caller and throws. */
export function makeSheet(overrides: Record<string, unknown> = {}): Sheet {
  const parsed = parseSheet(overrides)
  if (!parsed.ok) throw new Error(`example sheet is invalid: ${parsed.error}`)
  return parsed.value
}

/** The "In a Nutshell" fighter: two attacks, IM +2, SC 112, 1d8+4. */
export function nutshellFighter(overrides: Record<string, unknown> = {}): Sheet {
  return makeSheet({
    name: 'Derrick',
    hp: 40,
    startingHp: 40,
    con: 14,
    dex: 14,
    initiativeModifier: 2,
    attacksPerRound: 2,
    def: 40,
    weapons: [
      {
        name: 'Longsword',
        sc: 112,
        damage: '1d8+4',
        rank: 5,
        specialization: 'none',
        kind: 'melee',
        penetrating: 'none',
      },
    ],
    ...overrides,
  })
}

/** An archer with a longbow (arrows stick) and a dagger. */
export function archer(overrides: Record<string, unknown> = {}): Sheet {
  return makeSheet({
    name: 'Harlan',
    hp: 30,
    startingHp: 30,
    dex: 16,
    per: 14,
    def: 30,
    defFromDex: 10,
    defFromDefenseSkill: 5,
    masterBowmanRank: 2,
    weapons: [
      {
        name: 'Longbow',
        sc: 90,
        damage: '1d8',
        rank: 4,
        specialization: 'specialist',
        kind: 'bow',
        penetrating: 'arrow',
      },
      {
        name: 'Dagger',
        sc: 70,
        damage: '1d4',
        rank: 2,
        specialization: 'none',
        kind: 'melee',
        penetrating: 'none',
      },
    ],
    ...overrides,
  })
}

/**
 * A combatant ready to attack or be attacked: the sheet with a checked declaration (by default an
 * attack with the first weapon, normal movement). A refused declaration throws: examples must be legal.
 */
export function ready(sheet: Sheet, declaration: Partial<RoundDeclaration> = {}, casting = false): Combatant {
  const round = declareRound(sheet, {
    action: 'attack',
    weaponIndex: 0,
    stance: { kind: 'attack' },
    movement: 'normal',
    ...declaration,
  })
  if (!round.ok) throw new Error(`example declaration refused: ${round.error}`)
  return { sheet, round: round.value, casting }
}
