/**
 * zones' combat as the room runs it (`CombatRules`): the screen's part, the defenses, `resolve`, and the end
 * of a round and of a fight. A phone never loads it.
 */

import { tickConditions, untimedConditions } from '../../engine/conditions.ts'
import { setupOf } from '../../engine/plan.ts'
import type { CombatRules, Fighter, Resolution, Roller } from '../../engine/types.ts'
import { fail, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  type Condition,
  gearName,
  type Planned,
  SETTINGS,
  sheetFor,
  stateOf,
  zonesCombatView,
} from './combat.ts'
import { defenseList } from './defenses.ts'
import { Live, resolution } from './live.ts'
import { zonesResolve } from './resolve.ts'
import * as zones from './rules.ts'
import { RULING, RULING_GM, ruling, withIncapacitation } from './ruling.ts'

const isUp = (f: Fighter) => !stateOf(f).down && stateOf(f).morale !== 'broken'

/**
 * Which fighters must check morale now: a side reduced to half or less of its numbers in the past
 * round, or a character fighting alone reduced to half or less of their maximum health ("Morale").
 */
function moraleDue(fighters: readonly Fighter[]): Fighter[] {
  const due: Fighter[] = []
  for (const side of ['pc', 'foe'] as const) {
    const members = fighters.filter((f) => f.side === side)
    const start = (f: Fighter) => stateOf(f).roundStart ?? { health: f.maxHp, up: true }
    const watch: zones.MoraleWatch =
      members.length === 1 && members[0]
        ? {
            id: side,
            kind: 'lone',
            maxHealth: members[0].maxHp,
            healthAtRoundStart: start(members[0]).health,
            health: members[0].hp,
          }
        : {
            id: side,
            kind: 'group',
            original: members.length,
            atRoundStart: members.filter((f) => start(f).up).length,
            now: members.filter(isUp).length,
          }
    if (zones.moraleChecksDue([watch]).length > 0) due.push(...members.filter(isUp))
  }
  return due
}

/** The round's turn put away: the conditions a boundary leaves, no budget, split or concealment. */
function putAway(l: Live, conditions: Condition[]): void {
  l.state.conditions = conditions
  if (conditions.length === 0) delete l.state.conditions
  delete l.state.budget
  delete l.state.split
  delete l.state.concealment
}

function endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Resolution {
  const live = new Map(fighters.map((f) => [f.id, new Live(f)]))
  const lines: BreakdownLine[] = []
  const said: string[] = []
  const checking = moraleDue(fighters)
  if (checking.length > 0) {
    const members = checking.map((f) => {
      const sheet = sheetFor(f)
      return {
        id: f.id,
        wit: sheet.ok ? sheet.value.wit : 10,
        fearImmune: sheet.ok && sheet.value.fearImmune,
        steady: stateOf(f).morale === 'steady',
      }
    })
    const faces: Record<string, number> = {}
    for (const m of members)
      if (!m.fearImmune && !m.steady) faces[m.id] = roll(20, `morale WIT save: ${live.get(m.id)?.f.name}`)
    const morale = zones.resolveMorale(members, faces)
    const name = (id: string) => live.get(id)?.f.name ?? id
    lines.push(...morale.breakdown.map((l) => ({ ...l, label: l.label.replace(/^[^:]+/, (id) => name(id)) })))
    for (const id of morale.steady) (live.get(id) as Live).state.morale = 'steady'
    for (const id of morale.broken) (live.get(id) as Live).state.morale = 'broken'
    if (morale.broken.length) said.push(`${morale.broken.map(name).join(', ')} must surrender or retreat`)
    if (morale.steady.length)
      said.push(`${morale.steady.map(name).join(', ')} ${morale.steady.length > 1 ? 'stand' : 'stands'} firm`)
  }
  for (const l of live.values()) {
    // A turn's budget is this round's: the next round's turn starts whole; the round keeps who is concealed.
    putAway(l, tickConditions(l.state.conditions).kept)
    l.state.roundStart = { health: l.hp, up: isUp(l.f) }
  }
  // Round 0 is the bonus round the concealed play at the start of an ambush ("Sneaking and ambushes").
  const ended = round === 0 ? 'End of the ambush’s bonus round' : `End of round ${round}`
  const summary = `${ended}${said.length ? `: ${said.join('; ')}` : ''}.`
  return resolution(lines, summary, ...live.values())
}

