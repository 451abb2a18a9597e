/**
 * zones: attacks, defenses and outcomes at the table (zones.txt, "Attacking" onward). Attacks hit
 * automatically unless a WIT save is called for; the target may dodge, counter, hide behind someone or be
 * guarded; damage minus armour lowers health; morale is checked at the end of the round. What a screen
 * reads and resolving shares; resolving (`resolve.ts`) a phone loads only to ask for its own dice.
 */

import { conditionChip, hasCondition, type Condition as Timed } from '../../engine/conditions-read.ts'
import { fighterState } from '../../engine/fighter.ts'
import { checkedPlan, setupOf } from '../../engine/plan.ts'
import type {
  AttackChoice,
  Declared,
  DefenseOption,
  Fighter,
  Preview,
  TableView,
} from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { ModifierToggle } from '../../system.ts'
import { line, note, RULE } from './common.ts'
// The rules a screen reads: not their rolls (`rolls.ts`), which only resolving uses.
import * as zones from './screen-rules.ts'
import { zonesRound } from './turn-view.ts'

/**
 * The room settings the adapter plays. A character at 0 health is incapacitated (and may then be killed
 * with a death blow) whatever the room chose: 'at-zero' is the floor. Above 0, the room asks the GM after
 * the blow where the GM left the README's default (ruling.ts, `RoomSettings.incapacitation`).
 */
export const SETTINGS: zones.ZonesSettings = { ...zones.DEFAULT_SETTINGS, incapacitation: 'at-zero' }

/** A condition with the rounds it has left (null: until the end of the stretch). */
export interface Condition extends Timed<'acted' | 'reacted'> {
  label: string
  rounds: number | null
}

/** What the adapter keeps on a fighter (`Fighter.state`); every field is optional, `{}` is a fresh fighter. */
export interface ZonesState {
  /** Incapacitated at 0 health ('at-zero'), or killed by a death blow. */
  down?: 'incapacitated' | 'dead'
  /** Id of the fighter holding them (a grapple): they can only try to break free. */
  grabbedBy?: string
  /** The holder's name, for the chip everyone sees ("Grabbed by Bandit"). */
  grabbedByName?: string
  /** This round's turn and reactions: they expire at the end of the round. */
  conditions?: Condition[]
  /** Morale: steady for the rest of the stretch, or broken (must surrender or retreat). */
  morale?: 'steady' | 'broken'
  /** Health and standing when the round began, for morale ("in the past round"). */
  roundStart?: { health: number; up: boolean }
  /** Attack choice ids of weapons knocked out of their hands (disarm), and of weapons destroyed on a 1. */
  dropped?: string[]
  destroyed?: string[]
  /** Damaged shield or armour destroyed by an 8+ blow. */
  gearDestroyed?: Array<'shield' | 'armor'>
  /**
   * Gear used in this fight (attack choice ids of weapons, 'armor', 'shield'), for the durability rolls
   * after it; and gear those rolls damaged, which stays damaged ("Combat gear degradation").
   */
  used?: string[]
  damagedGear?: string[]
  /** The turn under way, as spent so far ("Taking a turn"); `at` names the turn it belongs to. */
  budget?: { at: string; turn: zones.TurnState }
  /** Spent a turn surrendering: they might be spared, until the enemy harms them ("Surrendering"). */
  surrendering?: true
  /** Escaped a long chase: out of the fight ("Chases"). */
  fled?: true
  /** The mount or vehicle they ride: mount and riders take their turn together ("Mounts and vehicles"). */
  riding?: string
  /**
   * A larger attacker's melee dice given out among smaller targets in the turn `at` ("can distribute
   * dice from melee attacks among several smaller targets"): the weapon, and each target's share so far.
   */
  split?: { at: string; gear: string; shares: zones.DiceShare[] }
  /** This round they did something that reveals them, or hid again ("Sneaking in combat"); the round keeps it. */
  concealment?: 'revealed' | 'hidden'
}

/**
 * zones' reader and writer of fighters. The state as stored, with health as the truth where damage did not
 * say more: one the GM set to 0 or less is incapacitated ("Attacking": at 0 health a character is
 * incapacitated). The sheet as the rules read it, with the gear they lost in this fight taken off.
 */
const fighters = fighterState<zones.Sheet, ZonesState>({
  sheet: { fields: zones.SHEET_FIELDS, parse: zones.parseSheet },
  state: (stored, f) => {
    const s = stored as ZonesState
    return f.hp <= 0 && !s.down ? { ...s, down: 'incapacitated' } : s
  },
  inFight(sheet, f, state) {
    const gone = state.gearDestroyed ?? []
    const noShield = gone.includes('shield')
    const noArmor = gone.includes('armor')
    const worn = state.damagedGear ?? []
    return {
      ...sheet,
      name: f.name,
      shield: sheet.shield && !noShield,
      shieldDamaged: (sheet.shieldDamaged || worn.includes('shield')) && !noShield,
      armor: noArmor ? 0 : sheet.armor,
      armorDamaged: (sheet.armorDamaged || worn.includes('armor')) && !noArmor,
      weapons: sheet.weapons.map((w, i) => (worn.includes(weaponId(i)) ? { ...w, damaged: true } : w)),
    }
  },
})
export const { stateOf, sheetOf: sheetFor } = fighters

// --- Ways to attack -------------------------------------------------------------------------------

export type Choice =
  /** A weapon; with `share`, that many of its dice on this target, split by a larger attacker (`gear` its id). */
  | { id: string; kind: 'weapon'; weapon: zones.Weapon; gear?: string; share?: number }
  | { id: 'unarmed'; kind: 'unarmed' }
  | { id: zones.NonLethalKind; kind: 'non-lethal' }
  | { id: 'break-free'; kind: 'break-free' }
  /** The turn's other steps ("Taking a turn"): a move, a bonus action, another main action, surrendering. */
  | { id: 'move' | 'move-half'; kind: 'move'; zones: number }
  | { id: 'bonus'; kind: 'bonus' }
  | { id: 'main'; kind: 'main' }
  | { id: 'surrender'; kind: 'surrender' }
  | { id: 'hide'; kind: 'hide' }
  | { id: 'flee'; kind: 'flee' }
  /** A move of 1 zone away from a nearby enemy, who may make an opportunity attack ("Opportunity attacks"). */
  | { id: 'move-away'; kind: 'move-away' }
  /** A main action to free a grabbed ally with a STR save ("Non-lethal attacks": grapple). */
  | { id: 'free-ally'; kind: 'free-ally' }
  /** A blast weapon: it hits a zone, everyone in it and on its borders ("Blast attacks"). */
  | { id: string; kind: 'blast'; weapon: zones.Weapon }
  /** Getting on a mount or vehicle of one's side, or off the one ridden: half a zone ("Mounts and vehicles"). */
  | { id: string; kind: 'mount-up'; mountId: string; name: string }
  | { id: 'dismount'; kind: 'dismount'; name: string }

