/** Monster morale on 2d6 at the text's triggers; the morale table is not printed, so the GM rules pass or fail. */
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'

/** "at the beginning of conflict (if needed), after first death, when 50% are dead or incapacitated, or when any big upset occurs". */
export type MoraleTrigger = 'start-of-conflict' | 'first-death' | 'half-down' | 'big-upset'

/** When a morale roll is due, in words: "the foes' morale after the first death". */
export const MORALE_WHEN: Record<MoraleTrigger, string> = {
  'start-of-conflict': 'at the start of the fight',
  'first-death': 'after the first death',
  'half-down': 'with half of them down',
  'big-upset': 'after a big upset',
}

export interface MoraleState {
  /** Triggers already checked (each fires once; a big upset may recur). */
  checked: MoraleTrigger[]
  /** Morale rolls made. */
  passes: number
  /** "Monsters who make their morale roll twice will fight to the death." */
  fightsToDeath: boolean
  broken: boolean
}

export const freshMorale = (): MoraleState => ({
  checked: [],
  passes: 0,
  fightsToDeath: false,
  broken: false,
})

/** The triggers now due for a group of `size` with `dead` dead and `down` dead or incapacitated. */
export function moraleTriggersDue(
  group: { size: number; dead: number; down: number; conflictStarting?: boolean; bigUpset?: boolean },
  state: MoraleState,
): MoraleTrigger[] {
  if (state.fightsToDeath || state.broken) return []
  const due: MoraleTrigger[] = []
  if (group.conflictStarting && !state.checked.includes('start-of-conflict')) due.push('start-of-conflict')
  if (group.dead >= 1 && !state.checked.includes('first-death')) due.push('first-death')
  if (group.down * 2 >= group.size && group.size > 0 && !state.checked.includes('half-down'))
    due.push('half-down')
  if (group.bigUpset) due.push('big-upset')
  return due
}

export interface MoraleRoll {
  total: number
  breakdown: BreakdownLine[]
  /** Set until the GM says whether the roll holds. */
  prompt: GmPrompt | null
  state: MoraleState
}

/**
 * Rolls 2d6 for a trigger. Without the GM's verdict the roll is logged with a prompt; with it, the state
 * moves on: two held rolls mean the monsters fight to the death.
 */
export function rollMorale(
  state: MoraleState,
  trigger: MoraleTrigger,
  dice: readonly [number, number],
  verdict?: 'holds' | 'breaks',
): Outcome<MoraleRoll> {
  if (state.fightsToDeath) return fail('These monsters made morale twice: they fight to the death.')
  if (!dice.every((d) => isFace(d, 6))) return fail('A morale die shows 1 to 6.')
  const total = dice[0] + dice[1]
  const breakdown: BreakdownLine[] = dice.map((d) => ({
    // The trigger in words ("d6 (morale after the first death)"), never its id ("first-death", #54).
    label: `d6 (morale ${MORALE_WHEN[trigger]})`,
    value: d,
    rule: 'ENCOUNTER ORDER: morale',
  }))
  const checked = state.checked.includes(trigger) ? state.checked : [...state.checked, trigger]
  if (!verdict)
    return ok({
      total,
      breakdown,
      prompt: gmPrompt(
        'morale',
        breakdown,
        `Morale 2d6 = ${total}: the morale table is not in the text; GM, does it hold?`,
        'ENCOUNTER ORDER: morale',
      ),
      state: { ...state, checked },
    })
  const passes = verdict === 'holds' ? state.passes + 1 : state.passes
  return ok({
    total,
    breakdown,
    prompt: null,
    state: { checked, passes, fightsToDeath: passes >= 2, broken: verdict === 'breaks' },
  })
}
