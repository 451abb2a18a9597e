/**
 * brp's combat as the room runs it (`CombatRules`): what a screen reads (combat.ts), resolving an attack
 * (resolve.ts), and what only the room runs: the defender's choices, the end of a round, a week of rest,
 * the GM waking one. Apart so that neither of the others imports it: a phone's chunks hold none of it.
 */
import { addFractions, toFloat } from '../../dice/fraction.ts'
import type { CombatRules, DefenseOption, Fighter, Resolution, Roller } from '../../engine/types.ts'
import { percent, plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  type Act,
  actOf,
  type BrpState,
  brpCombatView,
  type Combatant,
  itemName,
  read,
  SETTINGS,
  wake,
} from './combat.ts'
import { brpResolve, changesOf, defenseCandidates } from './resolve.ts'
import * as brp from './rules.ts'

/** A week of rest (5.14): each wounded fighter heals 1D3, or 3 in a hospital, up to maximum hit points. */
function weekOfRest(
  fighters: readonly Fighter[],
  roll: Roller,
  hospital: readonly string[],
): Outcome<Resolution> {
  const lines: BreakdownLine[] = []
  const said: string[] = []
  const after: Combatant[] = []
  for (const fighter of fighters) {
    const c = read(fighter)
    if (!c.ok || c.value.state.dead) continue
    const { hitPoints, maxHitPoints, unconscious } = c.value.state
    if (hitPoints >= maxHitPoints && !unconscious) continue
    // One left at 0 or less when a fight was called off did not see the week: the round they fell in
    // ended with them still there, and "they are dead" (5.12). First Aid before the rest could save them.
    const end = brp.endOfRound(c.value.state)
    if (end.died) {
      after.push({ ...c.value, state: end.state })
      lines.push({
        label: `${fighter.name}: dead at ${hitPoints} hit points when that round ended`,
        value: hitPoints,
        rule: '5.12 Damage and Injury',
        health: fighter.id,
      })
      said.push(`${fighter.name} dies (still at 0 hit points or less when that round ended)`)
      continue
    }
    const inHospital = hospital.includes(fighter.id)
    const dice = inHospital
      ? { hospital: true as const }
      : { d3: roll(3, `${fighter.name}: a week of rest 1D3`) }
    const healed = brp.weeklyHealing(c.value.state, dice)
    if (!healed.ok) continue
    const { unconsciousHours: _hours, ...awake }: BrpState = healed.value.state
    after.push({ ...c.value, state: healed.value.woke ? awake : healed.value.state })
    // Healing up to the maximum shows what the maximum is.
    const most = (l: BreakdownLine) => l.label.startsWith('Up to maximum')
    lines.push(
      ...healed.value.lines.map((l) => ({
        ...l,
        label: `${fighter.name}: ${l.label}`,
        ...(most(l) ? { health: fighter.id } : {}),
      })),
    )
    said.push(
      `${fighter.name} heals ${plural(healed.value.healed, 'hit point')}${inHospital ? ' in a hospital' : ''}${healed.value.woke ? ' and is awake' : ''}`,
    )
  }
  if (said.length === 0) return fail('Nobody here is wounded: a week of rest would heal nothing.')
  return ok({ lines, summary: `A week of rest: ${said.join(', ')}.`, changes: changesOf(...after) })
}

/**
 * The fight's end: there is time enough to reload what was fired (the room's reading; the text times a
 * reload only in combat rounds, 5.9 *), so nobody starts the next fight with an empty crossbow.
 */
function reloadAfterTheFight(fighters: readonly Fighter[]): Resolution {
  const lines: BreakdownLine[] = []
  const said: string[] = []
  const after: Combatant[] = []
  for (const fighter of fighters) {
    const c = read(fighter)
    if (!c.ok || c.value.state.dead) continue
    const { sheet } = c.value
    // An action still owed in a shared slot (5.2) ends with the fight.
    const { strikesBack: _owed, ...kept } = c.value.state
    let state: BrpState = kept
    for (const row of brp.reloadable(sheet, state)) {
      const reloaded = brp.reload(sheet, state, row.id)
      if (!reloaded.ok) continue
      state = reloaded.value.state
      lines.push(...reloaded.value.lines.map((l) => ({ ...l, label: `${fighter.name}: ${l.label}` })))
      said.push(`${fighter.name}'s ${itemName(sheet, row.item)}`)
    }
    after.push({ ...c.value, state })
  }
  const summary = said.length > 0 ? `After the fight, everyone reloads: ${said.join(', ')}.` : ''
  return { lines, summary, changes: changesOf(...after) }
}

/**
 * The defender's choices against an attack, with their odds: before the roll, or given its level once it
 * is made (5.6). [] when only "no defense" is left (unaware, unconscious, a bullet): nothing to choose.
 */