const diceWord = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`

/** The weapon a choice uses, as the sheet's gear ("weapon-0"): a share of a split is its weapon's. */
export const gearOf = (c: Choice): string => (c.kind === 'weapon' && c.gear) || c.id

/** What each step of a turn is, for the words, the button and its section ("Taking a turn", "Surrendering"). */
const STEPS = {
  move: { label: 'Move 1 zone', verb: 'Move 1 zone', rule: RULE.turn },
  'move-half': {
    label: 'Move half a zone (mounting, getting on or off)',
    verb: 'Move half a zone',
    rule: RULE.turn,
  },
  bonus: {
    label: 'A bonus action: pick up or put down, equip, open a door, pull a lever, a few words',
    verb: 'Take the bonus action',
    rule: RULE.turn,
  },
  main: {
    label: 'Another main action: distract, intimidate, taunt, use an item, invoke a power',
    verb: 'Take the main action',
    rule: RULE.turn,
  },
  surrender: { label: 'Surrender (the whole turn)', verb: 'Surrender', rule: RULE.surrender },
  hide: {
    label: 'Hide again (out of sight for a while, or a major distraction)',
    verb: 'Hide',
    rule: RULE.sneaking,
  },
  flee: { label: 'Flee: a long chase (AGI save, the whole turn)', verb: 'Flee', rule: RULE.chases },
} as const

/** The kinds of choice that are the turn's own steps, done at nobody. */
const STEP_KINDS = ['move', 'bonus', 'main', 'surrender', 'hide', 'flee', 'mount-up', 'dismount'] as const

type Step = Extract<Choice, { kind: (typeof STEP_KINDS)[number] }>

const isStep = (c: Choice): c is Step => (STEP_KINDS as ReadonlyArray<string>).includes(c.kind)

/** A step's words, its button and its section. */
function stepOf(c: Step): { label: string; verb: string; rule: string } {
  if (c.kind === 'mount-up')
    return { label: `Get on ${c.name} (half a zone)`, verb: `Get on ${c.name}`, rule: RULE.mounts }
  if (c.kind === 'dismount')
    return { label: `Get off ${c.name} (half a zone)`, verb: `Get off ${c.name}`, rule: RULE.mounts }
  return STEPS[c.id]
}

/** Whether a sheet is a mount or vehicle that others ride. */
const ridden = (f: Fighter) => (sheetOf(f)?.body ?? 'character') !== 'character'

/**
 * Getting on or off ("Mounting or dismounting ... counts as moving half a zone"): off the one ridden, or on
 * each mount or vehicle of one's side still in the fight.
 */
function mountChoices(f: Fighter, fighters: readonly Fighter[]): Choice[] {
  const st = stateOf(f)
  if (st.riding) {
    const name = fighters.find((m) => m.id === st.riding)?.name ?? 'the mount'
    return [{ id: 'dismount', kind: 'dismount', name }]
  }
  if (ridden(f)) return []
  return fighters
    .filter((m) => m.id !== f.id && m.side === f.side && !stateOf(m).down && !stateOf(m).fled && ridden(m))
    .map((m): Choice => ({ id: `mount-up:${m.id}`, kind: 'mount-up', mountId: m.id, name: m.name }))
}

/**
 * Who takes their turn together with this fighter: the mount they ride and its other riders, or a
 * mount's riders ("Mounts and riders, as well as vehicles and passengers, take turn together").
 */
export function groupOf(f: Fighter, fighters: readonly Fighter[]): Fighter[] {
  const mountId = stateOf(f).riding ?? f.id
  const riders = fighters.filter((x) => stateOf(x).riding === mountId)
  if (riders.length === 0) return [f]
  const mount = fighters.find((x) => x.id === mountId)
  return [...(mount ? [mount] : []), ...riders]
}

/**
 * "If the mount or vehicle moves at full speed, riders and passengers can't take any action nor react":
 * the reason, while the one they ride has moved past half its speed this round (our reading: the
 * round, since its budget is the round's), or null.
 */
export function stilled(f: Fighter, fighters: readonly Fighter[]): string | null {
  const mountId = stateOf(f).riding
  const mount = mountId ? fighters.find((m) => m.id === mountId) : undefined
  const moved = mount ? stateOf(mount).budget?.turn : undefined
  if (!mount || !moved || !zones.movedFullSpeed(moved)) return null
  const why = zones.riderMayAct(true)
  return why.ok ? null : `${mount.name} moves at full speed: ${f.name} can't act or react.`
}

/** The ones who may act in the turn of the one taking it now: the rest of their group, unless stilled. */
export function actingWith(f: Fighter, fighters: readonly Fighter[]): Fighter[] {
  return groupOf(f, fighters).filter((x) => x.id !== f.id && !stilled(x, fighters))
}

/** Whether this fighter took a step of a turn this round (the round records it). */
export const actedThisRound = (f: Fighter) => has(stateOf(f), 'acted')

/** The turn's own steps, offered while the turn is theirs: a grabbed character has none of them. */
function stepChoices(st: ZonesState): Choice[] {
  if (st.grabbedBy) return []
  const moves: Choice[] = [
    { id: 'move', kind: 'move', zones: 1 },
    { id: 'move-half', kind: 'move', zones: zones.MOVE_STEP },
    { id: 'move-away', kind: 'move-away' },
  ]
  // "those who fail must surrender or retreat": a broken character may only move away, flee or give up.
  if (st.morale === 'broken')
    return [...moves, { id: 'flee', kind: 'flee' }, { id: 'surrender', kind: 'surrender' }]
  return [
    ...moves,
    { id: 'bonus', kind: 'bonus' },
    { id: 'main', kind: 'main' },
    { id: 'hide', kind: 'hide' },
    { id: 'flee', kind: 'flee' },
    { id: 'surrender', kind: 'surrender' },
  ]
}

const weaponId = (index: number) => `weapon-${index}`

function weaponLabel(w: zones.Weapon): string {
  return `${w.name} (${zones.formatDamage(w.damage)}${w.range > 0 ? `, range ${w.range}` : ''})`
}

/**
 * Why this fighter cannot act at all, or null. In a running round the turn's own budget says what is
 * left (`turnOf`); without one, an attack made this round is their turn.
 */
function cannotAttack(f: Fighter, turn: TurnOf | null, view?: TableView): string | null {
  const st = stateOf(f)
  if (st.down === 'dead') return `${f.name} is dead.`
  if (st.down === 'incapacitated') return `${f.name} is incapacitated and can't act.`
  if (st.fled) return `${f.name} fled the fight.`
  if (has(st, 'reacted')) return `${f.name} reacted this round: a reaction takes the whole turn.`
  if (!turn && has(st, 'acted')) return `${f.name} has already taken their turn this round.`
  return view ? stilled(f, view.fighters) : null
}

/** The turn a fighter is taking (or may take now), and what of it is spent. */
interface TurnOf {
  /** Which turn it is: the round and its move, or 'next' for a turn not taken yet. */
  at: string
  turn: zones.TurnState
}

