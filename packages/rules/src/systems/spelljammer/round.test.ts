import { describe, expect, it } from 'vitest'
import { declareRound } from './declaration.ts'
import { archer, makeSheet, nutshellFighter, ready } from './examples.ts'
import { loseAttacksToStun, rollInitiative } from './initiative.ts'
import { buildTimeline } from './segments.ts'
import { resolveStrike } from './strike.ts'

describe('a whole round, as in the nutshell', () => {
  it('rolls INIT 1d10+2 and 1d8+2, pushes a tie a segment, and resolves each attack in segment order', () => {
    const derrick = nutshellFighter()
    const round = declareRound(derrick, {
      action: 'attack',
      weaponIndex: 0,
      stance: { kind: 'attack' },
      movement: 'normal',
    })
    if (!round.ok) throw new Error(round.error)
    const placed = rollInitiative(round.value, [4, 4])
    if (!placed.ok) throw new Error(placed.error)
    expect(placed.value.map((a) => a.segment)).toEqual([6, 5])

    const harlan = archer()
    const shot = declareRound(harlan, {
      action: 'attack',
      weaponIndex: 0,
      stance: { kind: 'attack' },
      movement: 'normal',
    })
    if (!shot.ok) throw new Error(shot.error)
    const shotPlaced = rollInitiative(shot.value, [10])
    if (!shotPlaced.ok) throw new Error(shotPlaced.error)

    const { segments } = buildTimeline([
      ...placed.value.map((a) => ({
        who: 'Derrick',
        what: `attack ${a.attackIndex + 1}`,
        segment: a.segment,
      })),
      ...shotPlaced.value.map((a) => ({ who: 'Harlan', what: 'arrow', segment: a.segment })),
    ])
    const order = segments.flatMap((s) => s.events.map((e) => `${s.segment} ${e.who} ${e.what} (${s.phase})`))
    expect(order).toEqual([
      '10 Harlan arrow (movement)',
      '6 Derrick attack 1 (movement)',
      '5 Derrick attack 2 (movement)',
    ])
  })

  it('takes a stunned combatant’s later attacks: a 20-point critical on an ogre of CON 18 on segment 6', () => {
    const ogre = makeSheet({
      name: 'Ogre',
      hp: 60,
      startingHp: 60,
      con: 18,
      def: 40,
      prot: 3,
      attacksPerRound: 2,
    })
    const strike = resolveStrike(
      { attacker: ready(nutshellFighter()), target: ready(ogre), mode: 'melee' },
      { d100: 11, damage: [6] },
    )
    if (!strike.ok) throw new Error(strike.error)
    expect(strike.value.damage?.taken).toBe(20)
    expect(strike.value.damage?.stunned).toBe(true)
    const ogreRound = declareRound(ogre, {
      action: 'attack',
      weaponIndex: 0,
      stance: { kind: 'attack' },
      movement: 'normal',
    })
    if (!ogreRound.ok) throw new Error(ogreRound.error)
    const ogreAttacks = rollInitiative(ogreRound.value, [8, 2])
    if (!ogreAttacks.ok) throw new Error(ogreAttacks.error)
    expect(loseAttacksToStun(ogreAttacks.value, 6).map((a) => [a.segment, a.lost])).toEqual([
      [8, false],
      [2, true],
    ])
  })
})
