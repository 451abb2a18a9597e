import { describe, expect, it } from 'vitest'
import { fire, LOADED } from './rate-of-fire.ts'

// How often each weapon shoots at the table, and its reloading, are in combat.test.ts (17.0.9).
const light = { name: 'Light crossbow', firesEvery: 2 }

describe('rate of fire', () => {
  it('lets a defender with pre-loaded crossbows fire one each round by grabbing a loaded one', () => {
    const first = fire(light, LOADED)
    const second = fire(light, LOADED)
    expect(first.ok && second.ok).toBe(true)
    if (!first.ok) return
    expect(fire(light, first.value)).toMatchObject({ ok: false })
  })
})
