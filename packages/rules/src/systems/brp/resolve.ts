/**
 * Resolving a brp attack (`CombatRules['resolve']`): the room's, and the dry run of a phone whose player rolls
 * their own dice (`RESOLVE_LOADERS`), which loads this chunk only when asked. What only resolving an attack
 * runs lives here and in the rules modules that only this file (and the room, `room-combat.ts`) imports: a phone
 * loads them only to ask for its own dice.
 *
 * Dice order of an attack: d100 to hit; the defender's d100 when the attack succeeded and the defender
 * parries or dodges (5.6, 5.7: "if an attack fails, it does not need to be parried"); the damage dice when
 * it lands (weapon dice, then damage bonus dice); 1D6 hours when the wound knocks the target out (5.12).
 */

import type {
  AttackPlan,
  CombatRules,
  Fighter,
  FighterChange,
  Resolution,
  Roller,
} from '../../engine/types.ts'
import { plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import {
  type Act,
  actOf,
  type BrpState,
  type Combatant,
  fighters,
  itemName,
  SAME_SLOT,
  SETTINGS,
} from './combat.ts'
import * as brp from './rules.ts'

/** What an outcome changed on these combatants, by id, leaving out those it left as they were. */
export const changesOf = (...each: Combatant[]): Record<string, FighterChange> =>
  fighters.changesOf(...each.map((c) => [c.fighter, c.state.hitPoints, c.state] as const))

/**
 * The defenses by id, from the rules package's `read` of them (`previewAttack` with the odds, or
 * `declareDefenses` without): none, dodge, each parry, and, where the defender has a shield and sees the
 * attack coming, its two defense toggles as options of their own.
 */
export function defenseCandidates<D extends brp.DefenseDeclared>(
  a: Combatant,
  t: Combatant,
  declaration: brp.AttackDeclaration,
  read: (
    ...args: Parameters<typeof brp.declareDefenses>
  ) => Outcome<{ attack: brp.DeclaredAttack; defenses: D[] }>,
): Array<{ id: string; label: string; preview: D }> {
  const idOf = (choice: brp.DefenseChoice) => (choice.kind === 'parry' ? `parry-${choice.with}` : choice.kind)
  const previewWith = (toggles: string[]) => read(a, t, declaration, SETTINGS, toggles)
  const base = previewWith([])
  if (!base.ok) return []
  const options = base.value.defenses.map((p) => ({ id: idOf(p.choice), label: p.label, preview: p }))
  // Unaware or unconscious, the defender cannot react at all (5.6, 5.7): the rules package says why.
  if (t.sheet.shield === 'none' || base.value.attack.defenderUnaware || t.state.unconscious) return options
  const extra = (toggle: brp.DefenseToggleId, id: string, label: string, kind: 'parry' | 'none') => {
    const found = previewWith([toggle])
    const p = found.ok
      ? found.value.defenses.find((d) =>
          kind === 'none' ? d.choice.kind === 'none' : idOf(d.choice) === 'parry-shield',
        )
      : undefined
    return p ? [{ id, label, preview: p }] : []
  }
  return [
    ...options,
    ...extra('kneeling', 'parry-shield-kneeling', 'Kneel behind the shield and parry', 'parry'),
    ...extra('immobile-shield', 'shield-cover', 'Shelter behind the shield as immobile cover', 'none'),
  ]
}

const NO_DEFENSE: brp.DeclaredDefense = {
  choice: { kind: 'none' },
  chance: null,
  parryItem: null,
  parryHitPoints: null,
  behindImmobileShield: false,
}

function chosenDefense(
  a: Combatant,
  t: Combatant,
  declaration: brp.AttackDeclaration,
  id: string | null,
): Outcome<brp.DeclaredDefense> {
  if (id === null) return ok(NO_DEFENSE)
  // Only the one chosen is declared: its odds were shown with the prompt.
  const found = defenseCandidates(a, t, declaration, brp.declareDefenses).find((d) => d.id === id)?.preview
  if (!found) return fail(`"${id}" is not a defense ${t.fighter.name} can choose.`)
  return found.allowed ? ok(found.defense) : fail(found.reason)
}

/** A sentence for the log: who hit whom for how much, and what it did. */
function describeExchange(
  a: Combatant,
  t: Combatant,
  defense: brp.DeclaredDefense,
  result: brp.ExchangeResult,
  attackLevel: brp.Level,
  /** Said to players kept from the target's health: without the wound it took, and only "down". */
  kept = false,
): string {
  const attacker = a.fighter.name
  const target = t.fighter.name
  const verb = defense.choice.kind === 'dodge' ? 'dodges' : 'parries'
  const parts: string[] = []
  if (attackLevel === 'failure') parts.push(`${attacker} misses ${target}.`)
  else if (result.row.hit === 'none') parts.push(`${target} ${verb} ${attacker}'s attack.`)
  else {
    const partly = result.row.attack === 'special' && result.row.defense === 'success'
    const how = result.row.hit === 'special' ? ' with a special success' : ''
    const total = result.damage?.total ?? 0
    const stopped = Math.min(total, result.armor?.points ?? 0)
    const armor = stopped > 0 ? ` (armor stopped ${stopped})` : ''
    const prefix = partly ? `${target} partly ${verb}: ` : ''
    let sentence = `${prefix}${attacker} hits ${target}${how}${kept ? '' : ` for ${result.damageTaken}${armor}`}`
    if (kept && (result.defender.hitPoints <= 0 || result.injury?.knockedOut))
      sentence += `: ${target} is down`
    else if (result.defender.hitPoints <= 0)
      sentence += `: ${target} is down and dies at the end of the round unless First Aid brings them to 1 hit point`
    else if (result.injury?.knockedOut) sentence += `: ${target} falls unconscious`
    parts.push(`${sentence}.`)
  }
  for (const hit of result.weaponHits) {
    const who = hit.who === 'attacker' ? a : t
    const item = itemName(who.sheet, hit.item)
    parts.push(`${who.fighter.name}'s ${item} takes ${hit.points}${hit.broken ? ' and breaks' : ''}.`)
  }
  return parts.join(' ')
}

/** Out of the fight (`out`): dead, unconscious, or dying at 0 hit points or less (5.12). */
const outOf = (s: BrpState) => s.dead || s.unconscious || s.hitPoints <= 0

/**
 * Whether the blow that took the target out leaves them their action: the round said, as the attack was
 * made, that they share the attacker's slot and had yet to act (`SAME_SLOT`), and, where the room's turn is
 * at hand, they have not acted since (while the blow waited for their answer).
 */
function keepsAction(plan: AttackPlan, before: BrpState, after: BrpState): boolean {
  if (!plan.declared.round?.includes(SAME_SLOT) || outOf(before) || !outOf(after)) return false
  const turn = plan.table?.turn
  const id = plan.target.id
  return !turn || (!turn.acted.includes(id) && !turn.attacks?.[id])
}

/** A reload, the round's action (5.9 *): no dice; the weapon loaded, or a gun refilled. */
function reloadWeapon(attacker: Fighter, { a, weapon, refill, lines }: Act & { kind: 'reload' }): Resolution {
  return {
    lines,
    summary: `${attacker.name} reloads the ${weapon} (the whole combat round)${refill ? `: ${refill}` : ''}.`,
    changes: changesOf(a),
  }
}

/** First Aid on the patient's newest untreated wound: d100 against the skill, then 1D3 on a success (5.14). */
function firstAid(
  healer: Fighter,
  patient: Fighter,
  { a, t, wound }: Act & { kind: 'first-aid' },
  roll: Roller,
): Outcome<Resolution> {
  const d100 = roll(100, 'First Aid')
  const check = brp.rollD100('First Aid', d100, { value: a.sheet.firstAid, lines: [] }, SETTINGS)
  if (!check.ok) return check
  // The 1D3 is rolled only on a success (a failed roll still bandages the wound, and reads no 1D3).
  const d3 = check.value.level === 'failure' ? 1 : roll(3, 'First Aid 1D3')
  const healed = brp.firstAid(t.state, wound.id, a.sheet.firstAid, { d100, d3 }, SETTINGS)
  if (!healed.ok) return healed
  const dying = t.state.hitPoints <= 0
  const after = healed.value.state.hitPoints
  // A monster's hit points may be the GM's secret: its sentence says what happens without them.
  const at = patient.side === 'pc'
  const saved =
    dying && after >= 1
      ? `: ${patient.name}${at ? ` is at ${plural(after, 'hit point')} and` : ''} will live`
      : ''
  const still =
    dying && after < 1
      ? `: ${patient.name} is still ${at ? `at ${after}` : 'below 1'} and dies at the end of the round`
      : ''
  const summary =
    healed.value.healed > 0
      ? `${healer.name}'s First Aid on ${patient.name} heals ${plural(healed.value.healed, 'hit point')}${saved}${still}.`
      : `${healer.name}'s First Aid on ${patient.name} fails: the wound is bandaged and cleaned${still}.`
  // How far the wound caps the healing shows what the patient's hit points are.
  const capped = (l: BreakdownLine) => l.label.startsWith('Capped at')
  return ok({
    lines: healed.value.lines.map((l) => (capped(l) ? { ...l, health: patient.id } : l)),
    summary,
    changes: changesOf({ ...t, state: healed.value.state }),
    // The roll's success, as the odds of the First Aid choice count it (5.14).
    hit: check.value.level !== 'failure',
  })
}

/**
 * An attack, First Aid, a reload or waking one, resolved from its dice: each die asked of `roll` in the order above,
 * the fighters' changes and the log's lines and sentence.
 */
export const brpResolve: CombatRules['resolve'] = (plan, defenseId, roll) => {
  const { attacker, target } = plan
  const act = actOf(plan)
  if (!act.ok) return act
  const it = act.value
  if (it.kind === 'first-aid') return firstAid(attacker, target, it, roll)
  if (it.kind === 'reload') return ok(reloadWeapon(attacker, it))
  if (it.kind === 'awaken')
    return ok({
      lines: [
        { label: 'Awakened by another character', value: 0, rule: '5.12 Damage and Injury', note: true },
      ],
      summary: `${attacker.name} wakes ${target.name} up.`,
      changes: changesOf(it.t),
    })
  const { a, t, attack, declaration } = it
  const defense = chosenDefense(a, t, declaration, defenseId)
  if (!defense.ok) return defense
  const attackRoll = brp.rollAttack(attack, roll(100, 'to hit'), SETTINGS)
  if (!attackRoll.ok) return attackRoll
  // "If an attack fails, it does not need to be parried" (5.6) or dodged (5.7).
  const defending = attackRoll.value.level !== 'failure' && defense.value.chance !== null
  let defenseRoll: brp.D100Roll | null = null
  if (defending) {
    const label = brp.describeDefense(defense.value.choice).toLowerCase()
    const rolled = brp.rollDefense(defense.value, roll(100, label, 'target'), SETTINGS)
    if (!rolled.ok) return rolled
    defenseRoll = rolled.value
  }
  const row = brp.matrixRow(attackRoll.value.level, defenseRoll?.level ?? null)
  const damageFaces =
    row.hit === 'none'
      ? null
      : brp.damageDice(attack.weapon.damage, attack.damageBonus).map((die) => roll(die.sides, die.label))
  const exchange = brp.resolveExchange(
    {
      attacker: a,
      defender: t,
      attack,
      attackRoll: attackRoll.value,
      defense: defense.value,
      defenseRoll,
      damageFaces,
    },
    SETTINGS,
  )
  if (!exchange.ok) return exchange
  const result = exchange.value
  // The wound's lines (hit points before, the wound, hit points now) show the target's hit points.
  const wound = new Set<BreakdownLine>(result.injury?.lines ?? [])
  const lines: BreakdownLine[] = result.lines.map((l) => (wound.has(l) ? { ...l, health: t.fighter.id } : l))
  let defender: BrpState = result.defender
  if (result.injury?.knockedOut) {
    const hours = brp.unconsciousHours(roll(6, 'unconscious 1D6 hours'))
    if (!hours.ok) return hours
    defender = { ...defender, unconsciousHours: hours.value.hours }
    lines.push(...hours.value.lines)
  }
  // "If these are still tied, the actions occur simultaneously" (5.2): felled before acting, they still act.
  const keeps = keepsAction(plan, t.state, defender)
  if (keeps) defender = { ...defender, strikesBack: true }
  const simultaneous = keeps
    ? ` ${target.name} is tied with ${attacker.name} on their DEX rank, and "the actions occur simultaneously": ${target.name} still takes this round's action, then leaves the fight (5.2).`
    : ''
  const changes = changesOf({ ...a, state: result.attacker }, { ...t, state: defender })
  const summary = describeExchange(a, t, defense.value, result, attackRoll.value.level) + simultaneous
  const publicSummary =
    describeExchange(a, t, defense.value, result, attackRoll.value.level, true) + simultaneous
  const resolution: Resolution = {
    lines,
    summary,
    ...(publicSummary === summary ? {} : { publicSummary }),
    changes,
    // The attack roll's success, as the odds before any defense count it (5.5).
    hit: attackRoll.value.level !== 'failure',
  }
  return ok(resolution)
}
