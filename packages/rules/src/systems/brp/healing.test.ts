import { describe, expect, it } from 'vitest'
import { fraction } from '../../dice/fraction.ts'
import { applyDamage } from './exchange.ts'
import { firstAidOdds, woundForFirstAid } from './healing.ts'
import { firstAid, weeklyHealing } from './healing-dice.ts'
import { endOfRound } from './injury.ts'
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

  it('wakes the knocked out at the end of a week of rest: it outlasts their 1D6 hours (5.12)', () => {
    const out = applyDamage(fresh(), 10).state
    expect(out.unconscious).toBe(true)
    const rested = weeklyHealing(out, { d3: 1 })
    expect(rested).toMatchObject({
      ok: true,
      value: { woke: true, state: { unconscious: false, hitPoints: 3 } },
    })
    expect(weeklyHealing(applyDamage(fresh(), 4).state, { d3: 1 })).toMatchObject({ value: { woke: false } })
  })

  it('treats the newest wound that has not had First Aid, and none twice (5.14)', () => {
    const twice = applyDamage(applyDamage(fresh(), 2).state, 3).state
    expect(woundForFirstAid(twice)).toMatchObject({ ok: true, value: { id: 2 } })
    const first = firstAid(twice, 2, 60, { d100: 99, d3: 1 }, settings)
    if (!first.ok) throw new Error(first.error)
    expect(woundForFirstAid(first.value.state)).toMatchObject({ ok: true, value: { id: 1 } })
    const both = firstAid(first.value.state, 1, 60, { d100: 99, d3: 1 }, settings)
    if (!both.ok) throw new Error(both.error)
    expect(woundForFirstAid(both.value.state)).toEqual({
      ok: false,
      error: 'They have no wound First Aid can treat: each wound takes it once, and only what it took.',
    })
    expect(woundForFirstAid(fresh()).ok).toBe(false)
  })

  it('gives First Aid’s exact odds, and for the dying the odds of living the round (5.12, 5.14)', () => {
    // 60%: 60 of the 100 faces succeed. At -1 with a wound of 3, a 1 on the 1D3 leaves them at 0: 2 faces in 3 save.
    const dying = applyDamage(applyDamage(fresh(), 10).state, 3).state
    expect(dying.hitPoints).toBe(-1)
    expect(firstAidOdds(60, dying, settings)).toEqual({
      ok: true,
      value: {
        wound: expect.objectContaining({ id: 2 }),
        success: fraction(60, 100),
        atMost: 3,
        saves: fraction(2, 5),
      },
    })
    // Sampled: the same odds as First Aid itself over every pair of faces.
    let saved = 0
    for (let d100 = 1; d100 <= 100; d100++)
      for (let d3 = 1; d3 <= 3; d3++) {
        const aided = firstAid(dying, 2, 60, { d100, d3 }, settings)
        if (aided.ok && aided.value.state.hitPoints >= 1) saved++
      }
    expect(fraction(saved, 300)).toEqual(fraction(2, 5))
    // Above 0, there is no death to escape; a wound of 1 heals at most 1.
    expect(firstAidOdds(60, applyDamage(fresh(), 1).state, settings)).toMatchObject({
      value: { atMost: 1, saves: null },
    })
  })
})
