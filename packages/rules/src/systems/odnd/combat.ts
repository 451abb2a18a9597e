/**
 * odnd's attacks, defenses and outcomes at the table, over its rules: the ways, toggles and declaration
 * of an attack, what a screen reads (`odndCombatView`) and what only the room runs (`odndRoomCombat`);
 * resolving is resolve.ts's, apart so that a phone's screen does not load it (room-combat.ts joins them).
 */

import { unreachable } from '../../assert.ts'
import { toFloat } from '../../dice/fraction.ts'
import { conditionChip, tickConditions } from '../../engine/conditions.ts'
import { checkedPlan, setupOf } from '../../engine/plan.ts'
import type {
  AttackChoice,
  CombatRules,
  Declared,
  DefenseOption,
  Fighter,
  Preview,
  Resolution,
  Roller,
  TableView,
} from '../../engine/types.ts'
import { percent, plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import {
  type Condition,
  type ConditionId,
  changesOf,
  conditionsOf,
  disengage,
  engagedOf,
  find,
  healthOf,
  INJURY_WORDS,
  injuryOf,
  type OdndState,
  othersOn,
  owesStrike,
  sentence,
  sheet,
  stateOf,
  withCondition,
} from './fighter-state.ts'
import { GM_ROLLS } from './gm-rolls.ts'
import {
  isMove,
  isTableToggle,
  type MoveId,
  movesFor,
  moveToggles,
  previewMove,
  TABLE_TOGGLES,
} from './moves.ts'
import * as odnd from './rules.ts'

/**
 * What one round counts: the attacks made, the "has attacked" mark, who attacked this fighter, the attack
 * still owed to one killed on the same initiative.
 */
function withoutRoundCounts(f: Fighter): OdndState {
  const {
    attacks: _attacks,
    hasAttacked: _hasAttacked,
    attackedBy: _by,
    strikesBack: _owed,
    ...rest
  } = stateOf(f)
  return rest
}

/** A new round: the round's counts go; a charge comes a round nearer. */
function nextRoundState(f: Fighter): OdndState {
  const { chargeWait, ...rest } = withoutRoundCounts(f)
  return chargeWait && chargeWait > 1 ? { ...rest, chargeWait: chargeWait - 1 } : rest
}

/**
 * The GM's Start: attacks made before it (an opening shot while no round ran) are not the first round's,
 * which starts with everyone's attacks afresh ("After initiative order is decided ... combat proceeds",
 * ENCOUNTER ORDER 7). What they did stays: who is in melee, a charge, a wound, a condition.
 */
function startOfFight(fighters: readonly Fighter[]): Outcome<Resolution> {
  const counted = fighters.filter((f) => {
    const s = stateOf(f)
    return (s.attacks ?? 0) > 0 || s.hasAttacked || (s.attackedBy ?? []).length > 0
  })
  const struck = counted.filter((f) => (stateOf(f).attacks ?? 0) > 0).map((f) => f.name)
  return ok({
    lines: [],
    summary:
      counted.length === 0
        ? ''
        : `The fight begins: ${struck.length > 0 ? `the attacks ${struck.join(', ')} made before it` : 'what was done before it'} count against no round; everyone's attacks of the first round are afresh (ENCOUNTER ORDER 7).`,
    changes: Object.fromEntries(
      counted.map((f) => [f.id, { state: withoutRoundCounts(f) as Record<string, unknown> }]),
    ),
  })
}

/** A 10-minute Turn is ten one-minute melee rounds ("once per 10 minute Turn"; "per Turn"). */
export const ROUNDS_PER_TURN = 10

// ---------------------------------------------------------------------------------------------------
// Ways to attack: each weapon, thrown, to subdue, the special maneuvers, and empty hands.

export interface Way {
  id: string
  label: string
  /** Index into the sheet's weapons; `hands` fights with empty hands. */
  weapon: number | 'hands'
  mode: odnd.AttackMode
  maneuver: odnd.Maneuver
  aim?: 'target' | 'weapon'
  /** Why this way is not open now (reloading, disarmed, struggling); shown when it is asked for anyway. */
  blocked?: string
}

const NATURAL_KINDS = new Set(['natural', 'horns', 'empty-hand'])

function weaponWays(w: odnd.Weapon, i: number): Way[] {
  const key = `w${i + 1}`
  const name = `${w.name} (${w.damage})`
  if (odnd.MISSILE_KINDS.has(w.kind))
    return [{ id: key, label: name, weapon: i, mode: 'ranged', maneuver: 'strike' }]
  const ways: Way[] = [{ id: key, label: name, weapon: i, mode: 'melee', maneuver: 'strike' }]
  const add = (suffix: string, label: string, rest: Partial<Way>) =>
    ways.push({ id: `${key}-${suffix}`, label, weapon: i, mode: 'melee', maneuver: 'strike', ...rest })
  if (w.throwable) add('thrown', `${name}, thrown`, { mode: 'ranged' })
  if (!NATURAL_KINDS.has(w.kind)) add('subdue', `${w.name}, to subdue`, { maneuver: 'subdue' })
  if (w.kind === 'one-handed') add('disarm', `${w.name}: disarm`, { maneuver: 'disarm' })
  if (w.kind === 'polearm') add('dismount', `${w.name}: pull a rider down`, { maneuver: 'dismount' })
  if (w.kind === 'whip') {
    add('entangle', `${w.name}: entangle the foe`, { maneuver: 'entangle', aim: 'target' })
    add('entangle-weapon', `${w.name}: entangle the weapon`, { maneuver: 'entangle', aim: 'weapon' })
  }
  return ways
}

const HAND_WAYS: Way[] = [
  { id: 'hands', label: 'Empty hands (d4)', weapon: 'hands', mode: 'melee', maneuver: 'strike' },
  {
    id: 'hands-pull',
    label: 'Empty hands, pulling punches',
    weapon: 'hands',
    mode: 'melee',
    maneuver: 'pull-punches',
  },
  { id: 'grapple', label: 'Grapple', weapon: 'hands', mode: 'melee', maneuver: 'grapple' },
]

/** Every way this fighter has, open or blocked by its conditions. */
export function waysOf(f: Fighter, s: odnd.Sheet): Way[] {
  const struggling = find(f, 'struggling') !== undefined
  const disarmed = conditionsOf(f)
    .filter((c) => c.id === 'disarmed')
    .map((c) => c.weapon)
  const reloading = find(f, 'reloading') !== undefined
  const running = find(f, 'running') !== undefined
  const weapons = s.weapons.flatMap(weaponWays).map((way): Way => {
    const w = weaponOf(s, way)
    if (running) return { ...way, blocked: ran(f) }
    if (struggling)
      return {
        ...way,
        blocked: `${f.name} is struggling in a grapple and cannot use a weapon (Grappling attacks).`,
      }
    if (disarmed.includes(way.weapon as number))
      return { ...way, blocked: `${f.name} has been disarmed of the ${w.name}.` }
    if (reloading && w.kind === 'crossbow')
      return { ...way, blocked: 'Crossbows fire every other round: this one is ready next round.' }
    return way
  })
  // Monsters fight with what their sheet lists, and grapple with it; everyone else can also use their fists.
  const hands = running ? HAND_WAYS.map((w) => ({ ...w, blocked: ran(f) })) : HAND_WAYS
  if (s.role !== 'monster') return [...weapons, ...hands]
  const grapple = hands.find((w) => w.maneuver === 'grapple') as Way
  return s.weapons.length > 0 ? [...weapons, { ...grapple, weapon: 0 }] : weapons
}

const ran = (f: Fighter) => `${f.name} ran this round: no attack or other action (Running).`

/** The weapon a way fights with: the sheet's, or empty hands. */
const weaponOf = (s: odnd.Sheet, way: Way): odnd.Weapon =>
  way.weapon === 'hands' ? odnd.EMPTY_HANDS : (s.weapons[way.weapon] as odnd.Weapon)

/** The first melee strike open to this fighter now: a parting shot's, or the blow a longer reach strikes first. */
export const openStrike = (f: Fighter, s: odnd.Sheet): Way | undefined =>
  waysOf(f, s).find((w) => w.mode === 'melee' && w.maneuver === 'strike' && !w.blocked)

/**
 * Why this fighter can do nothing at all this round, moves included, or null: down, surprised ("can not
 * respond that round"), stunned, pinned, or already run ("NOT attack or take any further action").
 */
function cannotAct(f: Fighter, attacking = false): string | null {
  const injury = injuryOf(f)
  // One killed on the same initiative still makes their attack, and nothing else (ENCOUNTER ORDER 6).
  if (injury !== 'fighting' && !(attacking && owesStrike(f)))
    return `${f.name} is ${INJURY_WORDS[injury]} and cannot act.`
  const stunned = find(f, 'stunned')
  const held = odnd.canAttack(
    {
      surprised: find(f, 'surprised') !== undefined,
      stunnedRounds: stunned?.rounds ?? 0,
      pinned: find(f, 'pinned') !== undefined,
    },
    f.name,
  )
  if (!held.ok) return held.error
  return find(f, 'running') ? ran(f) : null
}

/**
 * Why this fighter cannot attack at all right now, or null: what stops every action, or a parry ("no
 * attacks are possible", which leaves the moves of melee), or a monster with nothing to attack with.
 */
export function cannotAttack(f: Fighter, s: odnd.Sheet): string | null {
  const why = cannotAct(f, true)
  if (why) return why
  const parrying = odnd.canAttack({ parrying: find(f, 'parrying') !== undefined }, f.name)
  if (!parrying.ok) return parrying.error
  if (s.role === 'monster' && s.weapons.length === 0)
    return `${f.name} has no attack listed: add a weapon or natural attack to the sheet.`
  return null
}

/** Why this fighter cannot make this move now, or null: a parry leaves withdrawing and retreating, not a spell. */
function cannotMove(f: Fighter, s: odnd.Sheet, id: MoveId): string | null {
  return cannotAct(f) ?? (id === 'cast' && find(f, 'parrying') ? cannotAttack(f, s) : null)
}

// ---------------------------------------------------------------------------------------------------
// Toggles: the rules package's list, only those that change this attack.

type ToggleId = odnd.ToggleId

/** Toggles the adapter sets itself from `state` (parrying, the round after an attack from behind). */
const FROM_STATE: ReadonlySet<ToggleId> = new Set([
  'defender-parrying',
  'behind-second-round',
  'surprised-second-round',
  // A withdrawal or a charge declared at the table: its defense follows the one who made it.
  'defender-withdrawing',
  'defender-charging',
])

function applies(id: ToggleId, a: odnd.Sheet, d: odnd.Sheet, way: Way): boolean {
  const melee = way.mode === 'melee'
  const weapon = weaponOf(a, way)
  const defenderDex = odnd.abilityBonus(d.dex) !== 0
  const meleeWeapons = (s: odnd.Sheet) => s.weapons.filter((w) => !odnd.MISSILE_KINDS.has(w.kind)).length
  switch (id) {
    case 'swashbuckler':
      return melee && odnd.canSwashbuckle(a, weapon)
    case 'short-range':
    case 'long-range':
    case 'into-melee':
      return !melee
    case 'defender-stationary':
    case 'defender-charging':
      return defenderDex
    case 'withdrawing':
    case 'defender-withdrawing':
    case 'parting-shot':
    case 'pursuing':
    case 'surrounding':
      return melee
    case 'attacker-mounted':
      return !a.mounted
    case 'defender-mounted':
      return !d.mounted
    case 'shield-engaged':
      return d.shield
    case 'backstab':
      return melee && a.class === 'thief'
    case 'florentine':
      return melee && way.weapon !== 'hands' && meleeWeapons(a) >= 2
    case 'defender-florentine':
      return melee && meleeWeapons(d) >= 2
    case 'charging':
      return melee
    case 'set-spear':
      return melee && (weapon.kind === 'spear' || weapon.kind === 'polearm')
    case 'high-ground':
    case 'low-ground':
    case 'flanking':
    case 'from-behind':
    case 'cover-25':
    case 'cover-50':
    case 'cover-75':
      return true
    case 'defender-parrying':
    case 'behind-second-round':
    case 'surprised-second-round':
      return false
    default:
      return unreachable(id)
  }
}

function togglesFor(a: odnd.Sheet, d: odnd.Sheet, way: Way): ModifierToggle[] {
  const half = a.move / 2
  const toggles = odnd.ATTACK_MODIFIERS.filter((t) => !FROM_STATE.has(t.id) && applies(t.id, a, d, way)).map(
    (t): ModifierToggle => {
      // How far a charge is for this fighter: "greater than 1/2 of Turn movement up to full Turn movement".
      if (t.id === 'charging')
        return {
          ...t,
          effect: `moved more than ${half}" up to ${a.move}": ${t.effect}; once per 10-minute Turn`,
        }
      if (t.id === 'withdrawing')
        return { ...t, effect: `${t.effect} (up to ${half}"); +2 to AC for the rest of the round` }
      return t
    },
  )
  // A caster the attack may hurt before the spell goes off: whether the two share the initiative.
  toggles.push(TABLE_TOGGLES['same-initiative'])
  if (way.mode === 'melee') return [...toggles, TABLE_TOGGLES['through-line']]
  // Elves (bows, javelins) and hobbits (slings) "can 'fire on the run'": the full move and the shot.
  return odnd.firesOnTheRun(a, weaponOf(a, way)) ? [...toggles, TABLE_TOGGLES['on-the-run']] : toggles
}

// ---------------------------------------------------------------------------------------------------
// A declaration: the checks every step shares, then the rules package's own declaration.

export interface Ready {
  /** The table's own situations set on this attack (moved through a line). */
  table: string[]
  decl: odnd.AttackDeclaration
  way: Way
  attacker: odnd.Sheet
  defender: odnd.Sheet
}

export function declare(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  extra: odnd.Toggles = {},
  /** A free attack (a parting shot): it does not count against the attacks of the round. */
  free = false,
  /** No fight is running (the GM's attacks before Start): there is no round yet to count in. */
  beforeFight = false,
): Outcome<Ready> {
  const a = sheet(attacker)
  if (!a.ok) return a
  const d = sheet(target)
  if (!d.ok) return d
  const why = cannotAttack(attacker, a.value)
  if (why) return fail(why)
  if (injuryOf(target) === 'dead') return fail(`${target.name} is already dead.`)
  const way = waysOf(attacker, a.value).find((w) => w.id === declared.choice)
  if (!way) return fail(`${attacker.name} has no attack called "${declared.choice}".`)
  if (way.blocked) return fail(way.blocked)
  // What may be toggled is worked out only to check what was: most attacks toggle nothing.
  const open = declared.toggles.length > 0 ? togglesFor(a.value, d.value, way) : []
  const toggles: odnd.Toggles = { ...extra }
  const table: string[] = []
  for (const id of declared.toggles) {
    const t = open.find((o) => o.id === id)
    if (!t && id === 'on-the-run')
      return fail(
        `${attacker.name} cannot fire on the run with this: only elves with arrows or javelins and hobbits with slings do (MISC COMBAT RULES).`,
      )
    if (!t) return fail(`"${id}" does not apply to this attack.`)
    if (isTableToggle(t.id)) table.push(t.id)
    else toggles[t.id as ToggleId] = true
  }
  if (toggles.charging) {
    const wait = stateOf(attacker).chargeWait ?? 0
    if (wait > 0)
      return fail(
        `A charge can be made only once per 10-minute Turn: ${attacker.name} can charge again in ${plural(wait, 'round')} (CHARGING ATTACKS).`,
      )
    const inMelee = engagedOf(attacker)
    if (inMelee.length > 0)
      return fail(
        `${attacker.name} is in melee with ${inMelee.map((e) => e.name).join(', ')}: once engaged, a fighter can only withdraw or retreat, not charge.`,
      )
  }
  // "Up to 6 combatants of around human size can surround and attack a human-sized character".
  const around = othersOn(target, attacker.id).length
  const room = way.mode === 'melee' && !free ? odnd.maxSurrounding(a.value.size, d.value.size) : null
  if (room !== null && around >= room)
    return fail(
      `${around} already fight ${target.name} in melee this round: no room for another around a man-sized foe (Surrounding: up to ${room}).`,
    )
  if (find(attacker, 'withdrawing')) toggles.withdrawing = true
  if (find(target, 'withdrawing')) toggles['defender-withdrawing'] = true
  if (find(target, 'charged')) toggles['defender-charging'] = true
  if (find(target, 'parrying')) toggles['defender-parrying'] = true
  if (find(attacker, 'advantage', target.id)) toggles['behind-second-round'] = true
  if (find(attacker, 'disadvantage', target.id)) toggles['surprised-second-round'] = true
  const againstNormalMen = way.mode === 'melee' && odnd.isNormalManType(d.value)
  const hands = way.weapon === 'hands'
  const attackerSheet = hands ? { ...a.value, weapons: [...a.value.weapons, odnd.EMPTY_HANDS] } : a.value
  const weaponIndex = hands ? a.value.weapons.length : (way.weapon as number)
  const allowed = odnd.meleeAttacks(a.value, againstNormalMen, weaponOf(a.value, way))
  const made = stateOf(attacker).attacks ?? 0
  // "their one attack", never "all 1 attacks" (#54).
  const every = allowed.attacks === 1 ? 'their one attack' : `all ${allowed.attacks} attacks`
  if (made >= allowed.attacks && !free)
    return fail(
      beforeFight
        ? `${attacker.name} has made ${every} allowed before the fight (${allowed.why}): start the fight, and its first round gives everyone their attacks afresh (ENCOUNTER ORDER 6-7).`
        : `${attacker.name} has made ${every} of the round (${allowed.why}).`,
    )
  return ok({
    table,
    way,
    attacker: a.value,
    defender: d.value,
    decl: {
      attacker: attackerSheet,
      defender: d.value,
      weapon: weaponIndex,
      mode: way.mode,
      maneuver: way.maneuver,
      attackNumber: made + 1,
      toggles,
    },
  })
}

/**
 * The text's "easier way" for a crowd of normal men, as a forecast beside the odds: "the percentage of
 * attacks that hit ... the average damage that each hit would inflict ... the number of normal types that
 * would be killed each round", their hit points a d6 as in the text's example. Only where the attacker
 * has more than one attack against them.
 */
function killForecast(r: Ready): string {
  if (r.way.mode !== 'melee' || !odnd.isNormalManType(r.defender)) return ''
  const estimate = odnd.quickKillForAttack(r.decl, { count: 1, sides: 6, bonus: 0 })
  if (!estimate.ok || estimate.value.attacks < 2) return ''
  const { attacks, hits, kills, killsRoundedUp } = estimate.value
  return ` Against a crowd of such normal men (d6 hit points), the text's quick reckoning: ${attacks} attacks, ${toFloat(hits).toFixed(1)} hits, about ${toFloat(kills).toFixed(1)} killed a round (${killsRoundedUp} rounded up).`
}

/** "Hits on a natural 10 or more on a d20 (55%)", with the roll's Advantage or Disadvantage. */
function oddsInWords(p: odnd.PreparedAttack, odds: odnd.AttackOdds): string {
  if (odds.needs === null) return `Cannot hit (${p.notes.join(' ') || 'nothing it rolls can hit'}) (0%)`
  const how = p.roll === 'normal' ? 'on a d20' : `on 2d20 with ${p.roll}`
  const penalty = p.needed > 20 ? `, damage -${p.needed - 20}` : ''
  return `Hits on a natural ${odds.needs} or more ${how}${penalty} (${percent(odds.probabilities.hit)})`
}

function breakdownOf(p: odnd.PreparedAttack, defense: string): BreakdownLine[] {
  return [
    ...p.toHitLines,
    ...p.acLines.map((l) => ({ ...l, label: `AC: ${l.label}`, defense })),
    {
      label: `Against AC ${p.armorClass}, the d20 needs`,
      value: p.target,
      rule: 'room to-hit table',
      defense,
    },
  ]
}

// ---------------------------------------------------------------------------------------------------
// Defenses: the only defender's choice in the text is the parry.

/** "Melee combatants may parry - gives +2 to defense on that round but no attacks are possible." */
export function canParry(target: Fighter, way: Way): boolean {
  return (
    way.mode === 'melee' &&
    injuryOf(target) === 'fighting' &&
    !stateOf(target).hasAttacked &&
    !find(target, 'parrying') &&
    !find(target, 'surprised') &&
    !find(target, 'pinned') &&
    !find(target, 'stunned')
  )
}

/** The same attack on a target who parries it: the parry's +2 to AC. */
export const parried = (r: Ready): Ready => ({
  ...r,
  decl: { ...r.decl, toggles: { ...r.decl.toggles, 'defender-parrying': true } },
})

/**
 * Why the target cannot parry this blow in particular, or null: one attacked "from behind" (or by surprise)
 * "will be 'SURPRISED' and unable to return the attack", and sees no blow to parry.
 */
export function unparriable(target: Fighter, r: Ready): string | null {
  return r.decl.toggles?.['from-behind']
    ? `${target.name} cannot parry an attack from behind or by surprise: it is surprised by it (Attacking From Behind).`
    : null
}

// ---------------------------------------------------------------------------------------------------
// What a preview and the resolving of an attack (resolve.ts) share: a move's declaration, and the blow a
// longer reach strikes first.

/** A move declared for oneself (run, withdraw, retreat), checked as any action is. */
export function declareMove(attacker: Fighter, target: Fighter, declared: Declared): Outcome<MoveId> | null {
  const id = declared.choice
  if (!isMove(id)) return null
  if (target.id !== attacker.id) return fail('A move is declared for oneself, not at another.')
  const a = sheet(attacker)
  if (!a.ok) return a
  const why = cannotMove(attacker, a.value, id)
  if (why) return fail(why)
  if (!movesFor(attacker).some((m) => m.id === id))
    return fail(
      id === 'cast'
        ? `${attacker.name} casts no spells: only clerics, magic-users and elves do (ENCOUNTER ORDER: spellcasters).`
        : id === 'run'
          ? `${attacker.name} is in melee: once engaged, only a fighting withdrawal or a retreat gets you out.`
          : `${attacker.name} is not in melee with anyone: there is nothing to ${id === 'retreat' ? 'retreat' : 'withdraw'} from.`,
    )
  const offered = moveToggles(id)
  const stray = declared.toggles.find((t) => !offered.some((o) => o.id === t))
  if (stray) return fail(`"${stray}" does not apply to this move.`)
  return ok(id)
}

/** Feet of reach that make an advantage at the table: a spear's 8 over a sword's 3. */
const SUFFICIENT_REACH = 5

/** The defender's blow that comes first: its way, its weapon, and why. */
export interface Counter {
  way: Way
  weapon: odnd.Weapon
  setSpear: boolean
  why: string
}

/**
 * "Combatants using any weapon with a sufficient reach advantage over their opponent ... strike first
 * regardless of who has the initiative ... This only applies to the first round of combat"; against a
 * charge, a set spear (unmounted chargers) or the longer weapon meets it first. At the table the first
 * round of melee between two is the one in which they are not yet in melee with each other.
 */
export function outreachedBy(attacker: Fighter, target: Fighter, r: Ready): Counter | null {
  if (r.way.mode !== 'melee' || engagedOf(attacker).some((e) => e.id === target.id)) return null
  const d = sheet(target)
  if (!d.ok || cannotAttack(target, d.value)) return null
  const way = openStrike(target, d.value)
  if (!way) return null
  const weapon = weaponOf(d.value, way)
  const own = r.decl.attacker.weapons[r.decl.weapon ?? 0] ?? odnd.EMPTY_HANDS
  const charging = Boolean(r.decl.toggles?.charging) && r.decl.attackNumber === 1
  const setSpear = charging && (weapon.kind === 'spear' || weapon.kind === 'polearm')
  // A "sufficient reach advantage" (spear vs dagger, long spear vs sword): a few feet more is not one.
  const reach = Math.abs(weapon.reach - own.reach) >= SUFFICIENT_REACH ? weapon.reach : own.reach
  const first = odnd.whoStrikesFirst(
    { id: attacker.id, roll: 0, reach: own.reach, charging, mounted: r.attacker.mounted },
    { id: target.id, roll: 0, reach, setSpear, mounted: d.value.mounted },
    1,
  )
  if (first.first !== target.id) return null
  // Its own blow of the round: one who has struck already this round has nothing left to strike first with.
  const made = stateOf(target).attacks ?? 0
  if (made >= odnd.meleeAttacks(d.value, odnd.isNormalManType(r.attacker), weapon).attacks) return null
  return { way, weapon, setSpear, why: `${first.why} (${first.rule})` }
}

// ---------------------------------------------------------------------------------------------------
// The end of a round: conditions tick, grapples are settled, the foes check morale.

/** What the end of a round logs (and, in resolve.ts, an attack's effects). */
export interface Log {
  lines: BreakdownLine[]
  words: string[]
}

/** Ticks one fighter's conditions down; returns the timed ones that expired this round. */
function tick(
  f: Fighter,
  all: readonly Fighter[],
  states: Map<string, OdndState>,
  words: string[],
): Condition[] {
  const state = states.get(f.id) as OdndState
  const grip = (c: Condition) => c.id === 'pinned' || c.id === 'struggling'
  // Held while any grappler holding them is still on its feet and not stunned.
  const held = (c: Condition) =>
    all.some((g) => c.vs?.includes(g.id) && injuryOf(g) === 'fighting' && !find(g, 'stunned'))
  const { kept, ended } = tickConditions(state.conditions, (c) => grip(c) && !held(c))
  for (const c of ended) words.push(`${f.name} ${grip(c) ? 'is free of the grapple' : CONDITIONS[c.id].ends}`)
  states.set(f.id, { ...state, conditions: kept })
  return ended.filter((c) => !grip(c))
}

/**
 * Attacking From Behind: "On the following round, the attacker will attack with Advantage and the
 * defender will attack with Disadvantage", once the surprise of the round has passed.
 */
function turnToFace(
  f: Fighter,
  surprise: Condition,
  all: readonly Fighter[],
  states: Map<string, OdndState>,
  words: string[],
): void {
  const by = all.find((g) => surprise.vs?.includes(g.id))
  if (!by || injuryOf(f) !== 'fighting') return
  const add = (who: Fighter, c: Condition) =>
    states.set(who.id, withCondition(states.get(who.id) as OdndState, c))
  add(f, { id: 'disadvantage', rounds: 1, vs: [by.id] })
  add(by, { id: 'advantage', rounds: 1, vs: [f.id] })
  words.push(
    `next round ${by.name} attacks ${f.name} with Advantage, ${f.name} attacks back with Disadvantage`,
  )
}

/** Grappling attacks: "Each foe who has successfully grappled rolls a number of D6's ... The hero also rolls". */
function settleGrapple(
  f: Fighter,
  all: readonly Fighter[],
  states: Map<string, OdndState>,
  roll: Roller,
  out: Log,
): void {
  const state = states.get(f.id) as OdndState
  // Only grapplers still on their feet hold on; a new contest replaces the last one's pin.
  const holds = (state.grappledBy ?? []).flatMap((g) => {
    const who = all.find((o) => o.id === g.id)
    return who && injuryOf(who) === 'fighting' ? [{ ...g, name: who.name }] : []
  })
  if (holds.length === 0) {
    if (state.grappledBy) states.set(f.id, { ...state, grappledBy: [] })
    return
  }
  const diceFor = (name: string, hitDice: number) =>
    Array.from({ length: odnd.grappleDice(hitDice) }, () => roll(6, `grapple d6 (${name})`))
  const grapplers = holds.map((g) => ({ ...g, faces: diceFor(g.name, g.hitDice) }))
  const hero = sheet(f)
  const level = hero.ok ? hero.value.level : 1
  const contest = odnd.resolveGrapple(
    { name: f.name, hitDice: level, faces: diceFor(f.name, level) },
    grapplers,
  )
  if (!contest.ok) return
  const { result, stunRounds, breakdown, summary } = contest.value
  out.lines.push(...breakdown)
  out.words.push(summary.replace(/\.$/, ''))
  if (result === 'thrown-off')
    out.words.push(
      `"since the hero is free, initiative is rolled again (if there are more attackers)": GM, reroll it`,
    )
  const freed: OdndState = {
    ...state,
    grappledBy: [],
    conditions: (state.conditions ?? []).filter((c) => c.id !== 'pinned' && c.id !== 'struggling'),
  }
  if (result !== 'thrown-off') {
    states.set(f.id, withCondition(freed, { id: result, rounds: null, vs: holds.map((g) => g.id) }))
    return
  }
  states.set(f.id, freed)
  for (const g of grapplers)
    states.set(g.id, withCondition(states.get(g.id) as OdndState, { id: 'stunned', rounds: stunRounds }))
}

/** "Check monster morale (roll 2D6 see table) ... after first death, when 50% are dead or incapacitated". */
function checkMorale(all: readonly Fighter[], states: Map<string, OdndState>, roll: Roller, out: Log): void {
  const foes = all.filter((f) => f.side === 'foe')
  if (foes.length === 0) return
  const injuries = foes.map(injuryOf)
  let morale = foes.map((f) => stateOf(f).morale).find((m) => m !== undefined) ?? odnd.freshMorale()
  const due = odnd.moraleTriggersDue(
    {
      size: foes.length,
      dead: injuries.filter((i) => i === 'dead').length,
      down: injuries.filter((i) => i !== 'fighting').length,
    },
    morale,
  )
  if (due.length === 0) return
  for (const trigger of due) {
    const rolled = odnd.rollMorale(morale, trigger, [roll(6, 'morale'), roll(6, 'morale')])
    if (!rolled.ok) return
    morale = rolled.value.state
    out.lines.push(...rolled.value.breakdown)
    out.words.push(
      `the foes' morale ${MORALE_WHEN[trigger]}: 2d6 = ${rolled.value.total} (GM: does it hold?)`,
    )
  }
  for (const f of foes) states.set(f.id, { ...(states.get(f.id) as OdndState), morale })
}

const MORALE_WHEN: Record<odnd.MoraleTrigger, string> = {
  'start-of-conflict': 'at the start of the fight',
  'first-death': 'after the first death',
  'half-down': 'with half of them down',
  'big-upset': 'after a big upset',
}

/** The GM's one tap for time passing: a Turn's worth of temporary damage back. */
const REST = 'rest-turn'

/** "Temporary damage points are regained at a rate of 1 point times XP Level/HD per Turn." */
function turnOfRest(f: Fighter): { had: number; back: number; state: OdndState } | null {
  const had = stateOf(f).temporary ?? 0
  if (had <= 0) return null
  const s = sheet(f)
  const health = odnd.recoverTemporary(healthOf(f), s.ok ? s.value.level : 1, 1)
  const { temporary: _t, ...rest } = stateOf(f)
  const state: OdndState = health.temporary > 0 ? { ...rest, temporary: health.temporary } : rest
  return { had, back: had - health.temporary, state }
}

function endOfRound(fighters: readonly Fighter[], round: number, roll: Roller): Outcome<Resolution> {
  const states = new Map(fighters.map((f) => [f.id, nextRoundState(f)]))
  const out: Log = { lines: [], words: [] }
  // Each tenth round a Turn has passed: temporary damage comes back at the text's rate.
  if (round % ROUNDS_PER_TURN === 0)
    for (const f of fighters) {
      const rest = turnOfRest(f)
      if (!rest) continue
      const { temporary: _before, ...others } = states.get(f.id) as OdndState
      states.set(f.id, { ...others, ...(rest.state.temporary ? { temporary: rest.state.temporary } : {}) })
      out.words.push(`a Turn has passed: ${f.name} regains ${rest.back} temporary damage`)
    }
  const expired = fighters.map((f) => tick(f, fighters, states, out.words))
  fighters.forEach((f, i) => {
    const surprise = expired[i]?.find((c) => c.id === 'surprised')
    if (surprise) turnToFace(f, surprise, fighters, states, out.words)
  })
  for (const f of fighters) settleGrapple(f, fighters, states, roll, out)
  checkMorale(fighters, states, roll, out)
  // The fallen are in melee with nobody, and nobody is in melee with them.
  const standing = new Set(fighters.filter((f) => injuryOf(f) === 'fighting').map((f) => f.id))
  for (const f of fighters) {
    const state = states.get(f.id) as OdndState
    const gone = (state.engaged ?? []).filter((e) => !standing.has(e.id) || !standing.has(f.id))
    if (gone.length > 0)
      states.set(
        f.id,
        disengage(
          state,
          gone.map((e) => e.id),
        ),
      )
  }
  const changes = changesOf(...fighters.map((f) => [f, f.hp, states.get(f.id) as OdndState] as const))
  const summary = sentence(`End of round ${round}`, out.words)
  return ok({ lines: out.lines, summary, changes })
}

// ---------------------------------------------------------------------------------------------------
// Status chips.

/** Each condition's chip, and what the log says when it runs out. */
const CONDITIONS: Record<ConditionId, { chip: string; ends: string }> = {
  surprised: { chip: 'Surprised', ends: 'is no longer surprised' },
  parrying: { chip: 'Parrying', ends: 'stops parrying' },
  stunned: { chip: 'Stunned', ends: 'is no longer stunned' },
  pinned: { chip: 'Pinned', ends: 'is free' },
  struggling: { chip: 'Struggling', ends: 'is free' },
  advantage: { chip: 'Advantage', ends: 'loses the Advantage' },
  disadvantage: { chip: 'Disadvantage', ends: 'fights normally again' },
  reloading: { chip: 'Reloading', ends: 'has reloaded' },
  disarmed: { chip: 'Disarmed', ends: 'has a weapon again' },
  dismounted: { chip: 'Dismounted', ends: 'is mounted again' },
  entangled: { chip: 'Entangled', ends: 'is free of the whip' },
  running: { chip: 'Ran: no other action', ends: 'stops running' },
  withdrawing: { chip: 'Withdrawing (+2 AC)', ends: 'ends the withdrawal' },
  fleeing: { chip: 'Fleeing', ends: 'stops fleeing' },
  charged: { chip: 'Charged (no DEX to AC)', ends: 'has the DEX bonus to AC again' },
  'spell-lost': { chip: 'Spell lost', ends: 'may cast again' },
  cast: { chip: 'Cast a spell', ends: 'is done casting' },
}

function status(f: Fighter): string[] {
  const chips: string[] = []
  const injury = injuryOf(f)
  if (injury !== 'fighting') chips.push(INJURY_WORDS[injury].replace(/^./, (c) => c.toUpperCase()))
  const temporary = stateOf(f).temporary ?? 0
  if (temporary > 0 && injury === 'fighting') chips.push(`Temporary damage ${temporary}`)
  for (const c of conditionsOf(f)) chips.push(conditionChip(c, CONDITIONS[c.id].chip))
  if (stateOf(f).morale?.fightsToDeath) chips.push('Fights to the death')
  const s = sheet(f)
  // "For each tenth of the original total left, one man is left alive" (Mass Combat).
  if (s.ok && s.value.men > 1)
    chips.push(
      `${odnd.survivors({ men: s.value.men, originalHp: f.maxHp, hp: f.hp })} of ${s.value.men} men left`,
    )
  const by = stateOf(f).attackedBy ?? []
  if (by.length > 2 && injury === 'fighting') chips.push(`Surrounded by ${by.length} this round`)
  const engaged = engagedOf(f)
  if (engaged.length > 0 && injury === 'fighting')
    chips.push(`In melee with ${engaged.map((e) => e.name).join(', ')}`)
  return chips
}

// ---------------------------------------------------------------------------------------------------

/** An odnd declaration as checked once: a move of the round, or an attack ready to strike. */
export type Planned = { move: MoveId } | { ready: Ready }

/** Checks a declaration once (`CombatRules.plan`): a move as moves.ts declares it, or an attack as `declare` reads it. */
function planned(attacker: Fighter, target: Fighter, declared: Declared, view?: TableView): Outcome<Planned> {
  const move = declareMove(attacker, target, declared)
  if (move) return move.ok ? ok({ move: move.value }) : move
  const ready = declare(attacker, target, declared, {}, false, view?.turn.status === 'idle')
  return ready.ok ? ok({ ready: ready.value }) : ready
}

/** What a screen reads of odnd's combat (`ScreenRules.combat`); `odndRoomCombat` adds what only the room runs. */
export const odndCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    const injury = injuryOf(f)
    return injury === 'fighting' ? null : `${f.name} is ${INJURY_WORDS[injury]}.`
  },

  choices(attacker) {
    const s = sheet(attacker)
    if (!s.ok) return s
    const stopped = cannotAct(attacker, true)
    if (stopped) return fail(stopped)
    const barred = cannotAttack(attacker, s.value)
    const ways = barred
      ? []
      : waysOf(attacker, s.value)
          .filter((w) => !w.blocked)
          .map(({ id, label }): AttackChoice => ({ id, label }))
    // The moves of the round come after the ways to attack.
    const moves = movesFor(attacker).filter((m) => !cannotMove(attacker, s.value, m.id as MoveId))
    const all = [...ways, ...moves]
    return all.length > 0 ? ok(all) : fail(barred ?? `${attacker.name} has nothing open this round.`)
  },

  toggles(attacker, target, choice) {
    if (isMove(choice)) return moveToggles(choice)
    const a = sheet(attacker)
    const d = sheet(target)
    if (!a.ok || !d.ok) return []
    const way = waysOf(attacker, a.value).find((w) => w.id === choice)
    return way ? togglesFor(a.value, d.value, way) : []
  },

  plan: checkedPlan(planned),

  preview(plan) {
    const { attacker, target, table: view } = plan
    const setup = setupOf<Planned>(plan)
    if ('move' in setup) return previewMove(attacker, setup.move, view?.fighters)
    const ready = setup.ready
    const prepared = odnd.prepareAttack(ready.decl)
    if (!prepared.ok) return prepared
    const odds = odnd.preparedOdds(prepared.value, ready.decl.attacker.level)
    const p = prepared.value
    const damage = p.damage
      ? `; ${toFloat(odds.expectedDamageOnHit).toFixed(1)} damage per hit on average`
      : ''
    const counter = outreachedBy(attacker, target, ready)
    const first = counter ? `; ${target.name}'s ${counter.weapon.name} strikes first, ${counter.why}` : ''
    return ok<Preview>({
      chance: odds.probabilities.hit,
      summary: `${oddsInWords(p, odds)}${damage}${first}.${killForecast(ready)}`,
      lines: breakdownOf(p, target.id),
    })
  },

  status,
  // Who is in melee with whom is what the table saw them do: the GM parts two who are no longer within 10 feet.
  clearable: (f) => {
    const rest = turnOfRest(f)
    return [
      ...engagedOf(f).map((e) => ({ id: `melee:${e.id}`, label: `In melee with ${e.name}` })),
      ...(rest
        ? [{ id: REST, label: `Temporary damage ${rest.had} (a Turn of rest: ${rest.back} back)` }]
        : []),
    ]
  },
  defense: (f) => {
    const s = sheet(f)
    return s.ok ? `AC ${s.value.ac}` : null
  },
  gmRolls: GM_ROLLS,
}

