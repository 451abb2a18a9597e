import type { LogEntry, TurnState } from '@fray/protocol'
import type { Fighter } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import {
  brpOrderBroken,
  damageStated,
  logChainBroken,
  type Snapshot,
  spelljammerLateStance,
  zonesStartBroken,
} from './invariants.ts'

const goblin = (hp: number): Fighter => ({ id: 'g', name: 'Goblin', side: 'foe', hp, maxHp: 7, state: {} })
const hit = (id: string, before: number, after: number, status?: LogEntry['status']): LogEntry => ({
  id,
  at: 0,
  by: 'Mira',
  notation: 'd20',
  faces: [15],
  total: 15,
  source: 'crypto',
  kind: 'attack',
  changes: { g: { before: { hp: before }, after: { hp: after } } },
  ...(status ? { status } : {}),
})

describe('the log’s hit points against the table’s', () => {
  it('holds when each entry starts where the last left off and the table holds the last', () => {
    expect(logChainBroken([goblin(7)], [goblin(1)], [hit('a', 7, 4), hit('b', 4, 1)])).toBe(null)
    // Typed dice waiting for the GM changed nothing yet.
    expect(logChainBroken([goblin(7)], [goblin(7)], [hit('a', 7, 4, 'pending')])).toBe(null)
  })

  it('breaks where the table moved more than the log says (taken twice, logged once)', () => {
    expect(logChainBroken([goblin(7)], [goblin(1)], [hit('a', 7, 4)])?.message).toBe(
      'the log leaves Goblin at 4 hp, the table at 1',
    )
  })

  it('breaks where an entry starts from other hit points than the table had', () => {
    expect(logChainBroken([goblin(7)], [goblin(2)], [hit('a', 5, 2)])?.message).toBe(
      'attack a says Goblin went from 5, but the table had 7',
    )
  })
})

describe('the damage a log line states', () => {
  it('reads each system’s words for the hit points a target took (lines the systems wrote)', () => {
    // osr
    expect(
      damageStated(
        'Ogre 2 hits Tomas with the Sword (18 against AC 11); 6 damage; Tomas is reduced to zero hit points: dead.',
        'Tomas',
      ),
    ).toBe(6)
    // spelljammer, brp
    expect(damageStated('Goblin 1 critically hits Mira for 8 (double damage, no PROT).', 'Mira')).toBe(8)
    expect(damageStated('Goblin 1 hits Tomas for 3.', 'Tomas')).toBe(3)
    expect(damageStated('Goblin 1 hits Tomas with a special success for 7.', 'Tomas')).toBe(7)
    // odnd
    expect(
      damageStated(
        'Mira retreats: d6 + DEX 4: Goblin 1, Rat 3 get parting shots at +2, past the shield; Goblin 1 hits Mira for 3; Rat 3 hits, critically, Mira for 6: Mira is dead.',
        'Mira',
      ),
    ).toBe(9)
    // zones
    expect(damageStated('Mira hits: Bandit leader takes 2.', 'Bandit leader')).toBe(2)
  })

  it('sums the hits on the one target, and leaves out what others took or what takes no hit points', () => {
    expect(
      damageStated(
        'Parting shots at Bandit leader: Mira hits Bandit leader with the Sword (23 against AC 11, natural 20); Maximum Damage; 8 damage; Tomas hits Bandit leader with the Spear (14 against AC 11); 6 damage.',
        'Bandit leader',
      ),
    ).toBe(14)
    // A critical's condition says more, colon and all, before its damage.
    expect(
      damageStated(
        'Parting shots at Ogre 2: Mira misses Ogre 2 with the Spear (6 against AC 11); Tomas hits Ogre 2 with the Sword (23 against AC 11, natural 20); Regular Damage; 3 damage; Sela hits Ogre 2 with the Spear (23 against AC 11, natural 20); Critical Damage plus roll on the condition chart; Enemy is Disarmed: Primary weapon is knocked from enemy’s grasp; 8 damage; Ogre 2 is reduced to zero hit points: dead.',
        'Ogre 2',
      ),
    ).toBe(11)
    expect(
      damageStated(
        "Mira's Pike strikes first (Melee Weapon Reach): Mira hits Goblin 1 for 3; then Goblin 1 misses Mira.",
        'Mira',
      ),
    ).toBe(null)
    expect(damageStated('Sela hits Ogre 2 for 8 temporary damage, which wears off.', 'Ogre 2')).toBe(null)
    expect(damageStated('Rat 3 misses Tomas.', 'Tomas')).toBe(null)
  })
})

