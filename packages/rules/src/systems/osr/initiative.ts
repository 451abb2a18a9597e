/**
 * 17 step 3, Initiative: 1d6 + DEX each, high first, ties simultaneous; holding moves a combatant onto
 * another's number. A long reach and a weapon set against a charge strike on the attacker's number from
 * the defense prompt (combat.ts `counters`, on the round's facts in turn-view.ts).
 */

import { isFace, notAFace } from '../../dice/faces.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { type Condition, initiativeFromConditions } from './conditions.ts'
import type { Sheet } from './sheet.ts'

const RULE = 'Determine Initiative Order (17, step 3)'

export interface InitiativeEntry {
  id: string
  sheet: Sheet
  conditions?: ReadonlyArray<Condition>
  /** The d6 face. */
  roll: number
}

export interface InitiativeScore {
  id: string
  lines: BreakdownLine[]
  initiative: number
}

/** One initiative number in the countdown: everyone on it acts simultaneously. */
export interface InitiativeStep {
  initiative: number
  ids: string[]
}

export interface InitiativeOrder {
  scores: InitiativeScore[]
  /** Highest first. */
  steps: InitiativeStep[]
  /** Surprised combatants: they do not act this round. */
  skipped: string[]
}

/**
 * Scores 1d6 + DEX (and a blinded combatant's -2) for everyone and groups equal numbers into one
 * simultaneous step. Surprised combatants are listed as skipped: "unable to act for one round".
 */
export function initiativeOrder(entries: ReadonlyArray<InitiativeEntry>): Outcome<InitiativeOrder> {
  const ids = new Set<string>()
  const scores: InitiativeScore[] = []
  const skipped: string[] = []
  for (const e of entries) {
    if (ids.has(e.id)) return fail(`${e.sheet.name} is listed twice.`)
    ids.add(e.id)
    // The one check of the d6, for the table's roll too (turn-model.ts): "A d6 shows 1 to 6, not 7."
    if (!isFace(e.roll, 6)) return fail(notAFace(e.roll, 6))
    const lines: BreakdownLine[] = [
      { label: 'd6', value: e.roll, rule: RULE },
      { label: 'DEX bonus', value: e.sheet.dexBonus, rule: RULE },
      ...initiativeFromConditions(e.conditions ?? []),
    ]
    scores.push({ id: e.id, lines, initiative: lines.reduce((t, l) => t + l.value, 0) })
    if ((e.conditions ?? []).some((c) => c.kind === 'surprised')) skipped.push(e.id)
  }
  const acting = scores.filter((s) => !skipped.includes(s.id))
  return ok({ scores, steps: stepsOf(acting.map((s) => [s.id, s.initiative])), skipped })
}

function stepsOf(pairs: ReadonlyArray<readonly [string, number]>): InitiativeStep[] {
  const byNumber = new Map<number, string[]>()
  for (const [id, n] of pairs) byNumber.set(n, [...(byNumber.get(n) ?? []), id])
  return [...byNumber.entries()].sort((a, b) => b[0] - a[0]).map(([initiative, ids]) => ({ initiative, ids }))
}

const numberOf = (order: InitiativeOrder, id: string) =>
  order.steps.find((s) => s.ids.includes(id))?.initiative

/** Moves `id` onto `otherId`'s number, keeping everyone else where they are. */
function moveOnto(order: InitiativeOrder, id: string, otherId: string): InitiativeOrder {
  const target = numberOf(order, otherId)
  const pairs = order.steps.flatMap((s) =>
    s.ids.map((i) => [i, i === id ? (target as number) : s.initiative] as const),
  )
  return { ...order, steps: stepsOf(pairs) }
}

/**
 * Hold Action: a combatant waiting for another acts on that creature's number, simultaneously with it.
 * Waiting only makes sense for someone who acts later; an earlier wait is refused.
 */
export function holdAction(
  order: InitiativeOrder,
  holderId: string,
  waitForId: string,
): Outcome<InitiativeOrder> {
  const mine = numberOf(order, holderId)
  const theirs = numberOf(order, waitForId)
  if (mine === undefined) return fail('Only a combatant acting this round can hold an action.')
  if (theirs === undefined) return fail('The creature you wait for does not act this round.')
  if (theirs > mine) return fail('You can only wait for someone who acts later in the round.')
  return ok(moveOnto(order, holderId, waitForId))
}