/**
 * The turn this fighter is taking in the running round, or is about to take (their side's move, their
 * turn not spent): what of it is spent so far. Null outside a running round, where no budget is kept.
 */
function turnOf(f: Fighter, view: TableView | undefined, sheet: zones.Sheet): TurnOf | null {
  const round = view?.turn.status === 'running' ? zonesRound(view.turn) : undefined
  if (!round) return null
  const st = stateOf(f)
  const fresh = () => zones.startTurn({ speed: sheet.speed, grabbed: Boolean(st.grabbedBy) })
  const under = zones.turnUnderWay(round)
  const taking = view?.fighters.find((x) => x.id === under)
  // The one taking the turn, or one of their group acting in it ("take turn together").
  const together =
    taking && taking.id !== f.id && round.characters[f.id]?.spent !== 'reaction'
      ? groupOf(taking, view?.fighters ?? []).some((x) => x.id === f.id)
      : false
  if (under === f.id || together) {
    const at = `${round.round}/${round.log.map((e) => e.type).lastIndexOf('turn')}`
    return { at, turn: st.budget?.at === at ? st.budget.turn : fresh() }
  }
  const side = round.phase === 'choosing-first' ? round.initiative : round.next
  const mine = round.characters[f.id]
  if (mine && mine.faction === side && zones.canTakeTurn(round, f.id)) return { at: 'next', turn: fresh() }
  return null
}

/** What is left of the turn this fighter is taking now, for the turn model; null when none is under way. */
export function turnLeft(
  f: Fighter,
  view: TableView,
): { over: boolean; mainTaken: boolean; words: string } | null {
  const sheet = sheetFor(f)
  const turn = sheet.ok ? turnOf(f, view, sheet.value) : null
  if (!turn || turn.at === 'next') return null
  return {
    over: zones.turnOver(turn.turn),
    mainTaken: zones.mainTaken(turn.turn),
    words: zones.whatIsLeft(turn.turn),
  }
}

/** The steps of the turn a choice spends: an attack is the main action (a dropped weapon picked up first). */
function stepsOf(choice: Choice, toggles: readonly string[], st: ZonesState, at?: string): zones.TurnStep[] {
  switch (choice.kind) {
    case 'weapon':
      // The next share of a split under way is the same attack: the main action is spent already.
      if (choice.share && st.split && st.split.at === at && st.split.gear === choice.gear) return []
      return st.dropped?.includes(choice.id)
        ? [
            { type: 'bonus', action: 'pick-up-or-put-down' },
            { type: 'main', action: 'attack' },
          ]
        : [{ type: 'main', action: 'attack' }]
    case 'unarmed':
    case 'non-lethal':
    case 'blast':
      return [{ type: 'main', action: 'attack' }]
    case 'break-free':
      return [{ type: 'break-free' }]
    case 'move':
      return [{ type: 'move', zones: choice.zones, sprint: toggles.includes('sprint') }]
    case 'move-away':
      return [{ type: 'move', zones: 1, sprint: toggles.includes('sprint') }]
    case 'free-ally':
      return [{ type: 'main', action: 'free-ally' }]
    case 'bonus':
      return [{ type: 'bonus', action: 'other' }]
    case 'main':
    case 'hide':
      return [{ type: 'main', action: 'other' }]
    case 'surrender':
      return [{ type: 'surrender' }]
    case 'flee':
      return [{ type: 'flee' }]
    case 'mount-up':
    case 'dismount':
      return [{ type: 'move', zones: zones.MOUNTING_ZONES }]
    default:
      return zones.unreachable(choice)
  }
}

/** The turn with these steps spent, or the rule's sentence for why the turn does not allow them. */
function spend(turn: zones.TurnState, steps: readonly zones.TurnStep[]): Outcome<zones.TurnState> {
  let t = turn
  for (const step of steps) {
    const next = zones.stepTurn(t, step)
    if (!next.ok) return next
    t = next.value
  }
  return ok(t)
}

export const has = (st: ZonesState, id: Condition['id']) => hasCondition(st.conditions, id)

/**
 * Weapons in hand (blast weapons hit a zone, not one target: left to the table), unarmed, and the
 * non-lethal disarm, shove and grapple. A grabbed fighter can only try to break free.
 */
export function choiceList(
  f: Fighter,
  sheet: zones.Sheet,
  steps = false,
  fighters: readonly Fighter[] = [],
): Choice[] {
  const st = stateOf(f)
  if (st.grabbedBy) return [{ id: 'break-free', kind: 'break-free' }]
  // "Must surrender or retreat": the moves, flight and surrender, and getting on or off a mount ("counts as
  // moving half a zone"), which a retreat may be made of.
  if (st.morale === 'broken') return steps ? [...stepChoices(st), ...mountChoices(f, fighters)] : []
  const weapons: Choice[] = sheet.weapons.flatMap((weapon, i): Choice[] =>
    st.destroyed?.includes(weaponId(i))
      ? []
      : weapon.blast
        ? steps
          ? [{ id: weaponId(i), kind: 'blast', weapon }]
          : []
        : [{ id: weaponId(i), kind: 'weapon', weapon }],
  )
  const nonLethal = zones.NON_LETHAL.map((n): Choice => ({ id: n.kind, kind: 'non-lethal' }))
  const freeing: Choice[] = steps ? [{ id: 'free-ally', kind: 'free-ally' }] : []
  return [
    ...weapons,
    ...(steps ? splitChoices(f, sheet, fighters) : []),
    { id: 'unarmed', kind: 'unarmed' },
    ...nonLethal,
    ...freeing,
    ...(steps ? [...stepChoices(st), ...mountChoices(f, fighters)] : []),
  ]
}

/** A fighter's size, from their sheet (medium where it does not read). */
const sizeOf = (f: Fighter): zones.Size => sheetOf(f)?.size ?? 'medium'

/**
 * "Larger characters ... can distribute dice from melee attacks among several smaller targets as they
 * see fit": with two or more smaller enemies standing, each melee weapon's dice are given out a share at
 * a time, each share its own attack on one target, all of them one main action.
 */
function splitChoices(f: Fighter, sheet: zones.Sheet, fighters: readonly Fighter[]): Choice[] {
  const st = stateOf(f)
  // One a share already went to counts though it fell to it: the split goes on among the rest.
  const shared = (x: Fighter) => st.split?.shares.some((s) => s.id === x.id) ?? false
  const steps = fighters
    .filter((x) => x.side !== f.side && (!stateOf(x).down || shared(x)) && !stateOf(x).fled)
    .map((x) => zones.sizeSteps(sheet.size, sizeOf(x)))
    .filter((n) => n > 0)
  if (steps.length < 2) return []
  const most = Math.max(...steps)
  return sheet.weapons.flatMap((weapon, i): Choice[] => {
    const gear = weaponId(i)
    if (weapon.range > 0 || weapon.blast || st.destroyed?.includes(gear) || st.dropped?.includes(gear))
      return []
    const dice = weapon.damage.count * 2 ** most
    return Array.from({ length: dice - 1 }, (_, k) => ({
      id: `${gear}:split-${k + 1}`,
      kind: 'weapon',
      weapon,
      gear,
      share: k + 1,
    }))
  })
}

