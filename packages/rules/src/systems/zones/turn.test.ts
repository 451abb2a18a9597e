import { describe, expect, it } from 'vitest'
import { resolveDeclared } from '../../engine/plan.ts'
import type { Fighter } from '../../engine/types.ts'
import type { Outcome } from '../../system.ts'
import { fighter, scripted } from '../test-support.ts'
import { zonesCombat } from './room-combat.ts'
import {
  movementLeft,
  startTurn,
  stepsPerTurn,
  stepTurn,
  type TurnState,
  type TurnStep,
  turnOver,
  whatIsLeft,
} from './turn.ts'

function run(turn: TurnState, steps: TurnStep[]): Outcome<TurnState> {
  let t = turn
  for (const s of steps) {
    const r = stepTurn(t, s)
    if (!r.ok) return r
    t = r.value
  }
  return { ok: true, value: t }
}

/** A bandit who dodged Sybilla's blow at the table: his reaction spent, as the room stores it. */
function reacted(): Fighter {
  const bandit = fighter('zones', 'b', 'foe', { name: 'Bandit' })
  const sword = { choice: 'weapon-0', toggles: [] }
  const r = resolveDeclared(zonesCombat, fighter('zones', 's', 'pc'), bandit, sword, 'dodge', scripted(3))
  if (!r.ok) throw new Error(r.error)
  return { ...bandit, ...r.value.changes.b }
}

/** What the table says a fighter who reacted has left of their turn: nothing to choose. */
const REACTED = { ok: false, error: 'Bandit reacted this round: a reaction takes the whole turn.' }

describe('a zones turn', () => {
  it('moves the full 2 zones with no action, or 4 when sprinting', () => {
    expect(run(startTurn({ speed: 2 }), [{ type: 'move', zones: 2 }]).ok).toBe(true)
    expect(run(startTurn({ speed: 2 }), [{ type: 'move', zones: 3 }]).ok).toBe(false)
    expect(run(startTurn({ speed: 2 }), [{ type: 'move', zones: 4, sprint: true }]).ok).toBe(true)
    expect(run(startTurn({ speed: 2 }), [{ type: 'move', zones: 5, sprint: true }]).ok).toBe(false)
  })

  it('allows half a move split around a bonus and a main action', () => {
    const r = run(startTurn({ speed: 2 }), [
      { type: 'move', zones: 0.5 },
      { type: 'bonus', action: 'open-door' },
      { type: 'move', zones: 0.5 },
      { type: 'main', action: 'attack' },
    ])
    expect(r.ok && movementLeft(r.value)).toBe(0)
  })

  it('allows two bonus actions instead of a bonus and a main, but never two mains or three actions', () => {
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'bonus', action: 'equip-or-unequip' },
        { type: 'bonus', action: 'say-a-few-words' },
      ]).ok,
    ).toBe(true)
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'main', action: 'attack' },
        { type: 'main', action: 'taunt' },
      ]),
    ).toEqual({ ok: false, error: 'Only one main action per turn.' })
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'bonus', action: 'open-door' },
        { type: 'main', action: 'attack' },
        { type: 'bonus', action: 'pull-lever' },
      ]).ok,
    ).toBe(false)
  })

  it('caps movement at half speed once an action is taken, and refuses actions after a full move', () => {
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'main', action: 'attack' },
        { type: 'move', zones: 2 },
      ]),
    ).toEqual({ ok: false, error: 'Only 1 zone of movement left this turn (half speed, since you acted).' })
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'move', zones: 2 },
        { type: 'main', action: 'attack' },
      ]).ok,
    ).toBe(false)
    expect(
      run(startTurn({ speed: 2 }), [
        { type: 'move', zones: 2, sprint: true },
        { type: 'main', action: 'attack' },
      ]).ok,
    ).toBe(true)
  })

  it('lets a grabbed character only try to break free, which takes the whole turn', () => {
    const grabbed = startTurn({ speed: 2, grabbed: true })
    expect(stepTurn(grabbed, { type: 'main', action: 'attack' }).ok).toBe(false)
    const r = run(grabbed, [{ type: 'break-free' }])
    expect(r.ok && r.value.over).toBe(true)
    expect(r.ok && stepTurn(r.value, { type: 'bonus', action: 'other' }).ok).toBe(false)
  })

  it('spends the whole turn on a surrender or a reaction', () => {
    expect(run(startTurn({ speed: 2 }), [{ type: 'surrender' }, { type: 'move', zones: 1 }]).ok).toBe(false)
    // A reaction: no move is offered, nor anything else.
    expect(zonesCombat.choices(reacted())).toEqual(REACTED)
  })
})

describe('what is left of a turn, in words, as it is spent', () => {
  const after = (steps: TurnStep[], speed = 2) => {
    const r = run(startTurn({ speed }), steps)
    if (!r.ok) throw new Error(r.error)
    return r.value
  }
  it('starts at the full move of 2 zones, or 1 zone with a main and a bonus action', () => {
    expect(whatIsLeft(after([]))).toBe(
      '2 zones, or 1 zone with a main and a bonus action (or two bonus actions)',
    )
    // Sprinting doubles both: 4 zones, or 2 with the actions ("Taking a turn").
    expect(whatIsLeft(after([{ type: 'move', zones: 1, sprint: true }]))).toBe(
      '3 zones, or 1 zone with a main and a bonus action (or two bonus actions)',
    )
  })
  it('after an attack: the half move and a bonus action; after two actions, the half move alone', () => {
    expect(whatIsLeft(after([{ type: 'main', action: 'attack' }]))).toBe('1 zone and a bonus action')
    expect(whatIsLeft(after([{ type: 'bonus', action: 'open-door' }]))).toBe(
      '1 zone and a main or a bonus action',
    )
    const two = after([
      { type: 'bonus', action: 'open-door' },
      { type: 'bonus', action: 'say-a-few-words' },
    ])
    expect(whatIsLeft(two)).toBe('1 zone')
    expect(turnOver(two)).toBe(false)
  })
  it('after moving past half speed no action is left, and the full move spends the turn', () => {
    const moved = after([{ type: 'move', zones: 1.5 }])
    expect(whatIsLeft(moved)).toBe('half a zone')
    expect(stepTurn(moved, { type: 'main', action: 'attack' }).ok).toBe(false)
    const full = after([{ type: 'move', zones: 2 }])
    expect(whatIsLeft(full)).toBe('nothing')
    expect(turnOver(full)).toBe(true)
    const done = after([
      { type: 'move', zones: 1 },
      { type: 'main', action: 'attack' },
      { type: 'bonus', action: 'open-door' },
    ])
    expect(turnOver(done)).toBe(true)
  })
  it('a reaction and a grab leave nothing but what the text allows', () => {
    expect(zonesCombat.choices(reacted())).toEqual(REACTED)
    const surrendered = stepTurn(startTurn({ speed: 2 }), { type: 'surrender' })
    expect(surrendered.ok && whatIsLeft(surrendered.value)).toBe('nothing')
    expect(whatIsLeft(startTurn({ speed: 2, grabbed: true }))).toBe('only a try to break free')
  })
  it('holds at most a sprint in half-zone steps: 8 at speed 2', () => {
    expect(stepsPerTurn(2)).toBe(8)
  })
})