describe('brp’s order of actions against its text (5.4)', () => {
  const fighter = (id: string, dex: number) =>
    ({ id, name: id, hp: 10, maxHp: 10, sheet: { dex }, state: {} }) as unknown as Fighter
  const all = [fighter('Ann', 15), fighter('Bo', 14), fighter('Cy', 14), fighter('Di', 14)]
  const turn = (ids: string[], weapons: Record<string, string | null>, moved: Record<string, number> = {}) =>
    ({
      order: ids.map((id) => ({ ids: [id], label: id })),
      systemRound: {
        intents: Object.fromEntries(
          ids.map((id) => [id, { metersMoved: moved[id] ?? 0, weapon: weapons[id] ?? null }]),
        ),
      },
    }) as unknown as TurnState
  const weapons = { Ann: 'brawl', Bo: 'crossbow-light', Cy: 'spear-long', Di: 'dagger' }

  it('takes DEX 15 before 14, and on one rank missile, long, medium, then short or unarmed', () => {
    expect(brpOrderBroken(turn(['Ann', 'Bo', 'Cy', 'Di'], weapons), all)).toBeNull()
    expect(brpOrderBroken(turn(['Bo', 'Ann'], weapons), all)).toBe('Bo (DEX 14) acts before Ann (DEX 15)')
    expect(brpOrderBroken(turn(['Di', 'Bo'], weapons), all)).toBe(
      "on DEX rank 14, Di's dagger (short or unarmed) acts before Bo's crossbow-light (missile)",
    )
    expect(brpOrderBroken(turn(['Ann', 'Cy', 'Bo'], weapons), all)).toMatch(
      /Cy's spear-long \(long\) acts before/,
    )
  })

  it('judges no weapon the text gives no example of, nor one who moved past 5 meters (5.3)', () => {
    expect(brpOrderBroken(turn(['Di', 'Bo'], { Di: 'shield-large', Bo: 'crossbow-light' }), all)).toBeNull()
    expect(brpOrderBroken(turn(['Bo', 'Ann'], weapons, { Ann: 10 }), all)).toBeNull()
  })
})

describe('who opens the zones round, against the start (Combat procedure, Sneaking in combat)', () => {
  const opening = (initiative: string, log: unknown[] = []) =>
    ({
      round: 1,
      systemRound: { initiative, phase: log.length ? 'acting' : 'choosing-first', characters: {}, log },
    }) as unknown as TurnState
  const d2 = (face: number) => ({ by: 'Initiative', notation: '1d2', faces: [face] }) as unknown as LogEntry

  it('holds for the side the GM said, the ambushers, and the logged d2', () => {
    expect(zonesStartBroken({ startedBy: 'pc' }, [], opening('party'))).toBeNull()
    expect(zonesStartBroken({ unaware: 'pc' }, [], opening('foes'))).toBeNull()
    expect(zonesStartBroken({}, [d2(2)], opening('foes', [{ type: 'first', faction: 'foes' }]))).toBeNull()
  })

  it('breaks where the round opens with the other side, or the die is rolled where the start was clear', () => {
    expect(zonesStartBroken({ startedBy: 'pc' }, [], opening('foes'))).toBe(
      'round 1 opens with foes, but the start chose party',
    )
    expect(zonesStartBroken({}, [d2(1)], opening('foes', [{ type: 'first', faction: 'foes' }]))).toBe(
      'round 1 opens with foes, but the start chose party (the d2 gave 1)',
    )
    expect(zonesStartBroken({ unaware: 'foe' }, [d2(1)], opening('party'))).toMatch(/yet the room rolled 1d2/)
    expect(zonesStartBroken({}, [], opening('party'))).toMatch(/not one d2/)
  })
})

describe('spelljammer: "This decision must be made at the beginning of the round"', () => {
  const pirate = (stance?: string): Fighter => ({
    id: 'p',
    name: 'Pirate',
    side: 'foe',
    hp: 20,
    maxHp: 20,
    state: stance ? { stance: { kind: stance } } : {},
  })
  const at = (options: string[], fighters: Fighter[], surprised: string[] = []): Snapshot => ({
    turn: {
      status: 'running',
      round: 1,
      order: [{ at: 7, label: 'Segment 7', ids: ['p'] }],
      current: 0,
      acted: [],
      initiative: {},
      surprised,
      systemRound: { intents: { p: { metersMoved: 0, weapon: null, options } } },
    } as unknown as TurnState,
    fighters,
    logLength: 0,
    fresh: [],
    shown: [],
    prompts: [],
  })
  it('holds the stance the declaration gave, and breaks on one it did not give or a prompt offering one', () => {
    expect(
      spelljammerLateStance(
        at(['full-defense'], [pirate()]),
        at(['full-defense'], [pirate('full-defense')]),
        [],
      ),
    ).toBe(null)
    expect(spelljammerLateStance(at([], [pirate()]), at([], [pirate('full-defense')]), [])).toBe(
      "Pirate took full-defense (round 1, segment 7); the round's declaration said []",
    )
    expect(
      spelljammerLateStance(
        at(['full-defense'], [pirate()], ['p']),
        at(['full-defense'], [pirate('full-defense')], ['p']),
        [],
      ),
    ).toMatch(/caught by the ambush/)
    const prompt = { id: 'x', targetId: 'p', options: [{ id: 'defending' }, { id: 'none' }] }
    expect(spelljammerLateStance(at([], [pirate()]), at([], [pirate()]), [prompt as never])).toBe(
      'Pirate was offered defending when attacked (round 1, segment 7)',
    )
  })
})
