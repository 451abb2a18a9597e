/**
 * osr's combat as the room runs it (`osrCombat`, the whole `CombatRules`): the screens' view (combat.ts),
 * the resolving of an attack (resolve.ts), and what only the room asks: the defender's prompt (`defenses`),
 * the end of a round and the GM's ending of a condition. A phone's screen imports none of this module.
 */

import type {
  AttackPlan,
  CombatRules,
  Declared,
  DefenseOption,
  Fighter,
  Resolution,
  Roller,
} from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  changeOf,
  changesOf,
  chip,
  counterOdds,
  declarationOf,
  GM_ENDS,
  GRIPS,
  GROUND_FIRE_GM,
  grip,
  HOLD,
  holding,
  type OsrState,
  osrCombatView,
  ownOf,
  PARTING,
  rounds,
  type Setup,
  STRAY,
  sheet,
  stateOf,
} from './combat.ts'
import { LET_COME, osrResolve, PARTING_GM, REACH_RULE, SET_RULE, STRAY_GM, takeDamage } from './resolve.ts'
import * as osr from './rules.ts'

const SUBDUAL = 'Non-Lethal attacks or Subdual Damage (17.0.16)'
const GM_ENDS_RULE = 'Critical Hit (condition chart): the text gives these no end; the GM decides'
const FATIGUE_ENDS_RULE = 'Run Away (17.0.1.7): fatigued until 3 turns of rest, which the GM calls'

/** The defender's prompt: each blow struck first with its odds, or none. */
function counterOptions(attacker: Fighter, target: Fighter, s: Setup, declared: Declared): DefenseOption[] {
  const blows = counterOdds(attacker, target, s, declared).map(({ counter, weapon, chance, mean }) => ({
    id: counter.id,
    label: counter.set ? `Set the ${weapon} against the charge` : `Strike first with the ${weapon}`,
    chance,
    effect: counter.set
      ? `On ${attacker.name}’s number, at the same time: hits ${percent(chance)}, double damage, ${mean.toFixed(1)} on average; it spends your action this round (${SET_RULE}).`
      : `If ${attacker.name} is closing on you, your long reach strikes on their number, at the same time, even after a lower initiative: hits ${percent(chance)}, ${mean.toFixed(1)} damage on average; it spends your action this round (${REACH_RULE}).`,
  }))
  if (blows.length === 0) return []
  const wait = 'No blow now: your action waits for your own number.'
  return [...blows, { id: LET_COME, label: 'Let them come', chance: null, effect: wait }]
}

