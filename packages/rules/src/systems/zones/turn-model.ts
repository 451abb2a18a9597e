/**
 * zones at the table: factions alternate, one character at a time or a pass, until every faction passes
 * in a row; the side lying in wait plays a bonus round of its own. Who joins the fight mid-round joins the
 * tracker at once; who is out is marked out; who reacted has spent their turn.
 */
import { unreachable } from '../../assert.ts'
import {
  countAttack,
  FACTION,
  factionOf,
  IDLE_TURN,
  type TurnContext,
  type TurnRules,
  type TurnState,
  type TurnStep,
  waitingWords,
} from '../../engine/turn.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import {
  actedThisRound,
  actingWith,
  groupOf,
  reactionsThisRound,
  sheetOf,
  stateOf,
  turnLeft,
} from './combat.ts'
import { zonesInfo } from './info.ts'
import * as zones from './rules.ts'
import { withZonesRound, zonesRound, zonesTurnView } from './turn-view.ts'

const NO_ROLL = 'Zones alternates factions: nobody rolls initiative.'

/** "Combat procedure", as the log says it when the room rolls for the initiative. */
const INITIATIVE_RULE =
  'Initiative is held by the faction which started the fight, or is assigned randomly if that’s unclear'

/** The round after this action, or as it was where the round refuses it. */
function tried(s: zones.RoundState, action: zones.RoundAction): zones.RoundState {
  const next = zones.stepRound(s, action)
  return next.ok ? next.value : s
}

/** Skills that allow a fighter more reactions in a round. */
const extraOf = (f: TurnContext['fighters'][number]) => sheetOf(f)?.extraReactions ?? 0

/** The tracker kept in step with the table: newcomers join, the fallen are out, reactions are spent. */
function synced(state: zones.RoundState, ctx: TurnContext): zones.RoundState {
  let s = state
  for (const f of ctx.fighters) {
    const known = s.characters[f.id]
    if (!known) {
      const entry = { id: f.id, name: f.name, faction: factionOf(f.side), extraReactions: extraOf(f) }
      const joined = { ...zones.roundCharacter(entry), out: ctx.out(f) !== null }
      s = { ...s, characters: { ...s.characters, [f.id]: joined } }
      continue
    }
    const out = ctx.out(f) !== null
    if (known.out !== out) s = tried(s, { type: 'set-out', character: f.id, out })
    // "Concealed characters are revealed when they make noise or become visible"; and hide again.
    const { concealment } = stateOf(f)
    const concealed = s.characters[f.id]?.concealed
    if ((concealment === 'revealed' && concealed) || (concealment === 'hidden' && !concealed)) {
      s = tried(s, { type: concealment === 'revealed' ? 'reveal' : 'conceal', character: f.id })
    }
    // Reactions are made in attacks, and kept on the fighter: the round counts each one (a skill may allow more).
    const reacted = reactionsThisRound(f)
    for (let i = s.characters[f.id]?.reactionsUsed ?? 0; i < reacted; i++) {
      const stepped = zones.stepRound(s, { type: 'react', character: f.id })
      if (!stepped.ok) break
      s = stepped.value
    }
  }
  // "Mounts and riders ... take turn together": one of the group who acted in the turn under way has
  // spent theirs in it; one who did nothing keeps it to react.
  const taking = ctx.fighters.find((f) => f.id === zones.turnUnderWay(s))
  for (const f of taking ? groupOf(taking, ctx.fighters) : []) {
    if (f.id === taking?.id || s.characters[f.id]?.spent !== null || !actedThisRound(f)) continue
    s = tried(s, { type: 'join-turn', character: f.id })
  }
  return s
}

/**
 * The character whose turn is under way, while still able to act (until the other side moves or they end
 * it), and their mount or riders, who take the turn with them unless they reacted this round.
 */
function actingNow(factions: zones.RoundState, ctx: TurnContext): string[] {
  const id = zones.turnUnderWay(factions)
  const f = ctx.fighters.find((x) => x.id === id)
  const able = (x: (typeof ctx.fighters)[number]) => !ctx.out(x) && !factions.characters[x.id]?.out
  if (!f || !able(f)) return []
  const with_ = actingWith(f, ctx.fighters).filter(
    (x) => able(x) && factions.characters[x.id] && factions.characters[x.id]?.spent !== 'reaction',
  )
  return [f.id, ...with_.map((x) => x.id)]
}

/** What is left of each acting character's turn, as the rules count it from what they spent. */
function leftOf(turn: TurnState, factions: zones.RoundState, ctx: TurnContext, acting: string[]) {
  const view = { turn: withZonesRound(turn, factions), fighters: ctx.fighters }
  return Object.fromEntries(
    acting.flatMap((id) => {
      const f = ctx.fighters.find((x) => x.id === id)
      const left = f ? turnLeft(f, view) : null
      return left ? [[id, left]] : []
    }),
  )
}

