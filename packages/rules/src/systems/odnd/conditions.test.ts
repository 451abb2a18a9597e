import { describe, expect, it } from 'vitest'
import { canAttack, maxSurrounding } from './conditions.ts'

describe('who may attack this round', () => {
  it('a surprised, parrying, running, stunned or pinned combatant cannot attack', () => {
    expect(canAttack({ surprised: true }, 'Mira').ok).toBe(false)
    expect(canAttack({ parrying: true }, 'Mira')).toEqual({
      ok: false,
      error: 'Mira is parrying this round: no attacks are possible.',
    })
    expect(canAttack({ running: true }, 'Mira').ok).toBe(false)
    expect(canAttack({ stunnedRounds: 4 }, 'Mira')).toEqual({
      ok: false,
      error: 'Mira is stunned for 4 more round(s).',
    })
    expect(canAttack({ stunnedRounds: 0 }, 'Mira').ok).toBe(true)
    expect(canAttack({ pinned: true }, 'Mira').ok).toBe(false)
  })

  it('one struggling in a grapple cannot use a weapon', () => {
    expect(canAttack({ struggling: true }, 'Mira').ok).toBe(false)
    expect(canAttack({ struggling: true, withWeapon: false }, 'Mira').ok).toBe(true)
  })
})

describe('surrounding', () => {
  it('up to 6 human-sized foes can surround a human-sized character', () => {
    expect(maxSurrounding('man-sized', 'man-sized')).toBe(6)
    expect(maxSurrounding('man-sized', 'large')).toBeNull()
  })
})
