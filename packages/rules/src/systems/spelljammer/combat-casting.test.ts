/**
 * Casting at the table: the worked examples of Casting Cleric Spells and Casting Mage Spells, played
 * through the combat adapter and the turn model as the room plays them.
 */

import { describe, expect, it } from 'vitest'
import { previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import type { TurnStep } from '../../engine/turn.ts'
import type { Declared, Fighter, Resolution } from '../../engine/types.ts'
import type { Outcome } from '../../outcome.ts'
import { fighter, scripted, steps, turnContext } from '../test-support.ts'
import { segmentFact } from './combat-casting.ts'
import { spelljammerCombat as combat } from './room-combat.ts'
import { spelljammerTurns as turns, withOwnSlots } from './turn-model.ts'

const unwrap = <T>(o: Outcome<T>): T => {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** Rank 8 in an SK spell: "his casting time is 6". A cleric spell of casting time 5, and a 1-round one. */
const spells = [
  { name: 'Bolt of Energy', caster: 'mage', rank: 8, kind: 'SK', castingTime: 5 },
  { name: 'Bless', caster: 'cleric', rank: 1, kind: 'GK', castingTime: 5 },
  { name: 'Sanctuary', caster: 'cleric', rank: 1, kind: 'GK', castingTime: 10 },
]
// DEF 30, of which 10 from DEX, 5 from Defense and 5 from Shield: what casting takes away.
const mage = fighter(
  'spelljammer',
  'mage',
  'pc',
  { name: 'Vela', spells, def: 30, defFromDex: 10, defFromDefenseSkill: 5, defFromShield: 5 },
  { hp: 30, maxHp: 30 },
)
const orc = fighter('spelljammer', 'orc', 'foe', { name: 'Orc' }, { hp: 30, maxHp: 30 })
const on = (choice: string, segment: number): Declared => ({
  choice,
  toggles: [],
  round: [segmentFact(segment)],
})

function after(f: Fighter, r: Resolution): Fighter {
  const change = r.changes[f.id] ?? {}
  return { ...f, hp: change.hp ?? f.hp, state: change.state ?? f.state }
}

const cast = (f: Fighter, choice: string, segment: number) =>
  after(f, unwrap(resolveDeclared(combat, f, f, on(choice, segment), null, scripted())))

describe('casting at the table: when a spell goes off', () => {
  it('offers each spell on the sheet with its casting time, to begin on one’s place in the round', () => {
    expect(unwrap(combat.choices(mage)).filter((c) => c.id.startsWith('cast-'))).toEqual([
      expect.objectContaining({ id: 'cast-0', label: 'Cast Bolt of Energy (casting time 6)' }),
      expect.objectContaining({ id: 'cast-1', label: 'Cast Bless (casting time 5)' }),
      expect.objectContaining({ id: 'cast-2', label: 'Cast Sanctuary (casting time 10)' }),
    ])
    expect(previewDeclared(combat, mage, mage, { choice: 'cast-0', toggles: [] })).toEqual({
      ok: false,
      error: 'A spell is cast on your place in the round: it needs the round running.',
    })
  })

  it('rank 8 SK: begun on 9 it goes off on 3; begun on 2, on -4 of the same round (Casting Mage Spells)', () => {
    expect(unwrap(previewDeclared(combat, mage, mage, on('cast-0', 9))).summary).toMatch(
      /^Vela begins casting Bolt of Energy on segment 9 \(casting time 6\): it goes off on segment 3;/,
    )
    expect(cast(mage, 'cast-0', 9).state.casting).toEqual({ spell: 0, startsOn: 9, goesOffOn: 3 })
    expect(cast(mage, 'cast-0', 2).state.casting).toEqual({ spell: 0, startsOn: 2, goesOffOn: -4 })
  })

  it('a cleric’s casting time 5 begun on 8 goes off on 3 (Casting Cleric Spells)', () => {
    expect(cast(mage, 'cast-1', 8).state.casting).toEqual({ spell: 1, startsOn: 8, goesOffOn: 3 })
  })

  it('too late for the round: it begins on 10 of the next and goes off then; a 1-round spell needs a 10', () => {
    // 0 - 6 = -6 is lost: "they will begin casting on initiative 10 of the following round".
    const late = cast(mage, 'cast-0', 0)
    expect(late.state.casting).toEqual({ spell: 0, startsOn: 10, goesOffOn: 4, next: true })
    expect(combat.choices(late)).toEqual({
      ok: false,
      error: 'Vela begins casting Bolt of Energy on 10 of the next round: nothing else this round.',
    })
    const ended = unwrap(combat.endOfRound([late], 1, scripted()))
    expect(ended.summary).toContain('Vela begins casting Bolt of Energy on 10; it goes off on 4')
    expect(after(late, ended).state.casting).toEqual({ spell: 0, startsOn: 10, goesOffOn: 4 })
    // "Spell that take 1 round to cast must start on initiative 10": a 12 starts it on 10, a 9 is too late.
    expect(cast(mage, 'cast-2', 12).state.casting).toEqual({ spell: 2, startsOn: 10, goesOffOn: 0 })
    expect(cast(mage, 'cast-2', 9).state.casting).toEqual({
      spell: 2,
      startsOn: 10,
      goesOffOn: 0,
      next: true,
    })
  })

  it('goes off on its segment, not before, on a target the caster names; the GM applies the spell', () => {
    const casting = cast(mage, 'cast-0', 9)
    expect(unwrap(combat.choices(casting)).map((c) => c.id)).toEqual(['release'])
    expect(previewDeclared(combat, casting, orc, on('release', 5))).toEqual({
      ok: false,
      error: 'Bolt of Energy goes off on segment 3, not before.',
    })
    const gone = unwrap(resolveDeclared(combat, casting, orc, on('release', 3), null, scripted()))
    expect(gone.summary).toBe(
      'Vela’s Bolt of Energy goes off on Orc (segment 3): the GM applies what the spell does.',
    )
    expect(after(casting, gone).state.casting).toBeUndefined()
    // Never released (the GM moved on): lost at the round's end.
    expect(unwrap(combat.endOfRound([casting], 1, scripted())).summary).toContain(
      'Vela’s Bolt of Energy never went off: it is lost',
    )
  })
})

describe('casting at the table: a caster attacked', () => {
  const casting = cast(mage, 'cast-0', 9)
  const sword = (segment: number) => on('weapon-0', segment)

  it('loses DEF from DEX, Defense and Shield while casting, not before it began nor once it went off', () => {
    const to = (segment: number) =>
      unwrap(previewDeclared(combat, orc, casting, sword(segment))).lines.at(-3)?.value
    // Longsword SC 100 - DEF 30 = 70; casting: DEF 10, so 90.
    expect(to(5)).toBe(90)
    expect(to(10)).toBe(70)
    expect(to(3)).toBe(70)
  })

  it('a hit interrupts: the spell and the caster’s action for the round are lost; a miss does not', () => {
    const hit = unwrap(resolveDeclared(combat, orc, casting, sword(5), 'none', scripted(40, 4)))
    expect(hit.summary).toBe(
      'Orc hits Vela for 4; Vela’s Bolt of Energy is interrupted: the spell and Vela’s action for the round are lost.',
    )
    expect(after(casting, hit).state.casting).toBeUndefined()
    const miss = unwrap(resolveDeclared(combat, orc, casting, sword(5), 'none', scripted(95)))
    expect(after(casting, miss).state.casting).toEqual(casting.state.casting)
  })
})

describe('casting at the table: the segment countdown', () => {
  const ctx = (...fighters: Fighter[]) => turnContext('spelljammer', fighters)

  it('a spell begun on 9 goes off on its own slot at 3, and takes the caster’s later places', () => {
    const twice = fighter('spelljammer', 'mage', 'pc', { name: 'Vela', spells, attacksPerRound: 2 })
    const start = unwrap(turns.start(ctx(twice, orc), null)).step
    const running: TurnStep = steps(
      turns,
      start,
      ctx(twice, orc),
      { kind: 'initiative', id: 'mage', faces: [9, 1] },
      { kind: 'initiative', id: 'orc', faces: [4] },
    )
    expect(running.turn.order.map((s) => s.label)).toEqual([
      'Segment 9 · during movement',
      'Segment 4 · during movement',
      'Segment 1 · during movement',
    ])
    expect(turns.facts?.(running.turn, twice, twice)).toEqual(['segment:9'])
    const vela = cast(twice, 'cast-0', 9)
    const next = unwrap(turns.step(running.turn, { kind: 'attacked', id: 'mage' }, ctx(vela, orc)))
    expect(next.turn.order.map((s) => [s.label, s.ids])).toEqual([
      ['Segment 9 · during movement', ['mage']],
      ['Segment 4 · during movement', ['orc']],
      ['Segment 3 · Vela’s Bolt of Energy goes off', ['mage']],
    ])
    // Interrupted: its slot goes too.
    expect(withOwnSlots(next.turn, [twice, orc]).order.map((s) => s.at)).toEqual([9, 4])
  })

  it('a spell carried to the next round needs no initiative: it goes off on its segment', () => {
    const carried = fighter(
      'spelljammer',
      'mage',
      'pc',
      { name: 'Vela', spells },
      {
        state: { casting: { spell: 0, startsOn: 10, goesOffOn: 4 } },
      },
    )
    const start = unwrap(turns.start(ctx(carried, orc), null)).step
    expect(start.turn.waiting).toEqual({ orc: 'initiative' })
    const running = unwrap(
      turns.step(start.turn, { kind: 'initiative', id: 'orc', faces: [4] }, ctx(carried, orc)),
    )
    expect(running.turn.order.map((s) => [s.label, s.ids])).toEqual([
      ['Segment 4 · during movement', ['orc']],
      ['Segment 4 · Vela’s Bolt of Energy goes off', ['mage']],
    ])
  })
})
