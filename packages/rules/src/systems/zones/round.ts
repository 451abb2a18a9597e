/** The zones round as a pure state machine: factions alternate one character's turn or a pass. */
import { fail, type Outcome, ok } from '../../system.ts'
import { assertFace, invariant, unreachable } from './common.ts'

export interface RoundCharacter {
  id: string
  name: string
  faction: string
  /** How this round's turn was spent: a normal turn, a reaction (which takes the whole turn), or not yet. */
  spent: 'turn' | 'reaction' | null
  reactionsUsed: number
  /** Skills that allow more reactions in a round. */
  extraReactions: number
  /** Incapacitated, dead, fled: skipped by the round. */
  out: boolean
  /** Concealed characters alone act in the bonus round of an ambush. */
  concealed: boolean
  /** What is left of the turn they are taking now, in words ("1 zone and a bonus action"); set by the table. */
  left?: string
}

/** The faction started the fight, launched the ambush, or won the die (its face, on a die of `sides`). */
export type InitiativeFrom =
  | { how: 'started' }
  | { how: 'ambush' }
  | { how: 'die'; face: number; sides: number }

export type RoundPhase = 'choosing-first' | 'acting' | 'ended'

export interface RoundState {
  /** 0 is the ambush bonus round; the first normal round is 1. */
  round: number
  bonusRound: boolean
  /** The order factions alternate in, from the first chosen. */
  factions: string[]
  /** The faction that started the fight (or won the random draw): it picks who goes first each round. */
  initiative: string
  /** How the initiative came to it, for every screen's words (`initiativeWords`); absent in older rounds. */
  initiativeFrom?: InitiativeFrom
  phase: RoundPhase
  /** Whose move it is: take one character's turn or pass. Null before the first pick and after the end. */
  next: string | null
  passesInRow: number
  characters: Record<string, RoundCharacter>
  log: RoundEvent[]
}

export type RoundEvent =
  | { type: 'first'; faction: string }
  | { type: 'turn'; faction: string; character: string; together: string[] }
  /** `reason`: passed by the table because nobody of the faction could act, in words. */
  | { type: 'pass'; faction: string; reason?: string }
  | { type: 'reaction'; character: string }
  /** The character whose turn it was is done with it (nothing left, or they stopped). */
  | { type: 'turn-ended'; character: string }
  /** A mount, rider or passenger acted in the turn their group is taking. */
  | { type: 'joined'; character: string }
  | { type: 'out'; character: string; out: boolean }
  | { type: 'revealed'; character: string }
  | { type: 'concealed'; character: string }
  | { type: 'end' }

export type RoundAction =
  | { type: 'choose-first'; by: string; first: string }
  /** One character takes their turn; `together` are mounts, riders or passengers acting with them. */
  | { type: 'take-turn'; faction: string; character: string; together?: string[] }
  | { type: 'pass'; faction: string; reason?: string }
  /** A reaction out of the normal sequence; it spends that character's turn for the round. */
  | { type: 'react'; character: string }
  /** The character who took the last turn is done with it: the rest of it is given up. */
  | { type: 'end-turn'; character: string }
  /**
   * "Mounts and riders ... take turn together": one of the group acts in the turn under way, which
   * spends their turn too. One who does nothing in it keeps their turn to react.
   */
  | { type: 'join-turn'; character: string }
  /** Incapacitated, killed, fled (or back in the fight). */
  | { type: 'set-out'; character: string; out: boolean }
  /** A concealed character makes noise or becomes visible. */
  | { type: 'reveal'; character: string }
  /** One who was out of sight for a while, or had a major distraction, hides again. */
  | { type: 'conceal'; character: string }

export interface CombatantEntry {
  id: string
  name?: string
  faction: string
  extraReactions?: number
  concealed?: boolean
}

export interface StartCombat {
  /** Every faction in the fight, in the order they alternate. At least two. */
  factions: string[]
  combatants: CombatantEntry[]
  /** The faction that started the fight, when that is clear. */
  startedBy?: string
  /** Otherwise initiative is random: a die with one face per faction, in `factions` order. */
  initiativeDie?: number
}

