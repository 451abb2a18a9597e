import { describe, expect, it } from 'vitest'
import { firstAid, weeklyHealing } from './healing.ts'
import { applyDamage, endOfRound } from './injury.ts'
import { brpSettings } from './settings.ts'
import { sheetOf } from './sheet.ts'
import { initialState } from './state.ts'

const settings = brpSettings()
const fresh = () => initialState(sheetOf({ con: 12, siz: 12 }), settings)

describe('healing', () => {
  it('heals only the 2 hit points a 2-point wound took, even if the dice say more (5.14)', () => {
    const wounded = applyDamage(fresh(), 2).state
    const aided = firstAid(wounded, 1, 60, { d100: 30, d3: 3 }, settings)
    expect(aided).toMatchObject({ ok: true, value: { healed: 2, state: { hitPoints: 12 } } })
  })

  it('heals 1D3 per wound on a success', () => {
    const wounded = applyDamage(fresh(), 6).state
    expect(firstAid(wounded, 1, 60, { d100: 30, d3: 2 }, settings)).toMatchObject({
      ok: true,
      value: { healed: 2, state: { hitPoints: 8 } },
    })
  })

  it('applies First Aid to a wound only once, even after a failure', () => {
    const wounded = applyDamage(fresh(), 6).state
    const failed = firstAid(wounded, 1, 60, { d100: 95, d3: 3 }, settings)
    expect(failed).toMatchObject({ ok: true, value: { healed: 0 } })
    if (!failed.ok) return
    expect(firstAid(failed.value.state, 1, 60, { d100: 1, d3: 3 }, settings)).toMatchObject({
      ok: false,
      error: 'Wound 1 has already had First Aid: it can be applied only once.',
    })
  })

  it('lets First Aid on another wound go ahead', () => {
    const twice = applyDamage(applyDamage(fresh(), 3).state, 3).state
    const first = firstAid(twice, 1, 60, { d100: 10, d3: 3 }, settings)
    if (!first.ok) throw new Error(first.error)
    expect(firstAid(first.value.state, 2, 60, { d100: 10, d3: 1 }, settings)).toMatchObject({
      ok: true,
      value: { healed: 1 },
    })
  })

  it('saves a character at 0 who is brought to 1 before the round ends (5.14)', () => {
    const down = applyDamage(fresh(), 12).state
    expect(down.hitPoints).toBe(0)
    const aided = firstAid(down, 1, 60, { d100: 10, d3: 1 }, settings)
    if (!aided.ok) throw new Error(aided.error)
    expect(aided.value.state.hitPoints).toBe(1)
    expect(endOfRound(aided.value.state).died).toBe(false)
    expect(endOfRound(down).died).toBe(true)
  })

  it('refuses First Aid on the dead and on a wound that does not exist', () => {
    const dead = endOfRound(applyDamage(fresh(), 14).state).state
    expect(firstAid(dead, 1, 60, { d100: 10, d3: 1 }, settings)).toMatchObject({ ok: false })
    expect(firstAid(fresh(), 1, 60, { d100: 10, d3: 1 }, settings)).toMatchObject({
      ok: false,
      error: 'There is no wound 1.',
    })
  })

  it('heals 1D3 a week up to maximum hit points, and 3 in a hospital (5.14)', () => {
    const wounded = applyDamage(fresh(), 6).state
    expect(weeklyHealing(wounded, { d3: 2 })).toMatchObject({
      ok: true,
      value: { healed: 2, state: { hitPoints: 8 } },
    })
    expect(weeklyHealing(wounded, { hospital: true })).toMatchObject({
      ok: true,
      value: { healed: 3, state: { hitPoints: 9 } },
    })
    const scratched = applyDamage(fresh(), 1).state
    expect(weeklyHealing(scratched, { d3: 3 })).toMatchObject({
      ok: true,
      value: { healed: 1, state: { hitPoints: 12 } },
    })
  })

  it('closes the oldest wounds first when resting, so First Aid later is capped at what is left', () => {
    const twice = applyDamage(applyDamage(fresh(), 2).state, 4).state
    const rested = weeklyHealing(twice, { d3: 3 })
    if (!rested.ok) throw new Error(rested.error)
    expect(rested.value.state.injuries.map((i) => i.healed)).toEqual([2, 1])
    expect(firstAid(rested.value.state, 1, 60, { d100: 1, d3: 3 }, settings)).toMatchObject({
      ok: true,
      value: { healed: 0 },
    })
  })
})