/** odnd's combat at the table but for resolving, which room-combat.ts adds: the screens' part and the room's. */
export const odndRoomCombat: Omit<CombatRules, 'resolve'> = {
  ...odndCombatView,
  defenses(plan) {
    const { attacker, target } = plan
    const setup = setupOf<Planned>(plan)
    if ('move' in setup) return ok([])
    const { ready } = setup
    if (!canParry(target, ready.way) || unparriable(target, ready)) return ok([])
    const odds = odnd.hitChance(parried(ready).decl)
    if (!odds.ok) return odds
    // Taking the blow leaves the AC as it is: the odds of the attack as declared, beside the parry's.
    const taken = odnd.hitChance(ready.decl)
    if (!taken.ok) return taken
    const options: DefenseOption[] = [
      {
        id: 'parry',
        label: 'Parry',
        chance: null,
        hits: odds.value,
        effect: `+2 to AC for the rest of the round, but no attacks this round: ${attacker.name} would hit ${percent(odds.value)} of the time`,
      },
      {
        id: 'none',
        label: 'Take it',
        chance: null,
        hits: taken.value,
        effect: `No parry: keep your attacks this round; ${attacker.name} hits ${percent(taken.value)} of the time`,
      },
    ]
    return ok(options)
  },

  // `resolve` with no parry refuses only what `defenses` has refused (`declare`, then `hitChance` of
  // both ways, which prepare the attack). The blow a longer reach strikes first is a plain strike on a way
  // `outreachedBy` found open; what it does to the attacker (damage, a fall, which is worded) refuses
  // nothing of the attacker's own blow after it (stuns and pins come of grapples, not strikes). The
  // simulator holds it (`checkDefenses`): 6,000 fights with pikes, seeds 1..6000, none refused.
  defensesCheckResolve: true,
  startOfFight,
  endOfRound,
  clear(f, id) {
    if (id === REST) {
      const rest = turnOfRest(f)
      if (!rest) return fail(`${f.name} has no temporary damage.`)
      return ok({
        lines: [
          {
            label: `${f.name} regains (level or HD x 1 per Turn)`,
            value: rest.back,
            rule: 'Empty Hand Attacks',
          },
        ],
        summary: `${f.name} rests a Turn and regains ${rest.back} temporary damage (${rest.state.temporary ?? 0} left).`,
        changes: { [f.id]: { state: rest.state as Record<string, unknown> } },
      })
    }
    const other = engagedOf(f).find((e) => `melee:${e.id}` === id)
    if (!other) return fail(`${f.name} is not in melee with them now.`)
    return ok({
      lines: [],
      summary: `${f.name} is no longer in melee with ${other.name}: the GM parted them (more than 10 feet apart, or an obstacle between).`,
      changes: { [f.id]: { state: disengage(stateOf(f), [other.id]) as Record<string, unknown> } },
    })
  },
}
