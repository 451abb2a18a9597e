import { describe, expect, it } from 'vitest'
import { resolveGrapple } from './maneuvers.ts'
import { disarmSave, dismountSave, entangleSave, levelGapBonus, resolveAttack } from './rolls.ts'
import { makeSheet, makeWeapon } from './sheet.ts'

describe('disarm, dismount and whip saves', () => {
  it('gives +1 for every 3 levels the target is above the attacker', () => {
    expect(levelGapBonus(3, 1)).toBe(0)
    expect(levelGapBonus(4, 1)).toBe(1)
    expect(levelGapBonus(7, 1)).toBe(2)
    expect(levelGapBonus(1, 9)).toBe(0)
  })

  it('a 7th level target needing 14 keeps the weapon on a 12 against a 1st level attacker', () => {
    const target = makeSheet({ name: 'Duelist', level: 7, saveParalysis: 14 })
    const r = disarmSave(target, makeSheet({ level: 1 }), 12)
    expect(r.ok && r.value).toMatchObject({ saved: true, total: 14 })
    const lost = disarmSave(target, makeSheet({ level: 1 }), 11)
    expect(lost.ok && lost.value.summary).toBe('Duelist is disarmed.')
  })

  it('a rider saves to stay mounted the same way', () => {
    const rider = makeSheet({ name: 'Knight', level: 4, saveParalysis: 15 })
    expect(dismountSave(rider, makeSheet({ level: 1 }), 14)).toMatchObject({
      ok: true,
      value: { saved: true, total: 15 },
    })
    expect(dismountSave(rider, makeSheet({ level: 1 }), 13)).toMatchObject({
      ok: true,
      value: { saved: false },
    })
  })

  it('the whip wielder saves with the target STR bonus subtracted', () => {
    const wielder = makeSheet({ name: 'Indy', saveParalysis: 12 })
    const ogre = makeSheet({ name: 'Ogre', str: 18 })
    const r = entangleSave(wielder, ogre, 'weapon', 14)
    expect(r.ok && r.value).toMatchObject({ saved: false, total: 11 })
    expect(entangleSave(wielder, ogre, 'weapon', 15)).toMatchObject({ ok: true, value: { saved: true } })
  })

  it('refuses a d20 face that cannot be', () => {
    expect(disarmSave(makeSheet(), makeSheet(), 0).ok).toBe(false)
  })
})

describe('grappling', () => {
  it('5 orcs, 2 grapple: 2 + 5 = 7 against the 3rd level hero’s 11 throws both off, stunned 4 rounds', () => {
    const r = resolveGrapple({ name: 'Hero', hitDice: 3, faces: [3, 4, 4] }, [
      { name: 'Orc 1', hitDice: 1, faces: [2] },
      { name: 'Orc 2', hitDice: 1, faces: [5] },
    ])
    expect(r.ok && r.value).toMatchObject({
      attackersTotal: 7,
      defenderTotal: 11,
      result: 'thrown-off',
      stunRounds: 11 - 7,
    })
  })

  it('one more than the attackers stuns them for "1 round", not "1 rounds" (#54)', () => {
    const r = resolveGrapple({ name: 'Hero', hitDice: 1, faces: [4] }, [
      { name: 'Orc', hitDice: 1, faces: [3] },
    ])
    expect(r.ok && r.value.summary).toBe(
      'Hero throws them off (4 against 3): they are stunned for 1 round; roll initiative again.',
    )
  })

  it('a lower score is pinned and an equal score struggles without a weapon', () => {
    const orcs = [{ name: 'Orc', hitDice: 1, faces: [6] }]
    const pinned = resolveGrapple({ name: 'Hero', hitDice: 1, faces: [5] }, orcs)
    expect(pinned.ok && pinned.value.result).toBe('pinned')
    const even = resolveGrapple({ name: 'Hero', hitDice: 1, faces: [6] }, orcs)
    expect(even.ok && even.value).toMatchObject({ result: 'struggling', stunRounds: 0 })
  })

  it('each side rolls one d6 per hit die', () => {
    expect(
      resolveGrapple({ name: 'Hero', hitDice: 3, faces: [3, 4] }, [{ name: 'Orc', hitDice: 1, faces: [1] }]),
    ).toEqual({
      ok: false,
      error: 'Hero rolls 3d6 (one per hit die), not 2.',
    })
  })
})

describe('the 5 orcs example from attack to contest', () => {
  it('of 5 orcs surrounding a 3rd level hero, the 2 that hit grapple, and the hero throws them off for 4 rounds', () => {
    const hero = makeSheet({ name: 'Hero', class: 'fighter', level: 3, ac: 5 })
    const orc = (n: number) =>
      makeSheet({
        name: `Orc ${n}`,
        role: 'monster',
        class: 'monster',
        level: 1,
        thac0: 19,
        weapons: [makeWeapon()],
      })
    const rolls = [3, 15, 8, 19, 12]
    const grapplers = rolls.flatMap((d20, i) => {
      const r = resolveAttack(
        { attacker: orc(i + 1), defender: hero, maneuver: 'grapple', toggles: { surrounding: true } },
        { d20 },
      )
      if (!r.ok) throw new Error(r.error)
      return r.value.hit ? [r.value] : []
    })
    expect(grapplers).toHaveLength(2)
    expect(grapplers.every((g) => g.damage === null)).toBe(true)
    const contest = resolveGrapple({ name: 'Hero', hitDice: 3, faces: [6, 3, 2] }, [
      { name: 'Orc 2', hitDice: 1, faces: [2] },
      { name: 'Orc 4', hitDice: 1, faces: [5] },
    ])
    expect(contest.ok && contest.value).toMatchObject({ attackersTotal: 7, defenderTotal: 11, stunRounds: 4 })
  })
})
