import { describe, expect, it } from 'vitest'
import { parseDeclared, parseGmRequest, parseIntent, parseRequest } from './requests.ts'

describe('parseIntent', () => {
  it("reads brp's Statement of Intent and spelljammer's Action Declaration with its choices", () => {
    expect(parseIntent({ metersMoved: 10, weapon: null })).toEqual({ metersMoved: 10, weapon: null })
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: ['no-movement', 'draw'] })).toEqual({
      metersMoved: 0,
      weapon: '0',
      options: ['no-movement', 'draw'],
    })
  })

  it('refuses choices that are not short names, or too many of them', () => {
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: 'no-movement' })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: [3] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: [''] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: ['x'.repeat(65)] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: Array(9).fill('draw') })).toBeNull()
  })
})

describe('parseDeclared', () => {
  it('reads toggles as a list of ids, and refuses a record of them or anything else', () => {
    expect(parseDeclared({ choice: 'w1', toggles: ['charging', 'high-ground'] })).toEqual({
      choice: 'w1',
      toggles: ['charging', 'high-ground'],
    })
    expect(parseDeclared({ choice: 'w1', toggles: [] })).toEqual({ choice: 'w1', toggles: [] })
    expect(parseDeclared({ choice: 'w1', toggles: { charging: 'yes' } })).toBeNull()
    expect(parseDeclared({ choice: 'w1', toggles: 7 })).toBeNull()
  })
})

describe('parseGmRequest: the moves of the turn', () => {
  it('reads Next turn and Foes pass with or without the place the GM saw', () => {
    expect(parseGmRequest({ id: 'g1', kind: 'next-turn' })).toEqual({ id: 'g1', kind: 'next-turn' })
    expect(parseGmRequest({ id: 'g2', kind: 'next-turn', from: 'running/1/0/0//' })).toEqual({
      id: 'g2',
      kind: 'next-turn',
      from: 'running/1/0/0//',
    })
    expect(parseGmRequest({ id: 'g3', kind: 'pass', from: 'running/2/0/0//6' })).toEqual({
      id: 'g3',
      kind: 'pass',
      from: 'running/2/0/0//6',
    })
  })

  it('refuses a place that is not a short string', () => {
    expect(parseGmRequest({ id: 'g1', kind: 'next-turn', from: 3 })).toBeNull()
    expect(parseGmRequest({ id: 'g1', kind: 'pass', from: 'x'.repeat(65) })).toBeNull()
  })
})

describe('parseGmRequest: Start combat', () => {
  it('reads who started the fight, one side or the other, with or without surprise', () => {
    expect(parseGmRequest({ id: 's', kind: 'start-combat', startedBy: 'foe' })).toEqual({
      id: 's',
      kind: 'start-combat',
      startedBy: 'foe',
    })
    const surprise = { unaware: 'foe', ambush: false }
    expect(parseGmRequest({ id: 's', kind: 'start-combat', surprise, startedBy: 'pc' })).toEqual({
      id: 's',
      kind: 'start-combat',
      surprise,
      startedBy: 'pc',
    })
    // Absent: unclear, the room rolls it.
    expect(parseGmRequest({ id: 's', kind: 'start-combat' })).toEqual({ id: 's', kind: 'start-combat' })
  })

  it('refuses a start by anything but a side', () => {
    for (const startedBy of ['both', 'party', 'dragons', 1, null, true])
      expect(parseGmRequest({ id: 's', kind: 'start-combat', startedBy })).toBeNull()
  })
})

describe('parseRequest: a player’s We pass', () => {
  it('reads the place the phone saw, when it says one', () => {
    expect(parseRequest({ id: 'r1', kind: 'pass', at: 5 })).toEqual({ id: 'r1', kind: 'pass', at: 5 })
    expect(parseRequest({ id: 'r2', kind: 'pass', at: 5, from: 'running/1/0/0//3' })).toEqual({
      id: 'r2',
      kind: 'pass',
      at: 5,
      from: 'running/1/0/0//3',
    })
    expect(parseRequest({ id: 'r3', kind: 'pass', at: 5, from: ['running'] })).toBeNull()
  })
})

describe('parseGmRequest: the GM’s change of hit points', () => {
  it('reads a difference of whole hit points, and of the maximum from the Edit panel', () => {
    expect(parseGmRequest({ id: 'h', kind: 'hp', combatantId: 'c', delta: -5 })).toEqual({
      id: 'h',
      kind: 'hp',
      combatantId: 'c',
      delta: -5,
    })
    expect(
      parseGmRequest({ id: 'h', kind: 'hp', combatantId: 'c', delta: 2, maxDelta: 3, edit: true }),
    ).toEqual({
      id: 'h',
      kind: 'hp',
      combatantId: 'c',
      delta: 2,
      maxDelta: 3,
      edit: true,
    })
  })

  it('refuses what is not a whole difference within the hit points a combatant may have', () => {
    for (const delta of [1.5, '5', null, 20000, Number.NaN])
      expect(parseGmRequest({ id: 'h', kind: 'hp', combatantId: 'c', delta })).toBeNull()
    expect(parseGmRequest({ id: 'h', kind: 'hp', combatantId: 'c', delta: 0, maxDelta: 0.5 })).toBeNull()
    expect(parseGmRequest({ id: 'h', kind: 'hp', delta: -5 })).toBeNull()
  })
})

describe('parseGmRequest: the GM’s acts on who is at the table', () => {
  it('reads a removal, a reveal and a hide of one combatant, and nothing else with them', () => {
    for (const kind of ['remove-combatant', 'reveal-combatant', 'hide-combatant'])
      expect(parseGmRequest({ id: 'r', kind, combatantId: 'c', extra: 'dropped' })).toEqual({
        id: 'r',
        kind,
        combatantId: 'c',
      })
  })

  it('refuses one without a combatant, or with an id no combatant could have', () => {
    for (const combatantId of [undefined, '', 5, 'x'.repeat(65)])
      expect(parseGmRequest({ id: 'r', kind: 'remove-combatant', combatantId })).toBeNull()
  })
})
