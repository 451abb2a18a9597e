/**
 * brp at the table: each round opens with a Statement of Intent (how far one moves, what one attacks
 * with), then everyone acts in DEX rank order, ties broken by weapon length then skill (5.2-5.4). BRP has
 * no surprise check: its "defender unaware" attack modifier covers it.
 */

import { orderedRound } from '../../engine/ordered-round.ts'
import { orderedTurns } from '../../engine/ordered-turns.ts'
import { readSheet } from '../../engine/sheet.ts'
import { fail, ok } from '../../outcome.ts'
import { owesStrike, SAME_SLOT } from './combat.ts'
import { brpInfo } from './info.ts'
import * as brp from './rules.ts'
import { SHEET } from './sheet.ts'
import { brpTurnView, defaultIntent } from './turn-view.ts'

export const brpTurns = orderedTurns({
  ...brpTurnView,
  initiativeDice: () => ok([]),
  scoreInitiative: () => fail('This system orders the round without an initiative roll.'),
  needsInitiative: () => false,
  order(participants, turn) {
    const declared: brp.Intent[] = []
    for (const c of participants) {
      const sheet = readSheet(SHEET, c)
      if (!sheet.ok) return sheet
      const intent = orderedRound(turn).intents?.[c.id] ?? defaultIntent(c, sheet.value)
      declared.push({
        id: c.id,
        sheet: sheet.value,
        metersMoved: intent.metersMoved,
        ...(intent.weapon === null ? {} : { weapon: intent.weapon }),
      })
    }
    const order = brp.actionOrder(declared, brp.DEFAULT_SETTINGS)
    if (!order.ok) return order
    // Ties on a rank are broken by weapon length, then skill (5.4): the label says which.
    return ok(
      order.value.slots.map((s) => ({
        ids: [...s.ids],
        label: `DEX rank ${s.rank}${s.tier === 'other' ? '' : ` · ${s.tier}${s.tier === 'unarmed' ? '' : ' weapon'}`}`,
        at: s.rank,
      })),
    )
  },
  moments: brpInfo.moments,
  phases: brp.PHASES,
  rerollEachRound: () => false,
  surprise: () => fail('BRP has no surprise check: use “defender unaware” on the attacks instead.'),
  attacksPerTurn: () => 1,
  // "If these are still tied, the actions occur simultaneously" (5.2): one felled by a slot-mate before
  // acting still acts in that slot. The slot is the turn's (ids share one only as a full tie, 5.4).
  facts(turn, attacker, target) {
    const slot = turn.order[turn.current]?.ids ?? []
    const yet = !turn.acted.includes(target.id) && !turn.attacks?.[target.id]
    const shared = attacker.id !== target.id && slot.includes(attacker.id) && slot.includes(target.id)
    return turn.status === 'running' && shared && yet ? [SAME_SLOT] : []
  },
  stillStrikes: owesStrike,
})
