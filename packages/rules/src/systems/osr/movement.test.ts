import { describe, expect, it } from 'vitest'
import { FRESH, moveAllowance, rest, runLimit, runRound, splitMove } from './movement.ts'

const con = (constitution: number) => ({ constitution })

describe('moving', () => {
  it('lets a creature with 30 feet of movement move 10 feet, act, then move 20 feet', () => {
    expect(splitMove(30, 10, 20)).toEqual({ ok: true, value: { before: 10, after: 20 } })
  })

  it('refuses a split that adds up to more than the movement', () => {
    expect(splitMove(30, 10, 25)).toEqual({ ok: false, error: 'That is 35 feet; your movement is 30 feet.' })
  })

  it('doubles movement to run or charge and halves it in a fighting withdrawal', () => {
    expect(moveAllowance({ movement: 30 }, 'run')).toEqual({ ok: true, value: 60 })
    expect(moveAllowance({ movement: 30 }, 'charge')).toEqual({ ok: true, value: 60 })
    expect(moveAllowance({ movement: 30 }, 'withdraw')).toEqual({ ok: true, value: 15 })
    expect(moveAllowance({ movement: 30 }, 'move')).toEqual({ ok: true, value: 30 })
  })
})

describe('standing still', () => {
  it('is forced on a crossbow user reloading this round, and on the surprised', () => {
    const reloading = [{ kind: 'reloading' as const, rounds: 1, fresh: false }]
    expect(moveAllowance({ movement: 30 }, 'move', FRESH, reloading)).toEqual({
      ok: false,
      error: 'Reloading takes the whole round: no other action, not even moving.',
    })
    expect(moveAllowance({ movement: 30 }, 'move', FRESH, [{ kind: 'surprised' }]).ok).toBe(false)
  })
})

describe('running away', () => {
  it('lets a character run 3 times their Constitution in rounds, then leaves them fatigued', () => {
    expect(runLimit(con(12))).toBe(36)
    let state = FRESH
    for (let i = 0; i < 35; i++) {
      const r = runRound(con(12), state)
      if (!r.ok) throw new Error(r.error)
      state = r.value
    }
    expect(state.fatigued).toBe(false)
    const last = runRound(con(12), state)
    expect(last.ok && last.value.fatigued).toBe(true)
    if (!last.ok) return
    expect(runRound(con(12), last.value).ok).toBe(false)
    expect(moveAllowance({ movement: 30 }, 'run', last.value).ok).toBe(false)
    expect(moveAllowance({ movement: 30 }, 'move', last.value)).toEqual({ ok: true, value: 30 })
  })

  it('lets a fatigued character run again only after resting at least 3 turns', () => {
    const tired = { roundsRun: 3, fatigued: true, turnsRested: 0 }
    const twoTurns = rest(tired, 2)
    expect(twoTurns.fatigued).toBe(true)
    expect(rest(twoTurns, 1)).toEqual(FRESH)
  })
})
