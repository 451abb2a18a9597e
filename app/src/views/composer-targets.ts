/** Whom the composer offers as targets, in what order, and whom it chooses before the player does. */
import type { AttackChoice, RoundView, TurnState } from '@fray/rules'
import type { Combatant } from '../models/table.ts'

/**
 * The way to act the sheet opens on: what the attacker stated for the round (brp's Statement of Intent,
 * 5.2), where it is one of the choices; else the first, the weapon in hand.
 */
export function openingChoice(
  choices: readonly AttackChoice[],
  turn: TurnState | undefined,
  attackerId: string,
  view: Pick<RoundView, 'declared'> | undefined,
): AttackChoice | undefined {
  const stated = turn && view?.declared?.(turn, attackerId)?.weapon
  return choices.find((c) => c.id === stated) ?? choices[0]
}

export interface TargetList {
  /** Offered at once: foes first, then allies; to help (First Aid), the fallen allies first. */
  standing: Combatant[]
  /** The fallen (dead, down, out of the fight as the rules say), offered only on request. */
  fallen: Combatant[]
  /**
   * Chosen when the sheet opens: the last target while it is a foe still in the fight, else the first
   * standing foe (to help: the first fallen ally). Never one's own side nor the fallen to attack (issue
   * #54): with no foe standing, nobody ('') and the player taps whom they mean.
   */
  chosen: string
}

export function targetList(
  attacker: Pick<Combatant, 'id' | 'side'>,
  targets: readonly Combatant[],
  {
    helping,
    isOut,
    lastTargetId,
  }: { helping: boolean; isOut: (c: Combatant) => boolean; lastTargetId?: string },
): TargetList {
  const foes = targets.filter((t) => t.side !== attacker.side)
  const allies = targets.filter((t) => t.side === attacker.side && t.id !== attacker.id)
  const others = helping
    ? [...allies.filter(isOut), ...allies.filter((t) => !isOut(t)), ...foes]
    : [...foes, ...allies]
  const standing = helping ? others : others.filter((t) => !isOut(t))
  const fallen = others.filter((t) => !standing.includes(t))
  const foe = (t: Combatant) => t.side !== attacker.side
  const last = standing.find((t) => t.id === lastTargetId && foe(t) && !isOut(t))
  const first = helping ? standing[0] : standing.find(foe)
  return { standing, fallen, chosen: last?.id ?? first?.id ?? '' }
}
