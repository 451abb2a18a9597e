/**
 * brp: attacks, defenses and outcomes at the table, over the rules package (docs/systems/brp.md). The
 * rules live in `brp`; this file turns a `Fighter` into a sheet and a `CombatantState`, asks the rules,
 * rolls the dice in a fixed order and writes the state back.
 *
 * Dice order of an attack: d100 to hit; the defender's d100 when the attack succeeded and the defender
 * parries or dodges (5.6, 5.7: "if an attack fails, it does not need to be parried"); the damage dice when
 * it lands (weapon dice, then damage bonus dice); 1D6 hours when the wound knocks the target out (5.12).
 */

import { addFractions, toFloat } from '../../dice/fraction.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { readSheet } from '../../table/sheet.ts'
import type {
  AttackChoice,
  CombatRules,
  Declared,
  DefenseOption,
  Fighter,
  FighterChange,
  Preview,
  Resolution,
  Roller,
} from '../../table/types.ts'
import { percent } from '../../table/words.ts'
import * as brp from './rules.ts'

const SHEET = { fields: brp.SHEET_FIELDS, parse: brp.parseSheet }

/** The room has no brp settings yet: every reading is the text's default (docs/systems/brp.md). */
const SETTINGS = brp.DEFAULT_SETTINGS

/**
 * What the adapter keeps in `Fighter.state`. Hit points are the fighter's own `hp`, so a GM's edit
 * counts; the rest is the rules package's CombatantState, plus two things it leaves to the table.
 */
interface BrpState {
  injuries: brp.Injury[]
  unconscious: boolean
  dead: boolean
  /** Damage, shots and loading of each carried item (5.6, 5.8, 5.9). */
  items: Record<string, brp.ItemState>
  /** The 1D6 hours rolled when knocked out (5.12). */
  unconsciousHours?: number
  /** Weapon row id -> rounds until it is loaded again, counting the round it was emptied in. */
  reloading: Record<string, number>
}

/** A fighter as the rules package reads it. */
interface Combatant {
  fighter: Fighter
  sheet: brp.Sheet
  state: brp.CombatantState
  extra: Pick<BrpState, 'unconsciousHours' | 'reloading'>
  /** The state as read, to tell what an outcome changed. */
  before: string
}

function read(fighter: Fighter): Outcome<Combatant> {
  const parsed = readSheet(SHEET, fighter)
  if (!parsed.ok) return parsed
  const sheet = parsed.value as brp.Sheet
  const stored = fighter.state as Partial<BrpState>
  const fresh = brp.initialState(sheet, SETTINGS)
  const c: Combatant = {
    fighter,
    sheet,
    state: {
      hitPoints: fighter.hp,
      maxHitPoints: fighter.maxHp,
      injuries: stored.injuries ?? [],
      unconscious: stored.unconscious ?? false,
      dead: stored.dead ?? false,
      items: { ...fresh.items, ...stored.items },
    },
    extra: {
      reloading: stored.reloading ?? {},
      ...(stored.unconsciousHours === undefined ? {} : { unconsciousHours: stored.unconsciousHours }),
    },
    before: '',
  }
  c.before = JSON.stringify(stateOf(c))
  return ok(c)
}

function stateOf(c: Combatant): Record<string, unknown> {
  const { injuries, unconscious, dead, items } = c.state
  const state: BrpState = { injuries: [...injuries], unconscious, dead, items: { ...items }, ...c.extra }
  return state as unknown as Record<string, unknown>
}

