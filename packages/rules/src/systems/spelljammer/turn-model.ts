/**
 * spelljammer at the table: a die per attack each round (d10, d8, d6, then d4) placed on the segment
 * countdown from 10 down to -5, everyone with an attack on a segment acting on it; the ambush's PER rolls.
 */
import { isFace, notAFace } from '../../dice/faces.ts'
import { orderedRound } from '../../engine/ordered-round.ts'
import { orderedTurns } from '../../engine/ordered-turns.ts'
import { readSheet } from '../../engine/sheet.ts'
import type {
  Intent,
  SurpriseOutcome,
  SurpriseSetup,
  TurnRules,
  TurnSlot,
  TurnState,
} from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fail, ok } from '../../outcome.ts'
import { stateOf, storedSheet } from './combat.ts'
import type { Casting } from './combat-casting.ts'
import { spelljammerInfo } from './info.ts'
import { freeActionNow } from './resolve.ts'
import * as spelljammer from './rules.ts'
import { declaredRound, diceOfRound, SHEET } from './turn-declaration.ts'
import { spelljammerTurnView } from './turn-view.ts'

const tenth = (feet: number) => Math.round(feet * 10) / 10
/** "3.5 of 5 ft" */
const ofFeet = (moved: number, of: number) => `${tenth(moved)} of ${tenth(of)} ft`

/**
 * How far a fighter has moved by the end of a segment of the round's movement, by their declaration:
 * "Movement occurs between initiatives 10 and 1 with 10% of movement happening every segment." Attacking
 * without a movement declared leaves only the 5 foot free move (not followed); no attack, the whole TMR; move and attack half
 * of it; run and attack all of it; attack and move 1/20th of TMR a segment after the last attack (from
 * 10 when it fell before 10, else a DEX roll says when); no movement, none. Null outside movement.
 */
export function movementBy(
  f: Pick<Fighter, 'name' | 'sheet'>,
  intent: Intent | undefined,
  segment: number,
  lastAttack?: number,
): string | null {
  if (spelljammer.phaseOf(segment) !== 'movement') return null
  const sheet = readSheet(SHEET, f)
  const round = declaredRound(f, intent)
  if (!sheet.ok || !round.ok) return null
  const { tmr } = sheet.value
  const { movement, halfRound, action } = round.value.declaration
  const half = halfRound === 'drink-potion-lose-movement' ? 0.5 : 1
  if (movement === 'no-movement') return `${f.name}: no movement`
  if (movement === 'attack-and-move') {
    if (lastAttack === undefined || lastAttack <= spelljammer.MOVEMENT_START)
      return `${f.name} moves after the last attack (a DEX roll says from when)`
    const plan = spelljammer.attackAndMove(lastAttack, tmr, sheet.value.dex)
    if (!plan.ok) return null
    const segments = spelljammer.movementTenthsBy(segment)
    return `${f.name} has moved ${ofFeet(plan.value.feetPerSegment * segments * half, plan.value.feet * half)}`
  }
  // Attacking as usual leaves only the free 5 ft, the player's to take or not: nothing to follow.
  if (movement === 'normal' && action === 'attack') return null
  const feet = movement === 'normal' ? tmr : spelljammer.moveWhileAttacking(tmr, movement)
  const total = feet * half
  return `${f.name} has moved ${ofFeet(spelljammer.feetMovedBy(segment, total), total)}`
}

/**
 * Each character of the ambushed side makes a PER roll; a 1x roll lets them shout a warning that moves
 * everyone down one tier.
 */
function surprise(fighters: readonly Fighter[], setup: SurpriseSetup, roll: (sides: number) => number) {
  const result: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [], against: {} }
  const members = fighters.filter((c) => c.side === setup.unaware)
  const rolled: Array<{ c: Fighter; per: number; d100: number }> = []
  for (const c of members) {
    const sheet = storedSheet(c)
    if (!sheet.ok) return sheet
    rolled.push({ c, per: sheet.value.per, d100: roll(100) })
  }
  const first = rolled.map((r) => spelljammer.ambushResult(r.d100, r.per))
  const failed = first.find((r) => !r.ok)
  if (failed && !failed.ok) return failed
  const warned = spelljammer.canShoutWarning(first.flatMap((r) => (r.ok ? [r.value] : [])))
  for (const { c, per, d100 } of rolled) {
    const tier = spelljammer.ambushResult(d100, per, warned)
    if (!tier.ok) return tier
    const { attacksBack } = tier.value
    if (attacksBack === 0) result.surprised.push(c.id)
    if (attacksBack === 1) result.oneAttack.push(c.id)
    // "+10/+20/+30 SC" and the 5x tier's damage: every attack on them this round takes its toggle.
    const toggle = spelljammer.ambushToggle(tier.value.tier)
    if (toggle) (result.against as Record<string, string[]>)[c.id] = [toggle]
    const back =
      attacksBack === 0 ? 'no attacks back' : attacksBack === 1 ? 'one attack back' : 'acts normally'
    result.rolls.push({
      by: c.name,
      sides: 100,
      faces: [d100],
      total: d100,
      detail: `Ambush PER roll: d100 ${d100} vs PER ${per}: ${tier.value.rolledTier}x${warned ? `, warned: ${tier.value.tier}x` : ''}, ${tier.value.summary} (${back})`,
    })
  }
  return ok(result)
}

