import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '../systems/index.ts'
import { zonesRound } from '../systems/zones/turn-view.ts'
import { checkMoment, eventsComingUp, eventWhen, type TimedEvent } from './timed-events.ts'
import { IDLE_TURN, type TurnState } from './turn.ts'

const lair: TimedEvent = { id: 'lair', name: 'Lair', at: 20, round: 1, every: true, secret: false }
const collapse: TimedEvent = { id: 'c', name: 'Collapse', at: 'start', round: 3, every: false, secret: true }
const fall: TimedEvent = { id: 'f', name: 'Rockfall', at: 'end', round: 1, every: true, secret: false }

/** A running round whose slots act on these numbers, at slot `current`. */
function running(round: number, numbers: number[], current: number): TurnState {
  const order = numbers.map((at, i) => ({ ids: [`f${i}`], label: `Initiative ${at}`, at }))
  return { ...IDLE_TURN, status: 'running', round, order, current }
}

describe('timed events come up at their moment of the round', () => {
  it('a number comes up once the slot acting has a lower one: ties go to the fighters', () => {
    expect(eventsComingUp([lair], running(1, [22, 20, 15], 0), false)).toEqual([])
    expect(eventsComingUp([lair], running(1, [22, 20, 15], 1), false)).toEqual([])
    expect(eventsComingUp([lair], running(1, [22, 20, 15], 2), false)).toEqual([lair])
  })

  it('comes up at the end of the slots when everyone acts before it, and not while initiative is rolled', () => {
    expect(eventsComingUp([lair], running(1, [25, 21], 2), false)).toEqual([lair])
    expect(eventsComingUp([lair], { ...running(1, [], 0), status: 'initiative' }, false)).toEqual([])
    expect(eventsComingUp([lair], running(1, [25, 21], 1), true)).toEqual([lair])
  })

  it('once a round when every round, once ever when not, and never before its round', () => {
    expect(eventsComingUp([{ ...lair, fired: 1 }], running(1, [10], 0), false)).toEqual([])
    expect(eventsComingUp([{ ...lair, fired: 1 }], running(2, [10], 0), false)).toHaveLength(1)
    expect(eventsComingUp([collapse], running(2, [10], 0), false)).toEqual([])
    expect(eventsComingUp([collapse], running(3, [10], 0), false)).toEqual([collapse])
    expect(eventsComingUp([{ ...collapse, fired: 3 }], running(4, [10], 0), false)).toEqual([])
  })

  it('the start comes up as soon as the round runs, the end only when it is over; in the order they come', () => {
    const turn = running(3, [22, 5], 1)
    expect(eventsComingUp([fall, lair, collapse], turn, false).map((e) => e.id)).toEqual(['c', 'lair'])
    expect(eventsComingUp([fall, lair, collapse], turn, true).map((e) => e.id)).toEqual(['c', 'lair', 'f'])
  })
})

describe('in faction play (zones) a number is the round’s faction turn about to be taken', () => {
  const factions = (moves: number): TurnState => ({
    ...IDLE_TURN,
    status: 'running',
    round: 1,
    systemRound: {
      round: 1,
      bonusRound: false,
      factions: ['party', 'foes'],
      initiative: 'party',
      phase: 'acting',
      next: 'party',
      passesInRow: 0,
      characters: {},
      log: [
        { type: 'first', faction: 'party' },
        ...Array.from({ length: moves }, (_, i) =>
          i % 2
            ? { type: 'pass' as const, faction: 'foes' }
            : { type: 'turn' as const, faction: 'party', character: 'm', together: [] },
        ),
      ],
    },
  })
  const third: TimedEvent = { id: 't', name: 'Reinforcements', at: 3, round: 1, every: false, secret: false }
  const view = SYSTEMS.zones.turn.view
  it('comes up after two faction turns, before the third; a reaction is no faction turn', () => {
    expect(eventsComingUp([third], factions(1), false, view)).toEqual([])
    expect(eventsComingUp([third], factions(2), false, view)).toEqual([third])
    const reacted = factions(1)
    zonesRound(reacted)?.log.push({ type: 'reaction', character: 'm' })
    expect(eventsComingUp([third], reacted, false, view)).toEqual([])
  })
})

describe('an event’s moment in the system’s own terms', () => {
  it('each slot-ordered system names the numbers of its order; zones has none', () => {
    expect(SYSTEMS.spelljammer.turn.moments?.name).toBe('Segment')
    expect(SYSTEMS.brp.turn.moments?.name).toBe('DEX rank')
    expect(SYSTEMS.osr.turn.moments?.name).toBe('Initiative')
    expect(SYSTEMS.odnd.turn.moments?.high).toBe(6)
    expect(SYSTEMS.zones.turn.moments).toMatchObject({ name: 'Faction turn', counts: 'up' })
  })

  it('refuses a number outside the scale, and any number where the order has none', () => {
    const segments = SYSTEMS.spelljammer.turn.moments
    expect(checkMoment(4, segments)).toBeNull()
    expect(checkMoment(-6, segments)).toBe('Segment runs from 20 down to -5, not -6.')
    expect(checkMoment(0, SYSTEMS.zones.turn.moments)).toBe('Faction turn runs from 1 to 30, not 0.')
    expect(checkMoment(3, undefined)).toMatch(/choose the start or the end/)
    expect(checkMoment('start', undefined)).toBeNull()
  })

  it('says when in words', () => {
    expect(eventWhen(lair, SYSTEMS.osr.turn.moments)).toBe('every round, at initiative 20')
    expect(eventWhen(collapse)).toBe('round 3, at the start of the round')
    expect(eventWhen({ at: 4, round: 2, every: true }, SYSTEMS.spelljammer.turn.moments)).toBe(
      'every round from round 2, at segment 4',
    )
  })
})