/** What changed on a combatant since it was read: hit points and state, or nothing. */
function changeOf(c: Combatant): FighterChange | null {
  const change: FighterChange = {}
  if (c.state.hitPoints !== c.fighter.hp) change.hp = c.state.hitPoints
  const state = stateOf(c)
  if (JSON.stringify(state) !== c.before) change.state = state
  return Object.keys(change).length > 0 ? change : null
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "Sword, Short", "Round shield": an item key of the state as the log names it. */
function itemName(sheet: brp.Sheet, item: string): string {
  if (item === 'shield') return `${brp.findShield(sheet.shield)?.name ?? 'the'} shield`
  const row = brp.findWeapon(item)
  return row ? brp.displayName(row) : item
}

/** The choice that bandages a wound instead of attacking (5.14). */
const FIRST_AID = 'first-aid'
/** Waking one knocked out: "unconscious for 1D6 hours or until awakened by another character" (5.12). */
const AWAKEN = 'awaken'
const HEALING = '5.14 Healing'

/**
 * First Aid, declared: the healer's skill and the wound it treats, the newest that has not had it
 * ("An injury may have First Aid applied to it only once"), or why not.
 */
function declareFirstAid(
  healer: Fighter,
  patient: Fighter,
): Outcome<{ a: Combatant; t: Combatant; wound: brp.Injury }> {
  const a = read(healer)
  if (!a.ok) return a
  const t = read(patient)
  if (!t.ok) return t
  const wound = brp.woundForFirstAid(t.value.state, patient.name)
  if (!wound.ok) return wound
  if (a.value.sheet.firstAid <= 0) return fail(`${healer.name} has no First Aid skill.`)
  return ok({ a: a.value, t: t.value, wound: wound.value })
}

/** Both sides read and the attack declared, or why not. */
function declare(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
): Outcome<{ a: Combatant; t: Combatant; attack: brp.DeclaredAttack; declaration: brp.AttackDeclaration }> {
  const a = read(attacker)
  if (!a.ok) return a
  const t = read(target)
  if (!t.ok) return t
  if (t.value.state.dead) return fail(`${target.name} is already dead.`)
  const declaration = { weapon: declared.choice, toggles: declared.toggles }
  const attack = brp.declareAttack(a.value.sheet, a.value.state, declaration, SETTINGS)
  if (!attack.ok) return attack
  return ok({ a: a.value, t: t.value, attack: attack.value, declaration })
}

/**
 * The defenses by id, each with its exact odds, from the rules package's preview (`previewAttack`): none,
 * dodge, each parry, and, where the defender has a shield and sees the attack coming, its two defense
 * toggles as options of their own. With `declareDefenses` for `read`, the same defenses without the odds.
 */
function defenseCandidates(
  a: Combatant,
  t: Combatant,
  declaration: brp.AttackDeclaration,
): Array<{ id: string; label: string; preview: brp.DefensePreview }>
function defenseCandidates(
  a: Combatant,
  t: Combatant,
  declaration: brp.AttackDeclaration,
  read: typeof brp.declareDefenses,
): Array<{ id: string; label: string; preview: brp.DefenseDeclared }>
function defenseCandidates(
  a: Combatant,
  t: Combatant,
  declaration: brp.AttackDeclaration,
  read: typeof brp.declareDefenses = brp.previewAttack,
): Array<{ id: string; label: string; preview: brp.DefenseDeclared }> {
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

/** "Hits on 55 or less on d100 (55%), special on 11 or less." */
function hitSummary(chance: number): string {
  if (chance <= 0) return 'No chance to hit (0%).'
  const special = brp.specialThreshold(chance, SETTINGS)
  if (chance >= 100) return `Always hits; special on ${special} or less.`
  return `Hits on ${chance} or less on d100 (${chance}%), special on ${special} or less.`
}

/** A sentence for the log: who hit whom for how much, and what it did. */
function describeExchange(
  a: Combatant,
  t: Combatant,
  defense: brp.DeclaredDefense,
  result: brp.ExchangeResult,
  attackLevel: brp.Level,
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
    let sentence = `${prefix}${attacker} hits ${target}${how} for ${result.damageTaken}${armor}`
    if (result.defender.hitPoints <= 0)
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

/** After firing: a crossbow is reloaded through the next round (5.9 *), an emptied gun likewise. */
function startReloading(a: Combatant, weapon: brp.WeaponRow): void {
  const item = brp.itemState(a.state, weapon.item)
  const empty = item.loaded === false || (item.shots !== undefined && item.shots <= 0)
  if (empty && (weapon.reloadRound || weapon.magazine))
    a.extra = { ...a.extra, reloading: { ...a.extra.reloading, [weapon.id]: 2 } }
}

/** The patient awake, their 1D6 hours forgotten, or why they cannot be woken (the dead, those at 0 or less). */
function wake(patient: Fighter): Outcome<Combatant> {
  const t = read(patient)
  if (!t.ok) return t
  const woken = brp.awaken(t.value.state)
  if (!woken.ok) return fail(`${patient.name}: ${woken.error}`)
  const { unconsciousHours: _hours, ...extra } = t.value.extra
  return ok({ ...t.value, state: woken.value, extra })
}

/** First Aid on the patient's newest untreated wound: d100 against the skill, then 1D3 on a success (5.14). */
function firstAid(healer: Fighter, patient: Fighter, roll: Roller): Outcome<Resolution> {
  const aid = declareFirstAid(healer, patient)
  if (!aid.ok) return aid
  const { a, t, wound } = aid.value
  const d100 = roll(100, 'First Aid')
  const check = brp.rollD100('First Aid', d100, { value: a.sheet.firstAid, lines: [] }, SETTINGS)
  if (!check.ok) return check
  // The 1D3 is rolled only on a success (a failed roll still bandages the wound, and reads no 1D3).
  const d3 = check.value.level === 'failure' ? 1 : roll(3, 'First Aid 1D3')
  const healed = brp.firstAid(t.state, wound.id, a.sheet.firstAid, { d100, d3 }, SETTINGS)
  if (!healed.ok) return healed
  const dying = t.state.hitPoints <= 0
  t.state = healed.value.state
  const change = changeOf(t)
  const after = t.state.hitPoints
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
  return ok({
    lines: [...healed.value.lines],
    summary,
    changes: change ? { [patient.id]: change } : {},
  })
}

/** A week of rest (5.14): each wounded fighter heals 1D3, or 3 in a hospital, up to maximum hit points. */
function weekOfRest(
  fighters: readonly Fighter[],
  roll: Roller,
  hospital: readonly string[],
): Outcome<Resolution> {
  const lines: BreakdownLine[] = []
  const said: string[] = []
  const changes: Record<string, FighterChange> = {}
  for (const fighter of fighters) {
    const c = read(fighter)
    if (!c.ok || c.value.state.dead) continue
    const { hitPoints, maxHitPoints, unconscious } = c.value.state
    if (hitPoints >= maxHitPoints && !unconscious) continue
    // One left at 0 or less when a fight was called off did not see the week: the round they fell in
    // ended with them still there, and "they are dead" (5.12). First Aid before the rest could save them.
    const end = brp.endOfRound(c.value.state)
    if (end.died) {
      c.value.state = end.state
      lines.push({
        label: `${fighter.name}: dead at ${hitPoints} hit points when that round ended`,
        value: hitPoints,
        rule: '5.12 Damage and Injury',
        health: fighter.id,
      })
      said.push(`${fighter.name} dies (still at 0 hit points or less when that round ended)`)
      const change = changeOf(c.value)
      if (change) changes[fighter.id] = change
      continue
    }
    const inHospital = hospital.includes(fighter.id)
    const dice = inHospital
      ? { hospital: true as const }
      : { d3: roll(3, `${fighter.name}: a week of rest 1D3`) }
    const healed = brp.weeklyHealing(c.value.state, dice)
    if (!healed.ok) continue
    c.value.state = healed.value.state
    if (healed.value.woke) {
      const { unconsciousHours: _hours, ...extra } = c.value.extra
      c.value.extra = extra
    }
    lines.push(...healed.value.lines.map((l) => ({ ...l, label: `${fighter.name}: ${l.label}` })))
    said.push(
      `${fighter.name} heals ${plural(healed.value.healed, 'hit point')}${inHospital ? ' in a hospital' : ''}${healed.value.woke ? ' and is awake' : ''}`,
    )
    const change = changeOf(c.value)
    if (change) changes[fighter.id] = change
  }
  if (said.length === 0) return fail('Nobody here is wounded: a week of rest would heal nothing.')
  return ok({ lines, summary: `A week of rest: ${said.join(', ')}.`, changes })
}

/** What a screen reads of brp's combat (`ScreenRules.combat`); `brpCombat` adds what only the room runs. */
export const brpCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    const s = f.state as Partial<BrpState>
    if (s.dead) return `${f.name} is dead.`
    if (s.unconscious) return `${f.name} is unconscious.`
    // "Reduced to 0 hit points ... they are dead" at the end of the round unless First Aid raises them (5.12).
    return f.hp <= 0 ? `${f.name} is at ${f.hp} hit points and dying.` : null
  },
  choices(attacker) {
    const a = read(attacker)
    if (!a.ok) return a
    const { sheet, state } = a.value
    const choices: AttackChoice[] = []
    let refusal = ''
    for (const { id } of brp.attackRows(sheet)) {
      const attack = brp.declareAttack(sheet, state, { weapon: id }, SETTINGS)
      if (!attack.ok) {
        refusal ||= attack.error
        continue
      }
      const { weapon, chance } = attack.value
      choices.push({
        id,
        label: `${brp.displayName(weapon)} · ${chance.value}% · ${brp.formatDamage(weapon.damage)}`,
      })
    }
    // "First Aid takes one combat round to apply (if in a hurry)": the healer's action this round.
    if (sheet.firstAid > 0)
      choices.push({
        id: FIRST_AID,
        label: `First Aid · ${sheet.firstAid}% · heals 1D3`,
        aid: true,
        verb: 'Roll First Aid',
      })
    choices.push({ id: AWAKEN, label: 'Wake them up', aid: true, verb: 'Wake them up' })
    return choices.some((c) => !c.aid) ? ok(choices) : fail(refusal)
  },

  toggles(attacker, target, choice) {
    if (choice === FIRST_AID || choice === AWAKEN) return []
    const a = read(attacker)
    const t = read(target)
    if (!a.ok || !t.ok) return []
    const weapon = brp.weaponFor(a.value.sheet, choice)
    if (!weapon.ok) return []
    const ranged = weapon.value.range !== null
    // An unaware target cannot parry or dodge (5.6, 5.7): the toggle is offered only where the rules
    // give the target some parry or dodge to take away.
    const attack = brp.declareAttack(a.value.sheet, a.value.state, { weapon: choice }, SETTINGS)
    const canDefend =
      attack.ok &&
      brp
        .defenseOptions(attack.value, t.value.sheet, t.value.state, SETTINGS)
        .some((d) => d.outcome.ok && d.choice.kind !== 'none')
    const applies: Record<brp.AttackToggleId, boolean> = {
      difficult: true,
      'range-double': ranged,
      'range-triple': ranged,
      'defender-unaware': canDefend,
    }
    return brp.ATTACK_MODIFIERS.filter((m) => applies[m.id]) as ModifierToggle[]
  },

  preview(attacker, target, declared) {
    if (declared.choice === AWAKEN) {
      const woken = wake(target)
      if (!woken.ok) return woken
      return ok({
        chance: 1,
        summary: `${target.name} wakes: no roll (5.12 "until awakened by another character").`,
        lines: [],
      })
    }
    if (declared.choice === FIRST_AID) {
      const aid = declareFirstAid(attacker, target)
      if (!aid.ok) return aid
      const { a, t } = aid.value
      const odds = brp.firstAidOdds(a.sheet.firstAid, t.state, SETTINGS)
      if (!odds.ok) return odds
      const { wound, success, atMost, saves } = odds.value
      const left = brp.remainingOf(wound)
      // For the dying, the odds that matter: of living the round's end (5.12).
      const lives =
        saves === null
          ? ''
          : toFloat(saves) > 0
            ? `; ${target.name} lives the round's end ${percent(toFloat(saves))} (brought to 1 hit point or more)`
            : `; even at its best it leaves ${target.name} below 1, and they die at the round's end`
      return ok({
        chance: toFloat(success),
        summary: `First Aid on a wound of ${left}: heals 1D3, at most ${atMost}${lives}.`,
        lines: [{ label: 'First Aid skill', value: a.sheet.firstAid, rule: HEALING }],
      })
    }
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const { t, attack } = d.value
    const odds = brp.exchangeOdds(attack, null, t.sheet, t.state, SETTINGS)
    const damage = odds.expectedDamageFloat.toFixed(1)
    const preview: Preview = {
      chance: toFloat(odds.hit),
      summary: `${hitSummary(attack.chance.value)} About ${damage} damage after armor if not parried or dodged.`,
      lines: [
        ...attack.chance.lines,
        { label: 'Chance to hit', value: attack.chance.value, rule: '5.5 Attacking' },
      ],
    }
    return ok(preview)
  },

  defenses(attacker, target, declared) {
    if (declared.choice === AWAKEN) {
      const woken = wake(target)
      return woken.ok ? ok([]) : woken
    }
    if (declared.choice === FIRST_AID) {
      const aid = declareFirstAid(attacker, target)
      return aid.ok ? ok([]) : aid
    }
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const { a, t, declaration } = d.value
    const options: DefenseOption[] = []
    for (const { id, label, preview } of defenseCandidates(a, t, declaration)) {
      if (!preview.allowed) continue
      const { defense, odds } = preview
      const landing = `the attack lands ${percent(toFloat(odds.hit))}, about ${odds.expectedDamageFloat.toFixed(1)} damage`
      if (defense.chance === null) {
        const cover = defense.behindImmobileShield ? ` (${odds.armor} armor with the shield)` : ''
        options.push({ id, label, chance: null, effect: `${label}${cover}: ${landing}` })
        continue
      }
      const levels = brp.levelOdds(defense.chance.value, SETTINGS)
      const chance = toFloat(addFractions(levels.special, levels.success))
      options.push({ id, label, chance, effect: `${label} at ${defense.chance.value}%: ${landing}` })
    }
    // Only "no defense" left (unaware, unconscious, a bullet): the defender has nothing to choose.
    return ok(options.some((o) => o.chance !== null || o.id !== 'none') ? options : [])
  },

  resolve(attacker, target, declared, defenseId, roll) {
    if (declared.choice === FIRST_AID) return firstAid(attacker, target, roll)
    if (declared.choice === AWAKEN) {
      const woken = wake(target)
      if (!woken.ok) return woken
      const t = woken.value
      const change = changeOf(t)
      return ok({
        lines: [
          { label: 'Awakened by another character', value: 0, rule: '5.12 Damage and Injury', note: true },
        ],
        summary: `${attacker.name} wakes ${target.name} up.`,
        changes: change ? { [target.id]: change } : {},
      })
    }
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const { a, t, attack, declaration } = d.value
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
    const lines: BreakdownLine[] = [...result.lines]
    a.state = result.attacker
    t.state = result.defender
    startReloading(a, attack.weapon)
    if (result.injury?.knockedOut) {
      const hours = brp.unconsciousHours(roll(6, 'unconscious 1D6 hours'))
      if (!hours.ok) return hours
      t.extra = { ...t.extra, unconsciousHours: hours.value.hours }
      lines.push(...hours.value.lines)
    }
    const changes: Record<string, FighterChange> = {}
    for (const c of [a, t]) {
      const change = changeOf(c)
      if (change) changes[c.fighter.id] = change
    }
    const resolution: Resolution = {
      lines,
      summary: describeExchange(a, t, defense.value, result, attackRoll.value.level),
      changes,
    }
    return ok(resolution)
  },

  // "Unconscious for 1D6 hours or until awakened by another character" (5.12): Fray keeps no clock of
  // hours, so the GM ends it once the hours have passed (a week of rest ends it by itself).
  clearable(fighter) {
    const c = read(fighter)
    if (!c.ok || !c.value.state.unconscious || !brp.awaken(c.value.state).ok) return []
    const hours = c.value.extra.unconsciousHours
    return [
      {
        id: 'unconscious',
        label: hours ? `Unconscious (${plural(hours, 'hour')})` : 'Unconscious',
        when: `when their ${hours ? `${plural(hours, 'hour')} (1D6)` : '1D6 hours'} have passed (5.12)`,
      },
    ]
  },

  defense(fighter) {
    const points = armorPoints(fighter)
    const c = read(fighter)
    if (points === null || !c.ok) return null
    if (points === 0) return 'No armor'
    // What the armor costs its wearer's own rolls (5.10), which Fray applies only to Dodge and Throw: the
    // player and the GM see it for the rest ("At the gamemaster's discretion, other skills may be affected").
    const sum = (lines: BreakdownLine[]) => lines.reduce((n, l) => n + l.value, 0)
    const costs = [
      [sum(brp.physicalSkillPenalty(c.value.sheet)), 'physical skills'],
      [sum(brp.perceptionSkillPenalty(c.value.sheet)), 'Listen and Spot'],
    ] as const
    const said = costs.filter(([n]) => n < 0).map(([n, what]) => `${what} −${-n}%`)
    return `Armor ${points} AP${said.length > 0 ? ` (${said.join(', ')})` : ''}`
  },
  // 5.12: "armor points are subtracted from the damage", whatever dealt it.
  soak: (fighter) => ({ points: armorPoints(fighter) ?? 0, rule: '5.10 Armor, 5.12 Damage and Injury' }),

  status(fighter) {
    const readOne = read(fighter)
    if (!readOne.ok) return []
    const { sheet, state, extra } = readOne.value
    if (state.dead) return ['Dead']
    const chips: string[] = []
    if (state.unconscious)
      chips.push(
        extra.unconsciousHours ? `Unconscious (${plural(extra.unconsciousHours, 'hour')})` : 'Unconscious',
      )
    if (state.hitPoints <= 0) chips.push('Dying: First Aid this round')
    for (const [id, rounds] of Object.entries(extra.reloading)) {
      const row = brp.findWeapon(id)
      if (row) chips.push(`Reloading ${brp.displayName(row)} (ready in ${plural(rounds, 'round')})`)
    }
    for (const [item, itemState] of Object.entries(state.items)) {
      const row = item === 'shield' ? null : brp.findWeapon(item)
      const hitPoints = item === 'shield' ? brp.findShield(sheet.shield)?.points : row?.hitPoints
      if (brp.isBroken(state, item, hitPoints)) chips.push(`${itemName(sheet, item)} broken`)
      const magazine = row?.magazine
      if (magazine && itemState.shots !== undefined && itemState.shots < magazine.size)
        chips.push(
          `${itemName(sheet, item)}: ${plural(itemState.shots, magazine.unit.replace(/s$/, ''))} left`,
        )
    }
    const open = state.injuries.map(brp.remainingOf).filter((n) => n > 0)
    if (open.length > 0) chips.push(`Wounds: ${open.join(', ')}`)
    return chips
  },
}

/** brp's combat at the table: the screens' part, and the end of a round, a week of rest, the GM waking one. */
export const brpCombat: CombatRules = {
  ...brpCombatView,
  // `resolve` with no defense refuses only what `declare` refuses, as `defenses` does: after it, NO_DEFENSE
  // is rolled against by faces checked in range only (rollAttack, rollDamage, unconsciousHours).
  defensesCheckResolve: true,
  endOfRound(fighters, round) {
    const lines: BreakdownLine[] = []
    const said: string[] = []
    const changes: Record<string, FighterChange> = {}
    for (const fighter of fighters) {
      const readOne = read(fighter)
      if (!readOne.ok) continue
      const c = readOne.value
      const name = fighter.name
      // Reloading ticks down; at 0 the weapon is loaded or refilled (5.9 notes).
      const reloading: Record<string, number> = {}
      for (const [id, rounds] of Object.entries(c.extra.reloading)) {
        if (rounds > 1) {
          reloading[id] = rounds - 1
          continue
        }
        const reloaded = brp.reload(c.sheet, c.state, id)
        if (!reloaded.ok) continue
        c.state = reloaded.value.state
        lines.push(...reloaded.value.lines)
        said.push(`${name}'s ${itemName(c.sheet, brp.findWeapon(id)?.item ?? id)} is reloaded.`)
      }
      c.extra = { ...c.extra, reloading }
      // "Reduced to 0 hit points and remains at 0 at the end of the combat round, they are dead" (5.12).
      const end = brp.endOfRound(c.state)
      if (end.died) {
        c.state = end.state
        lines.push({
          label: `${name}: dead at ${c.state.hitPoints} hit points`,
          value: c.state.hitPoints,
          rule: '5.12 Damage and Injury',
          health: fighter.id,
        })
        said.push(`${name} dies (still at 0 hit points or less at the end of the round).`)
      }
      const change = changeOf(c)
      if (change) changes[fighter.id] = change
    }
    const summary = said.length > 0 ? `End of round ${round}: ${said.join(' ')}` : `End of round ${round}.`
    return ok({ lines, summary, changes })
  },

  rest: weekOfRest,

  clear(fighter, id) {
    const c = read(fighter)
    if (!c.ok) return c
    if (id !== 'unconscious' || !c.value.state.unconscious) return fail(`${fighter.name} is not ${id} now.`)
    const hours = c.value.extra.unconsciousHours
    const woken = wake(fighter)
    if (!woken.ok) return woken
    const change = changeOf(woken.value)
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
      changes: change ? { [fighter.id]: change } : {},
    })
  },
}

/** 5.10: what the armor worn stops (Riot Gear's split counted at its higher figure); null unreadable. */
function armorPoints(fighter: Fighter): number | null {
  const readOne = read(fighter)
  if (!readOne.ok) return null
  return readOne.value.sheet.armor.reduce((sum, id) => sum + (brp.findArmor(id)?.points ?? 0), 0)
}
