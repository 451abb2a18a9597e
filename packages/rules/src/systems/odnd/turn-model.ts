/**
 * odnd at the table: a d6 per player (or one for the party, a room option) and one for the foes as a
 * group, kept for the fight unless the room rerolls every round; surprise on 1-2 of a d6 per unaware side.
 */
import { isFace, notAFace } from '../../dice/faces.ts'
import { orderedTurns } from '../../engine/ordered-turns.ts'
import {
  SIDE_NAME,
  type SurpriseOutcome,
  type SurpriseSetup,
  sidesOf,
  type TurnSettings,
  type TurnState,
} from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fail, ok } from '../../outcome.ts'
import { owesStrike, sheet, stateOf, storedSheet } from './fighter-state.ts'
import { odndInfo } from './info.ts'
import * as odnd from './rules.ts'
import { odndTurnView } from './turn-view.ts'

function surprise(fighters: readonly Fighter[], setup: SurpriseSetup, roll: (sides: number) => number) {
  const result: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [] }
  const party = odnd.normalSide('The party')
  const foes = odnd.normalSide('The foes')
  const dice = { pc: 0, foe: 0 }
  for (const side of sidesOf(setup.unaware)) dice[side] = roll(6)
  const caught = { pc: false, foe: false }
  let summary: string
  if (setup.unaware === 'both') {
    const both = odnd.rollSurprise(party, foes, { a: dice.pc, b: dice.foe })
    if (!both.ok) return both
    caught.pc = both.value.aSurprised && !both.value.cancelled
    caught.foe = both.value.bSurprised && !both.value.cancelled
    summary = both.value.summary
  } else {
    const side = setup.unaware
    const range = odnd.surpriseRange(side === 'pc' ? foes : party, side === 'pc' ? party : foes)
    caught[side] = dice[side] <= range
    summary = `${SIDE_NAME[side]} ${caught[side] ? 'are surprised: the other side gets a free round' : 'are not surprised'} (1-${range} on a d6).`
  }
  for (const side of sidesOf(setup.unaware)) {
    result.rolls.push({
      by: `Surprise: ${SIDE_NAME[side]}`,
      sides: 6,
      faces: [dice[side]],
      total: dice[side],
      detail: `Surprise d6 ${dice[side]}: ${summary}`,
    })
  }
  for (const c of fighters) if (caught[c.side]) result.surprised.push(c.id)
  return ok(result)
}

/**
 * The roll one's side or group moves on: one's own; under the one-roll option, the party's; for a foe,
 * that of the group the GM rolled for with it ("a D6for each group of foes"), a roll without `covers`
 * standing for every foe.
 */
function rollFor(f: Fighter, all: readonly Fighter[], turn: TurnState, settings: TurnSettings) {
  const own = turn.initiative[f.id]
  if (own || (f.side === 'pc' && settings.partyInitiative !== 'one-roll')) return own
  const rollers = all.filter((o) => o.side === f.side && turn.initiative[o.id])
  const group = rollers.find(
    (o) => f.side === 'pc' || (turn.initiative[o.id]?.covers ?? [f.id]).includes(f.id),
  )
  return group && turn.initiative[group.id]
}

export const odndTurns = orderedTurns({
  ...odndTurnView,
  initiativeDice: () => ok([6]),
  scoreInitiative(f, faces) {
    const face = faces[0]
    if (faces.length !== 1 || face === undefined)
      return fail(`Roll a d6 for initiative: 1 face, not ${faces.length}.`)
    if (!isFace(face, 6)) return fail(notAFace(face, 6))
    return ok({
      total: face,
      faces: [face],
      detail: `d6 ${face} for the ${f.side === 'pc' ? 'party' : 'foes'}`,
    })
  },
  // The GM rolls one d6 for each group of foes; the party rolls one when the room plays that option.
  needsInitiative: (f, all, turn, settings) => !rollFor(f, all, turn, settings),
  // A group's die is rolled for the foes no roll covers yet: one revealed in a fight under way is a group
  // of its own, with its own d6.
  covers: (f, all, turn, settings) =>
    f.side === 'foe'
      ? all.filter((o) => o.side === 'foe' && !rollFor(o, all, turn, settings)).map((o) => o.id)
      : undefined,
  order(participants, turn, settings, all) {
    // A side's roll stays with the side, even when the one who rolled it has since fallen.
    const groupRoll = (side: 'pc' | 'foe') =>
      turn.initiative[all.find((c) => c.side === side && turn.initiative[c.id])?.id ?? '']?.total
    // Whether the other side of the round has normal men, against whom fighter types strike more often.
    const normalMenAgainst = (side: 'pc' | 'foe') =>
      participants.some((o) => {
        const s = storedSheet(o)
        return o.side !== side && s.ok && odnd.isNormalManType(s.value)
      })
    const steps = odnd.initiativeOrder(
      participants.map((c) => {
        const s = storedSheet(c)
        return {
          id: c.id,
          side: c.side === 'pc' ? ('party' as const) : ('foes' as const),
          roll: rollFor(c, all, turn, settings)?.total ?? groupRoll(c.side),
          // "Magically HASTED creatures ... always have initiative" (ENCOUNTER ORDER).
          hasted: s.ok && s.value.hasted,
          // "Fighters with multiple attacks will attack first and last in the melee round": those who have
          // them this round (on the sheet, or their level against the normal men they face).
          multipleAttacks:
            s.ok &&
            odnd.isFighterType(s.value) &&
            odnd.meleeAttacks(s.value, normalMenAgainst(c.side)).attacks > 1,
        }
      }),
      groupRoll('pc'),
      { partyInitiative: settings.partyInitiative },
    )
    if (!steps.ok) return steps
    return ok(
      steps.value.map((s) => ({ ids: s.ids, label: s.why, ...(s.roll === undefined ? {} : { at: s.roll }) })),
    )
  },
  moments: odndInfo.moments,
  rerollEachRound: (settings) => settings.rerollInitiativeEachRound,
  foeRollers: (foes) => foes.slice(0, 1),
  surprise,
  // "If two or more roll the same ... anyone killed in that round still gets their attack for that round."
  stillStrikes: owesStrike,
  // Fighter types and monsters of more than 1HD strike normal men more than once (Normal Men).
  attacksPerTurn(f) {
    // The attack still owed to one killed is one attack.
    if (owesStrike(f)) return 1
    const sheet = storedSheet(f)
    if (!sheet.ok) return 1
    return Math.max(1, sheet.value.attacksPerRound, odnd.meleeAttacks(sheet.value, true).attacks)
  },
  // What the attack itself allows (`combat.ts`): the round's attacks against the foes still in the fight
  // (normal men among them or not), less those made this round; one with multiple attacks, who "will
  // attack first and last in the melee round", keeps one of them for the last beat.
  attacksLeft(f, turn, { foes, later }) {
    const made = Math.max(stateOf(f).attacks ?? 0, turn.attacks?.[f.id] ?? 0)
    if (owesStrike(f)) return 1 - (turn.attacks?.[f.id] ?? 0)
    const own = sheet(f)
    if (!own.ok) return 1 - made
    const normalMen = foes.some((o) => {
      const s = sheet(o)
      return s.ok && odnd.isNormalManType(s.value)
    })
    return Math.max(1, odnd.meleeAttacks(own.value, normalMen).attacks) - made - (later ? 1 : 0)
  },
})
