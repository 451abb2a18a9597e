/**
 * The turn model of systems that order a round into slots (initiative in osr, odnd and spelljammer, DEX
 * ranks in brp): written once here, with each system's facts as hooks from its own folder. Who is out
 * of the fight never gets a slot, a turn ends when its attacks are spent, and the round never moves past
 * an attack still waiting for its defender.
 */
import { unreachable } from '../assert.ts'
import { fail, type Outcome, ok } from '../outcome.ts'
import type { MomentScale, PhaseInfo, RoundPhaseId } from '../system.ts'
import { orderedRound, orderedView, withOrderedRound } from './ordered-round.ts'
import type {
  InitiativeRoll,
  Intent,
  IntentRules,
  SpentPlace,
  SurpriseOutcome,
  SurpriseSetup,
  TurnAction,
  TurnContext,
  TurnRules,
  TurnSettings,
  TurnSlot,
  TurnState,
  TurnStep,
} from './turn.ts'
import { countAttack, IDLE_TURN, NO_SURPRISE, type RoundView, waitingWords } from './turn.ts'
import type { Fighter } from './types.ts'

/** What a slot-ordered system says about its rounds. */
export interface OrderedHooks {
  /**
   * The dice a combatant rolls for initiative, in order; [] where the order needs no roll. Where rounds
   * open with a declaration, `intent` is theirs (or what one who declared nothing does): it can change them.
   */
  initiativeDice(f: Fighter, intent?: Intent): Outcome<number[]>
  /** Scores a combatant's initiative faces (after their declaration, if any), with the breakdown for the log. */
  scoreInitiative(f: Fighter, faces: readonly number[], intent?: Intent): Outcome<InitiativeRoll>
  /** Whether this combatant still has to roll (default: until they have). One roll per side says no. */
  needsInitiative?(f: Fighter, all: readonly Fighter[], turn: TurnState, settings: TurnSettings): boolean
  /** Whom one's roll stands for, where one die is rolled for a group (kept with the roll as `covers`). */
  covers?(f: Fighter, all: readonly Fighter[], turn: TurnState, settings: TurnSettings): string[] | undefined
  /** The order of the round once everyone who rolls has rolled (and stated their intent). */
  order(
    participants: readonly Fighter[],
    turn: TurnState,
    settings: TurnSettings,
    all: readonly Fighter[],
  ): Outcome<TurnSlot[]>
  /** Whether initiative is rolled again every round. */
  rerollEachRound(settings: TurnSettings): boolean
  /** Whom the GM's "roll for the foes" rolls for (default: every foe who has not rolled). */
  foeRollers?(foes: readonly Fighter[]): Fighter[]
  /** The round's named phases in their order (brp 5.1): the turn carries the one under way (`phaseNow`). */
  phases?: readonly PhaseInfo[]
  /**
   * Where rounds open with a declaration: brp's Statement of Intent (instead of initiative dice), or
   * spelljammer's Action Declaration (before them: one rolls once one has declared).
   */
  intents?: IntentRules & {
    /** Those whose declared movement leaves them only defenses this round. */
    defendOnly(participants: readonly Fighter[], intents: Readonly<Record<string, Intent>>): string[]
    /** The order the round awaits their statements in (brp 5.2: highest DEX first); `waiting` keeps it. */
    statementOrder?(participants: readonly Fighter[]): Fighter[]
  }
  /** Surprise when a fight starts, with the room's dice. */
  surprise(
    fighters: readonly Fighter[],
    setup: SurpriseSetup,
    roll: (sides: number) => number,
  ): Outcome<SurpriseOutcome>
  attacksPerTurn(f: Fighter): number
  /**
   * What the rules leave of one's attacks in the slot under way, where they count them by the round, not
   * the turn (odnd: against the foes still in the fight, less those made this round); `later`: one acts
   * again later in the round. Absent, `attacksPerTurn` less those made in this slot. A slot of one with
   * none left who has made none in it goes by without them (odnd's last beat, every attack made).
   */
  attacksLeft?(f: Fighter, turn: TurnState, on: { foes: readonly Fighter[]; later: boolean }): number
  /**
   * One the rules count out who still makes their attack in their slot under way (odnd's "anyone killed
   * in that round still gets their attack", ENCOUNTER ORDER 6); absent where the fallen never act.
   */
  stillStrikes?(f: Fighter): boolean
  /** What the round says of this attack (see `TurnRules.facts`). */
  facts?(turn: TurnState, attacker: Fighter, target: Fighter): string[]
  /** The toggles the room knows apply to this attack now (see `TurnRules.known`). */
  known?(turn: TurnState, attacker: Fighter, target: Fighter): string[]
  /** How the numbers of the order's slots are named (see `TurnRules.moments`). */
  moments?: MomentScale
  /** The segment clock, where the round runs on one (see `TurnRules.segmentClock`). */
  segmentClock?(turn: TurnState, roundOver: boolean): number
  /**
   * Whether `id` may hold their action for `until`, as the order stands (osr 17.0.1.6: only for one who
   * acts later); absent where the system's text has no hold onto another's number.
   */
  hold?(order: readonly TurnSlot[], id: string, until: string): Outcome<true>
  /** What the system says of its round (see `TurnRules.view`); absent, what every ordered round says. */
  view?: RoundView
}

