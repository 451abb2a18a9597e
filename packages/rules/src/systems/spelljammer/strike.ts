/** One attack from declaration to damage: the roll, the hit, and what it did, in one outcome for the log. */
import { type Outcome, ok } from '../../system.ts'
import type { AttackDeclaration, AttackResult } from './attack.ts'
import type { DamageResult } from './damage.ts'
import { resolveAttack, resolveDamage, weaponDamageSides } from './rolls.ts'
import { DEFAULT_SETTINGS, type SpelljammerSettings } from './settings.ts'

/** The whole of one attack: the to-hit result, and the damage when it hit. */
export interface StrikeResult {
  attack: AttackResult
  damage: DamageResult | null
}

/**
 * Resolves an attack and, when it hits, its damage. The damage faces may be left out for a miss; a hit
 * without them is refused with the dice to roll, so a player typing in physical dice is asked for them.
 */
export function resolveStrike(
  declaration: AttackDeclaration,
  dice: { d100: number; damage?: readonly number[] },
  settings: Partial<SpelljammerSettings> = {},
): Outcome<StrikeResult> {
  const s = { ...DEFAULT_SETTINGS, ...settings }
  const attack = resolveAttack(declaration, { d100: dice.d100 }, s)
  if (!attack.ok) return attack
  if (attack.value.kind === 'miss') return ok({ attack: attack.value, damage: null })
  if (!dice.damage) {
    const sides = weaponDamageSides(attack.value.weapon)
    return {
      ok: false,
      error: `It hits: roll damage (${attack.value.weapon.damage}, ${sides.map((n) => `d${n}`).join(' ')}).`,
    }
  }
  const damage = resolveDamage(attack.value, declaration.target.sheet, dice.damage, {
    grievousWoundTable: s.grievousWoundTable,
  })
  if (!damage.ok) return damage
  return ok({ attack: attack.value, damage: damage.value })
}