/** Why this share of a split can't go to this target, in the rule's words, or null. */
function splitRefused(
  c: Extract<Choice, { kind: 'weapon' }>,
  attacker: Fighter,
  a: zones.Sheet,
  t: zones.Sheet,
  target: Fighter,
  at: string | undefined,
): string | null {
  const share = c.share ?? 0
  if (zones.sizeSteps(a.size, t.size) <= 0)
    return 'Dice can only be split among targets smaller than the attacker.'
  const shares = splitUnderWay(attacker, c, at)
  if (shares.some((s) => s.id === target.id))
    return `${target.name} already took a share of the ${c.weapon.name}'s dice this turn.`
  const left = zones.diceSplitLeft(a.size, c.weapon.damage.count, shares, t.size)
  if (shares.length === 0 && share >= left)
    return `${diceWord(left)} is the whole ${c.weapon.name} against ${target.name}: give them fewer, or attack with it alone.`
  if (share > left)
    return `Only ${diceWord(left)} of the ${c.weapon.name} ${left === 1 ? 'is' : 'are'} left for ${target.name}.`
  return null
}

/** The shares of this weapon's dice given out so far in the turn `at`. */
export function splitUnderWay(attacker: Fighter, c: Choice, at: string | undefined): zones.DiceShare[] {
  const split = stateOf(attacker).split
  return split && split.at === at && split.gear === gearOf(c) ? split.shares : []
}

export function choiceLabel(f: Fighter, c: Choice): string {
  if (isStep(c)) return stepOf(c).label
  switch (c.kind) {
    case 'weapon':
      if (c.share) return `${weaponLabel(c.weapon)}, split: ${diceWord(c.share)} on this target`
      return stateOf(f).dropped?.includes(c.id)
        ? `${weaponLabel(c.weapon)}: on the ground, picking it up is a bonus action`
        : weaponLabel(c.weapon)
    case 'unarmed':
      return 'Unarmed (d4 impaired)'
    case 'non-lethal':
      return zones.NON_LETHAL.find((n) => n.kind === c.id)?.label ?? c.id
    case 'break-free':
      return 'Break free (STR save)'
    case 'move-away':
      return 'Move 1 zone away from a nearby enemy (they may attack as you go)'
    case 'free-ally':
      return 'Free a grabbed ally (STR save, a main action)'
    case 'blast':
      return `${weaponLabel(c.weapon)}: blast, hits a whole zone`
    default:
      return zones.unreachable(c)
  }
}

// --- Toggles --------------------------------------------------------------------------------------

const MELEE: zones.ToggleId[] = [
  'target-not-visible',
  'cover',
  'cover-penetrated',
  'barrier',
  'held-back',
  'death-blow',
  'target-unaware',
  'concealed-attacker',
  'mounted',
  'stunt',
]
const RANGED: zones.ToggleId[] = [...MELEE, 'attacker-moving', 'beyond-half-range']
const NON_LETHAL: zones.ToggleId[] = ['target-unaware', 'concealed-attacker']

function toggleIds(choice: Choice, target: Fighter): zones.ToggleId[] {
  let ids: zones.ToggleId[]
  switch (choice.kind) {
    case 'weapon':
      ids = choice.weapon.range > 0 ? RANGED : MELEE
      break
    case 'unarmed':
      // Unarmed attacks are already impaired: holding back changes nothing.
      ids = MELEE.filter((id) => id !== 'held-back')
      break
    case 'non-lethal':
      ids = NON_LETHAL
      break
    case 'break-free':
    case 'free-ally':
    case 'bonus':
    case 'main':
    case 'surrender':
      ids = []
      break
    case 'move':
    case 'move-away':
      ids = choice.id === 'move-half' ? ['sprint', 'sneaking', 'mount-moving'] : ['sprint', 'sneaking']
      break
    case 'hide':
      ids = ['out-of-sight', 'distraction']
      break
    case 'flee':
      ids = ['fleeing-faster', 'pursuers-faster']
      break
    case 'mount-up':
    case 'dismount':
      ids = ['mount-moving']
      break
    case 'blast':
      ids =
        choice.weapon.range > 0
          ? ['attacker-moving', 'beyond-half-range', 'held-back', 'mounted']
          : ['held-back', 'mounted']
      break
    default:
      return zones.unreachable(choice)
  }
  // A death blow needs an incapacitated target ("Attacking").
  return stateOf(target).down === 'incapacitated' ? ids : ids.filter((id) => id !== 'death-blow')
}

const togglesFor = (ids: readonly zones.ToggleId[]): ModifierToggle[] =>
  zones.ATTACK_MODIFIERS.filter((m) => ids.includes(m.id))

// --- Declaring an attack --------------------------------------------------------------------------

interface Sides {
  a: zones.Sheet
  t: zones.Sheet
  choice: Choice
  toggles: zones.ToggleId[]
  /** The turn under way with this choice spent, where a round is running. */
  spent: TurnOf | null
  /** The two fighters as the table has them. */
  who: { a: Fighter; t: Fighter }
}

export type Planned =
  | (Sides & { kind: 'strike'; plan: zones.AttackPlan })
  | (Sides & { kind: 'non-lethal'; plan: zones.NonLethalPlan; noReaction: string | null })
  | (Sides & { kind: 'break-free' })
  | (Sides & { kind: 'step'; choice: Step })
  | (Sides & { kind: 'move-away' })
  | (Sides & { kind: 'free-ally'; grabber: string })
  | (Sides & { kind: 'blast'; plan: zones.BlastPlan; spec: zones.DamageSpec })

/** Done at no one fighter: the turn's own steps, and a blast, aimed at a zone. */
const atNobody = (c: Choice) => isStep(c) || c.kind === 'blast'

