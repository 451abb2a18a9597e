/** Defending, Full Defense and Desperate Defense: trading strike chance for DEF, declared at round start. */
import { unreachable } from '../../assert.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { RULE } from './sections.ts'

/** How a combatant declared to defend this round; 'attack' is the ordinary stance. */
export type Stance =
  | { kind: 'attack' }
  | { kind: 'defending'; sacrifice: number }
  | { kind: 'full-defense' }
  | { kind: 'desperate-defense' }

/** The ordinary stance, when no defense was declared. */
export const ATTACKING: Stance = { kind: 'attack' }

/** The most SC a combatant may sacrifice: weapon rank x 5. */
export function maxSacrifice(rank: number): number {
  return rank * 5
}

/** DEF gained by sacrificing SC: 2 for 1, fractions down ("sacrifice 25 ... improves by 12, not by 13"). */
export function defendingBonus(sacrifice: number): number {
  return Math.floor(sacrifice / 2)
}

/** The max Defending bonus with fractions rounded up (rank x 2.5, up), used by both full defenses. */
function maxDefendingBonusRoundedUp(rank: number): number {
  return Math.ceil((rank * 5) / 2)
}

/** Checks a declared stance against the weapon rank; a sacrifice above rank x 5 is refused in words. */
export function checkStance(stance: Stance, rank: number): Outcome<Stance> {
  switch (stance.kind) {
    case 'attack':
    case 'full-defense':
    case 'desperate-defense':
      return ok(stance)
    case 'defending':
      if (!Number.isInteger(stance.sacrifice) || stance.sacrifice < 0)
        return fail('The SC you sacrifice to defend must be a whole number, 0 or more.')
      if (stance.sacrifice > maxSacrifice(rank))
        return fail(
          `You can sacrifice at most ${maxSacrifice(rank)} SC to defend (weapon rank ${rank} x 5), not ${stance.sacrifice}.`,
        )
      return ok(stance)
    default:
      return unreachable(stance)
  }
}

/** Whether the stance lets the combatant attack at all (full and desperate defense do not). */
export function stanceAllowsAttack(stance: Stance): boolean {
  switch (stance.kind) {
    case 'attack':
    case 'defending':
      return true
    case 'full-defense':
    case 'desperate-defense':
      return false
    default:
      return unreachable(stance)
  }
}

/** The SC the stance costs on every attack this round (and on a free attack: "still made at the -30 SC"). */
export function stanceScLines(stance: Stance): BreakdownLine[] {
  return stance.kind === 'defending' && stance.sacrifice > 0
    ? [
        {
          label: `Defending: ${stance.sacrifice} SC given up`,
          value: -stance.sacrifice,
          rule: RULE.defending,
        },
      ]
    : []
}

/** The DEF the stance adds, with its rule. */
export function stanceDefLines(stance: Stance, rank: number): BreakdownLine[] {
  switch (stance.kind) {
    case 'attack':
      return []
    case 'defending': {
      const bonus = defendingBonus(stance.sacrifice)
      return bonus === 0
        ? []
        : [{ label: `Defending (${stance.sacrifice} SC, 2 for 1)`, value: bonus, rule: RULE.defending }]
    }
    case 'full-defense':
      return fullDefenseLines('Full Defense', 5, rank, RULE.fullDefense)
    case 'desperate-defense':
      return fullDefenseLines('Desperate Defense', 20, rank, RULE.desperateDefense)
    default:
      return unreachable(stance)
  }
}

/** Both full defenses: the max Defending bonus rounded up, then their own bonus. */
const fullDefenseLines = (name: string, bonus: number, rank: number, rule: string): BreakdownLine[] => [
  {
    label: `${name}: max Defending bonus (rank ${rank} x 2.5, rounded up)`,
    value: maxDefendingBonusRoundedUp(rank),
    rule,
  },
  { label: name, value: bonus, rule },
]
