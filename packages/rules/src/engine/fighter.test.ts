import { describe, expect, it } from 'vitest'
import { fail, ok } from '../outcome.ts'
import { type Fighter, fighterState } from './fighter.ts'

interface Sheet {
  name: string
  ac: number
}
interface State {
  down: boolean
  lost?: number
}

let parses = 0
let reads = 0
const rules = {
  fields: [{ key: 'ac', label: 'AC', kind: 'number' as const, default: 10, min: 0, max: 30 }],
  parse(input: unknown) {
    parses++
    const ac = (input as { ac?: unknown }).ac
    return typeof ac === 'number'
      ? ok({ name: String((input as { name: unknown }).name), ac })
      : fail('AC: a number.')
  },
}
const table = fighterState<Sheet, State>({
  sheet: rules,
  state(stored, f) {
    reads++
    return { ...(stored as Partial<State>), down: f.hp <= 0 }
  },
  inFight: (sheet, _f, state) => ({ ...sheet, ac: sheet.ac - (state.lost ?? 0) }),
  store: (state) => JSON.parse(JSON.stringify({ ...state, down: undefined })),
})
const fighter = (over: Partial<Fighter> = {}): Fighter => ({
  id: 'f1',
  name: 'Mira',
  side: 'pc',
  hp: 8,
  maxHp: 8,
  state: {},
  ...over,
})

describe('fighterState', () => {
  it('reads the state with the hit points as the truth, once per fighter object', () => {
    const f = fighter({ hp: 0, state: { lost: 2 } })
    reads = 0
    expect(table.stateOf(f)).toEqual({ lost: 2, down: true })
    expect(table.stateOf(f)).toBe(table.stateOf(f))
    expect(reads).toBe(1)
    expect(table.stateOf({ ...f, hp: 3 })).toEqual({ lost: 2, down: false })
    expect(reads).toBe(2)
  })

  it('fills a missing sheet with defaults and applies what the fight did to it', () => {
    const f = fighter({ state: { lost: 3 } })
    expect(table.storedSheet(f)).toEqual(ok({ name: 'Mira', ac: 10 }))
    expect(table.sheetOf(f)).toEqual(ok({ name: 'Mira', ac: 7 }))
    parses = 0
    table.sheetOf(f)
    expect(parses).toBe(0)
  })

  it('names the fighter when their sheet does not read', () => {
    expect(table.sheetOf(fighter({ sheet: { ac: 'lots' } }))).toEqual(fail('Mira: AC: a number.'))
  })

  it('writes the state back as stored, on a new fighter', () => {
    const f = fighter()
    const next = table.withState(f, { down: false, lost: 1 }, 5)
    expect(next).toEqual({ ...f, hp: 5, state: { lost: 1 } })
    expect(f.state).toEqual({})
    expect(table.sheetOf(next)).toEqual(ok({ name: 'Mira', ac: 9 }))
  })

  it('tells only what changed, and null when nothing did', () => {
    const f = fighter({ state: { lost: 1 } })
    expect(table.changeOf(f, 8, { down: false, lost: 1 })).toBeNull()
    expect(table.changeOf(f, 6, { down: false, lost: 1 })).toEqual({ hp: 6 })
    expect(table.changeOf(f, 8, { down: false, lost: 2 })).toEqual({ state: { lost: 2 } })
    expect(table.changeOf(f, 0, { down: true })).toEqual({ hp: 0, state: {} })
  })
})
