import { describe, expect, it } from 'vitest'
import { fraction } from '../../dice/fraction.ts'
import { checkSurprise } from './surprise.ts'
import { sheet } from './test-support.ts'

const human = sheet({ name: 'Human' })
const elf = sheet({ name: 'Elf', elf: true })
const surprised = (roll: number, ambush = false) => {
  const r = checkSurprise([human, elf], roll, ambush)
  if (!r.ok) throw new Error(r.error)
  return r.value.map((x) => x.surprised)
}

describe('surprise', () => {
  it('surprises a normal character on 13 or more, not on 12', () => {
    expect(surprised(12)[0]).toBe(false)
    expect(surprised(13)[0]).toBe(true)
  })

  it('surprises an elf on 15 or more, not on 14', () => {
    expect(surprised(14)[1]).toBe(false)
    expect(surprised(15)[1]).toBe(true)
  })

  it('adds 3 when the other side is a well-hidden, prepared ambush', () => {
    expect(surprised(9, true)).toEqual([false, false])
    expect(surprised(10, true)).toEqual([true, false])
    expect(surprised(12, true)).toEqual([true, true])
  })

  it('leaves the surprised unable to act for one round', () => {
    const r = checkSurprise([human], 20, false)
    expect(r.ok && r.value[0]?.gains).toEqual([{ kind: 'surprised' }])
  })

  it('gives exact chances: 8 in 20 normally, 6 for elves, 3 more faces against an ambush', () => {
    // The d20's faces the table's check (checkSurprise) says surprise the one on the unaware side.
    const chance = (who: typeof human, ambush: boolean) => {
      const faces = Array.from({ length: 20 }, (_, i) => i + 1).filter((roll) => {
        const r = checkSurprise([who], roll, ambush)
        if (!r.ok) throw new Error(r.error)
        return r.value[0]?.surprised
      })
      return fraction(faces.length, 20)
    }
    expect(chance(human, false)).toEqual(fraction(8, 20))
    expect(chance(elf, false)).toEqual(fraction(6, 20))
    expect(chance(human, true)).toEqual(fraction(11, 20))
    expect(chance(elf, true)).toEqual(fraction(9, 20))
  })

  it('refuses a roll a d20 cannot show', () => {
    expect(checkSurprise([human], 0, false)).toEqual({
      ok: false,
      error: 'The surprise roll is a d20: it cannot show 0.',
    })
  })
})