/**
 * The phase of a round under way, where rounds run in phases (brp 5.1): the Statement of Intent while the
 * round waits for intents, then the turn model's Movement and Actions, and the Resolution once the last
 * slot is done (the round ends as soon as no attack waits for its defender). Null when no round runs.
 */
function phaseOf(turn: TurnState): RoundPhaseId | null {
  if (turn.status === 'initiative') return 'statement-of-intent'
  if (turn.status !== 'running') return null
  if (orderedRound(turn).phase === 'movement') return 'movement'
  return turn.current < turn.order.length ? 'actions' : 'resolution'
}

/** The phase under way among a system's phases, as the turn carries it (`TurnState.phaseNow`); absent when none. */
export function phaseWords(turn: TurnState, phases: readonly PhaseInfo[]): TurnState['phaseNow'] {
  const id = phaseOf(turn)
  const at = phases.findIndex((p) => p.id === id)
  const info = phases[at]
  return (
    info && { id: info.id, label: `Phase ${at + 1} of ${phases.length}: ${info.name}`, allows: info.allows }
  )
}

/** Those who take part in the round: not out of the fight, and not caught by surprise in round 1. */
function participants(turn: TurnState, ctx: TurnContext): Fighter[] {
  return ctx.fighters.filter(
    (f) => !ctx.out(f) && !(turn.round === 1 && (turn.surprised ?? []).includes(f.id)),
  )
}

const STILL_MOVING =
  'Everyone who stated a move is still making it (the Movement phase, 5.1): the GM begins the Actions when they are done.'