function phaseLabel(segment: number): string {
  const phase = spelljammer.phaseOf(segment)
  return phase === 'pre-movement'
    ? 'before movement'
    : phase === 'movement'
      ? 'during movement'
      : 'after movement'
}

/**
 * The segments gone since the fight began: ten a round, the movement's 10 down to 1. Before the round runs
 * none of it has gone; what happens before movement is at its start, after movement at its end.
 */
export function segmentClock(turn: TurnState, roundOver: boolean): number {
  const perRound = spelljammerInfo.segmentsPerRound ?? 10
  const done = Math.max(0, turn.round - 1) * perRound
  if (roundOver) return done + perRound
  if (turn.status !== 'running') return done
  const at = turn.order[turn.current]?.at
  if (at === undefined) return done + (turn.current > 0 ? perRound : 0)
  const segment = Math.min(spelljammer.MOVEMENT_START, Math.max(spelljammer.MOVEMENT_END - 1, at))
  return done + spelljammer.MOVEMENT_START - segment
}

const castingOf = (f: Fighter) => stateOf(f).casting

/** The slot where a caster's spell goes off: theirs alone, named for the spell. */
function spellSlot(f: Fighter, casting: Casting): TurnSlot {
  const sheet = storedSheet(f)
  const spell = (sheet.ok && sheet.value.spells[casting.spell]?.name) || 'spell'
  return {
    ids: [f.id],
    label: `Segment ${casting.goesOffOn} · ${f.name}’s ${spell} goes off`,
    at: casting.goesOffOn,
  }
}

/**
 * What a fighter's own action made of their round: a spell going off on its own slot (casting is the
 * round's action), or a dropped weapon picked up (no attack, or one on its own slot 5 segments later);
 * either way their other places to come go. Null: their places stand as rolled.
 */
function ownRound(f: Fighter): { slot: TurnSlot | null } | null {
  const casting = castingOf(f)
  if (casting && !casting.next) return { slot: spellSlot(f, casting) }
  const picking = stateOf(f).pickingUp
  if (!picking) return null
  const at = picking.attackOn
  return {
    slot:
      at === undefined
        ? null
        : { ids: [f.id], label: `Segment ${at} · ${f.name} attacks with the weapon picked up`, at },
  }
}

const isOwnSlot = (slot: TurnSlot) =>
  slot.ids.length === 1 && / (goes off|with the weapon picked up)$/.test(slot.label)

/**
 * The round as its fighters' own actions make it (see `ownRound`): a slot of theirs added later in the
 * order, their other places to come gone; one no longer wanted (a spell interrupted) goes. Only the
 * slots still to come change.
 */
export function withOwnSlots(turn: TurnState, fighters: readonly Fighter[]): TurnState {
  if (turn.status !== 'running') return turn
  let order = turn.order
  for (const f of fighters) {
    const own = ownRound(f)
    const mine = (slot: TurnSlot) => isOwnSlot(slot) && slot.ids[0] === f.id
    const ahead = order.findIndex((s, i) => i > turn.current && mine(s))
    if (!own?.slot && ahead >= 0) order = order.filter((_, i) => i !== ahead)
    // One slot a round: one already there (to come, acting now, or passed by the GM) stays as it is.
    if (!own || order.some(mine)) continue
    const later = order
      .map((s, i) => (i > turn.current ? { ...s, ids: s.ids.filter((id) => id !== f.id) } : s))
      .filter((s, i) => i <= turn.current || s.ids.length > 0)
    const slot = own.slot
    if (!slot) {
      order = later
      continue
    }
    const at = later.findIndex((s, i) => i > turn.current && (s.at ?? 0) < (slot.at ?? 0))
    order = at < 0 ? [...later, slot] : [...later.slice(0, at), slot, ...later.slice(at)]
  }
  return order === turn.order || JSON.stringify(order) === JSON.stringify(turn.order)
    ? turn
    : { ...turn, order }
}

