import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import {
  canReact,
  initiativeWords,
  mustPass,
  nextRound,
  type RoundAction,
  type RoundState,
  startCombat,
  stepRound,
  turnUnderWay,
} from './round.ts'
import { replayRound } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** A fight started by one faction, with each combatant's own faction. */
const started = (startedBy: string, factions: string[], combatants: Record<string, string>): RoundState =>
  must(
    startCombat({
      factions,
      startedBy,
      combatants: Object.entries(combatants).map(([id, faction]) => ({ id, faction })),
    }),
  )

const bandits = (): RoundState =>
  started('gm', ['players', 'gm'], {
    balthasar: 'players',
    sybilla: 'players',
    theobald: 'players',
    leader: 'gm',
    b1: 'gm',
    b2: 'gm',
    b3: 'gm',
  })

/** A horse, its rider and a passenger on one side ("Mounts and vehicles in combat"). */
const mounted = (): RoundState => started('a', ['a', 'b'], { horse: 'a', rider: 'a', passenger: 'a' })

describe('the zones round', () => {
  it('plays the printed round with the bandits, ending when both factions pass in a row', () => {
    const steps: RoundAction[] = [
      { type: 'choose-first', by: 'gm', first: 'gm' },
      { type: 'take-turn', faction: 'gm', character: 'leader' },
      { type: 'take-turn', faction: 'players', character: 'sybilla' },
      { type: 'take-turn', faction: 'gm', character: 'b1' },
      { type: 'pass', faction: 'players' },
      { type: 'take-turn', faction: 'gm', character: 'b2' },
      { type: 'take-turn', faction: 'players', character: 'balthasar' },
      { type: 'take-turn', faction: 'gm', character: 'b3' },
      { type: 'take-turn', faction: 'players', character: 'theobald' },
    ]
    const beforePasses = must(replayRound(bandits(), steps))
    expect(beforePasses.next).toBe('gm')
    expect(mustPass(beforePasses, 'gm')).toBe(true)
    expect(mustPass(beforePasses, 'players')).toBe(true)
    const gmPassed = must(stepRound(beforePasses, { type: 'pass', faction: 'gm' }))
    expect(gmPassed.phase).toBe('acting')
    const ended = must(stepRound(gmPassed, { type: 'pass', faction: 'players' }))
    expect(ended.phase).toBe('ended')
    expect(ended.log.at(-1)).toEqual({ type: 'end' })
  })

  it('knows whose turn is under way until the next move, or until they end it', () => {
    const leader = must(
      replayRound(bandits(), [
        { type: 'choose-first', by: 'gm', first: 'gm' },
        { type: 'take-turn', faction: 'gm', character: 'leader' },
      ]),
    )
    expect(turnUnderWay(leader)).toBe('leader')
    expect(stepRound(leader, { type: 'end-turn', character: 'sybilla' })).toEqual({
      ok: false,
      error: 'That is not the turn under way.',
    })
    const ended = must(stepRound(leader, { type: 'end-turn', character: 'leader' }))
    expect(turnUnderWay(ended)).toBe(null)
    // Ending a turn is not a move: the players are still next, and nobody passed.
    expect(ended.next).toBe('players')
    expect(ended.passesInRow).toBe(0)
    const sybilla = must(stepRound(leader, { type: 'take-turn', faction: 'players', character: 'sybilla' }))
    expect(turnUnderWay(sybilla)).toBe('sybilla')
    expect(turnUnderWay(must(stepRound(sybilla, { type: 'pass', faction: 'gm' })))).toBe(null)
  })

  it('hides a revealed character again, and refuses to hide one already concealed', () => {
    const ambush = must(
      startCombat({
        factions: ['players', 'gm'],
        startedBy: 'players',
        combatants: [
          { id: 'sybilla', faction: 'players', concealed: true },
          { id: 'b1', faction: 'gm' },
        ],
      }),
    )
    const revealed = must(stepRound(ambush, { type: 'reveal', character: 'sybilla' }))
    expect(revealed.characters.sybilla?.concealed).toBe(false)
    const hidden = must(stepRound(revealed, { type: 'conceal', character: 'sybilla' }))
    expect(hidden.characters.sybilla?.concealed).toBe(true)
    expect(stepRound(hidden, { type: 'conceal', character: 'sybilla' }).ok).toBe(false)
  })

  it('sends play back to the players when the GM acts after their pass, and does not end the round', () => {
    const state = must(
      replayRound(bandits(), [
        { type: 'choose-first', by: 'gm', first: 'gm' },
        { type: 'take-turn', faction: 'gm', character: 'leader' },
        { type: 'pass', faction: 'players' },
        { type: 'take-turn', faction: 'gm', character: 'b1' },
      ]),
    )
    expect(state.passesInRow).toBe(0)
    expect(state.next).toBe('players')
  })

  it('lets only the faction holding the initiative pick who goes first', () => {
    const r = stepRound(bandits(), { type: 'choose-first', by: 'players', first: 'players' })
    expect(r.ok).toBe(false)
    const picked = must(stepRound(bandits(), { type: 'choose-first', by: 'gm', first: 'players' }))
    expect(picked.next).toBe('players')
  })

  it('draws the initiative with a die when nobody clearly started the fight', () => {
    const input = { factions: ['a', 'b'], combatants: [] }
    expect(startCombat(input).ok).toBe(false)
    expect(must(startCombat({ ...input, initiativeDie: 2 })).initiative).toBe('b')
    expect(() => startCombat({ ...input, initiativeDie: 3 })).toThrow()
  })

  it('refuses a second turn for the same character and a turn out of alternation', () => {
    const s = must(
      replayRound(bandits(), [
        { type: 'choose-first', by: 'gm', first: 'gm' },
        { type: 'take-turn', faction: 'gm', character: 'leader' },
        { type: 'pass', faction: 'players' },
      ]),
    )
    const again = stepRound(s, { type: 'take-turn', faction: 'gm', character: 'leader' })
    expect(again).toEqual({ ok: false, error: 'leader has already taken their turn this round.' })
    expect(stepRound(s, { type: 'take-turn', faction: 'players', character: 'sybilla' }).ok).toBe(false)
  })

  it('lets a character react out of turn, which spends their turn, and refuses a reaction after a turn', () => {
    const s = must(
      replayRound(bandits(), [
        { type: 'choose-first', by: 'gm', first: 'players' },
        { type: 'take-turn', faction: 'players', character: 'sybilla' },
        { type: 'react', character: 'b1' },
      ]),
    )
    expect(s.next).toBe('gm')
    expect(canReact(s, 'sybilla')).toEqual({
      ok: false,
      error: "sybilla has already taken their turn this round and can't react.",
    })
    expect(stepRound(s, { type: 'take-turn', faction: 'gm', character: 'b1' }).ok).toBe(false)
    expect(canReact(s, 'b1').ok).toBe(false)
  })

  it('lets a skill grant a second reaction in the round', () => {
    const s = must(
      startCombat({
        factions: ['a', 'b'],
        startedBy: 'a',
        combatants: [{ id: 'x', faction: 'a', extraReactions: 1 }],
      }),
    )
    const once = must(stepRound(s, { type: 'react', character: 'x' }))
    const twice = must(stepRound(once, { type: 'react', character: 'x' }))
    expect(stepRound(twice, { type: 'react', character: 'x' }).ok).toBe(false)
  })

  it('moves a mount and its rider on one turn, while a passenger may keep theirs to react', () => {
    const s = mounted()
    const t = must(
      replayRound(s, [
        { type: 'choose-first', by: 'a', first: 'a' },
        { type: 'take-turn', faction: 'a', character: 'horse', together: ['rider'] },
      ]),
    )
    expect(t.characters.rider?.spent).toBe('turn')
    expect(canReact(t, 'passenger').ok).toBe(true)
  })

  it('lets one of the group act in the turn under way, which spends theirs; one who does nothing keeps it to react', () => {
    const s = mounted()
    expect(stepRound(s, { type: 'join-turn', character: 'rider' }).ok).toBe(false)
    const t = must(
      replayRound(s, [
        { type: 'choose-first', by: 'a', first: 'a' },
        { type: 'take-turn', faction: 'a', character: 'horse' },
        { type: 'join-turn', character: 'rider' },
      ]),
    )
    // "Mounts and riders ... take turn together": the rider's turn is the horse's, still under way.
    expect(t.characters.rider?.spent).toBe('turn')
    expect(turnUnderWay(t)).toBe('horse')
    expect(canReact(t, 'rider').ok).toBe(false)
    // "Individual mounts, riders, and passengers can choose not to do anything and reserve their turn to react."
    expect(canReact(t, 'passenger').ok).toBe(true)
    expect(stepRound(t, { type: 'join-turn', character: 'rider' })).toEqual({
      ok: false,
      error: 'rider has already taken their turn this round.',
    })
  })

  it('gives concealed ambushers a bonus round where only they act and their targets cannot react', () => {
    const s = must(
      startCombat({
        factions: ['a', 'b'],
        startedBy: 'a',
        combatants: [
          { id: 'sneak', faction: 'a', concealed: true },
          { id: 'loud', faction: 'a' },
          { id: 'guard', faction: 'b' },
        ],
      }),
    )
    expect(s.round).toBe(0)
    const first = must(stepRound(s, { type: 'choose-first', by: 'a', first: 'a' }))
    expect(stepRound(first, { type: 'take-turn', faction: 'a', character: 'loud' }).ok).toBe(false)
    expect(canReact(first, 'guard').ok).toBe(false)
    const ended = must(
      replayRound(first, [
        { type: 'take-turn', faction: 'a', character: 'sneak' },
        { type: 'pass', faction: 'b' },
        { type: 'pass', faction: 'a' },
      ]),
    )
    expect(ended.phase).toBe('ended')
    const round1 = must(nextRound(ended))
    expect(round1.round).toBe(1)
    expect(round1.bonusRound).toBe(false)
    expect(round1.characters.sneak?.spent).toBe(null)
  })

  it('needs every one of three factions to pass in a row', () => {
    const s = must(
      replayRound(must(startCombat({ factions: ['a', 'b', 'c'], startedBy: 'c', combatants: [] })), [
        { type: 'choose-first', by: 'c', first: 'b' },
        { type: 'pass', faction: 'b' },
        { type: 'pass', faction: 'c' },
      ]),
    )
    expect(s.phase).toBe('acting')
    expect(s.next).toBe('a')
    expect(must(stepRound(s, { type: 'pass', faction: 'a' })).phase).toBe('ended')
  })

  it('skips characters who are out of the fight', () => {
    const s = must(stepRound(bandits(), { type: 'set-out', character: 'b1', out: true }))
    const r = must(stepRound(s, { type: 'choose-first', by: 'gm', first: 'gm' }))
    expect(stepRound(r, { type: 'take-turn', faction: 'gm', character: 'b1' }).ok).toBe(false)
  })
})

