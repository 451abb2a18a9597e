import type { TurnState } from '@fray/protocol'
import { IDLE_TURN, SYSTEMS, type zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { monstersDone } from './monsters-turn.ts'
import { loadRules } from './rules.ts'
import type { Combatant } from './table.ts'
import { describeTurn as describe_, noActionNow, turnKey } from './turn.ts'

const combatants: Combatant[] = [
  { id: 'm', name: 'Mira', hp: 8, maxHp: 8, side: 'pc' },
  { id: 'g', name: 'Goblin', hp: 5, maxHp: 5, side: 'foe' },
]
const rolling: TurnState = {
  ...IDLE_TURN,
  status: 'initiative',
  round: 1,
  systemRound: { intents: {} },
  waiting: { m: 'initiative' },
}

type Factions = zones.RoundState
/** What zones says of its round (`ScreenRules.turn.view`): the banner's words, whose side moves, the tracker. */
const view = SYSTEMS.zones.turn.view
/** The banner as a screen of the room's system shows it (zones' rounds have words of their own). */
const describeTurn = (turn: TurnState, all: Combatant[], mine?: string) => describe_(turn, all, mine, view)
const factionToMove = (turn: TurnState) => view?.sides?.toMove(turn)
const zonesTurn = (turn: TurnState, factions: Factions): TurnState => ({ ...turn, systemRound: factions })

/** zones, round 1: the foes move; `characters` as given. */
const foesRound = (characters: Factions['characters'] = {}): Factions => ({
  round: 1,
  bonusRound: false,
  factions: ['party', 'foes'],
  initiative: 'foes',
  phase: 'acting',
  next: 'foes',
  passesInRow: 0,
  characters,
  log: [],
})
/** That round running, with Goblin acting for the foes. */
function foesActing(characters: Factions['characters'] = {}): TurnState {
  return { ...IDLE_TURN, status: 'running', round: 1, systemRound: foesRound(characters), acting: ['g'] }
}

describe('the turn as a viewer reads it', () => {
  it('waits for the GM while a timed event is due: nobody’s turn, no side moves', () => {
    const due = [{ id: 'e', label: 'The ceiling falls', round: 2 }]
    const zones = { ...foesActing(), due, acting: [] }
    expect(describeTurn(zones, combatants, 'm')).toEqual({
      text: 'Waiting for the GM: The ceiling falls',
      detail: 'Round 1 · a timed event came up',
      yours: false,
    })
    expect(factionToMove(zones)).toBeNull()
    expect(factionToMove(foesActing())).toBe('foes')
    expect(describeTurn({ ...rolling, due }, combatants, 'm').text).toBe(
      'Waiting for the GM: The ceiling falls',
    )
  })

  it('says initiative is being rolled, not intents stated, in a system whose rounds open with dice', () => {
    expect(describeTurn(rolling, combatants).text).toBe('Round 1: rolling initiative')
    expect(describeTurn(rolling, combatants, 'm')).toEqual({ text: 'Roll initiative!', yours: true })
    expect(describeTurn(rolling, combatants, 'g').yours).toBe(false)
  })

  it('asks for a Statement of Intent where the round waits for one', () => {
    const stating: TurnState = { ...rolling, waiting: { m: 'intent', g: 'intent' } }
    expect(describeTurn(stating, combatants).text).toBe('Round 1: stating intents')
    expect(describeTurn(stating, combatants, 'm')).toEqual({ text: 'State your intent!', yours: true })
  })

  it('is your turn only while the turn model says you act', () => {
    const running: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: 2,
      order: [{ ids: ['m', 'g'], label: 'Initiative 5' }],
      acting: ['g'],
    }
    expect(describeTurn(running, combatants, 'g').text).toBe('Your turn')
    // Mira has ended her turn (or fell): the slot is still up, but it is no longer hers, nor her name's.
    expect(describeTurn(running, combatants, 'm')).toMatchObject({ text: 'Goblin is acting', yours: false })
    // Everyone in it is done, and an answer to one of its attacks is awaited: the slot is named.
    expect(describeTurn({ ...running, acting: [] }, combatants).text).toBe('Mira and Goblin are acting')
  })

  // #54: "the turn's words say what is left" (odnd's 3rd-level fighter against normal men).
  it('tells the one acting how many attacks are left of their turn, once there is more than one or one made', () => {
    const running: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: 1,
      order: [{ ids: ['m'], label: 'Multiple attacks: first' }],
      acting: ['m'],
      attacksLeft: { m: 2 },
    }
    expect(describeTurn(running, combatants, 'm').detail).toBe(
      'Round 1 · Multiple attacks: first · 2 attacks left',
    )
    const one = { ...running, attacks: { m: 1 }, attacksLeft: { m: 1 } }
    expect(describeTurn(one, combatants, 'm').detail).toMatch(/ · 1 attack left$/)
    const none = { ...running, attacks: { m: 2 }, attacksLeft: { m: 0 } }
    expect(describeTurn(none, combatants, 'm').detail).toMatch(/ · no attack left$/)
    // A turn of one attack, not yet made, says nothing of it; nor is it said to anyone else.
    expect(describeTurn({ ...running, attacksLeft: { m: 1 } }, combatants, 'm').detail).toBe(
      'Round 1 · Multiple attacks: first',
    )
    expect(describeTurn(running, combatants, 'g').detail).not.toMatch(/left/)
  })

  // #54: "monsters' slots never end by themselves as players' do".
  it('says the monsters’ part of a turn is done once every one acting is a monster with nothing left', () => {
    const running: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: 1,
      order: [{ ids: ['m', 'g'], label: 'Initiative 4' }],
      acting: ['g'],
      attacksLeft: { g: 0 },
    }
    expect(monstersDone(running, combatants, 0)).toBe(true)
    // An attack still waiting for its answer, an attack left, or a player still acting: not yet.
    expect(monstersDone(running, combatants, 1)).toBe(false)
    expect(monstersDone({ ...running, attacksLeft: { g: 1 } }, combatants, 0)).toBe(false)
    expect(monstersDone({ ...running, acting: ['m', 'g'], attacksLeft: { m: 0, g: 0 } }, combatants, 0)).toBe(
      false,
    )
    // zones: the monster's main action taken, a move left.
    expect(monstersDone({ ...running, attacksLeft: { g: 1 }, mainDone: ['g'] }, combatants, 0)).toBe(true)
    expect(monstersDone({ ...running, acting: [] }, combatants, 0)).toBe(false)
  })

  it('tells the one on deck they are next, and nobody else', () => {
    const running: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: 1,
      order: [
        { ids: ['g'], label: 'Initiative 6' },
        { ids: ['m'], label: 'Initiative 3' },
      ],
      acting: ['g'],
    }
    expect(describeTurn(running, combatants, 'm')).toMatchObject({ next: true, yours: false })
    expect(describeTurn(running, combatants, 'm').detail).toMatch(/^You’re next · Round 1/)
    expect(describeTurn(running, combatants, 'g').next).toBe(false)
    expect(describeTurn({ ...running, current: 1, acting: ['m'] }, combatants, 'm').next).toBe(false)
  })

  it('says why a side with nobody able to act passed by itself', () => {
    const f = { id: 'g', name: 'Goblin', faction: 'foes', spent: 'turn' as const, reactionsUsed: 0 }
    const factions: Factions = {
      ...foesRound({ g: { ...f, extraReactions: 0, out: false, concealed: false } }),
      initiative: 'party',
      next: 'party',
      passesInRow: 1,
      log: [{ type: 'pass', faction: 'foes', reason: 'The foes pass: each has taken their turn.' }],
    }
    const running: TurnState = { ...IDLE_TURN, status: 'running', round: 1, systemRound: factions }
    expect(describeTurn(running, combatants).detail).toBe(
      'Round 1 · 1 pass in a row · The foes pass: each has taken their turn.',
    )
    // A side's own pass needs no reason.
    const own = { ...factions, log: [{ type: 'pass' as const, faction: 'foes' }] }
    expect(describeTurn(zonesTurn(running, own), combatants).detail).toBe('Round 1 · 1 pass in a row')
  })

  it('names the one a side chose to everyone else while they act (zones)', () => {
    const running = foesActing()
    expect(describeTurn(running, combatants, 'm').detail).toBe('Goblin is acting · Round 1')
    expect(describeTurn(running, combatants, 'g').detail).toBe('Round 1')
  })

  it('tells a zones player whose side moves next, while they can still act, and not once they cannot', () => {
    const me = {
      id: 'm',
      name: 'Mira',
      faction: 'party',
      reactionsUsed: 0,
      extraReactions: 0,
      concealed: false,
    }
    const running = foesActing({ m: { ...me, spent: null, out: false } })
    const factions = running.systemRound as Factions
    expect(describeTurn(running, combatants, 'm')).toMatchObject({ next: true, yours: false })
    expect(describeTurn(running, combatants, 'm').detail).toBe(
      'Your side is next · Goblin is acting · Round 1',
    )
    const spent = { ...factions, characters: { m: { ...me, spent: 'turn' as const, out: false } } }
    expect(describeTurn(zonesTurn(running, spent), combatants, 'm').next).toBe(false)
    const out = { ...factions, characters: { m: { ...me, spent: null, out: true } } }
    expect(describeTurn(zonesTurn(running, out), combatants, 'm').next).toBe(false)
    expect(describeTurn(zonesTurn(running, { ...factions, next: 'party' }), combatants, 'm').next).toBe(false)
  })

  it('marks on the zones tracker who is out of the fight, as well as who has acted', () => {
    const c = {
      id: 'g',
      name: 'Goblin',
      faction: 'foes',
      reactionsUsed: 0,
      extraReactions: 0,
      concealed: false,
    }
    const trackerState = (g: Factions['characters'][string]) => {
      const row = view?.sides?.tracker(foesActing({ g }))[0]
      return row && { note: row.note, done: row.done }
    }
    expect(trackerState({ ...c, spent: null, out: false })).toEqual({ note: '', done: false })
    expect(trackerState({ ...c, spent: 'turn', out: false })).toEqual({ note: 'has acted', done: true })
    expect(trackerState({ ...c, spent: null, out: true })).toEqual({ note: 'out of the fight', done: true })
    expect(trackerState({ ...c, spent: 'turn', out: true })).toEqual({ note: 'out of the fight', done: true })
    // The turn under way says what is left of it, as the rules counted it.
    expect(trackerState({ ...c, spent: 'turn', out: false, left: '1 zone and a bonus action' })).toEqual({
      note: 'acting: 1 zone and a bonus action left',
      done: false,
    })
  })

  it('tells the one whose turn is under way what is left of it', () => {
    const g = {
      id: 'g',
      name: 'Goblin',
      faction: 'foes',
      spent: 'turn' as const,
      reactionsUsed: 0,
      extraReactions: 0,
      out: false,
      concealed: false,
      left: '1 zone',
    }
    expect(describeTurn(foesActing({ g }), combatants, 'g')).toEqual({
      text: 'Your turn',
      detail: 'Left: 1 zone · Round 1',
      yours: true,
    })
  })

  it('names the phase the turn model says is under way (brp 5.1)', () => {
    const phase = (n: number, name: string, allows: string) => ({
      id: 'movement' as const,
      label: `Phase ${n} of 4: ${name}`,
      allows,
    })
    const stating: TurnState = {
      ...rolling,
      waiting: { m: 'intent', g: 'intent' },
      phaseNow: phase(1, 'Statement of Intent', 'Nobody acts yet.'),
    }
    expect(describeTurn(stating, combatants)).toMatchObject({
      detail: 'Phase 1 of 4: Statement of Intent · the highest DEX states first',
    })
    expect(describeTurn(stating, combatants, 'm')).toMatchObject({
      text: 'State your intent!',
      detail: 'Phase 1 of 4: Statement of Intent',
    })
    const order = [{ ids: ['m'], label: 'DEX rank 10', at: 10 }]
    const base = { ...IDLE_TURN, status: 'running' as const, round: 1, order }
    const moving: TurnState = {
      ...base,
      systemRound: { phase: 'movement', intents: { m: { metersMoved: 10, weapon: null } } },
      phaseNow: phase(2, 'Movement', 'Nobody attacks yet.'),
    }
    expect(describe_(moving, combatants, 'm', SYSTEMS.brp.turn.view)).toMatchObject({
      text: 'Move your 10 m now',
      detail: 'Phase 2 of 4: Movement · Mira 10 m · then the Actions in DEX order',
    })
    const acting: TurnState = { ...base, acting: ['m'], phaseNow: phase(3, 'Actions', 'Each acts.') }
    expect(describeTurn(acting, combatants, 'm')).toMatchObject({
      detail: 'Round 1 · Phase 3 of 4: Actions · DEX rank 10',
    })
    // Every slot done, an attack still waiting for its defender: the Resolution, before anyone dies.
    const resolving = { ...acting, current: 1, acting: [], phaseNow: phase(4, 'Resolution', 'Then death.') }
    expect(describeTurn(resolving, combatants, 'm')).toMatchObject({
      text: 'Round 1',
      detail: 'Phase 4 of 4: Resolution',
    })
    // A round with no phases names none.
    expect(describeTurn({ ...acting, phaseNow: undefined }, combatants, 'm').detail).toBe(
      'Round 1 · DEX rank 10',
    )
  })

  it('keys the turn so that a refusal answered before it moved on can be let go', () => {
    const running: TurnState = { ...IDLE_TURN, status: 'running', round: 2, order: [], current: 0 }
    expect(turnKey(running, view)).toBe(turnKey({ ...running, acting: ['m'] }, view))
    expect(turnKey(running, view)).not.toBe(turnKey({ ...running, current: 1 }, view))
    expect(turnKey(running, view)).not.toBe(turnKey({ ...running, round: 3 }, view))
    // A side's move in faction play (zones) moves it on too.
    const foes = foesActing()
    const moved = { ...(foes.systemRound as Factions), log: [{ type: 'pass' as const, faction: 'foes' }] }
    expect(turnKey(foes, view)).not.toBe(turnKey(zonesTurn(foes, moved), view))
  })
})

const mira = (conditions: unknown[] = []): Combatant => ({
  id: 'mira',
  name: 'Mira',
  side: 'pc',
  hp: 8,
  maxHp: 8,
  state: { conditions },
})
const goblin: Combatant = { id: 'gob', name: 'Goblin', side: 'foe', hp: 6, maxHp: 6 }

describe('a turn the rules leave nothing to do in', () => {
  it('says why (osr reloading: "no other action"), and is null while anything is offered', async () => {
    const osr = await loadRules('osr')
    const now = (c: Combatant) => noActionNow(osr, c, IDLE_TURN, [c, goblin])
    expect(now(mira([{ kind: 'reloading', rounds: 1 }]))).toBe(
      'Reloading takes the whole round: no other action, not even moving.',
    )
    expect(now(mira())).toBeNull()
    // A dropped weapon takes the attack only: parrying and the like are offered.
    expect(now(mira([{ kind: 'no-attack', reason: 'weapon dropped' }]))).toBeNull()
  })
})