/**
 * "The GM must pass because all bandits have taken their turn": a side with nobody able to act passes
 * by itself, saying why, once the one acting has spent their attack and no defense is awaited (a
 * character who has not attacked yet keeps their turn until the other side moves).
 */
function passForThoseWhoCannot(factions: zones.RoundState, turn: TurnState, ctx: TurnContext) {
  let s = factions
  // The one whose turn is under way finishes it first (a move after the attack, a bonus action).
  const acting = actingNow(s, ctx)
  const left = leftOf(turn, s, ctx, acting)
  const busy = acting.some((id) => !left[id]?.over)
  if (busy || ctx.openPrompts.length > 0) return s
  for (let i = 0; i < s.factions.length && s.phase !== 'ended'; i++) {
    const faction = s.phase === 'choosing-first' ? s.initiative : s.next
    if (!faction || !zones.mustPass(s, faction)) break
    if (s.phase === 'choosing-first') {
      const chosen = zones.stepRound(s, { type: 'choose-first', by: faction, first: faction })
      if (!chosen.ok) break
      s = chosen.value
    }
    const passed = zones.stepRound(s, { type: 'pass', faction, reason: zones.whyMustPass(s, faction) })
    if (!passed.ok) break
    s = passed.value
  }
  return s
}

/** Who may act now: the character whose turn was taken last, until the other side moves or they attack. */
function settle(turn: TurnState, ctx: TurnContext): TurnStep {
  const round = zonesRound(turn)
  if (turn.status !== 'running' || !round) return { turn: { ...turn, acting: [] }, roundOver: false }
  const factions = passForThoseWhoCannot(synced(round, ctx), turn, ctx)
  // With everyone out of the fight, the round waits for one who can act (the GM heals someone, or ends
  // the fight): ended, the next would end as well, and another at each look at the turn.
  if (factions.phase === 'ended') {
    const anyone = ctx.fighters.some((f) => !ctx.out(f))
    return {
      turn: { ...withZonesRound(turn, factions), acting: [], mainDone: [] },
      roundOver: anyone && ctx.openPrompts.length === 0,
    }
  }
  const acting = actingNow(factions, ctx)
  const left = leftOf(turn, factions, ctx, acting)
  // Something is left of the turn: another step may be taken; nothing left, the turn only ends.
  const attacksLeft = Object.fromEntries(acting.map((x) => [x, left[x]?.over ? 0 : 1]))
  // The main action taken: the rest (a move, a bonus action) is theirs to take or leave.
  const mainDone = acting.filter((x) => left[x]?.mainTaken && !left[x]?.over)
  // The tracker says what is left of the turn under way, to every device.
  const characters = Object.fromEntries(
    Object.entries(factions.characters).map(([id, c]) => {
      const { left: _old, ...rest } = c
      const words = left[id]?.words
      return [id, words ? { ...rest, left: words } : rest]
    }),
  )
  const kept = withZonesRound(turn, { ...factions, characters })
  return { turn: { ...kept, acting, attacksLeft, mainDone }, roundOver: false }
}

/** The one whose turn is under way stops: the rest of it is given up. */
function endTurn(turn: TurnState, id: string | null, ctx: TurnContext): Outcome<TurnStep> {
  const round = zonesRound(turn)
  if (turn.status !== 'running' || !round) return fail('No round is running.')
  const under = zones.turnUnderWay(round)
  // Any one of a mount and its riders ends the turn they take together.
  if (!under || (id !== null && !actingNow(round, ctx).includes(id))) return fail('It is not your turn.')
  const waiting = ctx.openPrompts.find((p) => p.attackerId === under)
  if (waiting)
    return fail(
      waiting.approval
        ? 'Your attack waits for the GM’s approval of its dice first.'
        : 'Your attack waits for its defender’s answer first.',
    )
  const ended = zones.stepRound(round, { type: 'end-turn', character: under })
  return ended.ok ? ok(settle(withZonesRound(turn, ended.value), ctx)) : ended
}