/** A combatant as the round tracks them, in the fight and with their turn still to take. */
export function roundCharacter(c: CombatantEntry): RoundCharacter {
  return {
    id: c.id,
    name: c.name ?? c.id,
    faction: c.faction,
    spent: null,
    reactionsUsed: 0,
    extraReactions: c.extraReactions ?? 0,
    out: false,
    concealed: c.concealed ?? false,
  }
}

/**
 * Opens the fight. "Initiative is held by the faction which started the fight, or is assigned randomly
 * if that's unclear": the random draw is a die face passed in, one face per faction. Concealed
 * characters (an ambush) get a bonus round 0 during which only they can act.
 */
export function startCombat(input: StartCombat): Outcome<RoundState> {
  const { factions, combatants } = input
  if (factions.length < 2) return fail('A fight needs at least two factions.')
  if (new Set(factions).size !== factions.length) return fail('Each faction can only be listed once.')
  const characters: Record<string, RoundCharacter> = {}
  for (const c of combatants) {
    if (!factions.includes(c.faction)) return fail(`${c.name ?? c.id} belongs to no faction in this fight.`)
    if (characters[c.id]) return fail(`${c.name ?? c.id} is listed twice.`)
    characters[c.id] = roundCharacter(c)
  }
  // "Characters who launch an ambush are concealed at the start of the fight": those lying in wait
  // started it, and hold the initiative ("Initiative is held by the faction which started the fight").
  const lyingInWait = [...new Set(combatants.filter((c) => c.concealed).map((c) => c.faction))]
  const ambushers = lyingInWait.length === 1 ? lyingInWait[0] : undefined
  if (ambushers !== undefined && input.startedBy !== undefined && input.startedBy !== ambushers) {
    return fail(
      `${capitalized(sideName(ambushers))} lie in wait: they launched the ambush, so they started the fight and hold the initiative.`,
    )
  }
  const startedBy = input.startedBy ?? ambushers
  let initiative: string
  let initiativeFrom: InitiativeFrom
  if (startedBy !== undefined) {
    if (!factions.includes(startedBy)) return fail('The faction that started the fight is not in it.')
    initiative = startedBy
    initiativeFrom = { how: ambushers === undefined ? 'started' : 'ambush' }
  } else {
    if (input.initiativeDie === undefined) {
      return fail(
        'Nobody clearly started the fight: roll a die with one face per faction for the initiative.',
      )
    }
    assertFace(input.initiativeDie, factions.length, 'initiative die')
    initiative = factions[input.initiativeDie - 1] as string
    initiativeFrom = { how: 'die', face: input.initiativeDie, sides: factions.length }
  }
  const bonusRound = combatants.some((c) => c.concealed)
  return ok({
    round: bonusRound ? 0 : 1,
    bonusRound,
    factions: [...factions],
    initiative,
    initiativeFrom,
    phase: 'choosing-first',
    next: null,
    passesInRow: 0,
    characters,
    log: [],
  })
}

const who = (c: RoundCharacter) => c.name

/** A faction as the table says it: the players' party and the GM's foes (other ids as they are). */
export const sideName = (faction: string) =>
  faction === 'party' ? 'the players' : faction === 'foes' ? 'the foes' : faction

const capitalized = (words: string) => `${words[0]?.toUpperCase()}${words.slice(1)}`

/**
 * Who holds the initiative and why, for every screen ("The players hold the initiative: they started the
 * fight"); null for a round that does not say how it came to them.
 */
export function initiativeWords(state: RoundState): string | null {
  const from = state.initiativeFrom
  if (!from) return null
  const why =
    from.how === 'started'
      ? 'they started the fight'
      : from.how === 'ambush'
        ? 'they launched the ambush'
        : `nobody clearly started the fight, and the d${from.sides} gave ${from.face}`
  return `${capitalized(sideName(state.initiative))} hold the initiative: ${why}`
}

/** Whose move it is, in words, to the side that tried to move out of turn. */
const notYourMove = (next: string | null) =>
  `It is not your side’s move: ${next ? `${sideName(next)} act or pass first` : 'wait for the next move'}.`

/** Whether this character may take a normal turn now (ignoring whose move it is). */
export function canTakeTurn(state: RoundState, id: string): boolean {
  const c = state.characters[id]
  return !!c && !c.out && c.spent === null && (!state.bonusRound || c.concealed)
}