/** Checks a declared attack against the sheets, state and rules, and plans it; refusals in words. */
export function declare(
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  view?: TableView,
): Outcome<Planned> {
  const a = sheetFor(attacker)
  if (!a.ok) return a
  const t = sheetFor(target)
  if (!t.ok) return t
  const turn = turnOf(attacker, view, a.value)
  const cannot = cannotAttack(attacker, turn, view)
  if (cannot) return fail(cannot)
  const choice = choiceList(attacker, a.value, true, view?.fighters).find((c) => c.id === declared.choice)
  if (!choice) {
    return fail(
      stateOf(attacker).grabbedBy
        ? `${attacker.name} is grabbed: they can only try to break free.`
        : stateOf(attacker).morale === 'broken'
          ? `${attacker.name} failed a morale check: they must surrender or retreat.`
          : `${attacker.name} has no such attack.`,
    )
  }
  if (atNobody(choice) !== (attacker.id === target.id))
    return fail(
      atNobody(choice)
        ? 'That is done on one’s own turn, at nobody.'
        : `${attacker.name} can't attack themselves.`,
    )
  if (choice.kind === 'blast' && !turn)
    return fail(`${choice.weapon.name}: only on ${attacker.name}’s own turn in a running round.`)
  if (isStep(choice) && !turn)
    return fail(`${stepOf(choice).label}: only on ${attacker.name}’s own turn in a running round.`)
  if (stateOf(target).down === 'dead') return fail(`${target.name} is already dead.`)
  const steps = stepsOf(choice, declared.toggles, stateOf(attacker), turn?.at)
  let spent: TurnOf | null = null
  if (turn) {
    const after = spend(turn.turn, steps)
    if (!after.ok) return fail(`${after.error} Left this turn: ${zones.whatIsLeft(turn.turn)}.`)
    spent = { at: turn.at, turn: after.value }
  }
  const allowed = toggleIds(choice, target)
  const stray = declared.toggles.find((id) => !allowed.includes(id as zones.ToggleId))
  if (stray !== undefined) {
    const label = zones.ATTACK_MODIFIERS.find((m) => m.id === stray)?.label ?? stray
    return fail(`"${label}" doesn't apply to this attack.`)
  }
  const toggles = declared.toggles as zones.ToggleId[]
  const sides = { a: a.value, t: t.value, choice, toggles, spent, who: { a: attacker, t: target } }
  switch (choice.kind) {
    case 'hide':
      if (view && zonesRound(view.turn)?.characters[attacker.id]?.concealed)
        return fail(`${attacker.name} is already concealed.`)
      if (
        !zones.canHideAgain({
          outOfSightForAWhile: toggles.includes('out-of-sight'),
          majorDistraction: toggles.includes('distraction'),
        })
      )
        return fail('Hiding again needs being out of sight for a while, or a major distraction: say which.')
      return ok({ ...sides, kind: 'step', choice })
    case 'flee':
      if (toggles.includes('fleeing-faster') && toggles.includes('pursuers-faster'))
        return fail('Either side is the faster one, not both.')
      return ok({ ...sides, kind: 'step', choice })
    case 'move':
    case 'bonus':
    case 'main':
    case 'surrender':
    case 'mount-up':
    case 'dismount':
      return ok({ ...sides, kind: 'step', choice })
    case 'move-away':
      if (target.side === attacker.side) return fail(`${target.name} is no enemy of ${attacker.name}.`)
      return ok({ ...sides, kind: 'move-away' })
    case 'blast': {
      // One roll for the zone (our reading): the damage before each one's armour, which size never changes.
      const zone = { id: 'zone', sheet: { ...a.value, armor: 0, shield: false } }
      const plan = zones.planBlast(
        {
          attackerId: 'attacker',
          attacker: a.value,
          weapon: choice.weapon,
          inZone: [zone],
          distance: 0,
          toggles,
        },
        SETTINGS,
      )
      if (!plan.ok) return plan
      const spec = plan.value.damage.zone
      if (!spec) return fail(`${choice.weapon.name} hits nobody.`)
      return ok({ ...sides, kind: 'blast', plan: plan.value, spec })
    }
    case 'free-ally': {
      const grabber = stateOf(target).grabbedBy
      if (target.side !== attacker.side || !grabber) return fail(`${target.name} is not a grabbed ally.`)
      return ok({ ...sides, kind: 'free-ally', grabber })
    }
    case 'weapon':
    case 'unarmed': {
      const weapon = choice.kind === 'weapon' ? choice.weapon : null
      const share = choice.kind === 'weapon' ? choice.share : undefined
      const refused =
        choice.kind === 'weapon' && share
          ? splitRefused(choice, attacker, a.value, t.value, target, turn?.at)
          : null
      if (refused) return fail(refused)
      // Melee only reaches nearby enemies, so a melee attack declares the target nearby; a ranged
      // death blow is only possible on a nearby target, which declaring it asserts.
      const melee = weapon === null || weapon.range === 0
      const targetGrabbed = stateOf(target).grabbedBy !== undefined
      const plan = zones.planAttack(
        {
          attacker: a.value,
          target: t.value,
          weapon,
          toggles: targetGrabbed ? [...toggles, 'target-grabbed'] : toggles,
          nearby: melee || toggles.includes('death-blow'),
          targetIncapacitated: stateOf(target).down === 'incapacitated',
          ...(share ? { assignedDice: share } : {}),
        },
        SETTINGS,
      )
      return plan.ok ? ok({ ...sides, kind: 'strike', plan: plan.value }) : plan
    }
    case 'non-lethal': {
      const plan = zones.planNonLethal({ kind: choice.id, attacker: a.value, target: t.value, nearby: true })
      if (!plan.ok) return plan
      const noReaction = toggles.includes('concealed-attacker')
        ? `${target.name} is taken by surprise by a concealed attacker`
        : toggles.includes('target-unaware')
          ? `${target.name} is unaware of the attacker`
          : null
      return ok({ ...sides, kind: 'non-lethal', plan: plan.value, noReaction })
    }
    case 'break-free': {
      if (stateOf(attacker).grabbedBy !== target.id) {
        return fail(`${target.name} isn't holding ${attacker.name}: break free from whoever grabbed them.`)
      }
      if (zones.sizeSteps(t.value.size, a.value.size) > 0) {
        return fail(`${attacker.name} can't break free of a larger character's grab with a STR save.`)
      }
      return ok({ ...sides, kind: 'break-free' })
    }
    default:
      return zones.unreachable(choice)
  }
}

// --- Preview --------------------------------------------------------------------------------------

/** The damage breakdown's line of the target's armour (zones/damage.ts). */
export const ARMOUR_LINE = 'Armour value'

/** What the turn has left once this choice is spent, as a sentence to append; nothing outside a round. */
export const leftOfTurn = (p: Pick<Planned, 'spent'>, when = ''): string =>
  p.spent ? ` Left this turn${when}: ${zones.whatIsLeft(p.spent.turn)}.` : ''

export function damageWords(spec: zones.DamageSpec): string {
  const expected = zones.damageOdds(spec).expected.value
  return `${zones.formatDamage(spec.dice)} damage, ${expected.toFixed(1)} on average after armour ${spec.armor}`
}