/** One character of a side takes their turn, or the side passes. */
function act(turn: TurnState, side: 'pc' | 'foe', id: string | null, ctx: TurnContext): Outcome<TurnStep> {
  const faction = factionOf(side)
  const round = zonesRound(turn)
  if (turn.status !== 'running' || !round) return fail('No round is running.')
  const waiting = ctx.openPrompts[0]
  if (waiting)
    return fail(waitingWords(waiting, (x) => ctx.fighters.find((f) => f.id === x)?.name ?? 'Someone'))
  let state = synced(round, ctx)
  if (state.phase === 'choosing-first') {
    // The faction holding the initiative goes first when it moves; the other must wait for it.
    if (faction !== state.initiative) return fail('The other side holds the initiative: wait for their move.')
    const chosen = zones.stepRound(state, { type: 'choose-first', by: faction, first: faction })
    if (!chosen.ok) return chosen
    state = chosen.value
  }
  if (id !== null) {
    const f = ctx.fighters.find((x) => x.id === id)
    const out = f ? ctx.out(f) : 'That combatant is not on the table.'
    if (out) return fail(out)
    // "Mounts and riders ... take turn together": not one turn each.
    const took = f
      ? groupOf(f, ctx.fighters).find((x) => x.id !== id && state.characters[x.id]?.spent === 'turn')
      : undefined
    if (f && took)
      return fail(
        `${f.name} and ${took.name} take their turn together, and ${took.name} has taken it this round: ${f.name} may still react.`,
      )
  }
  const stepped = zones.stepRound(
    state,
    id ? { type: 'take-turn', faction, character: id } : { type: 'pass', faction },
  )
  if (!stepped.ok) return stepped
  return ok(settle({ ...withZonesRound(turn, stepped.value), attacks: {} }, ctx))
}

/** Zones has no initiative numbers to wait for: a side passes, or acts with another character. */
const NO_HOLD =
  'In zones nobody holds an action for a later number: your side may pass, or act with someone else.'

export const zonesTurns: TurnRules = {
  ...zonesTurnView,
  start(ctx, setup, startedBy) {
    if (setup && setup.unaware === 'both')
      return fail('In this system one side lies in wait: choose the party or the foes as the unaware side.')
    // The side lying in wait starts concealed and plays a bonus round 0 of its own.
    const concealed = setup ? ctx.fighters.filter((f) => f.side !== setup.unaware).map((f) => f.id) : []
    const factions = [FACTION.party, FACTION.foes]
    // "Initiative is held by the faction which started the fight, or is assigned randomly if that's
    // unclear": the GM says who started it (an ambush says it: the ambushers), or the room rolls it.
    const rolled = startedBy || concealed.length > 0 ? undefined : ctx.roll(factions.length)
    const started = zones.startCombat({
      factions,
      combatants: ctx.fighters.map((f) => ({
        id: f.id,
        name: f.name,
        faction: factionOf(f.side),
        concealed: concealed.includes(f.id),
        extraReactions: extraOf(f),
      })),
      ...(startedBy ? { startedBy: factionOf(startedBy) } : {}),
      ...(rolled === undefined ? {} : { initiativeDie: rolled }),
    })
    if (!started.ok) return started
    const turn: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: started.value.round,
      systemRound: started.value,
    }
    const rolls =
      rolled === undefined
        ? []
        : [
            {
              by: 'Initiative',
              sides: factions.length,
              faces: [rolled],
              total: rolled,
              detail: `${INITIATIVE_RULE}: nobody clearly started it, and the d${factions.length} gave ${rolled}: ${zones.sideName(started.value.initiative)} hold the initiative.`,
            },
          ]
    return ok({ step: settle(turn, ctx), rolls })
  },
  initiativeDice: () => fail(NO_ROLL),
  foeRollers: () => [],
  step(turn, action, ctx) {
    switch (action.kind) {
      case 'initiative':
        return fail(NO_ROLL)
      case 'intent':
      case 'begin-actions':
        return fail('Only BRP rounds open with a Statement of Intent.')
      case 'end-turn':
        return endTurn(turn, action.id, ctx)
      case 'next':
        // The GM ends the turn under way (a monster's, or a player's who left the table).
        return endTurn(turn, null, ctx)
      case 'act':
        return act(turn, action.side, action.id, ctx)
      case 'hold':
      case 'spent':
      case 'spent-undone':
        return fail(NO_HOLD)
      case 'attacked':
      case 'attack-undone': {
        const counted = countAttack(turn, action)
        return counted.ok ? ok(settle(counted.value, ctx)) : counted
      }
      case 'new-round': {
        const round = zonesRound(turn)
        if (!round) return fail('No round is running.')
        const next = zones.nextRound(synced(round, ctx))
        if (!next.ok) return next
        return ok(settle({ ...withZonesRound(turn, next.value), round: turn.round + 1, attacks: {} }, ctx))
      }
      case 'refresh':
        return ok(settle(turn, ctx))
      default:
        return unreachable(action)
    }
  },
  // Every step of a turn goes through the composer (a move, a bonus action, the attack): as many as a
  // sprint in half-zone steps, the most one turn holds ("Taking a turn").
  attacksPerTurn: (f) => zones.stepsPerTurn(sheetOf(f)?.speed ?? 2),
  moments: zonesInfo.moments,
}