/** A faction with nobody left to act must pass ("The GM must pass because all bandits have taken their turn"). */
export function mustPass(state: RoundState, faction: string): boolean {
  return !Object.values(state.characters).some((c) => c.faction === faction && canTakeTurn(state, c.id))
}

/** Why a faction must pass, in the table's words ("nobody of the foes can act: ..."). */
export function whyMustPass(state: RoundState, faction: string): string {
  const members = Object.values(state.characters).filter((c) => c.faction === faction)
  const why =
    members.length === 0
      ? 'they have nobody in the fight'
      : state.bonusRound && members.every((c) => c.out || !c.concealed)
        ? 'only the concealed act in the ambush’s bonus round'
        : members.every((c) => c.out)
          ? 'all are out of the fight'
          : 'each has taken their turn, reacted or is out of the fight'
  return `${capitalized(sideName(faction))} pass: ${why}.`
}

/**
 * Whether a character can react now. A reaction takes the whole turn, so a character who already took
 * their turn this round cannot react; one who reacted can react again only with a skill that allows it.
 */
export function canReact(state: RoundState, id: string): Outcome<true> {
  const c = state.characters[id]
  if (!c) return fail('That character is not in this fight.')
  if (c.out) return fail(`${who(c)} is out of the fight and can't react.`)
  if (state.bonusRound && !c.concealed) return fail(`${who(c)} is taken by surprise and can't react.`)
  if (c.spent === 'turn') return fail(`${who(c)} has already taken their turn this round and can't react.`)
  if (c.spent === 'reaction' && c.reactionsUsed >= 1 + c.extraReactions) {
    return fail(`${who(c)} has already used their reaction this round.`)
  }
  return ok(true)
}

/** The round with one character changed and what happened logged. */
function changed(
  state: RoundState,
  c: RoundCharacter,
  to: Partial<RoundCharacter>,
  e: RoundEvent,
): RoundState {
  return { ...state, characters: { ...state.characters, [c.id]: { ...c, ...to } }, log: [...state.log, e] }
}

function advance(state: RoundState, faction: string): string {
  const i = state.factions.indexOf(faction)
  return state.factions[(i + 1) % state.factions.length] as string
}

