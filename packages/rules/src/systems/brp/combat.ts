/**
 * brp: what a screen reads of attacks, defenses and outcomes at the table, over the rules package
 * (docs/systems/brp.md): this file turns a `Fighter` into a sheet and a `CombatantState` and asks the rules
 * for the choices, odds and status. Resolving an attack is `resolve.ts`'s, what only the room runs
 * `room-combat.ts`'s. It imports the rules modules one by one, not `rules.ts`, so that a screen's chunk holds none
 * of the modules only resolving reads (exchange.ts, faces.ts, healing-dice.ts, defender-options.ts).
 */

import { toFloat } from '../../dice/fraction.ts'
import { fighterState } from '../../engine/fighter.ts'
import { checkedPlan, setupOf } from '../../engine/plan.ts'
import { readSheet } from '../../engine/sheet.ts'
import type { AttackChoice, AttackPlan, Declared, Fighter, Preview } from '../../engine/types.ts'
import { percent, plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { perceptionSkillPenalty, physicalSkillPenalty } from './armor.ts'
import {
  ATTACK_MODIFIERS,
  type AttackDeclaration,
  type AttackToggleId,
  attackRows,
  type DeclaredAttack,
  declareAttack,
  reload,
  reloadable,
  weaponFor,
} from './attack.ts'
import { defenseOptions } from './defense.ts'
import { firstAidOdds, woundForFirstAid } from './healing.ts'
import { awaken, remainingOf } from './injury.ts'
import { exchangeOdds } from './odds.ts'
import { specialThreshold } from './rolls.ts'
import { DEFAULT_SETTINGS } from './settings.ts'
import { SHEET, type Sheet } from './sheet.ts'
import { type CombatantState, type Injury, isBroken, withStoredItems } from './state.ts'
import { displayName, findArmor, findShield, findWeapon, formatDamage, itemName } from './tables.ts'

/** The room has no brp settings yet: every reading is the text's default (docs/systems/brp.md). */
export const SETTINGS = DEFAULT_SETTINGS

/**
 * A fighter's state as the rules package reads it (its CombatantState), plus what it leaves to the table.
 * `Fighter.state` holds all but the hit points, which are the fighter's own `hp`, so a GM's edit counts.
 */
export interface BrpState extends CombatantState {
  /** The 1D6 hours rolled when knocked out (5.12). */
  readonly unconsciousHours?: number
  /**
   * Taken out of the fight, before acting, by one who shares their DEX rank slot this round: "If these are
   * still tied, the actions occur simultaneously" (5.2), so they keep their action in it. Gone at the round's end.
   */
  readonly strikesBack?: boolean
}

/** brp's reader and writer of fighters: items not stored yet (a weapon added to the sheet) start whole. */
export const fighters = fighterState<Sheet, BrpState>({
  sheet: SHEET,
  state(stored, f) {
    const s = stored as Partial<BrpState>
    const sheet = readSheet(SHEET, f)
    return {
      hitPoints: f.hp,
      maxHitPoints: f.maxHp,
      injuries: s.injuries ?? [],
      unconscious: s.unconscious ?? false,
      dead: s.dead ?? false,
      items: sheet.ok ? withStoredItems(sheet.value, SETTINGS, s.items).items : {},
      ...(s.unconsciousHours === undefined ? {} : { unconsciousHours: s.unconsciousHours }),
      ...(s.strikesBack ? { strikesBack: true } : {}),
    }
  },
  store: ({ hitPoints: _hp, maxHitPoints: _max, ...stored }) => stored,
})

/**
 * What the round says of an attack (`TurnRules.facts`): its target shares the attacker's DEX rank slot, a
 * full tie the order runs simultaneously (5.2), and has not acted yet this round.
 */
export const SAME_SLOT = 'target-same-dex-rank-slot-yet-to-act'

/** Out of the fight, yet still owed their action in the slot they share with the one who felled them (5.2). */
export const owesStrike = (f: Fighter): boolean => fighters.stateOf(f).strikesBack === true

/**
 * The state an attack is declared from: one still owed their action acts as the living do ("the actions
 * occur simultaneously", 5.2), knocked out by the blow or not. Only the declaration reads it.
 */
const actingState = (f: Fighter, state: BrpState): BrpState =>
  owesStrike(f) && state.unconscious ? { ...state, unconscious: false } : state

/** A fighter as the rules package reads it: its sheet and its state. */
export interface Combatant {
  fighter: Fighter
  sheet: Sheet
  state: BrpState
}

export function read(fighter: Fighter): Outcome<Combatant> {
  const sheet = fighters.sheetOf(fighter)
  return sheet.ok ? ok({ fighter, sheet: sheet.value, state: fighters.stateOf(fighter) }) : sheet
}

export { itemName }

/** The choice that bandages a wound instead of attacking (5.14). */
export const FIRST_AID = 'first-aid'
/** Waking one knocked out: "unconscious for 1D6 hours or until awakened by another character" (5.12). */
export const AWAKEN = 'awaken'
/** Reloading a weapon, the round's action (5.9 *): `reload:` and the weapon row's id. */
export const RELOAD = 'reload:'
const HEALING = '5.14 Healing'

type FirstAidDeclared = { a: Combatant; t: Combatant; wound: Injury }
type ReloadDeclared = { a: Combatant; weapon: string; refill: string | null; lines: BreakdownLine[] }

/**
 * First Aid, declared: the healer's skill and the wound it treats, the newest that has not had it
 * ("An injury may have First Aid applied to it only once"), or why not.
 */
export function declareFirstAid(healer: Fighter, patient: Fighter): Outcome<FirstAidDeclared> {
  const a = read(healer)
  if (!a.ok) return a
  const t = read(patient)
  if (!t.ok) return t
  const wound = woundForFirstAid(t.value.state, patient.name)
  if (!wound.ok) return wound
  if (a.value.sheet.firstAid <= 0) return fail(`${healer.name} has no First Aid skill.`)
  return ok({ a: a.value, t: t.value, wound: wound.value })
}

/**
 * A reload, declared: the weapon named by the choice (`RELOAD` and its row), loaded or refilled, or why not.
 * It is about oneself ("a full combat round to reload"): naming anyone else is refused.
 */
export function declareReload(attacker: Fighter, target: Fighter, choice: string): Outcome<ReloadDeclared> {
  if (target.id !== attacker.id)
    return fail(`${attacker.name} reloads their own weapon: choose ${attacker.name}.`)
  const a = read(attacker)
  if (!a.ok) return a
  const weapon = weaponFor(a.value.sheet, choice.slice(RELOAD.length))
  if (!weapon.ok) return weapon
  const done = reload(a.value.sheet, a.value.state, weapon.value.id)
  if (!done.ok) return done
  return ok({
    a: { ...a.value, state: done.value.state },
    weapon: displayName(weapon.value),
    refill: weapon.value.magazine ? `${weapon.value.magazine.size} ${weapon.value.magazine.unit}` : null,
    lines: done.value.lines,
  })
}

/** Both sides read and the attack declared, or why not. */
export function declare(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Declaration> {
  const a = read(attacker)
  if (!a.ok) return a
  const t = read(target)
  if (!t.ok) return t
  if (t.value.state.dead) return fail(`${target.name} is already dead.`)
  const declaration = { weapon: declared.choice, toggles: declared.toggles }
  const attack = declareAttack(a.value.sheet, actingState(attacker, a.value.state), declaration, SETTINGS)
  if (!attack.ok) return attack
  return ok({ a: a.value, t: t.value, attack: attack.value, declaration })
}

/** An attack as `declare` reads it: both sides and the attack. */
export type Declaration = {
  a: Combatant
  t: Combatant
  attack: DeclaredAttack
  declaration: AttackDeclaration
}

/** Whether a choice is an attack, not First Aid, a reload or waking one (each checked where it is done). */
const isAttack = (choice: string) => choice !== FIRST_AID && choice !== AWAKEN && !choice.startsWith(RELOAD)

/**
 * A declaration checked once (`CombatRules.plan`): an attack's `declare`, which the preview, the defenses
 * and the roll read back (`actOf`); null for First Aid, a reload or waking one.
 */
function planned(attacker: Fighter, target: Fighter, declared: Declared): Outcome<Declaration | null> {
  return isAttack(declared.choice) ? declare(attacker, target, declared) : ok(null)
}

/** What a planned choice comes to, checked, or why not: an attack, First Aid, a reload or waking one. */
export type Act =
  | ({ kind: 'attack' } & Declaration)
  | ({ kind: 'first-aid' } & FirstAidDeclared)
  | ({ kind: 'reload' } & ReloadDeclared)
  | { kind: 'awaken'; t: Combatant }

/** The plan's choice as `Act`: an attack's declaration as `planned` checked it, the rest checked now. */
export function actOf(plan: AttackPlan): Outcome<Act> {
  const { attacker, target, declared } = plan
  const tagged = <K extends Act['kind'], T>(kind: K, o: Outcome<T>) => (o.ok ? ok({ kind, ...o.value }) : o)
  if (declared.choice === FIRST_AID) return tagged('first-aid', declareFirstAid(attacker, target))
  if (declared.choice.startsWith(RELOAD))
    return tagged('reload', declareReload(attacker, target, declared.choice))
  if (declared.choice === AWAKEN) {
    const t = wake(target)
    return t.ok ? ok({ kind: 'awaken', t: t.value }) : t
  }
  const d = setupOf<Declaration | null>(plan)
  return tagged('attack', d ? ok(d) : declare(attacker, target, declared))
}

/** "Hits on 55 or less on d100 (55%), special on 11 or less." */
function hitSummary(chance: number): string {
  if (chance <= 0) return 'No chance to hit (0%).'
  const special = specialThreshold(chance, SETTINGS)
  if (chance >= 100) return `Always hits; special on ${special} or less.`
  return `Hits on ${chance} or less on d100 (${chance}%), special on ${special} or less.`
}

/** The patient awake, their 1D6 hours forgotten, or why they cannot be woken (the dead, those at 0 or less). */
export function wake(patient: Fighter): Outcome<Combatant> {
  const t = read(patient)
  if (!t.ok) return t
  const woken = awaken(t.value.state)
  if (!woken.ok) return fail(`${patient.name}: ${woken.error}`)
  const { unconsciousHours: _hours, ...state } = woken.value as BrpState
  return ok({ ...t.value, state })
}

/**
 * What a screen reads of brp's combat (`ScreenRules.combat`); `brpCombat` (room-combat.ts) adds resolving an attack
 * (resolve.ts) and what only the room runs.
 */
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
    for (const { id } of attackRows(sheet)) {
      const attack = declareAttack(sheet, actingState(attacker, state), { weapon: id }, SETTINGS)
      if (!attack.ok) {
        refusal ||= attack.error
        continue
      }
      const { weapon, chance } = attack.value
      choices.push({
        id,
        label: `${displayName(weapon)} · ${chance.value}% · ${formatDamage(weapon.damage)}`,
      })
    }
    // "Each takes a full combat round to reload" (5.9 *): the round's action, about oneself. A gun short
    // of full may be refilled too (the text gives it no time: the round, as a crossbow's).
    for (const row of reloadable(sheet, state))
      choices.push({
        id: `${RELOAD}${row.id}`,
        label: `Reload ${displayName(row)} · the whole round`,
        self: true,
        verb: 'Reload',
      })
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
    if (!isAttack(choice)) return []
    const a = read(attacker)
    const t = read(target)
    if (!a.ok || !t.ok) return []
    const weapon = weaponFor(a.value.sheet, choice)
    if (!weapon.ok) return []
    const ranged = weapon.value.range !== null
    // An unaware target cannot parry or dodge (5.6, 5.7): the toggle is offered only where the rules
    // give the target some parry or dodge to take away.
    const attack = declareAttack(
      a.value.sheet,
      actingState(attacker, a.value.state),
      { weapon: choice },
      SETTINGS,
    )
    const canDefend =
      attack.ok &&
      defenseOptions(attack.value, t.value.sheet, t.value.state, SETTINGS).some(
        (d) => d.outcome.ok && d.choice.kind !== 'none',
      )
    const applies: Record<AttackToggleId, boolean> = {
      difficult: true,
      'range-double': ranged,
      'range-triple': ranged,
      'defender-unaware': canDefend,
    }
    return ATTACK_MODIFIERS.filter((m) => applies[m.id]) as ModifierToggle[]
  },

  plan: checkedPlan(planned),

  preview(plan) {
    const { target } = plan
    const act = actOf(plan)
    if (!act.ok) return act
    const it = act.value
    if (it.kind === 'reload')
      return ok({
        chance: 1,
        summary: `Reloads the ${it.weapon}: the whole combat round. It can fire next round.`,
        lines: it.lines,
        dice: false,
      })
    if (it.kind === 'awaken')
      return ok({
        chance: 1,
        summary: `${target.name} wakes: no roll (5.12 "until awakened by another character").`,
        lines: [],
        dice: false,
      })
    if (it.kind === 'first-aid') {
      const { a, t } = it
      const odds = firstAidOdds(a.sheet.firstAid, t.state, SETTINGS)
      if (!odds.ok) return odds
      const { wound, success, atMost, saves } = odds.value
      const left = remainingOf(wound)
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
    const { t, attack } = it
    const odds = exchangeOdds(attack, null, t.sheet, t.state, SETTINGS)
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

  // "Unconscious for 1D6 hours or until awakened by another character" (5.12): Fray keeps no clock of
  // hours, so the GM ends it once the hours have passed (a week of rest ends it by itself).
  clearable(fighter) {
    const c = read(fighter)
    if (!c.ok || !c.value.state.unconscious || !awaken(c.value.state).ok) return []
    const hours = c.value.state.unconsciousHours
    return [
      {
        id: 'unconscious',
        label: unconsciousChip(hours),
        when: `when their ${hours ? `${plural(hours, 'hour')} (1D6)` : '1D6 hours'} have passed (5.12)`,
      },
    ]
  },

  defense(fighter) {
    const c = read(fighter)
    if (!c.ok) return null
    const points = armorPoints(c.value.sheet)
    if (points === 0) return 'No armor'
    // What the armor costs its wearer's own rolls (5.10), which Fray applies only to Dodge and Throw: the
    // player and the GM see it for the rest ("At the gamemaster's discretion, other skills may be affected").
    const sum = (lines: BreakdownLine[]) => lines.reduce((n, l) => n + l.value, 0)
    const costs = [
      [sum(physicalSkillPenalty(c.value.sheet)), 'physical skills'],
      [sum(perceptionSkillPenalty(c.value.sheet)), 'Listen and Spot'],
    ] as const
    const said = costs.filter(([n]) => n < 0).map(([n, what]) => `${what} −${-n}%`)
    return `Armor ${points} AP${said.length > 0 ? ` (${said.join(', ')})` : ''}`
  },
  // 5.12: "armor points are subtracted from the damage", whatever dealt it.
  soak(fighter) {
    const c = read(fighter)
    return { points: c.ok ? armorPoints(c.value.sheet) : 0, rule: '5.10 Armor, 5.12 Damage and Injury' }
  },

  status(fighter) {
    const readOne = read(fighter)
    if (!readOne.ok) return []
    const { sheet, state } = readOne.value
    if (state.dead) return ['Dead']
    const chips: string[] = []
    if (state.unconscious) chips.push(unconsciousChip(state.unconsciousHours))
    if (state.hitPoints <= 0) chips.push('Dying: First Aid this round')
    for (const [item, itemState] of Object.entries(state.items)) {
      const row = item === 'shield' ? null : findWeapon(item)
      const hitPoints = item === 'shield' ? findShield(sheet.shield)?.points : row?.hitPoints
      if (isBroken(state, item, hitPoints)) chips.push(`${itemName(sheet, item)} broken`)
      if (row?.reloadRound && itemState.loaded === false) chips.push(`${itemName(sheet, item)} unloaded`)
      const magazine = row?.magazine
      if (magazine && itemState.shots !== undefined && itemState.shots < magazine.size)
        chips.push(
          `${itemName(sheet, item)}: ${plural(itemState.shots, magazine.unit.replace(/s$/, ''))} left`,
        )
    }
    const open = state.injuries.map(remainingOf).filter((n) => n > 0)
    if (open.length > 0) chips.push(`Wounds: ${open.join(', ')}`)
    return chips
  },
}

/** 5.10: what the armor worn stops (Riot Gear's split counted at its higher figure). */
function armorPoints(sheet: Sheet): number {
  return sheet.armor.reduce((sum, id) => sum + (findArmor(id)?.points ?? 0), 0)
}

/** "Unconscious (3 hours)": the 1D6 hours rolled when knocked out (5.12), where known. */
function unconsciousChip(hours: number | undefined): string {
  return hours ? `Unconscious (${plural(hours, 'hour')})` : 'Unconscious'
}
