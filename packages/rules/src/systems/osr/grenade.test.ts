import { describe, expect, it } from 'vitest'
import { GROUND_FIRE_ROUNDS, groundFireEndOfRound, igniteGround } from './grenade.ts'
import { groundFireDamage, holyWater, oilBurning, oilDirectHit, oilSplash, scatter } from './grenade-roll.ts'
import { endOfRound } from './round.ts'
import { sheet } from './test-support.ts'

const orc = sheet({ name: 'Orc', saveDeathRay: 14 })
const salamander = sheet({ name: 'Salamander', fireResistant: true })
const zombie = sheet({ name: 'Zombie', undead: true })

describe('a missed grenade-like missile', () => {
  it('lands where the d10 points on the diagram, in 10 foot squares', () => {
    expect(scatter(8)).toMatchObject({
      ok: true,
      value: { behind: 1, across: 0, feet: { behind: 10, across: 0 } },
    })
    expect(scatter(10)).toMatchObject({ ok: true, value: { behind: 2, feet: { behind: 20 } } })
  })

  it('refuses a d10 face of 11', () => {
    expect(scatter(11)).toEqual({ ok: false, error: 'The scatter roll is a d10: it cannot show 11.' })
  })
})

describe('a flask of oil', () => {
  it('deals 1d8 fire on a direct hit when it ignites, and sets the target burning', () => {
    const r = oilDirectHit(orc, 'on-impact', 6)
    expect(r).toMatchObject({
      ok: true,
      value: { total: 6, gains: [{ kind: 'burning', rounds: 1, fresh: true }] },
    })
  })

  it('burns for a maximum of two rounds: the second 1d8 comes due at the end of the following round', () => {
    const hit = oilDirectHit(orc, 'on-impact', 6)
    if (!hit.ok) throw new Error(hit.error)
    const afterThrowRound = endOfRound(hit.value.gains)
    expect(afterThrowRound.due).toEqual([])
    const afterNextRound = endOfRound(afterThrowRound.conditions)
    expect(afterNextRound.due.map((d) => d.dice)).toEqual(['1d8'])
    expect(afterNextRound.conditions).toEqual([])
    expect(oilBurning(orc, false, 4)).toMatchObject({ ok: true, value: { total: 4 } })
    expect(oilBurning(orc, true, 4)).toMatchObject({ ok: true, value: { total: 0 } })
  })

  it('does nothing unlit, and nothing to creatures resistant to fire', () => {
    expect(oilDirectHit(orc, 'unlit', 6)).toMatchObject({ ok: true, value: { total: 0 } })
    expect(oilDirectHit(salamander, 'on-impact', 6)).toMatchObject({ ok: true, value: { total: 0 } })
  })

  it('splashes 1d6 within 5 feet when lit by a fuse, avoided by a save vs Death Ray', () => {
    expect(oilSplash(orc, { ignition: 'fuse', directlyHit: false }, { save: 14, d6: 5 })).toMatchObject({
      ok: true,
      value: { total: 0 },
    })
    expect(oilSplash(orc, { ignition: 'fuse', directlyHit: false }, { save: 13, d6: 5 })).toMatchObject({
      ok: true,
      value: { total: 5 },
    })
  })

  it('allows no save against the splash to the creature directly hit', () => {
    expect(oilSplash(orc, { ignition: 'fuse', directlyHit: true }, { d6: 3 })).toMatchObject({
      ok: true,
      value: { total: 3 },
    })
  })

  it('does not splash when ignited on impact rather than by a fuse', () => {
    expect(oilSplash(orc, { ignition: 'on-impact', directlyHit: false }, {})).toMatchObject({
      ok: true,
      value: { total: 0 },
    })
  })

  it('burns on the ground for 10 rounds, 1d6 a round with no saving throw', () => {
    let fire: ReturnType<typeof groundFireEndOfRound> = igniteGround()
    let rounds = 0
    while (fire) {
      expect(groundFireDamage(orc, fire, 2)).toMatchObject({ ok: true, value: { total: 2 } })
      rounds++
      fire = groundFireEndOfRound(fire)
    }
    expect(rounds).toBe(GROUND_FIRE_ROUNDS)
    expect(GROUND_FIRE_ROUNDS).toBe(10)
  })
})

describe('holy water', () => {
  it('deals 1d8 to undead hit directly and 1d6 to undead splashed', () => {
    expect(holyWater(zombie, 'direct', 8)).toMatchObject({ ok: true, value: { total: 8 } })
    expect(holyWater(zombie, 'splash', 6)).toMatchObject({ ok: true, value: { total: 6 } })
    expect(holyWater(zombie, 'splash', 7)).toMatchObject({ ok: false })
  })

  it('does not harm the living', () => {
    expect(holyWater(orc, 'direct', 8)).toMatchObject({ ok: true, value: { total: 0 } })
  })
})

describe('the breakdown of a hazard’s damage', () => {
  it('names its die and its rule, and brings a condition only where the text gives one', () => {
    const line = (r: ReturnType<typeof oilBurning>) =>
      r.ok ? { ...r.value.lines[0], gains: r.value.gains } : r
    const oil = 'Oil (17.0.10)'
    expect(line(oilDirectHit(orc, 'on-impact', 6))).toEqual({
      label: '1d8 fire',
      value: 6,
      rule: oil,
      gains: [{ kind: 'burning', rounds: 1, fresh: true }],
    })
    expect(line(oilBurning(orc, false, 4))).toEqual({
      label: '1d8 burning oil',
      value: 4,
      rule: oil,
      gains: [],
    })
    expect(line(oilSplash(orc, { ignition: 'fuse', directlyHit: true }, { d6: 3 }))).toEqual({
      label: '1d6 splash',
      value: 3,
      rule: oil,
      gains: [],
    })
    expect(line(groundFireDamage(orc, igniteGround(), 2))).toEqual({
      label: '1d6 ground fire',
      value: 2,
      rule: oil,
      gains: [],
    })
    expect(line(holyWater(zombie, 'splash', 5))).toEqual({
      label: '1d6 holy water splash',
      value: 5,
      rule: 'Holy Water (17.0.11)',
      gains: [],
    })
    const burning = oilBurning(orc, false, 4)
    expect(burning.ok && burning.value.note).toBeNull()
  })
})

describe('exposed holy water', () => {
  it('reminds the table it is only effective for one round', () => {
    const r = holyWater(zombie, 'direct', 3)
    expect(r.ok && r.value.note).toMatch(/one round/)
  })
})