const ordered = orderedTurns({
  ...spelljammerTurnView,
  // The dice follow the declaration: one per attack it leaves (Action Declaration, Initiative).
  initiativeDice(f, intent) {
    const round = declaredRound(f, intent)
    return round.ok ? ok(diceOfRound(round.value)) : round
  },
  scoreInitiative(f, faces, intent) {
    const round = declaredRound(f, intent)
    if (!round.ok) return round
    const dice = diceOfRound(round.value)
    if (faces.length !== dice.length)
      return fail(
        `Roll ${dice.map((d) => `a d${d}`).join(', ')} for initiative: ${dice.length} ${dice.length === 1 ? 'face' : 'faces'}, not ${faces.length}.`,
      )
    const bad = faces.findIndex((f, i) => !isFace(f, dice[i] as number))
    if (bad !== -1) return fail(notAFace(faces[bad] as number, dice[bad] as number))
    const placed = spelljammer.placeAttacks(round.value.initiativeModifiers, faces)
    if (!placed.ok) return placed
    const kept = placed.value.filter((a) => !a.lost)
    const modifiers = round.value.initiativeModifiers
      .filter((l) => l.value !== 0)
      .map((l) => `${l.label} ${l.value > 0 ? '+' : ''}${l.value}`)
    const detail = placed.value
      .map(
        (a) =>
          `attack ${a.attackIndex + 1}: d${a.die} ${a.face} → segment ${a.segment}${a.lost ? ' (lost)' : ''}`,
      )
      .join('; ')
    // Each die is its own attack's initiative, not a part of a sum: the log lists them apart, each with
    // what the declaration adds (#54: "1d10 + 1d8: 10 (5, 2)" read as a sum).
    return ok({
      total: kept[0]?.segment ?? -6,
      faces: [...faces],
      bonus: round.value.initiativeModifiers.reduce((sum, l) => sum + l.value, 0),
      totals: placed.value.map((a) => a.total),
      detail: modifiers.length > 0 ? `${detail} (${modifiers.join(', ')})` : detail,
      segments: kept.map((a) => a.segment),
    })
  },
  // A spell carried over from the last round goes off on its own segment: no initiative to roll.
  needsInitiative: (f, _all, turn) => !turn.initiative[f.id] && !castingOf(f),
  order(participants, turn) {
    // The segment countdown, 10 down to -5: everyone with an attack on a segment acts on it. Caught in
    // an ambush with one attack back, one keeps only their first attack in round 1.
    const bySegment = new Map<number, string[]>()
    const spells: TurnSlot[] = []
    for (const c of participants) {
      const casting = castingOf(c)
      if (casting) {
        if (!casting.next) spells.push(spellSlot(c, casting))
        continue
      }
      const segments = turn.initiative[c.id]?.segments ?? []
      const kept =
        turn.round === 1 && (orderedRound(turn).oneAttack ?? []).includes(c.id)
          ? segments.slice(0, 1)
          : segments
      for (const segment of kept) bySegment.set(segment, [...(bySegment.get(segment) ?? []), c.id])
    }
    const segments = [...bySegment.keys()].sort((a, b) => b - a)
    // On a segment of movement, how far each one acting on it has moved by then, by their declaration.
    const moved = (segment: number, ids: readonly string[]) =>
      ids.flatMap((id) => {
        const f = participants.find((c) => c.id === id)
        const last = turn.initiative[id]?.segments?.at(-1)
        const words = f ? movementBy(f, orderedRound(turn).intents?.[id], segment, last) : null
        return words ? [words] : []
      })
    const slots = segments.map((segment) => {
      const ids = bySegment.get(segment) ?? []
      const movement = moved(segment, ids)
      return {
        ids,
        label: `Segment ${segment} · ${phaseLabel(segment)}${movement.length > 0 ? ` · ${movement.join('; ')}` : ''}`,
        at: segment,
      }
    })
    // Each spell after the attacks of its segment (a stable sort keeps that order).
    return ok([...slots, ...spells].sort((a, b) => (b.at ?? 0) - (a.at ?? 0)))
  },
  moments: spelljammerInfo.moments,
  segmentClock,
  // Initiative is per attack and per round: every round opens with new dice.
  rerollEachRound: () => true,
  surprise,
  // One attack on each segment an attack was placed on.
  // (A free action just taken costs none: the turn still allows its attack.)
  attacksPerTurn: (f) => (freeActionNow(f) ? 2 : 1),
})

/** The segment countdown, with the slots casters add to the round as they begin their spells. */
export const spelljammerTurns: TurnRules = {
  ...ordered,
  step: (turn, action, ctx) => ordered.step(withOwnSlots(turn, ctx.fighters), action, ctx),
}