/**
 * "After a fight, make a durability roll for all weapons and armour which were used at least once": the
 * room rolls them (the roll itself is the room setting: a d6, damaged on a 1, since the text does not
 * describe it); what fails stays damaged, so a 1 on its damage die or an 8+ blow destroys it later. Gear
 * destroyed in the fight is gone, and rolls nothing.
 */
function endOfFight(fighters: readonly Fighter[], roll: Roller): Resolution {
  const lines: BreakdownLine[] = []
  const damaged: string[] = []
  const changed: Live[] = []
  let rolls = 0
  const { sides, damagedAtOrBelow } = SETTINGS.durability
  for (const f of fighters) {
    const st = stateOf(f)
    const sheet = sheetFor(f)
    const l = new Live(f)
    // The round the fight ended in is over: its turns and reactions with it (a reaction in the last
    // round would otherwise still spend the first turn of the next fight).
    putAway(l, untimedConditions(st.conditions))
    delete l.state.used
    const gone = [...(st.destroyed ?? []), ...(st.gearDestroyed ?? [])]
    const items = (sheet.ok ? (st.used ?? []) : [])
      .filter((id) => !gone.includes(id))
      .map(
        (id): zones.GearItem => ({
          id,
          kind: id === 'armor' || id === 'shield' ? id : 'weapon',
          used: true,
          damaged: st.damagedGear?.includes(id) ?? false,
        }),
      )
    const what = (id: string) => `${f.name}'s ${sheet.ok ? gearName(sheet.value, id) : id}`
    const faces = Object.fromEntries(
      items.map((i) => [i.id, roll(sides, `durability d${sides}: ${what(i.id)}`)]),
    )
    rolls += items.length
    const result = zones.durabilityRolls(items, faces, SETTINGS)
    lines.push(...result.breakdown.map((l) => ({ ...l, label: l.label.replace(/^[^:]+/, what) })))
    const now = result.items.filter((i, n) => i.damaged && !items[n]?.damaged).map((i) => i.id)
    if (now.length > 0) l.state.damagedGear = [...(st.damagedGear ?? []), ...now]
    damaged.push(...now.map(what))
    if (JSON.stringify(l.state) !== JSON.stringify(f.state)) changed.push(l)
  }
  if (changed.length === 0) return { lines: [], summary: '', changes: {} }
  const rule = `a d${sides} for each weapon and armour used, damaged on ${damagedAtOrBelow === 1 ? 'a 1' : `${damagedAtOrBelow} or less`} (the room's reading: the text does not describe the roll)`
  const summary =
    rolls === 0
      ? 'The fight is over: no weapon or armour was used, so there is no durability roll.'
      : `After the fight, durability rolls: ${rule}. ${damaged.length > 0 ? `Damaged: ${damaged.join(', ')}; damaged weapons break on a 1, damaged shields and armour at 8+ damage.` : 'Nothing is damaged.'}`
  return resolution(lines, summary, ...changed)
}

/** zones' combat at the table: the screens' part, and what only the room runs (endOfRound, endOfFight). */
export const zonesCombat: CombatRules = {
  ...zonesCombatView,
  // The GM's ruling on a blow (ruling.ts) is planned as it is asked: nothing of it to check but who.
  plan: (attacker, target, declared, view) =>
    declared.choice === RULING
      ? ok({ attacker, target, declared, ...(view ? { table: view } : {}) })
      : zonesCombatView.plan(attacker, target, declared, view),
  // Asked by the room alone after a blow: a request that declares it is refused here, before any die.
  defenses: (plan) =>
    plan.declared.choice === RULING
      ? fail(RULING_GM)
      : ok(defenseList(setupOf<Planned>(plan), plan.attacker, plan.target, plan.table)),
  resolve(plan, defense, roll) {
    if (plan.declared.choice === RULING) return ruling(plan, defense)
    const resolved = zonesResolve(plan, defense, roll)
    return resolved.ok ? ok(withIncapacitation(plan, resolved.value)) : resolved
  },
  // `resolve` with no reaction refuses only what `declare` refuses, as `defenses` does: `resolvePlanned`
  // then checks no reaction, and a strike's WIT save is rolled whenever its plan calls for one.
  defensesCheckResolve: true,
  endOfRound: (fighters, round, roll) => ok(endOfRound(fighters, round, roll)),
  endOfFight: (fighters, roll) => ok(endOfFight(fighters, roll)),
}