export function previewOf(p: Planned, view?: TableView): Preview {
  switch (p.kind) {
    case 'strike': {
      const lines = [...p.plan.breakdown, ...p.plan.damage.breakdown]
      if (p.plan.deathBlow) {
        // Killed outright, with no roll.
        return { chance: 1, summary: `Death blow: ${p.t.name} is killed outright.`, lines, dice: false }
      }
      const odds = zones.attackOdds(p.plan, p.a.wit)
      const toHit =
        p.plan.witSaveReasons.length === 0
          ? 'Hits automatically'
          : `Hits on a WIT save, ${p.a.wit} or under on a d20 (${percent(odds.hit.probability)}): ${p.plan.witSaveReasons.join('; ')}`
      // "Larger characters ... can distribute dice from melee attacks among several smaller targets as they see fit."
      const share = p.choice.kind === 'weapon' ? p.choice.share : undefined
      const split = share
        ? ` A share of the split: ${diceWord(share)} on ${p.t.name}, its own attack; the shares together are one main action.`
        : p.plan.kind === 'melee' && zones.sizeSteps(p.a.size, p.t.size) > 0 && p.plan.damage.dice.count > 1
          ? ` Larger than ${p.t.name}: these ${p.plan.damage.dice.count} dice may be split among several smaller nearby targets ("split" in the list), each share its own attack (Effects of size).`
          : ''
      return {
        chance: odds.hit.probability,
        summary: `${toHit}; ${damageWords(p.plan.damage)}.${split}`,
        lines,
      }
    }
    case 'non-lethal': {
      const odds = zones.nonLethalOdds(p.plan, p.t.str).takesEffect.probability
      const label = choiceLabelOf(p.plan.kind)
      const summary = p.plan.saveAllowed
        ? `${label} works if ${p.t.name} fails a STR save (passes on ${p.t.str} or under): ${percent(odds)}.`
        : `${label}: no STR save against a larger attacker, it works unless dodged.`
      // The STR save against it, and a shove's damage, are the target's dice: the attacker rolls none.
      return { chance: odds, summary, lines: p.plan.breakdown, dice: false }
    }
    case 'break-free': {
      const chance = zones.saveChance(p.a.str).probability
      return {
        chance,
        summary: `Breaks free on a STR save, ${p.a.str} or under on a d20 (${percent(chance)}): the try takes the whole turn.${leftOfTurn(p, ' after it')}`,
        lines: [line('STR (pass on this or under)', p.a.str, RULE.nonLethal)],
      }
    }
    case 'move-away':
      // Only the enemy's opportunity attack rolls, on their dice: the mover rolls none.
      return { ...moveAwayPreview(p, view), dice: false }
    case 'blast': {
      const saves = p.plan.witSaveReasons
      const chance = saves.length > 0 ? zones.saveChance(p.a.wit).probability : 1
      const expected = zones.damageOdds(p.spec).expected.value
      const toHit =
        p.plan.kind === 'melee'
          ? 'Your own zone: it can’t miss, and spares you'
          : saves.length > 0
            ? `Hits the zone on a WIT save, ${p.a.wit} or under (${percent(chance)}): ${saves.join('; ')}; a miss deviates to a random neighbouring zone`
            : 'Hits the zone you aim at (you too, if it is yours)'
      return {
        chance,
        summary: `${toHit}. Everyone in it and on its borders takes ${zones.formatDamage(p.spec.dice)} (${expected.toFixed(1)} on average) minus their armour; size changes nothing.`,
        lines: [...p.plan.breakdown, ...p.spec.breakdown],
      }
    }
    case 'free-ally': {
      const chance = zones.saveChance(p.a.str).probability
      return {
        chance,
        summary: `Frees ${p.t.name} on a STR save, ${p.a.str} or under on a d20 (${percent(chance)}).`,
        lines: [line('STR (pass on this or under)', p.a.str, RULE.nonLethal)],
      }
    }
    case 'step': {
      const odds = stepOdds(p)
      return {
        chance: odds.chance,
        summary: `${stepWords(p.choice, p.toggles)}${odds.words}${leftOfTurn(p, ' after it')}`,
        lines: [note(stepOf(p.choice).label, 0, stepOf(p.choice).rule)],
        ...(odds.rolls ? {} : { dice: false as const }),
      }
    }
    default:
      return zones.unreachable(p)
  }
}

/**
 * The odds of a step that rolls: escaping a long chase (an AGI save, certain for the faster, impossible
 * for the slower: "Chases"), keeping one's footing getting on or off a moving mount (an AGI save, "Mounts
 * and vehicles"); every other step is certain, and `rolls` no die.
 */
function stepOdds(p: Extract<Planned, { kind: 'step' }>): { chance: number; words: string; rolls: boolean } {
  const agi = zones.saveChance(p.a.agi).probability
  const save = `an AGI save, ${p.a.agi} or under on a d20 (${percent(agi)})`
  if (p.choice.kind === 'flee') {
    if (p.toggles.includes('fleeing-faster')) return { chance: 1, words: '', rolls: false }
    if (p.toggles.includes('pursuers-faster')) return { chance: 0, words: '', rolls: false }
    return { chance: agi, words: ` Escapes on ${save}.`, rolls: true }
  }
  if (p.toggles.includes('mount-moving'))
    return {
      chance: agi,
      words: ` Getting on or off a moving mount: keeps their footing on ${save}, or falls for d4 direct damage.`,
      rolls: true,
    }
  return { chance: 1, words: '', rolls: false }
}

/** What a step of the turn does, in the text's words. */
function stepWords(c: Step, toggles: readonly string[]): string {
  switch (c.kind) {
    case 'move':
      return `Moves ${c.zones === 1 ? '1 zone' : 'half a zone'}${toggles.includes('sprint') ? ', sprinting' : ''}: movement may be split before, after and between actions.`
    case 'bonus':
      return 'A bonus action takes a second or two: say what it is at the table.'
    case 'main':
      return 'A main action takes the round: say what it is at the table; the GM decides its effect.'
    case 'surrender':
      return 'Surrenders, throwing the weapons away: the turn is wasted, but the enemy might spare them. Harmed by the enemy, they may fight on.'
    case 'hide':
      return 'Hides again: concealed, enemies attacked by them are taken by surprise, until they make noise or become visible.'
    case 'flee':
      return toggles.includes('fleeing-faster')
        ? 'Flees, faster than the pursuers: escapes with no save.'
        : toggles.includes('pursuers-faster')
          ? 'Flees, but the pursuers are faster: escaping is impossible.'
          : 'Flees over a long distance: an AGI save, and on a pass they escape; on a fail the pursuers reach them.'
    case 'mount-up':
      return `Gets on ${c.name}, half a zone: mount and rider then take their turn together, and while ${c.name} moves at full speed the rider can't act or react.`
    case 'dismount':
      return `Gets off ${c.name}, half a zone: from then on each takes a turn of their own.`
    default:
      return zones.unreachable(c)
  }
}

export const choiceLabelOf = (kind: zones.NonLethalKind) =>
  zones.NON_LETHAL.find((n) => n.kind === kind)?.label ?? kind

// --- Who may react (for the preview; the defenses themselves: defenses.ts) ------------------------

