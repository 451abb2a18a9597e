/**
 * When damage incapacitates (the room's part). The text never says: the bandit's 4 damage, "reducing his
 * health from 8 to 4 and incapacitating him" ("Attacking"), is "enough to inflict critical damage"
 * ("Reacting to an attack"), and "critical damage" is defined nowhere. The README makes it a per-room
 * policy, asked of the GM by default (`RoomSettings.incapacitation`, read as `TableView.readings`): after
 * a blow that leaves someone above 0 health, the room asks the GM whether it incapacitated them; at 0
 * health always (the adapter's floor, `Live.suffer`), and only then where the GM set 'at-zero'.
 */

import type { AttackPlan, DefenseOption, Fighter, Resolution } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import { stateOf, type ZonesState } from './combat.ts'
import { RULE } from './common.ts'

/** The GM's ruling on a blow, asked by the room after it: its own choice, never one a player declares. */
export const RULING = 'gm-ruling:incapacitated'
export const RULING_GM = 'Only the GM rules whether a blow incapacitates, when the room asks.'
const NOBODY = 'none'

/** Whether the room asks the GM (its default), or leaves incapacitation to 0 health ('at-zero'). */
const asksTheGm = (plan: AttackPlan): boolean => plan.table?.readings?.incapacitation !== 'at-zero'

/** Who is in the plan as it was read before the blow: the two, and everyone at the table. */
const before = (plan: AttackPlan, id: string): Fighter | undefined =>
  [plan.attacker, plan.target, ...(plan.table?.fighters ?? [])].find((f) => f.id === id)

/** Those the blow hurt and left up, above 0 health: whom "critical damage" may have incapacitated. */
function hurtAndUp(plan: AttackPlan, r: Resolution): Array<{ f: Fighter; hp: number; state: ZonesState }> {
  return Object.entries(r.changes).flatMap(([id, change]) => {
    const was = before(plan, id)
    if (!was || change.hp === undefined || change.hp >= was.hp || change.hp <= 0) return []
    const state = (change.state ?? was.state) as ZonesState
    return state.down || state.fled ? [] : [{ f: was, hp: change.hp, state }]
  })
}

/** A blow's outcome under the room's policy: as it is (at 0 health), or asking the GM about the rest. */
export function withIncapacitation(plan: AttackPlan, r: Resolution): Resolution {
  if (!asksTheGm(plan) || r.asks) return r
  const hurt = hurtAndUp(plan, r)
  if (hurt.length === 0) return r
  const options: DefenseOption[] = hurt.map((h) => ({
    id: h.f.id,
    label: `${h.f.name} is incapacitated`,
    chance: null,
    // No health in the words: the question is on the table, which every phone holds, and a monster's
    // health may be the GM's secret (its numbers are on the GM's own list).
    effect: `Out of the fight, and open to a death blow (${RULE.attacking}).`,
  }))
  options.push({
    id: NOBODY,
    label: hurt.length > 1 ? 'Nobody is' : `${hurt[0]?.f.name} fights on`,
    chance: null,
    effect: 'The blow was not critical damage.',
  })
  const who = hurt.map((h) => h.f.name).join(' or ')
  return {
    ...r,
    asks: {
      question: `Does the blow incapacitate ${who}? The text leaves “critical damage” to the GM (${RULE.attacking}: the bandit from 8 to 4 health was).`,
      declared: { choice: RULING, toggles: [] },
      options,
    },
  }
}

/** The GM's answer to that question: the one incapacitated, or nobody. */
export function ruling(plan: AttackPlan, answer: string | null): Outcome<Resolution> {
  if (answer === null) return fail(RULING_GM)
  const note: BreakdownLine = {
    label: 'Critical damage, the GM’s ruling',
    value: 0,
    rule: RULE.attacking,
    note: true,
  }
  if (answer === NOBODY)
    return ok({ lines: [note], summary: 'The GM rules the blow was not critical damage.', changes: {} })
  const f = before(plan, answer)
  if (!f) return fail('That one is no longer in the fight.')
  const state = stateOf(f)
  if (state.down) return ok({ lines: [note], summary: `${f.name} is already ${state.down}.`, changes: {} })
  return ok({
    lines: [note],
    summary: `The GM rules ${f.name} incapacitated by the blow.`,
    changes: { [f.id]: { state: { ...state, down: 'incapacitated' } as Record<string, unknown> } },
  })
}