export function orderedTurns(hooks: OrderedHooks): TurnRules {
  /**
   * Out of the fight now: the rules count them out, unless they still make their attack in the slot under
   * way (until they have made an attack in it, or ended their turn; the slot over, they are out).
   */
  const outNow = (turn: TurnState, f: Fighter, ctx: TurnContext) =>
    Boolean(ctx.out(f)) &&
    !(
      orderedRound(turn).stillStriking?.[f.id] === turn.current &&
      turn.order[turn.current]?.ids.includes(f.id) &&
      !turn.acted.includes(f.id) &&
      !turn.attacks?.[f.id]
    )
  /** The turn with those the rules still let strike, each kept with the slot they fell in. */
  const withStillStriking = (turn: TurnState, ctx: TurnContext): TurnState => {
    if (!hooks.stillStrikes || turn.status !== 'running') return turn
    const was = orderedRound(turn).stillStriking ?? {}
    const now: Record<string, number> = {}
    for (const f of ctx.fighters)
      if (ctx.out(f) && hooks.stillStrikes(f)) now[f.id] = was[f.id] ?? turn.current
    const same = JSON.stringify(now) === JSON.stringify(was)
    return same ? turn : withOrderedRound(turn, { stillStriking: now })
  }
  /** Those of the order whom the rules keep out of the fight now. */
  const outOfOrder = (turn: TurnState, ctx: TurnContext): string[] => {
    const ids = new Set(turn.order.flatMap((slot) => slot.ids))
    return ctx.fighters.filter((f) => ids.has(f.id) && outNow(turn, f, ctx)).map((f) => f.id)
  }
  const needs = (f: Fighter, all: readonly Fighter[], turn: TurnState, settings: TurnSettings) =>
    hooks.needsInitiative ? hooks.needsInitiative(f, all, turn, settings) : !turn.initiative[f.id]
  /** One's declaration this round, or what one who declared nothing does; none where rounds have none. */
  const declared = (turn: TurnState, f: Fighter): Intent | undefined =>
    hooks.intents ? (orderedRound(turn).intents?.[f.id] ?? hooks.intents.fallback(f)) : undefined
  const diceOf = (turn: TurnState, f: Fighter) => hooks.initiativeDice(f, declared(turn, f))
  const rolls = (turn: TurnState, f: Fighter) => {
    const dice = diceOf(turn, f)
    return dice.ok && dice.value.length > 0
  }

  /**
   * The turn moved on as far as it goes by itself, with who of its order is out of it, and the phase it is
   * in where rounds have phases.
   */
  function settle(start: TurnState, ctx: TurnContext, force = false): TurnStep {
    const step = moveOn(withStillStriking(start, ctx), ctx, force)
    const turn = { ...step.turn, out: outOfOrder(step.turn, ctx) }
    return { ...step, turn: hooks.phases ? { ...turn, phaseNow: phaseWords(turn, hooks.phases) } : turn }
  }

  /**
   * Moves the turn on as far as it goes by itself: the order is built once nobody is awaited, finished
   * slots give way to the next, and the round ends once its last slot is done and no attack is waiting.
   */
  function moveOn(start: TurnState, ctx: TurnContext, force = false): TurnStep {
    let turn = start
    for (;;) {
      if (turn.status === 'initiative') {
        const who = participants(turn, ctx)
        const intents = orderedRound(turn).intents ?? {}
        const waiting: Record<string, 'initiative' | 'intent'> = {}
        const initiativeSides: Record<string, number[]> = {}
        for (const f of hooks.intents?.statementOrder?.(who) ?? who) {
          // Where dice follow the declaration, the roll is awaited: rolling declares what one who says nothing does.
          if (hooks.intents && !intents[f.id] && !rolls(turn, f)) waiting[f.id] = 'intent'
          else if (rolls(turn, f) && needs(f, ctx.fighters, turn, ctx.settings)) {
            waiting[f.id] = 'initiative'
            const dice = diceOf(turn, f)
            if (dice.ok) initiativeSides[f.id] = dice.value
          }
        }
        const ready =
          Object.keys(waiting).length === 0 || (force && !Object.values(waiting).includes('initiative'))
        if (!ready) return { turn: { ...turn, waiting, initiativeSides, acting: [] }, roundOver: false }
        force = false
        // (One out of the round keeps a declaration made: an undo may bring them back into it.)
        const stated = hooks.intents
          ? { ...intents, ...Object.fromEntries(who.map((f) => [f.id, declared(turn, f)] as const)) }
          : intents
        const withIntents = withOrderedRound(turn, { intents: stated as Record<string, Intent> })
        const order = hooks.order(who, withIntents, ctx.settings, ctx.fighters)
        // Only a sheet the rules cannot read stops the order: the round waits, and the GM fixes the sheet.
        if (!order.ok) return { turn: { ...turn, waiting, initiativeSides, acting: [] }, roundOver: false }
        // brp: those who stated a move make it first, in the Movement phase (5.1); nobody moving, the
        // Actions begin at once.
        const moving = hooks.intents && who.some((f) => (stated[f.id]?.metersMoved ?? 0) > 0)
        turn = {
          ...withOrderedRound(withIntents, {
            defendOnly: hooks.intents ? hooks.intents.defendOnly(who, stated as Record<string, Intent>) : [],
            ...(hooks.intents ? { phase: moving ? ('movement' as const) : ('actions' as const) } : {}),
          }),
          status: 'running',
          order: order.value,
          current: 0,
          acted: [],
          attacks: {},
          waiting: {},
          initiativeSides: {},
        }
        continue
      }
      if (turn.status !== 'running' || orderedRound(turn).phase === 'movement')
        return { turn: { ...turn, acting: [], attacksLeft: {} }, roundOver: false }
      const slot = turn.order[turn.current]
      if (!slot) {
        // The round ends once no attack of it is still waiting for its defender. A round nobody took part
        // in (everyone fallen) waits for one who can act (the GM heals someone, or ends the fight): ended,
        // the next would be as empty, and another at each look at the turn.
        const anyone = turn.order.length > 0 || ctx.fighters.some((f) => !ctx.out(f))
        return {
          turn: { ...turn, acting: [], attacksLeft: {} },
          roundOver: anyone && ctx.openPrompts.length === 0,
        }
      }
      const made = (f: Fighter) => turn.attacks?.[f.id] ?? 0
      const leftOf = (f: Fighter) => {
        if (!hooks.attacksLeft) return Math.max(0, hooks.attacksPerTurn(f) - made(f))
        const foes = ctx.fighters.filter((o) => o.side !== f.side && !ctx.out(o))
        const later = turn.order.some((s, i) => i > turn.current && s.ids.includes(f.id))
        return Math.max(0, hooks.attacksLeft(f, turn, { foes, later }))
      }
      const left = new Map<string, number>()
      for (const f of ctx.fighters)
        if (slot.ids.includes(f.id) && !outNow(turn, f, ctx) && !turn.acted.includes(f.id))
          left.set(f.id, leftOf(f))
      // Nothing left of the round's attacks before this slot began: it goes by without them.
      const acting = ctx.fighters.filter(
        (f) => left.has(f.id) && !(hooks.attacksLeft && left.get(f.id) === 0 && made(f) === 0),
      )
      if (acting.length > 0) {
        const attacksLeft = Object.fromEntries(acting.map((f) => [f.id, left.get(f.id) ?? 0]))
        const ids = slot.ids.filter((id) => id in attacksLeft)
        return { turn: { ...turn, acting: ids, attacksLeft }, roundOver: false }
      }
      if (ctx.openPrompts.some((p) => slot.ids.includes(p.attackerId)))
        return { turn: { ...turn, acting: [], attacksLeft: {} }, roundOver: false }
      turn = { ...turn, current: turn.current + 1, acted: [], attacks: {} }
    }
  }

  function initiativeDice(turn: TurnState, f: Fighter, ctx: TurnContext): Outcome<number[]> {
    if (turn.status !== 'initiative') return fail('Initiative is not being rolled right now.')
    const out = ctx.out(f)
    if (out) return fail(`${out} They take no part in this round.`)
    if (turn.round === 1 && (turn.surprised ?? []).includes(f.id))
      return fail(`${f.name} is surprised and cannot act this round.`)
    if (turn.initiative[f.id]) return fail(`${f.name} has already rolled initiative.`)
    const dice = diceOf(turn, f)
    if (!dice.ok) return dice
    if (dice.value.length === 0) return fail('This system orders the round without an initiative roll.')
    if (!needs(f, ctx.fighters, turn, ctx.settings))
      return fail('Your side’s initiative is already rolled: one die for the whole side.')
    return dice
  }

  /** One acting now waits for `until` and moves onto their slot, to act with them (nothing spent yet). */
  function hold(turn: TurnState, id: string, until: string, ctx: TurnContext): Outcome<TurnStep> {
    if (!hooks.hold)
      return fail('These rules have no holding for a later number: the GM can move you in the order.')
    if (orderedRound(turn).phase === 'movement') return fail(STILL_MOVING)
    const slot = turn.order[turn.current]
    if (turn.status !== 'running' || !slot?.ids.includes(id) || turn.acted.includes(id))
      return fail('Only one whose turn it is can hold their action.')
    if ((turn.attacks?.[id] ?? 0) > 0)
      return fail('You have already acted this turn: there is nothing to hold.')
    const name = (who: string) => ctx.fighters.find((f) => f.id === who)?.name ?? 'They'
    if (slot.ids.includes(until)) return fail(`${name(until)} already acts at the same time as you.`)
    const allowed = hooks.hold(turn.order, id, until)
    if (!allowed.ok) return allowed
    const later = turn.order.findIndex((s, i) => i > turn.current && s.ids.includes(until))
    if (later < 0) return fail(`${name(until)} does not act later this round.`)
    const order = turn.order
      .map((s, i) =>
        i === later ? { ...s, ids: [...s.ids, id] } : { ...s, ids: s.ids.filter((x) => x !== id) },
      )
      .filter((s) => s.ids.length > 0)
    // A slot left empty goes: the next one takes its place at `current`, with nothing done in it yet.
    const emptied = order.length < turn.order.length
    return ok(settle({ ...turn, order, ...(emptied ? { acted: [], attacks: {} } : {}) }, ctx))
  }

  /**
   * One who acted with the slot under way, out of their place (osr's weapon set against a charge): they
   * leave any later slot, join this one, and are done in it. An earlier slot of theirs has passed.
   */
  function spend(turn: TurnState, id: string, ctx: TurnContext): Outcome<TurnStep> {
    const slot = turn.order[turn.current]
    if (turn.status !== 'running' || !slot) return fail('No round is running.')
    // Where they were, so that undoing the outcome gives their action and place back (`unspend`).
    const wasThere = slot.ids.includes(id)
    const index = turn.order.findIndex((s, i) => i > turn.current && s.ids.includes(id))
    const left = turn.order[index]
    const place: SpentPlace = {
      joined: turn.current,
      wasThere,
      ...(!wasThere && left ? { left: { index, slot: left } } : {}),
    }
    const order = turn.order
      .map((s, i) =>
        i === turn.current
          ? { ...s, ids: s.ids.includes(id) ? s.ids : [...s.ids, id] }
          : i > turn.current
            ? { ...s, ids: s.ids.filter((x) => x !== id) }
            : s,
      )
      .filter((s) => s.ids.length > 0)
    const acted = turn.acted.includes(id) ? turn.acted : [...turn.acted, id]
    const spentFrom = { ...orderedRound(turn).spentFrom, [id]: place }
    return ok(settle({ ...withOrderedRound(turn, { spentFrom }), order, acted }, ctx))
  }

  /**
   * The outcome that spent one's action out of place is undone: they leave the slot they joined, and
   * their own later place is theirs again, their action with it. A place the round has passed stays
   * passed, as an attack undone in an earlier turn gives nothing back; a round over forgets it all.
   */
  function unspend(turn: TurnState, id: string, ctx: TurnContext): Outcome<TurnStep> {
    const place = orderedRound(turn).spentFrom?.[id]
    if (turn.status !== 'running' || !place) return ok(settle(turn, ctx))
    const { [id]: _given, ...spentFrom } = orderedRound(turn).spentFrom ?? {}
    const order = turn.order.map((s, i) =>
      i === place.joined && !place.wasThere ? { ...s, ids: s.ids.filter((x) => x !== id) } : s,
    )
    const left = place.left
    if (left) {
      const same = order.findIndex(
        (s, i) => i > turn.current && s.at === left.slot.at && s.label === left.slot.label,
      )
      const back = order[same]
      if (back) order[same] = { ...back, ids: [...back.ids, id] }
      else if (left.index > turn.current)
        order.splice(Math.min(left.index, order.length), 0, { ...left.slot, ids: [id] })
    }
    const acted = place.joined === turn.current ? turn.acted.filter((x) => x !== id) : turn.acted
    const kept = withOrderedRound(turn, { spentFrom })
    return ok(settle({ ...kept, order: order.filter((s) => s.ids.length > 0), acted }, ctx))
  }

  function step(turn: TurnState, action: TurnAction, ctx: TurnContext): Outcome<TurnStep> {
    const find = (id: string) => ctx.fighters.find((f) => f.id === id)
    switch (action.kind) {
      case 'initiative': {
        const f = find(action.id)
        if (!f) return fail('That combatant is not on the table.')
        const dice = initiativeDice(turn, f, ctx)
        if (!dice.ok) return dice
        const intent = declared(turn, f)
        const scored = hooks.scoreInitiative(f, action.faces, intent)
        if (!scored.ok) return scored
        const covers = hooks.covers?.(f, ctx.fighters, turn, ctx.settings)
        const roll = covers ? { ...scored.value, covers } : scored.value
        // Rolling without a declaration declares what one who says nothing does: it stands for the round.
        const stands = intent
          ? withOrderedRound(turn, { intents: { ...orderedRound(turn).intents, [f.id]: intent } })
          : turn
        return ok(settle({ ...stands, initiative: { ...turn.initiative, [f.id]: roll } }, ctx))
      }
      case 'intent': {
        const f = find(action.id)
        if (!f) return fail('That combatant is not on the table.')
        if (!hooks.intents) return fail('Only BRP rounds open with a Statement of Intent.')
        if (turn.status !== 'initiative')
          return fail('Intents are stated before the round’s actions; wait for the next round.')
        if (turn.round === 1 && (turn.surprised ?? []).includes(f.id))
          return fail(`${f.name} is surprised and cannot act this round.`)
        const out = ctx.out(f)
        if (out) return fail(`${out} They take no part in this round.`)
        // The dice follow the declaration (spelljammer): once rolled, it stands for the round.
        if (turn.initiative[f.id])
          return fail(`${f.name} has rolled initiative: this round’s declaration stands.`)
        const checked = hooks.intents.check(f, action.intent)
        if (!checked.ok) return checked
        const intents = { ...orderedRound(turn).intents, [f.id]: checked.value }
        return ok(settle(withOrderedRound(turn, { intents }), ctx))
      }
      case 'begin-actions': {
        if (hooks.intents && turn.status === 'running' && orderedRound(turn).phase === 'movement')
          return ok(settle(withOrderedRound(turn, { phase: 'actions' }), ctx))
        if (!hooks.intents || turn.status !== 'initiative')
          return fail('There is no Statement of Intent or Movement phase to end right now.')
        // Who declared nothing does what one who says nothing does; where dice follow, they roll next.
        const all = Object.fromEntries(participants(turn, ctx).map((f) => [f.id, declared(turn, f)] as const))
        return ok(settle(withOrderedRound(turn, { intents: all as Record<string, Intent> }), ctx, true))
      }
      case 'end-turn': {
        if (orderedRound(turn).phase === 'movement') return fail(STILL_MOVING)
        const slot = turn.order[turn.current]
        if (turn.status !== 'running' || !slot?.ids.includes(action.id)) return fail('It is not your turn.')
        if (turn.acted.includes(action.id)) return fail('You have already ended your turn.')
        return ok(settle({ ...turn, acted: [...turn.acted, action.id] }, ctx))
      }
      case 'next': {
        if (turn.status !== 'running') return fail('No round is running.')
        if (orderedRound(turn).phase === 'movement') return fail(STILL_MOVING)
        const waiting = ctx.openPrompts[0]
        if (waiting) return fail(waitingWords(waiting, (id) => find(id)?.name ?? 'Someone'))
        return ok(settle({ ...turn, current: turn.current + 1, acted: [], attacks: {} }, ctx))
      }
      case 'act':
        return fail('Factions do not alternate in this system: each acts on their place in the order.')
      case 'hold':
        return hold(turn, action.id, action.until, ctx)
      case 'spent':
        return spend(turn, action.id, ctx)
      case 'spent-undone':
        return unspend(turn, action.id, ctx)
      case 'attacked':
      case 'attack-undone': {
        const counted = countAttack(turn, action)
        return counted.ok ? ok(settle(counted.value, ctx)) : counted
      }
      case 'new-round':
        return ok(
          settle(
            {
              ...turn,
              status: 'initiative',
              round: turn.round + 1,
              order: [],
              current: 0,
              acted: [],
              attacks: {},
              initiative: hooks.rerollEachRound(ctx.settings) ? {} : turn.initiative,
              // Surprise lasts one round; intents are stated anew every round.
              surprised: [],
              systemRound: { oneAttack: [], against: {}, intents: {}, defendOnly: [], spentFrom: {} },
            },
            ctx,
          ),
        )
      case 'refresh':
        return ok(settle(turn, ctx))
      default:
        return unreachable(action)
    }
  }

  return {
    start(ctx, setup) {
      let surprise = NO_SURPRISE
      if (setup) {
        const checked = hooks.surprise(ctx.fighters, setup, ctx.roll)
        if (!checked.ok) return checked
        surprise = checked.value
      }
      const turn: TurnState = {
        ...IDLE_TURN,
        status: 'initiative',
        round: 1,
        surprised: surprise.surprised,
        systemRound: {
          oneAttack: surprise.oneAttack,
          against: surprise.against ?? {},
          intents: {},
          defendOnly: [],
        },
      }
      return ok({ step: settle(turn, ctx), rolls: surprise.rolls })
    },
    initiativeDice,
    foeRollers(turn, ctx) {
      const foes = participants(turn, ctx).filter(
        (f) => f.side === 'foe' && rolls(turn, f) && needs(f, ctx.fighters, turn, ctx.settings),
      )
      return hooks.foeRollers ? hooks.foeRollers(foes) : foes
    },
    step,
    attacksPerTurn: hooks.attacksPerTurn,
    ...(hooks.known ? { known: hooks.known } : {}),
    ...(hooks.facts ? { facts: hooks.facts } : {}),
    ...(hooks.moments ? { moments: hooks.moments } : {}),
    ...(hooks.segmentClock ? { segmentClock: hooks.segmentClock } : {}),
    ...(hooks.intents ? { intents: hooks.intents } : {}),
    view: hooks.view ?? orderedView,
  }
}
