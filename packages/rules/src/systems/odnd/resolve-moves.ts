/**
 * Resolving an odnd move (moves.ts declares and previews them): the run, the withdrawal, the spell, a
 * retreat's contest and parting shots, a caster hit before casting; apart so a screen does not load it.
 */

import type { Fighter, FighterChange, Resolution, Roller } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  type ConditionId,
  disengage,
  find,
  injuryOf,
  isCaster,
  type OdndState,
  sentence,
  sheet,
  stateOf,
  withCondition,
  withoutCondition,
} from './fighter-state.ts'
import { dexOf, type MoveId, retreatFrom, SPELL_LOST } from './moves.ts'
import { resolveRetreat } from './rolls.ts'
import * as odnd from './rules.ts'
import { spellInterruption } from './spells.ts'

/**
 * A spellcaster hit and hurt before acting this round: by one who won initiative the spell is lost (and no
 * other this round); by one of the same initiative, a save vs Paralysis (+ PSY) keeps it, a failure rolls a
 * d6: 1-4 lost, 5-6 miscast (the GM rules the miscast). One who already cast, or acted, is past it.
 */
export function interruptSpell(
  target: Fighter,
  state: OdndState,
  simultaneous: boolean,
  roll: Roller,
): { state: OdndState; lines: BreakdownLine[]; words: string[] } | null {
  const s = sheet(target)
  const before = stateOf(target)
  if (!s.ok || !isCaster(s.value) || before.hasAttacked || find(target, 'cast') || find(target, 'spell-lost'))
    return null
  const input = {
    initiative: simultaneous ? ('simultaneous' as const) : ('opponent-won' as const),
    damaged: true,
    saveParalysis: s.value.saveParalysis,
    psyBonus: s.value.psyBonus,
  }
  const saved = simultaneous
    ? spellInterruption({ ...input, saveD20: roll(20, 'save vs paralysis (the spell)', 'target') })
    : spellInterruption(input)
  if (!saved.ok) return null
  let result = saved.value
  if (result.fate === 'd6-needed') {
    const d6 = spellInterruption({
      ...input,
      saveD20: saved.value.breakdown[0]?.value,
      failureD6: roll(6, 'spell lost or miscast d6', 'target'),
    })
    if (!d6.ok) return null
    result = d6.value
  }
  if (result.fate === 'goes-off')
    return {
      state,
      lines: result.breakdown,
      words: [`${target.name} saves: a spell being cast still goes off`],
    }
  const lost = withCondition(state, { id: 'spell-lost', rounds: 1 })
  const words =
    result.fate === 'miscast'
      ? [
          `${target.name}'s spell, if one was being cast, is miscast: GM, rule what happens (the text gives no effect)`,
        ]
      : [
          `${target.name}'s spell, if one was being cast, is lost${result.fate === 'lost-and-no-cast-this-round' ? ', and no other can be cast until the following round' : ''}`,
        ]
  return { state: lost, lines: result.breakdown, words }
}

/** The fighter as an outcome's change leaves it, for a later step of the same outcome to read. */
export const afterChange = (f: Fighter, change: FighterChange | undefined): Fighter => ({
  ...f,
  hp: change?.hp ?? f.hp,
  state: change?.state ?? f.state,
})

/** A foe's free attack on the one leaving (a parting shot), or why it cannot take it. */
export type Strike = (foe: Fighter, target: Fighter, roll: Roller) => Outcome<Resolution>

/** The move's outcome: what it changes on the mover (and, for a retreat, on each foe left behind). */
export function resolveMove(
  f: Fighter,
  id: MoveId,
  toggles: readonly string[],
  roll: Roller,
  table: readonly Fighter[] | undefined,
  strike: Strike,
): Outcome<Resolution> {
  const s = sheet(f)
  if (!s.ok) return s
  const acted: OdndState = { ...stateOf(f), attacks: (stateOf(f).attacks ?? 0) + 1, hasAttacked: true }
  // A run, a spell and a withdrawal change only the mover: a condition for the round, said in a sentence.
  const only = (condition: ConditionId, headline: string, said: string): Outcome<Resolution> =>
    ok({
      lines: [],
      summary: sentence(`${f.name} ${headline}`, [said]),
      changes: {
        [f.id]: { state: withCondition(acted, { id: condition, rounds: 1 }) as Record<string, unknown> },
      },
    })
  if (id === 'run')
    return only('running', 'runs', `up to ${s.value.move}" this round, no attack or other action (Running)`)
  if (id === 'cast') {
    if (find(f, 'spell-lost')) return fail(SPELL_LOST(f.name))
    return only(
      'cast',
      'casts a spell',
      'it goes off as intended (ENCOUNTER ORDER: spellcasters); GM: its effect as the spell says (area damage from the tablet)',
    )
  }
  if (id === 'withdraw') {
    const w = odnd.fightingWithdrawal(s.value)
    return only(
      'withdrawing',
      'makes a fighting withdrawal',
      `backs out up to ${w.maxInches}" this round at +${w.defense} to AC (Fighting Withdrawal)`,
    )
  }
  return retreat(f, s.value, acted, toggles, roll, table ?? [], strike)
}