/** osr's combat at the table: the screens' part, resolving (resolve.ts), and what only the room runs. */
export const osrCombat: CombatRules = {
  ...osrCombatView,
  // `resolve` with no defense refuses only what `declare` refuses, as `defenses` does: after it, `strike`
  // rolls on faces checked in range only (rollAttack, oil, holy water, the grapple check, scatter).
  defensesCheckResolve: true,
  defenses(plan: AttackPlan) {
    const { attacker, target, declared } = plan
    if (GRIPS.includes(declared.choice)) {
      const g = grip(attacker, target, declared.choice)
      return g.ok ? ok([]) : g
    }
    if (declared.choice === HOLD.id) {
      const held = holding(attacker, target)
      return held.ok ? ok([]) : held
    }
    if (ownOf(plan)) return ok([])
    if (declared.choice.startsWith(STRAY)) return fail(STRAY_GM)
    if (declared.choice === PARTING) return fail(PARTING_GM)
    const d = declarationOf(plan)
    if (!d.ok) return d
    const options = counterOptions(attacker, target, d.value.setup, declared)
    if (options.length === 0) return ok(options)
    // Before the defender is asked, what rolling the attack would refuse before any die (two cover
    // levels, a shot past long range) is refused here, so the room asks no dry run (`defensesCheckResolve`).
    const planned = osr.planAttack(d.value.decl)
    return planned.ok ? ok(options) : planned
  },

  resolve: osrResolve,

  endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Outcome<Resolution> {
    const lines: BreakdownLine[] = []
    const said: string[] = []
    const each: Array<[Fighter, number, OsrState]> = []
    for (const f of fighters) {
      const before = stateOf(f)
      // Oil burning on the ground burns on whoever spilled it (17.0.10): each round the GM is asked.
      const fires = before.groundFires ?? []
      const left = fires.map(osr.groundFireEndOfRound).filter((x): x is osr.GroundFire => x !== null)
      if (fires.length > 0) {
        const more =
          left.length > 0 ? `, ${rounds(left[0]?.roundsLeft ?? 0)} left` : ', and has now burnt out'
        said.push(
          `the oil ${f.name} spilled burns: 1d6 fire to each creature standing in or moving through it this round, no save${more}${GROUND_FIRE_GM}`,
        )
        lines.push({ label: 'ground fire', value: 0, rule: 'Oil (17.0.10)', note: true })
        if (before.status === 'dead') {
          each.push([f, f.hp, { ...before, groundFires: left }])
          continue
        }
      }
      if (before.status === 'dead') continue
      const ticked = osr.endOfRound(before.conditions)
      let state: OsrState = {
        ...before,
        conditions: ticked.conditions,
        ...(before.groundFires ? { groundFires: left } : {}),
      }
      let hp = f.hp
      for (const due of ticked.due) {
        // Burning oil's second 1d8 (17.0.10); putting the flames out removes the condition beforehand.
        const s = sheet(f)
        if (!s.ok) return s
        const d8 = s.value.fireResistant ? undefined : roll(8, `${due.dice} burning oil on ${f.name}`)
        const burn = osr.oilBurning(s.value, false, d8)
        if (!burn.ok) return burn
        lines.push(...burn.value.lines)
        said.push(
          burn.value.note ? `${f.name}: ${burn.value.note}` : `${f.name} burns for ${burn.value.total}`,
        )
        const taken = takeDamage(f, state, burn.value.total, false, roll)
        state = taken.state
        hp = taken.hp
        if (taken.event) said.push(`${f.name} ${taken.event}`)
      }
      const knockout = state.status === 'unconscious' ? state.knockout : undefined
      if (knockout && knockout.revivableIn > 0) {
        const revivableIn = knockout.revivableIn - 1
        state = { ...state, knockout: { ...knockout, revivableIn } }
        if (revivableIn === 0) {
          lines.push({ label: `${f.name} can be revived`, value: 0, rule: SUBDUAL })
          said.push(`${f.name} can now be revived by another character (wakes with 1 hit point)`)
        }
      }
      each.push([f, hp, state])
    }
    const summary = said.length > 0 ? `End of round ${round}: ${said.join('; ')}.` : `End of round ${round}.`
    return ok({ lines, summary, changes: changesOf(...each) })
  },
  clear(f: Fighter, id: string): Outcome<Resolution> {
    const state = stateOf(f)
    const kind = GM_ENDS.find((k) => k === id)
    const on = state.conditions.find((c) => c.kind === kind)
    if (!kind || !on) return fail(`${f.name} is not ${id.replace(/-/g, ' ')} now.`)
    const conditions = osr.removeCondition(state.conditions, kind)
    // The GM ends a fatigue once its 3 turns of rest are had: running may start afresh (17.0.1.7).
    const run = kind === 'fatigued' ? { run: osr.rest(state.run ?? osr.FRESH, 3) } : {}
    const change = changeOf(f, f.hp, { ...state, conditions, ...run })
    return ok({
      lines: [
        {
          label: `${chip(on)} ends`,
          value: 0,
          rule: kind === 'fatigued' ? FATIGUE_ENDS_RULE : GM_ENDS_RULE,
          note: true,
        },
      ],
      summary: `${f.name} is no longer ${chip(on).toLowerCase()}: the GM ended it.`,
      changes: change ? { [f.id]: change } : {},
    })
  },
}
