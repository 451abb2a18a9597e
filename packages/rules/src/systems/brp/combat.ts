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

/** Every weapon row the sheet could attack with: each mode of each carried item, a shield bash, Brawl. */
function attackIds(sheet: brp.Sheet): string[] {
  const ids = sheet.weapons.flatMap((id) => {
    const row = brp.findWeapon(id)
    return row ? brp.weaponModes(row.item).map((m) => m.id) : []
  })
  if (sheet.shield !== 'none') ids.push(`shield-${sheet.shield}`)
  ids.push('brawl')
  return [...new Set(ids)]
}

/** Both sides read and the attack declared, or why not. */
function declare(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
): Outcome<{ a: Combatant; t: Combatant; attack: brp.DeclaredAttack }> {
  const a = read(attacker)
  if (!a.ok) return a
  const t = read(target)
  if (!t.ok) return t
  if (t.value.state.dead) return fail(`${target.name} is already dead.`)
  const attack = brp.declareAttack(
    a.value.sheet,
    a.value.state,
    { weapon: declared.choice, toggles: declared.toggles },
    SETTINGS,
  )
  if (!attack.ok) return attack
  return ok({ a: a.value, t: t.value, attack: attack.value })
}

/**
 * The defenses by id: the rules package's options (none, dodge, each parry), plus its two defense toggles
 * as options of their own where the defender has a shield and sees the attack coming.
 */
function defenseCandidates(
  attack: brp.DeclaredAttack,
  t: Combatant,
): Array<{ id: string; label: string; outcome: Outcome<brp.DeclaredDefense> }> {
  const idOf = (choice: brp.DefenseChoice) => (choice.kind === 'parry' ? `parry-${choice.with}` : choice.kind)
  const options = brp
    .defenseOptions(attack, t.sheet, t.state, SETTINGS)
    .map(({ choice, label, outcome }) => ({ id: idOf(choice), label, outcome }))
  // Unaware or unconscious, the defender cannot react at all (5.6, 5.7): the rules package says why.
  if (t.sheet.shield === 'none' || attack.defenderUnaware || t.state.unconscious) return options
  const withToggle = (choice: brp.DefenseChoice, toggle: brp.DefenseToggleId) =>
    brp.declareDefense(attack, t.sheet, t.state, { choice, toggles: [toggle] }, SETTINGS)
  return [
    ...options,
    {
      id: 'parry-shield-kneeling',
      label: 'Kneel behind the shield and parry',
      outcome: withToggle({ kind: 'parry', with: 'shield' }, 'kneeling'),
    },
    {
      id: 'shield-cover',
      label: 'Shelter behind the shield as immobile cover',
      outcome: withToggle({ kind: 'none' }, 'immobile-shield'),
    },
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
  attack: brp.DeclaredAttack,
  t: Combatant,
  id: string | null,
): Outcome<brp.DeclaredDefense> {
  if (id === null) return ok(NO_DEFENSE)
  const found = defenseCandidates(attack, t).find((d) => d.id === id)
  return found ? found.outcome : fail(`"${id}" is not a defense ${t.fighter.name} can choose.`)
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
      sentence += `: ${target} is down at ${result.defender.hitPoints} hit points and dies at the end of the round unless First Aid brings them to 1`
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

export const brpCombat: CombatRules = {
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
    for (const id of attackIds(sheet)) {
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
    return choices.length > 0 ? ok(choices) : fail(refusal)
  },

  toggles(attacker, target, choice) {
    const a = read(attacker)
    const t = read(target)
    if (!a.ok || !t.ok) return []
    const weapon = brp.weaponFor(a.value.sheet, choice)
    if (!weapon.ok) return []
    const ranged = weapon.value.range !== null
    // An unaware target cannot parry or dodge; there is nothing to take away from one who cannot anyway.
    const canDefend =
      brp.velocityOf(weapon.value) !== 'high-velocity' && !t.value.state.unconscious && !t.value.state.dead
    const applies: Record<brp.AttackToggleId, boolean> = {
      difficult: true,
      'range-double': ranged,
      'range-triple': ranged,
      'defender-unaware': canDefend,
    }
    return brp.ATTACK_MODIFIERS.filter((m) => applies[m.id]) as ModifierToggle[]
  },

  preview(attacker, target, declared) {
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
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const { t, attack } = d.value
    const options: DefenseOption[] = []
    for (const { id, label, outcome } of defenseCandidates(attack, t)) {
      if (!outcome.ok) continue
      const defense = outcome.value
      const odds = brp.exchangeOdds(attack, defense, t.sheet, t.state, SETTINGS)
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
    const d = declare(attacker, target, declared)
    if (!d.ok) return d
    const { a, t, attack } = d.value
    const defense = chosenDefense(attack, t, defenseId)
    if (!defense.ok) return defense
    const attackRoll = brp.rollAttack(attack, roll(100, 'to hit'), SETTINGS)
    if (!attackRoll.ok) return attackRoll
    // "If an attack fails, it does not need to be parried" (5.6) or dodged (5.7).
    const defending = attackRoll.value.level !== 'failure' && defense.value.chance !== null
    let defenseRoll: brp.D100Roll | null = null
    if (defending) {
      const label = brp.describeDefense(defense.value.choice).toLowerCase()
      const rolled = brp.rollDefense(defense.value, roll(100, label), SETTINGS)
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
        })
        said.push(`${name} dies (${c.state.hitPoints} hit points at the end of the round).`)
      }
      const change = changeOf(c)
      if (change) changes[fighter.id] = change
    }
    const summary = said.length > 0 ? `End of round ${round}: ${said.join(' ')}` : `End of round ${round}.`
    return ok({ lines, summary, changes })
  },

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
      if (hitPoints && itemState.damage >= hitPoints) chips.push(`${itemName(sheet, item)} broken`)
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