function retreat(
  f: Fighter,
  s: odnd.Sheet,
  acted: OdndState,
  toggles: readonly string[],
  roll: Roller,
  table: readonly Fighter[],
  strike: Strike,
): Outcome<Resolution> {
  const { foes, busy, contest } = retreatFrom(f, table)
  if (foes.length === 0) return fail(`${f.name} is not in melee with anyone standing: just move away.`)
  const mine = roll(6, 'retreat d6')
  const lines: BreakdownLine[] = []
  const words: string[] = []
  const faces = contest.map((foe) => ({
    foe,
    d6: roll(6, `retreat d6 (${foe.name})`, 'target'),
  }))
  const me = { name: f.name, dex: s.dex, d6: mine }
  const contested = resolveRetreat(
    me,
    faces.map(({ foe, d6 }) => ({ name: foe.name, dex: dexOf(foe), d6 })),
  )
  if (!contested.ok) return contested
  lines.push(...contested.value.breakdown)
  const myScore = mine + odnd.abilityBonus(s.dex)
  const winners = faces.filter(({ foe, d6 }) => odnd.foeWins(d6 + odnd.abilityBonus(dexOf(foe)), myScore))
  for (const b of busy) words.push(`${b.foe.name} is busy with ${b.other.name}: no free attack`)
  if (contest.length > 0)
    words.push(
      winners.length === 0
        ? `d6 + DEX ${myScore}: ${f.name} ducks away without a parting shot`
        : `d6 + DEX ${myScore}: ${winners.map((w) => w.foe.name).join(', ')} ${winners.length === 1 ? 'gets a parting shot' : 'get parting shots'} at +2, past the shield`,
    )
  // Each parting shot in turn, on the retreater as the last one left them.
  let me2 = f
  const foeStates = new Map<string, OdndState>(foes.map((foe) => [foe.id, stateOf(foe)]))
  for (const { foe } of winners) {
    if (injuryOf(me2) !== 'fighting') break
    const shot = strike(foe, me2, (sides, label) => roll(sides, `${foe.name}: ${label}`, 'target'))
    if (!shot.ok) {
      words.push(`${foe.name} cannot take its parting shot (${shot.error.replace(/\.$/, '')})`)
      continue
    }
    lines.push(...shot.value.lines)
    words.push(shot.value.summary.replace(/\.$/, ''))
    me2 = afterChange(me2, shot.value.changes[f.id])
    const after = shot.value.changes[foe.id]?.state as OdndState | undefined
    // A free attack: the foe's own attacks this round are as they were.
    const before = stateOf(foe)
    if (after) {
      const { attacks: _a, hasAttacked: _h, engaged: _e, ...rest } = after
      const { attacks, hasAttacked, engaged } = before
      foeStates.set(foe.id, { ...rest, ...JSON.parse(JSON.stringify({ attacks, hasAttacked, engaged })) })
    }
  }
  let state: OdndState = { ...stateOf(me2), attacks: acted.attacks, hasAttacked: true }
  state = disengage(withoutCondition(state, 'withdrawing'))
  if (injuryOf(me2) === 'fighting') {
    state = withCondition(withCondition(state, { id: 'running', rounds: 1 }), { id: 'fleeing', rounds: null })
    if (toggles.includes('passes-foes'))
      words.push(
        `GM: each foe ${f.name} passes within 10 feet who is not in melee rolls d6 + DEX against ${myScore}; each who rolls higher gets a free attack at +2, past the shield (Retreat)`,
      )
    // "roll a 2D6 to discover if they are pursued": the reaction table it reads is not in the text.
    const pursuit = roll(6, 'pursuit 2d6', 'target') + roll(6, 'pursuit 2d6', 'target')
    words.push(
      `GM: 2d6 = ${pursuit} for whether ${f.name} is pursued (a low score pursues, a high one does not: the text prints no table); a pursuer attacks at +2 each round until ${f.name} turns and re-engages`,
    )
  }
  const changes: Record<string, FighterChange> = {
    [f.id]: { ...(me2.hp !== f.hp ? { hp: me2.hp } : {}), state: state as Record<string, unknown> },
  }
  for (const foe of foes)
    changes[foe.id] = {
      state: disengage(foeStates.get(foe.id) ?? stateOf(foe), [f.id]) as Record<string, unknown>,
    }
  return ok({ lines, summary: sentence(`${f.name} retreats`, words), changes })
}