/** Applies one table action; an illegal one comes back as a sentence and leaves the state as it was. */
export function stepRound(state: RoundState, action: RoundAction): Outcome<RoundState> {
  switch (action.type) {
    case 'choose-first': {
      if (state.phase !== 'choosing-first')
        return fail('The first faction has already been chosen this round.')
      if (action.by !== state.initiative)
        return fail(`Only the faction holding the initiative picks who goes first.`)
      if (!state.factions.includes(action.first)) return fail('That faction is not in this fight.')
      const i = state.factions.indexOf(action.first)
      const factions = [...state.factions.slice(i), ...state.factions.slice(0, i)]
      return ok({
        ...state,
        factions,
        phase: 'acting',
        next: action.first,
        log: [...state.log, { type: 'first', faction: action.first }],
      })
    }
    case 'take-turn': {
      if (state.phase !== 'acting') return fail(notActing(state))
      if (action.faction !== state.next) return fail(notYourMove(state.next))
      const ids = [action.character, ...(action.together ?? [])]
      const characters = { ...state.characters }
      for (const id of ids) {
        const c = state.characters[id]
        if (!c) return fail('That character is not in this fight.')
        if (id === action.character && c.faction !== action.faction) {
          return fail(`${who(c)} is not one of ${sideName(action.faction)}.`)
        }
        if (c.out) return fail(`${who(c)} is out of the fight and can't take a turn.`)
        if (state.bonusRound && !c.concealed) return fail(`Only concealed characters act in the bonus round.`)
        if (c.spent === 'turn') return fail(`${who(c)} has already taken their turn this round.`)
        if (c.spent === 'reaction') return fail(`${who(c)} spent this round's turn on a reaction.`)
        characters[id] = { ...c, spent: 'turn' }
      }
      return ok({
        ...state,
        characters,
        next: advance(state, action.faction),
        passesInRow: 0,
        log: [
          ...state.log,
          {
            type: 'turn',
            faction: action.faction,
            character: action.character,
            together: action.together ?? [],
          },
        ],
      })
    }
    case 'pass': {
      if (state.phase !== 'acting') return fail(notActing(state))
      if (action.faction !== state.next) return fail(notYourMove(state.next))
      const passesInRow = state.passesInRow + 1
      const ended = passesInRow >= state.factions.length
      const log: RoundEvent[] = [
        ...state.log,
        { type: 'pass', faction: action.faction, ...(action.reason ? { reason: action.reason } : {}) },
      ]
      if (ended) log.push({ type: 'end' })
      return ok({
        ...state,
        passesInRow,
        phase: ended ? 'ended' : 'acting',
        next: ended ? null : advance(state, action.faction),
        log,
      })
    }
    case 'react': {
      if (state.phase === 'ended') return fail('The round is over; reactions wait for the next one.')
      const can = canReact(state, action.character)
      if (!can.ok) return can
      const c = state.characters[action.character]
      invariant(c, 'reacting character vanished')
      const reacted = { spent: 'reaction', reactionsUsed: c.reactionsUsed + 1 } as const
      return ok(changed(state, c, reacted, { type: 'reaction', character: c.id }))
    }
    case 'join-turn': {
      const c = state.characters[action.character]
      if (!c) return fail('That character is not in this fight.')
      if (state.phase !== 'acting' || turnUnderWay(state) === null)
        return fail(`${who(c)} can only act in a turn under way.`)
      if (c.out) return fail(`${who(c)} is out of the fight and can't take a turn.`)
      if (c.spent === 'turn') return fail(`${who(c)} has already taken their turn this round.`)
      if (c.spent === 'reaction') return fail(`${who(c)} spent this round's turn on a reaction.`)
      return ok(changed(state, c, { spent: 'turn' }, { type: 'joined', character: c.id }))
    }
    case 'end-turn': {
      if (turnUnderWay(state) !== action.character) return fail('That is not the turn under way.')
      return ok({ ...state, log: [...state.log, { type: 'turn-ended', character: action.character }] })
    }
    case 'set-out': {
      const c = state.characters[action.character]
      if (!c) return fail('That character is not in this fight.')
      return ok(changed(state, c, { out: action.out }, { type: 'out', character: c.id, out: action.out }))
    }
    case 'reveal': {
      const c = state.characters[action.character]
      if (!c) return fail('That character is not in this fight.')
      if (!c.concealed) return fail(`${who(c)} is not concealed.`)
      return ok(changed(state, c, { concealed: false }, { type: 'revealed', character: c.id }))
    }
    case 'conceal': {
      const c = state.characters[action.character]
      if (!c) return fail('That character is not in this fight.')
      if (c.concealed) return fail(`${who(c)} is already concealed.`)
      return ok(changed(state, c, { concealed: true }, { type: 'concealed', character: c.id }))
    }
    default:
      return unreachable(action)
  }
}

/**
 * The character whose turn is under way: the one the last move took a turn with, until the next move
 * (another turn, a pass) or until they end it. Null between turns.
 */
export function turnUnderWay(state: RoundState): string | null {
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i] as RoundEvent
    if (e.type === 'turn-ended') return null
    if (e.type === 'turn') return e.character
    if (e.type === 'pass' || e.type === 'first' || e.type === 'end') return null
  }
  return null
}

function notActing(state: RoundState): string {
  return state.phase === 'ended'
    ? 'The round is over: check morale, then start the next round.'
    : 'The faction holding the initiative must first pick who goes first.'
}

/**
 * Starts the next round once this one has ended (and morale has been checked, see morale.ts): everyone
 * may act again, and the initiative faction picks who goes first again.
 */
export function nextRound(state: RoundState): Outcome<RoundState> {
  if (state.phase !== 'ended')
    return fail('The round is still going: every faction must pass in a row to end it.')
  const characters: Record<string, RoundCharacter> = {}
  for (const [id, c] of Object.entries(state.characters))
    characters[id] = { ...c, spent: null, reactionsUsed: 0 }
  return ok({
    ...state,
    round: state.round + 1,
    bonusRound: false,
    phase: 'choosing-first',
    next: null,
    passesInRow: 0,
    characters,
    log: [],
  })
}