describe('zones: who holds the initiative ("Combat procedure", "Sneaking in combat")', () => {
  const input = {
    factions: ['party', 'foes'],
    combatants: [
      { id: 'mira', faction: 'party' },
      { id: 'bandit', faction: 'foes' },
    ],
  }

  it('"Initiative is held by the faction which started the fight": no die, and the round says so', () => {
    const s = must(startCombat({ ...input, startedBy: 'foes', initiativeDie: 1 }))
    expect(s.initiative).toBe('foes')
    expect(s.initiativeFrom).toEqual({ how: 'started' })
    expect(initiativeWords(s)).toBe('The foes hold the initiative: they started the fight')
  })

  it('"or is assigned randomly if that’s unclear": the die’s face, in words', () => {
    const s = must(startCombat({ ...input, initiativeDie: 1 }))
    expect(s.initiative).toBe('party')
    expect(s.initiativeFrom).toEqual({ how: 'die', face: 1, sides: 2 })
    expect(initiativeWords(s)).toBe(
      'The players hold the initiative: nobody clearly started the fight, and the d2 gave 1',
    )
  })

  it('"Characters who launch an ambush are concealed at the start of the fight": the ambushers started it', () => {
    const ambush = {
      ...input,
      combatants: [
        { id: 'mira', faction: 'party', concealed: true },
        { id: 'bandit', faction: 'foes' },
      ],
    }
    // Unclear to the GM, the ambush says it: no die is needed.
    const s = must(startCombat(ambush))
    expect(s.initiative).toBe('party')
    expect(s.initiativeFrom).toEqual({ how: 'ambush' })
    expect(initiativeWords(s)).toBe('The players hold the initiative: they launched the ambush')
    expect(must(startCombat({ ...ambush, startedBy: 'party' })).initiative).toBe('party')
    expect(startCombat({ ...ambush, startedBy: 'foes' })).toEqual({
      ok: false,
      error:
        'The players lie in wait: they launched the ambush, so they started the fight and hold the initiative.',
    })
    // "The faction holding the initiative can decide which faction acts first at the start of each round":
    // the round after the bonus round is still theirs to open.
    const bonus = must(
      replayRound(s, [
        { type: 'choose-first', by: 'party', first: 'party' },
        { type: 'pass', faction: 'party' },
        { type: 'pass', faction: 'foes' },
      ]),
    )
    const next = must(nextRound(bonus))
    expect(next).toMatchObject({ round: 1, bonusRound: false, initiative: 'party', phase: 'choosing-first' })
    expect(initiativeWords(next)).toBe('The players hold the initiative: they launched the ambush')
  })
})
