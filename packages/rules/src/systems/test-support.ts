/** Helpers for the combat adapters' tests: fighters with sheets, and dice that throw given faces. */

import { defaultSheet } from '../engine/sheet.ts'
import type { TurnAction, TurnContext, TurnRules, TurnSettings, TurnStep } from '../engine/turn.ts'
import type { Fighter, Roller } from '../engine/types.ts'
import type { RuleSystem } from '../rule-system.ts'
import { SYSTEMS } from './index.ts'
import type { SystemId } from './info.ts'

/** A registered system by its id, or any system given as a value (the contract suite's toy). */
const rulesOf = (system: SystemId | RuleSystem): RuleSystem =>
  typeof system === 'string' ? SYSTEMS[system] : system

/** A fighter with the system's default sheet, overridden by `sheet`. */
export function fighter(
  system: SystemId | RuleSystem,
  id: string,
  side: 'pc' | 'foe',
  sheet: Record<string, unknown> = {},
  live: Partial<Pick<Fighter, 'hp' | 'maxHp' | 'state'>> = {},
): Fighter {
  const name = typeof sheet.name === 'string' ? sheet.name : id
  return {
    id,
    name,
    side,
    sheet: { ...defaultSheet(rulesOf(system).sheet, name), ...sheet },
    hp: live.hp ?? 10,
    maxHp: live.maxHp ?? live.hp ?? 10,
    state: live.state ?? {},
  }
}

/**
 * Dice that throw the given faces in order, and record what was asked for; a test fails loudly when the
 * adapter asks for a die it did not script (wrong size, or one too many).
 */
export function scripted(...faces: number[]): Roller & { asked: Array<{ sides: number; label: string }> } {
  const queue = [...faces]
  const asked: Array<{ sides: number; label: string }> = []
  const roll = ((sides: number, label: string) => {
    asked.push({ sides, label })
    const face = queue.shift()
    if (face === undefined) throw new Error(`no scripted face left for a d${sides} (${label})`)
    if (face < 1 || face > sides) throw new Error(`scripted face ${face} does not fit a d${sides} (${label})`)
    return face
  }) as Roller & { asked: Array<{ sides: number; label: string }> }
  roll.asked = asked
  return roll
}

/**
 * What a turn model sees of a table of these fighters; `roll` takes scripted faces, then fails loudly
 * (or, given `dice`, throws those).
 */
export function turnContext(
  system: SystemId | RuleSystem,
  fighters: readonly Fighter[],
  options: {
    faces?: number[]
    dice?: (sides: number) => number
    settings?: Partial<TurnSettings>
    openPrompts?: TurnContext['openPrompts']
  } = {},
): TurnContext {
  const queue = [...(options.faces ?? [])]
  return {
    fighters,
    settings: { partyInitiative: 'each-player', rerollInitiativeEachRound: false, ...options.settings },
    openPrompts: options.openPrompts ?? [],
    roll(sides) {
      const face = queue.shift() ?? options.dice?.(sides)
      if (face === undefined || face < 1 || face > sides) throw new Error(`no scripted face for a d${sides}`)
      return face
    },
    out: (f) => rulesOf(system).combat.out(f),
  }
}

/** Applies turn actions one after another, failing the test on the first refusal. */
export function steps(
  rules: TurnRules,
  start: TurnStep,
  ctx: TurnContext,
  ...actions: TurnAction[]
): TurnStep {
  let step = start
  for (const action of actions) {
    const next = rules.step(step.turn, action, ctx)
    if (!next.ok) throw new Error(`${action.kind}: ${next.error}`)
    step = next.value
  }
  return step
}
