import { IDLE_TURN, SYSTEMS } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import type { Combatant } from '../models/table.ts'
import { openingChoice, targetList } from './composer-targets.ts'

const c = (id: string, side: 'pc' | 'foe', hp = 5): Combatant =>
  ({ id, name: id, side, hp, maxHp: 5 }) as Combatant
const mira = c('mira', 'pc')
const tomas = c('tomas', 'pc', 0)
const g1 = c('g1', 'foe')
const g2 = c('g2', 'foe')
const g3 = c('g3', 'foe', -2)
const table = [mira, tomas, g1, g2, g3]
const isOut = (t: Combatant) => t.hp <= 0

describe('the composer’s targets', () => {
  it('offers the standing foes first, then allies, the fallen apart, and chooses the first foe', () => {
    const list = targetList(mira, table, { helping: false, isOut })
    expect(list.standing.map((t) => t.id)).toEqual(['g1', 'g2'])
    expect(list.fallen.map((t) => t.id)).toEqual(['g3', 'tomas'])
    expect(list.chosen).toBe('g1')
  })

  it('chooses the last target again while it stands, and not once it has fallen', () => {
    expect(targetList(mira, table, { helping: false, isOut, lastTargetId: 'g2' }).chosen).toBe('g2')
    expect(targetList(mira, table, { helping: false, isOut, lastTargetId: 'g3' }).chosen).toBe('g1')
    expect(targetList(mira, table, { helping: false, isOut, lastTargetId: 'gone' }).chosen).toBe('g1')
  })

  // Issue #54: "after waking Jonas, Mara's next attack sheet opened with Jonas selected; two taps attacked
  // her friend". "A target is never preselected on your own side; the last target is remembered only
  // while it is a foe still in the fight."
  it('never preselects an ally to attack, not even the one just helped', () => {
    const jonas = c('jonas', 'pc')
    const woken = [mira, jonas, g1, g2]
    expect(targetList(mira, woken, { helping: false, isOut, lastTargetId: 'jonas' }).chosen).toBe('g1')
  })

  it('remembers the last target only while it is a foe still in the fight', () => {
    // g3 has fallen; g2 has left the table.
    expect(targetList(mira, [mira, g1, g3], { helping: false, isOut, lastTargetId: 'g3' }).chosen).toBe('g1')
    expect(targetList(mira, [mira, g1], { helping: false, isOut, lastTargetId: 'g2' }).chosen).toBe('g1')
  })

  it('preselects nobody on one’s own side nor a fallen foe when no foe stands', () => {
    const jonas = c('jonas', 'pc')
    expect(targetList(mira, [mira, jonas, g3], { helping: false, isOut, lastTargetId: 'g3' }).chosen).toBe('')
    expect(targetList(mira, [mira, jonas], { helping: false, isOut, lastTargetId: 'jonas' }).chosen).toBe('')
    expect(targetList(mira, [mira, tomas], { helping: false, isOut }).chosen).toBe('')
    const list = targetList(mira, [mira, jonas, tomas], { helping: false, isOut })
    expect(list.standing.map((t) => t.id)).toEqual(['jonas'])
  })

  it('to help, offers the fallen allies first, and never oneself', () => {
    const list = targetList(mira, table, { helping: true, isOut, lastTargetId: 'g2' })
    expect(list.standing.map((t) => t.id)).toEqual(['tomas', 'g1', 'g2', 'g3'])
    expect(list.chosen).toBe('g2')
    expect(targetList(mira, table, { helping: true, isOut }).chosen).toBe('tomas')
  })

  it('offers the fallen when nobody stands, but chooses none of them', () => {
    const list = targetList(mira, [mira, g3], { helping: false, isOut })
    expect(list.fallen.map((t) => t.id)).toEqual(['g3'])
    expect(list.chosen).toBe('')
    expect(targetList(mira, [mira], { helping: false, isOut }).chosen).toBe('')
  })
})

describe('the way to act the composer opens on', () => {
  const choices = [
    { id: 'brawl', label: 'Brawl' },
    { id: 'dagger', label: 'Dagger' },
    { id: 'dagger-thrown', label: 'Dagger (thrown)' },
  ]
  it('is what the attacker stated for the round (brp 5.2), else the weapon in hand', () => {
    const view = SYSTEMS.brp.turn.view
    const turn = {
      ...IDLE_TURN,
      systemRound: { intents: { mira: { metersMoved: 0, weapon: 'dagger-thrown' } } },
    }
    expect(openingChoice(choices, turn, 'mira', view)?.id).toBe('dagger-thrown')
    expect(openingChoice(choices, turn, 'tomas', view)?.id).toBe('brawl')
    const other = { ...IDLE_TURN, systemRound: { intents: { mira: { metersMoved: 0, weapon: null } } } }
    expect(openingChoice(choices, other, 'mira', view)?.id).toBe('brawl')
    expect(openingChoice(choices, undefined, 'mira', view)?.id).toBe('brawl')
  })
})
