/**
 * The defenses of spelljammer's table (Defending, Full Defense, Desperate Defense): what a target may declare
 * when attacked (`defenses`), and the stance an attack then meets. Only the room and resolving an attack
 * (`resolve.ts`) read them, a screen never: they live apart from combat.ts so a phone's chunk leaves them out.
 */

import type { AttackPlan, DefenseOption, Fighter } from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import { build, plannedOf, SETTINGS, sheetFor, stateOf } from './combat.ts'
import * as spelljammer from './rules.ts'

const STANCES = ['defending', 'full-defense', 'desperate-defense'] as const
type StanceId = (typeof STANCES)[number]

function stanceOf(id: StanceId, rank: number): spelljammer.Stance {
  return id === 'defending' ? { kind: 'defending', sacrifice: spelljammer.maxSacrifice(rank) } : { kind: id }
}

function weaponRank(f: Fighter, sheet: spelljammer.Sheet): number {
  return sheet.weapons[stateOf(f).weapon ?? 0]?.rank ?? 0
}

/** The stances the target may still declare (or the one already declared), as ids. */
function openStances(target: Fighter, rank: number): StanceId[] {
  const state = stateOf(target)
  if (state.stance) return state.stance.kind === 'attack' ? [] : [state.stance.kind]
  if (target.hp <= 0 || (state.attacks ?? 0) > 0) return []
  return STANCES.filter((id) => id !== 'defending' || spelljammer.maxSacrifice(rank) > 0)
}

function stanceWords(stance: spelljammer.Stance, bonus: number): string {
  switch (stance.kind) {
    case 'defending':
      return `give up ${stance.sacrifice} SC on your attacks this round for +${bonus} DEF`
    case 'full-defense':
      return `+${bonus} DEF; no attacks this round`
    case 'desperate-defense':
      return `+${bonus} DEF; nothing else this round, and the attacker may force you to move 10 ft`
    default:
      return 'no change'
  }
}

/** The stances the target may declare against this attack, each with the odds it leaves; none when it cannot. */
export function defensesOf(plan: AttackPlan): Outcome<DefenseOption[]> {
  const planned = plannedOf(plan)
  // Withdrawing, picking up, the free action and casting leave the defender no choice: only their checks.
  if (planned.kind !== 'weapon') return ok([])
  const { attacker, target, declared } = plan
  const plain = planned.checked
  const before = spelljammer.oddsOfSetup(plain.setup, plain.declaration.target.sheet, SETTINGS)
  const targetSheet = plain.declaration.target.sheet
  const rank = weaponRank(target, targetSheet)
  const declaredAlready = stateOf(target).stance !== undefined
  const options: DefenseOption[] = []
  for (const id of openStances(target, rank)) {
    const stance = declaredAlready ? (stateOf(target).stance as spelljammer.Stance) : stanceOf(id, rank)
    const built = build(attacker, target, declared, stance)
    if (!built.ok) return built
    const after = spelljammer.oddsOfSetup(built.value.setup, targetSheet, SETTINGS)
    const bonus = spelljammer.stanceDefLines(stance, rank).reduce((n, l) => n + l.value, 0)
    const option = spelljammer.ROUND_OPTIONS.find((o) => o.id === id)
    const [now, was] = [percent(after.display.hit), percent(before.display.hit)]
    // Automatic hits and misses bound the chance: a bonus can leave it where it was.
    const odds = declaredAlready
      ? `, declared this round: the attack hits ${now}`
      : now === was
        ? `: the attack still hits ${now}, as without it`
        : `: the attack hits ${now} instead of ${was}`
    options.push({
      id,
      label: option?.label ?? id,
      chance: null,
      hits: after.display.hit,
      effect: `${stanceWords(stance, bonus)}${odds}`,
    })
  }
  // Declaring no defense is a choice too: the defender keeps their attacks this round.
  if (options.length > 0 && !declaredAlready)
    options.push({
      id: NO_DEFENSE,
      label: 'No special defense',
      chance: null,
      hits: before.display.hit,
      effect: `keep your attacks this round: the attack hits ${percent(before.display.hit)}`,
    })
  return ok(options)
}

const NO_DEFENSE = 'none'

/** The stance the target answers with: the one already declared, the one chosen now, or none. */
export function chosenStance(plan: AttackPlan, defense: string | null): Outcome<spelljammer.Stance> {
  const { target } = plan
  const declaredStance = stateOf(target).stance
  if (defense === null || (defense === NO_DEFENSE && !declaredStance))
    return ok(declaredStance ?? spelljammer.ATTACKING)
  const open = defensesOf(plan)
  if (!open.ok) return open
  if (!open.value.some((o) => o.id === defense))
    return fail(
      declaredStance || (stateOf(target).attacks ?? 0) > 0
        ? `${target.name} already declared this round's action; a defense is declared at the beginning of the round.`
        : `${target.name} cannot defend that way now.`,
    )
  if (declaredStance) return ok(declaredStance)
  const sheet = sheetFor(target)
  if (!sheet.ok) return sheet
  return ok(stanceOf(defense as StanceId, weaponRank(target, sheet.value)))
}