function defensesAgainst(
  { a, t, declaration }: Extract<Act, { kind: 'attack' }>,
  rolled?: brp.Level,
): DefenseOption[] {
  const options: DefenseOption[] = []
  const read = (
    ...[attacker, defender, declared, settings, toggles]: Parameters<typeof brp.declareDefenses>
  ) => brp.previewAttack(attacker, defender, declared, settings, toggles, rolled)
  for (const { id, label, preview } of defenseCandidates(a, t, declaration, read)) {
    if (!preview.allowed) continue
    const { defense, odds } = preview
    const landing = `the attack ${rolled ? 'still ' : ''}lands ${percent(toFloat(odds.hit))}, about ${odds.expectedDamageFloat.toFixed(1)} damage`
    if (defense.chance === null) {
      const cover = defense.behindImmobileShield ? ` (${odds.armor} armor with the shield)` : ''
      options.push({ id, label, chance: null, effect: `${label}${cover}: ${landing}` })
      continue
    }
    const levels = brp.levelOdds(defense.chance.value, SETTINGS)
    const chance = toFloat(addFractions(levels.special, levels.success))
    options.push({ id, label, chance, effect: `${label} at ${defense.chance.value}%: ${landing}` })
  }
  return options.some((o) => o.chance !== null || o.id !== 'none') ? options : []
}

/**
 * brp's combat at the table: the screens' part, resolving, and the defender's choices, the end of a round, a
 * week of rest, the GM waking one.
 */
export const brpCombat: CombatRules = {
  ...brpCombatView,
  defenses(plan) {
    const act = actOf(plan)
    if (!act.ok) return act
    // First Aid, a reload and waking one are answered by nobody.
    return ok(act.value.kind === 'attack' ? defensesAgainst(act.value) : [])
  },

  // "A parry is determined after the attack roll is made. If an attack fails, it does not need to be
  // parried" (5.6); a dodge "just like a parry" (5.7). The d100 to hit is `resolve`'s first die.
  rollsFirst(plan, roll) {
    const act = actOf(plan)
    if (!act.ok) return act
    if (act.value.kind !== 'attack') return ok({ says: '', defenses: [] })
    const rolled = brp.rollAttack(act.value.attack, roll(100, 'to hit'), SETTINGS)
    if (!rolled.ok) return rolled
    const { roll: face, chance, level } = rolled.value
    const attacker = plan.attacker.name
    if (level === 'failure')
      return ok({
        says: `${attacker} rolled ${face} against ${chance}%: a miss, which needs no parry or dodge (5.6, 5.7).`,
        defenses: [],
      })
    const how = level === 'special' ? 'a special success' : 'a success'
    return ok({
      says: `${attacker}’s attack succeeds: ${face} against ${chance}%, ${how}.`,
      defenses: defensesAgainst(act.value, level),
    })
  },

  resolve: brpResolve,

  // `resolve` with no defense refuses only what `declare` refuses, as `defenses` does: after it, NO_DEFENSE
  // is rolled against by faces checked in range only (rollAttack, rollDamage, unconsciousHours).
  defensesCheckResolve: true,
  endOfRound(fighters, round) {
    const lines: BreakdownLine[] = []
    const said: string[] = []
    const after: Combatant[] = []
    for (const fighter of fighters) {
      const c = read(fighter)
      if (!c.ok) continue
      const name = fighter.name
      // An action still owed in a shared slot (5.2) is of this round only.
      const { strikesBack: owed, ...state } = c.value.state
      // "Reduced to 0 hit points and remains at 0 at the end of the combat round, they are dead" (5.12).
      const end = brp.endOfRound(state)
      if (!end.died) {
        if (owed) after.push({ ...c.value, state })
        continue
      }
      after.push({ ...c.value, state: end.state })
      lines.push({
        label: `${name}: dead at ${end.state.hitPoints} hit points`,
        value: end.state.hitPoints,
        rule: '5.12 Damage and Injury',
        health: fighter.id,
      })
      said.push(`${name} dies (still at 0 hit points or less at the end of the round).`)
    }
    const summary = said.length > 0 ? `End of round ${round}: ${said.join(' ')}` : `End of round ${round}.`
    return ok({ lines, summary, changes: changesOf(...after) })
  },

  endOfFight: (fighters) => ok(reloadAfterTheFight(fighters)),

  rest: weekOfRest,

  clear(fighter, id) {
    const c = read(fighter)
    if (!c.ok) return c
    if (id !== 'unconscious' || !c.value.state.unconscious) return fail(`${fighter.name} is not ${id} now.`)
    const hours = c.value.state.unconsciousHours
    const woken = wake(fighter)
    if (!woken.ok) return woken
    return ok({
      lines: [
        {
          label: `Unconscious for 1D6 hours${hours ? ` (${hours})` : ''}: the hours have passed`,
          value: 0,
          rule: '5.12 Damage and Injury',
          note: true,
        },
      ],
      summary: `${fighter.name} wakes: the hours of unconsciousness have passed, the GM says.`,
      changes: changesOf(woken.value),
    })
  },
}
