import { describe, expect, it } from 'vitest'
import { fire, firesEveryFromFraction, firingRounds, LOADED, reloadRound } from './rate-of-fire.ts'

const bow = { name: 'Longbow', firesEvery: 1 }
const light = { name: 'Light crossbow', firesEvery: 2 }
const heavy = { name: 'Heavy crossbow', firesEvery: 3 }

describe('rate of fire', () => {
  it('lets a bow shoot every round', () => {
    expect(firingRounds(bow, 4)).toEqual([1, 2, 3, 4])
  })

  it('fires a light crossbow once every two rounds, reloading the round after', () => {
    expect(firingRounds(light, 6)).toEqual([1, 3, 5])
  })

  it('fires a heavy crossbow once every three rounds, with two full rounds of reloading', () => {
    expect(firingRounds(heavy, 7)).toEqual([1, 4, 7])
  })

  it('reads a siege rate of 1/6 as once every six rounds', () => {
    const every = firesEveryFromFraction('1/6')
    expect(every).toEqual({ ok: true, value: 6 })
    expect(firingRounds({ name: 'Catapult', firesEvery: 6 }, 13)).toEqual([1, 7, 13])
    expect(firesEveryFromFraction('2/3').ok).toBe(false)
  })

  it('lets a defender with pre-loaded crossbows fire one each round by grabbing a loaded one', () => {
    const first = fire(light, LOADED)
    const second = fire(light, LOADED)
    expect(first.ok && second.ok).toBe(true)
    if (!first.ok) return
    expect(fire(light, first.value)).toMatchObject({ ok: false })
  })

  it('takes the whole round to reload: the reloader gains a condition that blocks attacking', () => {
    const empty = fire(heavy, LOADED)
    if (!empty.ok) throw new Error(empty.error)
    const r = reloadRound(heavy, empty.value)
    expect(r.ok && r.value.gains).toEqual([{ kind: 'reloading', rounds: 1, fresh: false }])
    expect(r.ok && r.value.state.loaded).toBe(false)
  })
})