/** Why nobody at all can react to this attack (a guard included), or null. */
export function closedToReactions(p: Planned, target: Fighter): string | null {
  if (p.kind === 'step')
    return `nobody reacts to ${target.name}’s own ${p.choice.kind === 'move' ? 'move' : 'action'}`
  if (p.kind === 'break-free') return `${target.name} can't react to someone breaking free`
  if (p.kind === 'free-ally') return `${target.name} is being freed`
  if (p.kind === 'blast') return 'a blast hits a zone: each one in it reacts at the table'
  if (p.kind === 'strike' && p.plan.deathBlow) return `a death blow kills outright, with no roll`
  // "Enemies attacked by a concealed character are taken by surprise and can't react."
  if (p.toggles.includes('concealed-attacker'))
    return `${target.name} is taken by surprise by a concealed attacker`
  return null
}

/**
 * Why the target can't react to this attack, or null ("Reacting to an attack"; README: not after their
 * turn). In a running round the rules' own round record says whether they may (`canReact`): who took
 * their turn, who reacted and how many reactions their skills allow.
 */
export function noReactionWhy(p: Planned, target: Fighter, view?: TableView): string | null {
  const closed = closedToReactions(p, target)
  if (closed) return closed
  const planned = p.kind === 'strike' ? p.plan.noReaction : p.kind === 'non-lethal' ? p.noReaction : null
  if (planned) return planned
  const st = stateOf(target)
  if (st.down) return `${target.name} is ${st.down}`
  if (st.grabbedBy) return `${target.name} is grabbed and can't act`
  const carried = view ? stilled(target, view.fighters) : null
  if (carried) return carried.replace(/\.$/, '')
  const round = view?.turn.status === 'running' ? zonesRound(view.turn) : undefined
  if (round?.characters[target.id]) {
    const may = zones.canReact(round, target.id)
    return may.ok ? null : may.error.replace(/\.$/, '')
  }
  if (has(st, 'acted')) return `${target.name} has already taken their turn this round`
  if (reactionsThisRound(target) > p.t.extraReactions) return `${target.name} has already reacted this round`
  return null
}

export interface Counter {
  choice: Choice
  plan: zones.AttackPlan
}

/** The target's own attacks that can answer this one (a melee counter needs the attacker nearby). */
export function counters(p: Planned, target: Fighter): Array<{ id: string } & Counter> {
  const nearby = p.kind !== 'strike' || p.plan.kind === 'melee'
  return choiceList(target, p.t).flatMap((choice) => {
    if (choice.kind !== 'weapon' && choice.kind !== 'unarmed') return []
    if (stateOf(target).dropped?.includes(choice.id)) return []
    const weapon = choice.kind === 'weapon' ? choice.weapon : null
    const plan = zones.planAttack({ attacker: p.t, target: p.a, weapon, nearby }, SETTINGS)
    if (!plan.ok || plan.value.witSaveReasons.length > 0) return []
    return [{ id: `counter:${choice.id}`, choice, plan: plan.value }]
  })
}

/** The chance a blow of this spec takes one at `health` to 0 (it stops them), counted face by face. */
export function fells(spec: zones.DamageSpec, health: number): number {
  const dist = zones.damageOdds(spec)
  return dist.ways.reduce((sum, w, dmg) => (dmg >= health ? sum + w : sum), 0) / dist.outOf
}

/**
 * "Opportunity attacks": the enemy one moves away from may attack, as a reaction, with any attack that
 * reaches; the mover's movement stops until it is resolved. Nothing to answer when they may not react.
 */
export function opportunities(p: Planned, mover: Fighter, enemy: Fighter, view?: TableView): DefenseOption[] {
  const may = zones.checkOpportunityAttack({
    mayReact: noReactionWhy(p, enemy, view) ? fail('no') : ok(true),
    enemyNearby: true,
    movingAway: true,
  })
  if (!may.ok) return []
  const attacks = counters(p, enemy).map((c): DefenseOption => {
    const down = fells(c.plan.damage, mover.hp)
    return {
      id: `opportunity:${c.choice.id}`,
      label: `Opportunity attack: ${choiceLabel(enemy, c.choice)}`,
      chance: down,
      effect: `Hits ${mover.name} as they move away: ${damageWords(c.plan.damage)}; takes them to 0 health ${percent(down)}. It spends your turn.`,
    }
  })
  return attacks.length > 0
    ? [
        ...attacks,
        {
          id: NO_REACTION.id,
          label: 'Let them go',
          chance: null,
          effect: `Keep your turn for yourself: ${mover.name} moves on unhindered.`,
        },
      ]
    : []
}

/** The mover's odds: that they stay up through the enemy's best opportunity attack, if the enemy may make one. */
function moveAwayPreview(p: Extract<Planned, { kind: 'move-away' }>, view?: TableView): Preview {
  const left = leftOfTurn(p, ' after it')
  const options = opportunities(p, p.who.a, p.who.t, view)
  const worst = Math.max(0, ...options.map((o) => o.chance ?? 0))
  const lines = [note('Moving away from a nearby enemy', 0, RULE.opportunity)]
  if (options.length === 0)
    return { chance: 1, summary: `Moves 1 zone away from ${p.t.name}, who cannot react.${left}`, lines }
  return {
    chance: 1 - worst,
    summary: `Moves 1 zone away from ${p.t.name}, who may make an opportunity attack as a reaction: you stay up ${percent(1 - worst)} against their hardest blow; your turn resumes after it.${left}`,
    lines,
  }
}

/** Reactions are a choice: one may take the blow and keep one's own turn. */
export const NO_REACTION: DefenseOption = {
  id: 'none',
  label: 'No reaction',
  chance: null,
  effect: 'Keep your turn for yourself: the attack goes on as rolled.',
}

/** What a grabber does with this choice, as the rule on keeping hold names it ("Non-lethal attacks": grapple). */
export function asGrabber(p: Planned, heldId: string): zones.GrabberAction {
  const c = p.choice
  switch (c.kind) {
    case 'move':
    case 'move-away':
    case 'mount-up':
    case 'dismount':
      return 'move'
    case 'weapon':
    case 'blast':
      return c.weapon.great ? 'attack-great-weapon' : 'attack-one-handed'
    case 'unarmed':
      return 'attack-unarmed'
    case 'non-lethal':
      return c.id === 'disarm' && p.who.t.id === heldId ? 'disarm-grabbed' : 'other'
    case 'break-free':
    case 'free-ally':
    case 'bonus':
    case 'main':
    case 'surrender':
    case 'hide':
    case 'flee':
      return 'other'
    default:
      return zones.unreachable(c)
  }
}

/**
 * Whom this choice's grabber holds, split by the rule on keeping hold: "The grabbing character can keep
 * hold while moving ..., attempting to disarm them, hiding behind them ..., or attacking with a one-handed
 * weapon or an unarmed attack. Any other action frees the grabbed character" (a larger grabber keeps hold
 * through anything).
 */
export function holds(p: Planned, view?: TableView): { kept: Fighter[]; freed: Fighter[] } {
  const held = (view?.fighters ?? []).filter((f) => stateOf(f).grabbedBy === p.who.a.id)
  const keeps = (f: Fighter) => {
    const sheet = sheetOf(f)
    return zones.keepsHold(asGrabber(p, f.id), sheet !== null && zones.sizeSteps(p.a.size, sheet.size) > 0)
  }
  return { kept: held.filter(keeps), freed: held.filter((f) => !keeps(f)) }
}

