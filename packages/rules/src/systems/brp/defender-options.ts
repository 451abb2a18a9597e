/**
 * The defender's options against a declared attack (none, dodge, each parry), each declared or refused with
 * why, and with their odds: what the room offers a defender, and checks the one chosen against when it
 * resolves. Apart from `odds.ts` (the odds a screen shows) because a screen never reads it: only resolving
 * does (a phone loads it only to ask for its own dice), and the room.
 */
import type { Outcome } from '../../system.ts'
import { ok } from '../../system.ts'
import { type AttackDeclaration, type DeclaredAttack, declareAttack } from './attack.ts'
import { type DeclaredDefense, type DefenseChoice, defenseOptions } from './defense.ts'
import { type ExchangeOdds, exchangeOdds } from './odds.ts'
import type { Level } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { Sheet } from './sheet.ts'
import type { CombatantState } from './state.ts'

/** One defense the defender could choose, declared, or the reason it is not allowed. */
export type DefenseDeclared =
  | {
      readonly choice: DefenseChoice
      readonly label: string
      readonly allowed: true
      readonly defense: DeclaredDefense
    }
  | {
      readonly choice: DefenseChoice
      readonly label: string
      readonly allowed: false
      readonly reason: string
    }

/** One defense the defender could choose, with its odds, or the reason it is not allowed. */
export type DefensePreview =
  | (Extract<DefenseDeclared, { allowed: true }> & { readonly odds: ExchangeOdds })
  | Extract<DefenseDeclared, { allowed: false }>

/**
 * The attack as declared (or why it is illegal), and each of the defender's options (none, dodge, each
 * parry) declared against it, or why not: what `previewAttack` shows, without the odds.
 */
export function declareDefenses(
  attacker: { sheet: Sheet; state: CombatantState },
  defender: { sheet: Sheet; state: CombatantState },
  declaration: AttackDeclaration,
  settings: BrpSettings,
  defenseToggles: readonly string[] = [],
): Outcome<{ attack: DeclaredAttack; defenses: DefenseDeclared[] }> {
  const declared = declareAttack(attacker.sheet, attacker.state, declaration, settings)
  if (!declared.ok) return declared
  const attack = declared.value
  const defenses = defenseOptions(attack, defender.sheet, defender.state, settings, defenseToggles).map(
    ({ choice, label, outcome }): DefenseDeclared =>
      outcome.ok
        ? { choice, label, allowed: true, defense: outcome.value }
        : { choice, label, allowed: false, reason: outcome.error },
  )
  return ok({ attack, defenses })
}

/**
 * The preview before anyone rolls: the attack as declared (or why it is illegal), and for each of the
 * defender's options (none, dodge, each parry) the exact odds, so both players see their chances.
 */
export function previewAttack(
  attacker: { sheet: Sheet; state: CombatantState },
  defender: { sheet: Sheet; state: CombatantState },
  declaration: AttackDeclaration,
  settings: BrpSettings,
  defenseToggles: readonly string[] = [],
  /** The attack roll's level, once it is made (5.6): the odds given it. */
  rolled?: Level,
): Outcome<{ attack: DeclaredAttack; defenses: DefensePreview[] }> {
  const declared = declareDefenses(attacker, defender, declaration, settings, defenseToggles)
  if (!declared.ok) return declared
  const { attack } = declared.value
  const defenses = declared.value.defenses.map(
    (d): DefensePreview =>
      d.allowed
        ? { ...d, odds: exchangeOdds(attack, d.defense, defender.sheet, defender.state, settings, rolled) }
        : d,
  )
  return ok({ attack, defenses })
}
