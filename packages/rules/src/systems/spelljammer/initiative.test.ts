import { describe, expect, it } from 'vitest'
import { declareRound } from './declaration.ts'
import { nutshellFighter } from './examples.ts'
import { initiativeDice, loseAttacksToStun, placeAttacks, rollInitiative } from './initiative.ts'

const im = (value: number) => [{ label: 'IM', value }]

/** The nutshell fighter's round: an attack with his first weapon, standing to attack, moving normally. */
function nutshellRound() {
  const round = declareRound(nutshellFighter(), {
    action: 'attack',
    weaponIndex: 0,
    stance: { kind: 'attack' },
    movement: 'normal',
  })
  if (!round.ok) throw new Error(round.error)
  return round.value
}

describe('initiative', () => {
  it('rolls 1d10 for the first attack, 1d8 for the second, 1d6 for the third and 1d4 after that', () => {
    expect(initiativeDice(5)).toEqual([10, 8, 6, 4, 4])
  })

  it('adds the IM to each die, as in the nutshell: INIT 1d10+2, then 1d8+2', () => {
    const round = nutshellRound()
    const placed = rollInitiative(round, [7, 3])
    expect(placed.ok && placed.value.map((a) => [a.die, a.total, a.segment])).toEqual([
      [10, 9, 9],
      [8, 5, 5],
    ])
  })

  it('sends the second attack one segment later when both come out the same', () => {
    const placed = placeAttacks(im(2), [5, 5])
    expect(placed.ok && placed.value.map((a) => a.segment)).toEqual([7, 6])
  })

  it('keeps pushing past every segment an earlier attack already holds', () => {
    const placed = placeAttacks(im(0), [4, 4, 3])
    expect(placed.ok && placed.value.map((a) => a.segment)).toEqual([4, 3, 2])
  })

  it('loses an attack at -6 or later, and keeps one at -5', () => {
    const placed = placeAttacks(im(-10), [5, 4])
    expect(placed.ok && placed.value.map((a) => [a.segment, a.lost])).toEqual([
      [-5, false],
      [-6, true],
    ])
  })

  it('loses an attack pushed to -6 by a tie', () => {
    const placed = placeAttacks(im(-6), [1, 1])
    expect(placed.ok && placed.value.map((a) => a.lost)).toEqual([false, true])
  })

  it('refuses a face the die does not have and the wrong number of dice', () => {
    expect(placeAttacks(im(0), [3, 9])).toEqual({
      ok: false,
      error: 'Attack 2 rolls initiative on a d8, which shows 1 to 8, not 9.',
    })
    const round = nutshellRound()
    expect(rollInitiative(round, [3])).toEqual({
      ok: false,
      error: 'This round has 2 attacks, so roll 2 initiative dice, not 1.',
    })
  })

  it('shows the die, each modifier and the tie push in the breakdown', () => {
    const placed = placeAttacks(im(2), [5, 5])
    expect(placed.ok && placed.value[1]?.breakdown).toEqual([
      { label: 'Initiative d8', value: 5, rule: 'Initiative' },
      { label: 'IM', value: 2 },
      { label: 'Same initiative as an earlier attack', value: -1, rule: 'In a Nutshell' },
    ])
  })
})

describe('stun and initiative', () => {
  it('takes away every attack after the segment the stun landed on', () => {
    const placed = placeAttacks(im(0), [9, 4])
    if (!placed.ok) throw new Error(placed.error)
    expect(loseAttacksToStun(placed.value, 6).map((a) => a.lost)).toEqual([false, true])
    expect(loseAttacksToStun(placed.value, 3).map((a) => a.lost)).toEqual([false, false])
  })
})

describe('casting initiative', () => {
  it('rolls one d10 with the round’s modifiers, +3 for declaring no movement', () => {
    const round = declareRound(
      nutshellFighter({ spells: [{ name: 'Bless', caster: 'cleric', castingTime: 5 }] }),
      {
        action: 'cast',
        spellIndex: 0,
        weaponIndex: 0,
        stance: { kind: 'attack' },
        movement: 'no-movement',
      },
    )
    if (!round.ok) throw new Error(round.error)
    // The turn model places a round without attacks on one d10 (`diceOfRound`), as any round's dice.
    const init = placeAttacks(round.value.initiativeModifiers, [4])
    expect(init.ok && init.value[0]?.total).toBe(4 + 2 + 3)
  })
})