export const namesOf = (fs: readonly Fighter[]) => fs.map((f) => f.name).join(' and ')

/** What a choice does to the grabber's hold, in the preview's words, before it is made. */
function holdWords(p: Planned, view?: TableView): string {
  const { kept, freed } = holds(p, view)
  const moving = asGrabber(p, '') === 'move'
  const keeps =
    kept.length === 0
      ? ''
      : ` Keeps hold of ${namesOf(kept)}, ${moving ? `who ${kept.length > 1 ? 'move' : 'moves'} along, still grabbed` : 'still grabbed'}.`
  const lets =
    freed.length === 0
      ? ''
      : ` Lets go of ${namesOf(freed)}: only moving, disarming them, hiding behind them, or a one-handed or unarmed attack keeps hold.`
  return `${keeps}${lets}`
}

/** What a piece of gear is called on a fighter's sheet: a weapon's name, their armour, their shield. */
export function gearName(sheet: zones.Sheet, id: string): string {
  if (id === 'armor') return 'armour'
  if (id === 'shield') return 'shield'
  return sheet.weapons[Number(id.replace('weapon-', ''))]?.name ?? id
}

// --- Status ---------------------------------------------------------------------------------------

function status(f: Fighter): string[] {
  const st = stateOf(f)
  const chips: string[] = []
  if (st.down) chips.push(st.down === 'dead' ? 'Dead' : 'Incapacitated')
  if (st.grabbedBy) chips.push(st.grabbedByName ? `Grabbed by ${st.grabbedByName}` : 'Grabbed')
  if (st.morale === 'broken') chips.push('Broken: surrender or retreat')
  if (st.morale === 'steady') chips.push('Steady')
  if (st.surrendering) chips.push('Surrendering')
  if (st.fled) chips.push('Fled')
  // Mount and rider take their turn together: the rider's card says so.
  if (st.riding) chips.push('Riding: one turn with the mount')
  for (const c of st.conditions ?? []) chips.push(conditionChip(c, c.label))
  const sheet = sheetFor(f)
  const name = (id: string) => (sheet.ok ? gearName(sheet.value, id) : id)
  for (const id of st.dropped ?? []) chips.push(`Dropped: ${name(id)}`)
  for (const id of st.destroyed ?? []) chips.push(`Destroyed: ${name(id)}`)
  for (const g of st.gearDestroyed ?? []) chips.push(g === 'shield' ? 'Shield destroyed' : 'Armour destroyed')
  for (const id of st.damagedGear ?? [])
    if (!st.destroyed?.includes(id) && !st.gearDestroyed?.includes(id as 'armor'))
      chips.push(`Damaged: ${name(id)}`)
  return chips
}

/** What a screen reads of zones' combat (`ScreenRules.combat`); `zonesCombat` adds what the room runs. */
export const zonesCombatView: ScreenRules['combat'] = {
  out(f: Fighter): string | null {
    // Damage incapacitates, and so does a GM who sets health to 0 or less (`stateOf`).
    const st = stateOf(f)
    if (st.fled) return `${f.name} fled the fight.`
    return st.down ? `${f.name} is ${st.down}.` : null
  },

  choices(attacker, view) {
    const sheet = sheetFor(attacker)
    if (!sheet.ok) return sheet
    const turn = turnOf(attacker, view, sheet.value)
    const cannot = cannotAttack(attacker, turn, view)
    if (cannot) return fail(cannot)
    // Held by a larger character, breaking free is no option ("can't free themselves from a grab with a
    // STR save", Non-lethal attacks): the turn has nothing in it. (Without the table, it is offered.)
    const holder = view?.fighters.find((f) => f.id === stateOf(attacker).grabbedBy)
    const holderSheet = holder && sheetFor(holder)
    if (holderSheet?.ok && zones.sizeSteps(holderSheet.value.size, sheet.value.size) > 0)
      return fail(
        `${attacker.name} is held by a larger character and can’t break free with a STR save: only an ally can free them.`,
      )
    // Freeing an ally is offered while one of the attacker's side is grabbed.
    const grabbedAlly = (view?.fighters ?? []).some(
      (f) => f.side === attacker.side && f.id !== attacker.id && stateOf(f).grabbedBy,
    )
    const list = choiceList(attacker, sheet.value, turn !== null, view?.fighters).filter(
      (c) => c.kind !== 'free-ally' || grabbedAlly,
    )
    if (list.length === 0)
      return fail(`${attacker.name} failed a morale check: they must surrender or retreat.`)
    return ok(
      list.map((c): AttackChoice => {
        const own = isStep(c)
          ? { self: true, verb: stepOf(c).verb }
          : c.kind === 'blast'
            ? { self: true, verb: `Use the ${c.weapon.name}` }
            : c.kind === 'move-away'
              ? { verb: 'Move away', against: 'moves away from' }
              : c.kind === 'free-ally'
                ? { aid: true, verb: 'Try to free them' }
                : {}
        return { id: c.id, label: choiceLabel(attacker, c), ...own }
      }),
    )
  },
  toggles(attacker, target, choice) {
    const sheet = sheetFor(attacker)
    // Getting on a mount names it in the choice: no table is needed to know its toggles.
    const mounting = choice.startsWith('mount-up:') ? [target] : []
    const found = sheet.ok
      ? choiceList(attacker, sheet.value, true, mounting).find(
          (c) => c.id === choice.replace(/:split-\d+$/, ''),
        )
      : undefined
    return found ? togglesFor(toggleIds(found, target)) : []
  },
  plan: checkedPlan(declare),

  preview(plan) {
    const { target, table: view } = plan
    const p = { value: setupOf<Planned>(plan) }
    const preview = previewOf(p.value, view)
    // The armour value is the target's: its defense, in this system's words.
    const lines = preview.lines.map((l) => (l.label === ARMOUR_LINE ? { ...l, defense: target.id } : l))
    return ok({ ...preview, summary: `${preview.summary}${holdWords(p.value, view)}`, lines })
  },
  status,
  defense: (f) => {
    const s = sheetFor(f)
    return s.ok ? `Armour ${zones.armorValue(s.value)}` : null
  },
  // "Damage minus armour lowers health", from any source.
  soak: (f) => {
    const s = sheetFor(f)
    return { points: s.ok ? zones.armorValue(s.value) : 0, rule: RULE.attacking }
  },
}

/** How many times this fighter reacted this round: each reaction takes the whole turn ("Reactions"). */
export function reactionsThisRound(f: Fighter): number {
  return (stateOf(f).conditions ?? []).filter((c) => c.id === 'reacted').length
}

/** The fighter's sheet as the rules read it, or null when it does not read. */
export function sheetOf(f: Fighter): zones.Sheet | null {
  const sheet = sheetFor(f)
  return sheet.ok ? sheet.value : null
}
