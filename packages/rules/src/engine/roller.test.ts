import { describe, expect, it } from 'vitest'
import { recordingRoller } from './roller.ts'

describe('the recording roller', () => {
  it('takes typed faces for the attacker’s dice only: the target’s come from the room, leftovers unused', () => {
    const room = [4, 2]
    const roller = recordingRoller([19, 6, 6, 6], () => room.shift() ?? 0)
    expect(roller.roll(20, 'to hit')).toBe(19)
    expect(roller.roll(6, 'counter damage d6', 'target')).toBe(4)
    expect(roller.roll(6, 'damage d6')).toBe(6)
    expect(roller.rolls).toEqual([
      { label: 'to hit', sides: 20, face: 19, typed: true },
      { label: 'counter damage d6', sides: 6, face: 4, theirs: true },
      { label: 'damage d6', sides: 6, face: 6, typed: true },
    ])
    expect(roller.error).toBeNull()
  })

  it('replays a logged outcome with every face in order, whoever’s die it was', () => {
    const roller = recordingRoller([19, 4, 6], undefined, { replay: true })
    expect([
      roller.roll(20, 'to hit'),
      roller.roll(6, 'counter', 'target'),
      roller.roll(6, 'damage'),
    ]).toEqual([19, 4, 6])
    expect(roller.missing).toBe(false)
  })

  it('says which typed die does not fit, counting the attacker’s dice only', () => {
    const roller = recordingRoller([7], () => 3)
    roller.roll(20, 'dodge', 'target')
    roller.roll(6, 'damage d6')
    expect(roller.error).toBe('Your die for damage d6 is a d6: it shows 1 to 6, not 7.')
    expect(roller.errorAt).toBe(1)
  })
})
