/**
 * osr at the table: individual initiative (1d6 + DEX each, ties act together, rolled again every round)
 * and the surprise roll (one d20 per unaware side). The slot-ordered turn model does the rest.
 */
import { orderedTurns } from '../../engine/ordered-turns.ts'
import { SIDE_NAME, type SurpriseOutcome, type SurpriseSetup, sidesOf } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fail, ok } from '../../outcome.ts'
import { owesStrike, sheet as sheetOf, stateOf } from './combat.ts'
import { osrInfo } from './info.ts'
import * as osr from './rules.ts'
import { osrTurnView } from './turn-view.ts'

/** One d20 per unaware side, DC 13 (elves 15), +3 against a prepared ambush. */
function surprise(fighters: readonly Fighter[], setup: SurpriseSetup, roll: (sides: number) => number) {
  const result: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [] }
  for (const side of sidesOf(setup.unaware)) {
    const members = fighters.filter((c) => c.side === side)
    if (members.length === 0) continue
    const sheets: osr.Sheet[] = []
    for (const c of members) {
      const sheet = sheetOf(c)
      if (!sheet.ok) return sheet
      sheets.push(sheet.value)
    }
    const d20 = roll(20)
    const checked = osr.checkSurprise(sheets, d20, setup.ambush)
    if (!checked.ok) return checked
    const first = checked.value[0]
    const verdicts = checked.value.map(
      (r, i) => `${members[i]?.name} ${r.surprised ? 'surprised' : 'not surprised'} (${r.dc}+)`,
    )
    checked.value.forEach((r, i) => {
      if (r.surprised) result.surprised.push(members[i]?.id as string)
    })
    result.rolls.push({
      by: `Surprise: ${SIDE_NAME[side]}`,
      sides: 20,
      faces: [d20],
      total: first?.total ?? d20,
      bonus: (first?.total ?? d20) - d20,
      detail: `Surprise (one d20 for ${SIDE_NAME[side]}): ${first?.lines.map((l) => `${l.label} ${l.value}`).join(' + ')}: ${verdicts.join('; ')}`,
    })
  }
  return ok(result)
}

// Only what moves the initiative number ("Blinded ... -2 Init", 17.0.3): surprise is the round's own roll.
const conditionsOf = (f: Fighter) => stateOf(f).conditions.filter((c) => c.kind === 'blinded')

export const osrTurns = orderedTurns({
  ...osrTurnView,
  initiativeDice: () => ok([6]),
  scoreInitiative(f, faces) {
    const sheet = sheetOf(f)
    if (!sheet.ok) return sheet
    const face = faces[0]
    if (faces.length !== 1 || face === undefined)
      return fail(`Roll a d6 for initiative: 1 face, not ${faces.length}.`)
    const order = osr.initiativeOrder([
      { id: f.id, sheet: sheet.value, conditions: conditionsOf(f), roll: face },
    ])
    if (!order.ok) return order
    const score = order.value.scores[0]
    if (!score) return fail('No initiative was scored.')
    const detail = score.lines.map((l) => `${l.label} ${l.value}`).join(' + ')
    // The d6 and what the modifiers add: the log says "1d6+2: 7 (5)" (#54: "Kestrel rolled 1d6: 7 (5)").
    return ok({ total: score.initiative, faces: [face], detail, bonus: score.initiative - face })
  },
  order(participants, turn) {
    const entries: osr.InitiativeEntry[] = []
    for (const f of participants) {
      const sheet = sheetOf(f)
      if (!sheet.ok) return sheet
      entries.push({
        id: f.id,
        sheet: sheet.value,
        conditions: conditionsOf(f),
        roll: turn.initiative[f.id]?.faces[0] ?? 0,
      })
    }
    const order = osr.initiativeOrder(entries)
    if (!order.ok) return order
    return ok(
      order.value.steps.map((s) => ({ ids: s.ids, label: `Initiative ${s.initiative}`, at: s.initiative })),
    )
  },
  moments: osrInfo.moments,
  // "Initiative is rolled every round" (17.0.1).
  rerollEachRound: () => true,
  surprise,
  // Hold Action (17.0.1.6): only for one who acts later; the order's places stand for its numbers (the GM
  // may have moved a slot), so a wait is checked by the rules on the order as the table has it.
  hold(order, id, until) {
    const steps = order.map((s, i) => ({ initiative: order.length - i, ids: s.ids }))
    const held = osr.holdAction({ scores: [], steps, skipped: [] }, id, until)
    return held.ok ? ok(true) : held
  },
  // "Equal initiative numbers act simultaneously" (17, 3): one felled on their own number still acts in it.
  stillStrikes: owesStrike,
  // One attack a round; a fighter with a small weapon in the off hand strikes with both (17.0.14).
  attacksPerTurn(f) {
    // The action still owed to one felled is one attack.
    if (owesStrike(f)) return 1
    const sheet = sheetOf(f)
    if (!sheet.ok) return 1
    const melee = sheet.value.weapons.filter(osr.meleeCapable)
    return melee.length >= 2 && melee.some((w) => w.small) ? 2 : 1
  },
})
