import { describe, expect, it } from 'vitest'
import { makeSheet, nutshellFighter, ready } from './examples.ts'
import { resolveStrike } from './strike.ts'

const ogre = makeSheet({ name: 'Ogre', hp: 60, startingHp: 60, con: 18, def: 40, prot: 3 })
const declaration = { attacker: ready(nutshellFighter()), target: ready(ogre), mode: 'melee' as const }

describe('a strike', () => {
  it('that misses needs no damage dice', () => {
    const r = resolveStrike(declaration, { d100: 80 })
    expect(r.ok && [r.value.attack.kind, r.value.damage]).toEqual(['miss', null])
  })

  it('that hits asks for the damage dice when they are missing', () => {
    expect(resolveStrike(declaration, { d100: 50 })).toEqual({
      ok: false,
      error: 'It hits: roll damage (1d8+4, d8).',
    })
  })

  it('that crits on 11 doubles 1d8+4 and ignores PROT', () => {
    const r = resolveStrike(declaration, { d100: 11, damage: [5] })
    expect(r.ok && [r.value.attack.kind, r.value.damage?.taken]).toEqual(['critical', 18])
  })

  it('follows the room’s settings: with exact automatic results a 02 is only a critical', () => {
    const r = resolveStrike(declaration, { d100: 2, damage: [5] }, { automaticResults: 'exact' })
    expect(r.ok && r.value.attack.kind).toBe('critical')
    const d = resolveStrike(declaration, { d100: 2, damage: [5] })
    expect(d.ok && d.value.attack.kind).toBe('grievous')
  })
})
