/** One character's turn: full move, or half move plus a bonus and a main action (or two bonus actions). */

import { plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { unreachable } from './common.ts'

/** Main actions named by the text; "any other action taking a round" is 'other'. */
export const MAIN_ACTIONS = [
  { id: 'attack', label: 'Attack' },
  { id: 'invoke-power', label: 'Invoke a profane power' },
  { id: 'distract', label: 'Distract' },
  { id: 'intimidate', label: 'Intimidate' },
  { id: 'taunt', label: 'Taunt' },
  { id: 'use-consumable', label: 'Use a consumable item' },
  { id: 'free-ally', label: 'Free a grabbed ally (STR save)' },
  { id: 'other', label: 'Other action taking a round' },
] as const

/** Bonus actions named by the text: anything taking only a second or two. */
export const BONUS_ACTIONS = [
  { id: 'pick-up-or-put-down', label: 'Pick up or put down something' },
  { id: 'equip-or-unequip', label: 'Equip or unequip an item' },
  { id: 'open-door', label: 'Open a door' },
  { id: 'pull-lever', label: 'Pull a lever' },
  { id: 'say-a-few-words', label: 'Say a few words' },
  { id: 'other', label: 'Other action taking a second or two' },
] as const

export type MainAction = (typeof MAIN_ACTIONS)[number]['id']
export type BonusAction = (typeof BONUS_ACTIONS)[number]['id']

export interface TurnState {
  /** Zones per move (2 for most); sprinting doubles it. */
  speed: number
  sprinting: boolean
  moved: number
  mains: MainAction[]
  bonuses: BonusAction[]
  /** A grabbed character can only spend the turn trying to break free. */
  grabbed: boolean
  /** Spent whole: a reaction, a break-free attempt, a surrender. */
  over: boolean
  log: TurnStep[]
}

export type TurnStep =
  | { type: 'move'; zones: number; sprint?: boolean }
  | { type: 'main'; action: MainAction }
  | { type: 'bonus'; action: BonusAction }
  /** Grabbed: the whole turn goes on a STR save to break free. */
  | { type: 'break-free' }
  /** The whole turn goes on surrendering. */
  | { type: 'surrender' }
  /** The whole turn goes on fleeing a long chase ("Chases"). */
  | { type: 'flee' }

export function startTurn(input: { speed: number; grabbed?: boolean }): TurnState {
  return {
    speed: input.speed,
    sprinting: false,
    moved: 0,
    mains: [],
    bonuses: [],
    grabbed: input.grabbed ?? false,
    over: false,
    log: [],
  }
}

/** Half this turn's speed (sprinting doubles it): the most one may move and still act. */
const halfSpeed = (turn: TurnState) => (turn.speed * (turn.sprinting ? 2 : 1)) / 2

const actionsTaken = (turn: TurnState) => turn.mains.length + turn.bonuses.length

/** How far this turn may still move: the full speed with no action, half of it once an action is taken. */
export function movementLeft(turn: TurnState): number {
  return Math.max(0, halfSpeed(turn) * (actionsTaken(turn) > 0 ? 1 : 2) - turn.moved)
}

/**
 * Applies one step of a turn. Movement may be split before, after and between actions, but taking any
 * action caps the turn's movement at half speed; two actions at most, of which one main.
 */
export function stepTurn(turn: TurnState, step: TurnStep): Outcome<TurnState> {
  if (turn.over) return fail('This turn is over.')
  if (turn.grabbed && step.type !== 'break-free') {
    return fail("A grabbed character can't act: they can only spend their turn trying to break free.")
  }
  const log = [...turn.log, step]
  const actions = actionsTaken(turn)
  const half = halfSpeed(turn)
  const wholeTurn = (what: string) =>
    turn.moved > 0 || actions > 0 ? fail(`${what} takes the whole turn.`) : null
  switch (step.type) {
    case 'move': {
      if (!(step.zones > 0)) return fail('Move at least half a zone.')
      const sprinting = turn.sprinting || (step.sprint ?? false)
      const next = { ...turn, sprinting }
      if (step.zones > movementLeft(next)) {
        const left = movementLeft(next)
        return fail(
          left === 0
            ? 'No movement left this turn.'
            : `Only ${plural(left, 'zone')} of movement left this turn${actions > 0 ? ' (half speed, since you acted)' : ''}.`,
        )
      }
      return ok({ ...next, moved: turn.moved + step.zones, log })
    }
    case 'main':
    case 'bonus':
      if (step.type === 'main' && turn.mains.length > 0) return fail('Only one main action per turn.')
      if (actions >= 2) return fail('Two actions already taken this turn.')
      if (turn.moved > half)
        return fail(`You moved more than half your speed (${half}), so no action is left.`)
      return step.type === 'main'
        ? ok({ ...turn, mains: [...turn.mains, step.action], log })
        : ok({ ...turn, bonuses: [...turn.bonuses, step.action], log })
    case 'break-free':
      if (!turn.grabbed) return fail('You are not grabbed.')
      return wholeTurn('Breaking free') ?? ok({ ...turn, over: true, log })
    case 'surrender':
      return wholeTurn('Surrendering') ?? ok({ ...turn, over: true, log })
    case 'flee':
      return wholeTurn('Fleeing a long chase') ?? ok({ ...turn, over: true, log })
    default:
      return unreachable(step)
  }
}

/**
 * The turn's main action is taken: what is left (a bonus action, the rest of a move: "It is possible to
 * split movement before, after, and between actions") one may take or leave.
 */
export const mainTaken = (turn: TurnState): boolean => turn.mains.length > 0

/** Whether anything is left of this turn: movement, or an action. */
export function turnOver(turn: TurnState): boolean {
  return turn.over || (movementLeft(turn) === 0 && actionsLeft(turn) === 'none')
}

/** The actions this turn still allows: at most two, one of them main, and none once past half speed. */
function actionsLeft(turn: TurnState): 'main-and-bonus' | 'main-or-bonus' | 'bonus' | 'none' {
  const taken = actionsTaken(turn)
  if (turn.over || turn.grabbed || taken >= 2 || turn.moved > halfSpeed(turn)) return 'none'
  if (turn.mains.length > 0) return 'bonus'
  return taken === 0 ? 'main-and-bonus' : 'main-or-bonus'
}

const zonesWord = (n: number) => (n === 0.5 ? 'half a zone' : plural(n, 'zone'))

const ACTIONS_WORDS = {
  'main-and-bonus': 'a main and a bonus action (or two bonus actions)',
  'main-or-bonus': 'a main or a bonus action',
  bonus: 'a bonus action',
} as const

/**
 * What is left of a turn, in words, as it is spent: "2 zones, or 1 zone with a main and a bonus action
 * (or two bonus actions)" at the start; "1 zone and a bonus action" after an attack; "nothing".
 */
export function whatIsLeft(turn: TurnState): string {
  // Spent whole (a reaction, breaking free, surrendering): no movement either.
  if (turn.over) return 'nothing'
  if (turn.grabbed) return 'only a try to break free'
  const acts = actionsLeft(turn)
  const move = movementLeft(turn)
  if (acts === 'none') return move > 0 ? zonesWord(move) : 'nothing'
  const actions = ACTIONS_WORDS[acts]
  if (actionsTaken(turn) > 0) return move > 0 ? `${zonesWord(move)} and ${actions}` : actions
  // No action yet: the full move, or half of it with the actions.
  const withActions = Math.max(0, halfSpeed(turn) - turn.moved)
  return `${zonesWord(move)}, or ${withActions > 0 ? `${zonesWord(withActions)} with ` : ''}${actions}`
}

/** Movement comes in steps of half a zone (mounting, a shove): the most steps one turn can hold, sprinting. */
export const MOVE_STEP = 0.5
export function stepsPerTurn(speed: number): number {
  return Math.max(2, (speed * 2) / MOVE_STEP)
}
