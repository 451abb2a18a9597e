/**
 * zones: attacks, defenses and outcomes at the table, over the rules package (zones.txt, "Attacking"
 * onward). Attacks hit automatically unless a WIT save is called for; the target may dodge, counter,
 * hide behind someone or be guarded; damage minus armour lowers health; morale is checked at the end
 * of the round. The rules package decides everything; this file only reads the table's fighters into
 * its declarations and writes the results back.
 */
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ScreenRules } from '../../rule-system.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import { readSheet } from '../../table/sheet.ts'
import { IDLE_TURN } from '../../table/turn.ts'
import type {
  AttackChoice,
  CombatRules,
  Declared,
  DefenseOption,
  DieOwner,
  Fighter,
  FighterChange,
  Preview,
  Resolution,
  Roller,
  TableView,
} from '../../table/types.ts'
import { percent } from '../../table/words.ts'
import { line, note, RULE } from './common.ts'
import * as zones from './rules.ts'

const SHEET = { fields: zones.SHEET_FIELDS, parse: zones.parseSheet }

/**
 * The room settings the adapter plays. The README's default for incapacitation is "ask the GM", but
 * this interface has no way to ask mid-attack, so the table plays 'at-zero': a character at 0 health
 * is incapacitated (and may then be killed with a death blow).
 */
const SETTINGS: zones.ZonesSettings = { ...zones.DEFAULT_SETTINGS, incapacitation: 'at-zero' }

/** A condition with the rounds it has left (null: until the end of the stretch). */
interface Condition {
  id: 'acted' | 'reacted'
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
 * The state as stored, with health as the truth where damage did not say more: one the GM set to 0 or
 * less is incapacitated ("Attacking": at 0 health a character is incapacitated).
 */
/** Out of a grab: nobody holds them any more. */
function releaseGrab(state: ZonesState): void {
  delete state.grabbedBy
  delete state.grabbedByName
}

function stateOf(f: Fighter): ZonesState {
  const s = f.state as ZonesState
  return f.hp <= 0 && !s.down ? { ...s, down: 'incapacitated' } : s
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The fighter's sheet as the rules read it, with the gear they lost in this fight taken off. */
function sheetFor(f: Fighter): Outcome<zones.Sheet> {
  const parsed = readSheet(SHEET, f)
  if (!parsed.ok) return parsed
  const sheet = parsed.value as zones.Sheet
  const gone = stateOf(f).gearDestroyed ?? []
  const noShield = gone.includes('shield')
  const noArmor = gone.includes('armor')
  const worn = stateOf(f).damagedGear ?? []
  return ok({
    ...sheet,
    name: f.name,
    shield: sheet.shield && !noShield,
    shieldDamaged: (sheet.shieldDamaged || worn.includes('shield')) && !noShield,
    armor: noArmor ? 0 : sheet.armor,
    armorDamaged: (sheet.armorDamaged || worn.includes('armor')) && !noArmor,
    weapons: sheet.weapons.map((w, i) => (worn.includes(weaponId(i)) ? { ...w, damaged: true } : w)),
  })
}

// --- Ways to attack -------------------------------------------------------------------------------

type Choice =
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
const gearOf = (c: Choice): string => (c.kind === 'weapon' && c.gear) || c.id

/** What each step of a turn is, for the words and the button ("Taking a turn", "Surrendering"). */
const STEPS = {
  move: { label: 'Move 1 zone', verb: 'Move 1 zone' },
  'move-half': { label: 'Move half a zone (mounting, getting on or off)', verb: 'Move half a zone' },
  bonus: {
    label: 'A bonus action: pick up or put down, equip, open a door, pull a lever, a few words',
    verb: 'Take the bonus action',
  },
  main: {
    label: 'Another main action: distract, intimidate, taunt, use an item, invoke a power',
    verb: 'Take the main action',
  },
  surrender: { label: 'Surrender (the whole turn)', verb: 'Surrender' },
  hide: { label: 'Hide again (out of sight for a while, or a major distraction)', verb: 'Hide' },
  flee: { label: 'Flee: a long chase (AGI save, the whole turn)', verb: 'Flee' },
} as const

/** The section each step comes from. */
const STEP_RULE = {
  move: RULE.turn,
  'move-half': RULE.turn,
  bonus: RULE.turn,
  main: RULE.turn,
  surrender: RULE.surrender,
  hide: RULE.sneaking,
  flee: RULE.chases,
} as const

type Step = Extract<
  Choice,
  { kind: 'move' | 'bonus' | 'main' | 'surrender' | 'hide' | 'flee' | 'mount-up' | 'dismount' }
>

/** A step's words, its button and its section. */
function stepOf(c: Step): { label: string; verb: string; rule: string } {
  if (c.kind === 'mount-up')
    return { label: `Get on ${c.name} (half a zone)`, verb: `Get on ${c.name}`, rule: RULE.mounts }
  if (c.kind === 'dismount')
    return { label: `Get off ${c.name} (half a zone)`, verb: `Get off ${c.name}`, rule: RULE.mounts }
  return { ...STEPS[c.id], rule: STEP_RULE[c.id] }
}

/** Whether a sheet is a mount or vehicle that others ride. */
const ridden = (f: Fighter) => {
  const sheet = sheetFor(f)
  return sheet.ok && sheet.value.body !== 'character'
}

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
function stilled(f: Fighter, fighters: readonly Fighter[]): string | null {
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
  // "those who fail must surrender or retreat": a broken character may only move away or give up.
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
  const round = view?.turn.status === 'running' ? view.turn.factions : undefined
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
export function turnLeft(f: Fighter, view: TableView): { over: boolean; words: string } | null {
  const sheet = sheetFor(f)
  const turn = sheet.ok ? turnOf(f, view, sheet.value) : null
  if (!turn || turn.at === 'next') return null
  return { over: zones.turnOver(turn.turn), words: zones.whatIsLeft(turn.turn) }
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

const has = (st: ZonesState, id: Condition['id']) => (st.conditions ?? []).some((c) => c.id === id)

/**
 * Weapons in hand (blast weapons hit a zone, not one target: left to the table), unarmed, and the
 * non-lethal disarm, shove and grapple. A grabbed fighter can only try to break free.
 */
function choiceList(
  f: Fighter,
  sheet: zones.Sheet,
  steps = false,
  fighters: readonly Fighter[] = [],
): Choice[] {
  const st = stateOf(f)
  if (st.grabbedBy) return [{ id: 'break-free', kind: 'break-free' }]
  if (st.morale === 'broken') return steps ? stepChoices(st) : []
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
function sizeOf(f: Fighter): zones.Size {
  const sheet = sheetFor(f)
  return sheet.ok ? sheet.value.size : 'medium'
}

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
function splitUnderWay(attacker: Fighter, c: Choice, at: string | undefined): zones.DiceShare[] {
  const split = stateOf(attacker).split
  return split && split.at === at && split.gear === gearOf(c) ? split.shares : []
}

function choiceLabel(f: Fighter, c: Choice): string {
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
    case 'move':
    case 'bonus':
    case 'main':
    case 'surrender':
    case 'hide':
    case 'flee':
    case 'mount-up':
    case 'dismount':
      return stepOf(c).label
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

type Planned =
  | (Sides & { kind: 'strike'; plan: zones.AttackPlan })
  | (Sides & { kind: 'non-lethal'; plan: zones.NonLethalPlan; noReaction: string | null })
  | (Sides & { kind: 'break-free' })
  | (Sides & { kind: 'step'; choice: Step })
  | (Sides & { kind: 'move-away' })
  | (Sides & { kind: 'free-ally'; grabber: string })
  | (Sides & { kind: 'blast'; plan: zones.BlastPlan; spec: zones.DamageSpec })

const isStep = (c: Choice): c is Step =>
  c.kind === 'move' ||
  c.kind === 'bonus' ||
  c.kind === 'main' ||
  c.kind === 'surrender' ||
  c.kind === 'hide' ||
  c.kind === 'flee' ||
  c.kind === 'mount-up' ||
  c.kind === 'dismount'

/** Done at no one fighter: the turn's own steps, and a blast, aimed at a zone. */
const atNobody = (c: Choice) => isStep(c) || c.kind === 'blast'

/** Checks a declared attack against the sheets, state and rules, and plans it; refusals in words. */
function declare(attacker: Fighter, target: Fighter, declared: Declared, view?: TableView): Outcome<Planned> {
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
      if (view?.turn.factions?.characters[attacker.id]?.concealed)
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
const ARMOUR_LINE = 'Armour value'

function damageWords(spec: zones.DamageSpec): string {
  const expected = zones.damageOdds(spec).expected.value
  return `${zones.formatDamage(spec.dice)} damage, ${expected.toFixed(1)} on average after armour ${spec.armor}`
}

function previewOf(p: Planned, view?: TableView): Preview {
  switch (p.kind) {
    case 'strike': {
      const lines = [...p.plan.breakdown, ...p.plan.damage.breakdown]
      if (p.plan.deathBlow) {
        return { chance: 1, summary: `Death blow: ${p.t.name} is killed outright.`, lines }
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
      return { chance: odds, summary, lines: p.plan.breakdown }
    }
    case 'break-free': {
      const chance = zones.saveChance(p.a.str).probability
      return {
        chance,
        summary: `Breaks free on a STR save, ${p.a.str} or under on a d20 (${percent(chance)}): the try takes the whole turn.${p.spent ? ` Left this turn after it: ${zones.whatIsLeft(p.spent.turn)}.` : ''}`,
        lines: [line('STR (pass on this or under)', p.a.str, RULE.nonLethal)],
      }
    }
    case 'move-away':
      return moveAwayPreview(p, view)
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
        summary: `${stepWords(p.choice, p.toggles)}${odds.words}${p.spent ? ` Left this turn after it: ${zones.whatIsLeft(p.spent.turn)}.` : ''}`,
        lines: [note(stepOf(p.choice).label, 0, stepOf(p.choice).rule)],
      }
    }
    default:
      return zones.unreachable(p)
  }
}

/**
 * The odds of a step that rolls: escaping a long chase (an AGI save, certain for the faster, impossible
 * for the slower: "Chases"), keeping one's footing getting on or off a moving mount (an AGI save, "Mounts
 * and vehicles"); every other step is certain.
 */
function stepOdds(p: Extract<Planned, { kind: 'step' }>): { chance: number; words: string } {
  const agi = zones.saveChance(p.a.agi).probability
  const save = `an AGI save, ${p.a.agi} or under on a d20 (${percent(agi)})`
  if (p.choice.kind === 'flee') {
    if (p.toggles.includes('fleeing-faster')) return { chance: 1, words: '' }
    if (p.toggles.includes('pursuers-faster')) return { chance: 0, words: '' }
    return { chance: agi, words: ` Escapes on ${save}.` }
  }
  if (p.toggles.includes('mount-moving'))
    return {
      chance: agi,
      words: ` Getting on or off a moving mount: keeps their footing on ${save}, or falls for d4 direct damage.`,
    }
  return { chance: 1, words: '' }
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

const choiceLabelOf = (kind: zones.NonLethalKind) =>
  zones.NON_LETHAL.find((n) => n.kind === kind)?.label ?? kind

// --- Defenses -------------------------------------------------------------------------------------

/** Why nobody at all can react to this attack (a guard included), or null. */
function closedToReactions(p: Planned, target: Fighter): string | null {
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
function noReactionWhy(p: Planned, target: Fighter, view?: TableView): string | null {
  const closed = closedToReactions(p, target)
  if (closed) return closed
  const planned = p.kind === 'strike' ? p.plan.noReaction : p.kind === 'non-lethal' ? p.noReaction : null
  if (planned) return planned
  const st = stateOf(target)
  if (st.down) return `${target.name} is ${st.down}`
  if (st.grabbedBy) return `${target.name} is grabbed and can't act`
  const carried = view ? stilled(target, view.fighters) : null
  if (carried) return carried.replace(/\.$/, '')
  const round = view?.turn.status === 'running' ? view.turn.factions : undefined
  if (round?.characters[target.id]) {
    const may = zones.canReact(round, target.id)
    return may.ok ? null : may.error.replace(/\.$/, '')
  }
  if (has(st, 'acted')) return `${target.name} has already taken their turn this round`
  const reactions = (st.conditions ?? []).filter((c) => c.id === 'reacted').length
  if (reactions > p.t.extraReactions) return `${target.name} has already reacted this round`
  return null
}

interface Counter {
  choice: Choice
  plan: zones.AttackPlan
}

/** The target's own attacks that can answer this one (a melee counter needs the attacker nearby). */
function counters(p: Planned, target: Fighter): Array<{ id: string } & Counter> {
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

interface NonLethalCounter {
  id: string
  kind: zones.NonLethalKind
  plan: zones.NonLethalPlan
}

/**
 * The target's disarm, shove and grapple that can answer a nearby attack ("They can be dodged and
 * countered and can be used to counter"); a smaller one can't disarm, shove or grab a larger attacker.
 */
function nonLethalCounters(p: Planned, target: Fighter): NonLethalCounter[] {
  const nearby = p.kind === 'non-lethal' || (p.kind === 'strike' && p.plan.kind === 'melee')
  if (!nearby) return []
  return choiceList(target, p.t).flatMap((choice): NonLethalCounter[] => {
    if (choice.kind !== 'non-lethal') return []
    const kind = choice.id as zones.NonLethalKind
    const plan = zones.planNonLethal({ kind, attacker: p.t, target: p.a, nearby: true })
    return plan.ok ? [{ id: `counter:${kind}`, kind, plan: plan.value }] : []
  })
}

/**
 * A non-lethal counter's chance: that it takes effect, resolved last ("If a normal attack is countered
 * by a non-lethal attack, or viceversa, the non-lethal attack is resolved last. If a non-lethal attack
 * is countered by a non-lethal attack, the counter is resolved last"), so only if the counterer is
 * still up after a damaging blow.
 */
function nonLethalCounterOdds(p: Planned, attacker: Fighter, target: Fighter, c: NonLethalCounter) {
  const what = choiceLabelOf(c.kind).toLowerCase()
  const takes = zones.nonLethalOdds(c.plan, p.a.str).takesEffect.probability
  const save = c.plan.saveAllowed ? `unless ${attacker.name} passes a STR save` : 'with no STR save for them'
  if (p.kind !== 'strike') {
    return {
      chance: takes,
      effect: `Resolved last, after ${attacker.name}'s ${p.kind === 'non-lethal' ? choiceLabelOf(p.plan.kind).toLowerCase() : 'attempt'}: your ${what} takes effect ${save} (${percent(takes)}).`,
    }
  }
  const up = 1 - fells(p.plan.damage, target.hp)
  return {
    chance: up * takes,
    effect: `${attacker.name}'s blow lands first (${damageWords(p.plan.damage)}); still up (${percent(up)}), your ${what} then takes effect ${save}: ${percent(up * takes)}.`,
  }
}

/**
 * The target's reactions: dodge, a counter with each of their attacks, hiding behind someone; and a
 * nearby ally guarding them, which is the ally's reaction and so stays open when the target can't react.
 */
function defenseList(p: Planned, attacker: Fighter, target: Fighter, view?: TableView): DefenseOption[] {
  if (p.kind === 'move-away') return opportunities(p, attacker, target, view)
  // Without the table in view, nobody else is known to guard or to hide behind.
  const reactions = closedToReactions(p, target)
    ? []
    : namedDefenses(p, attacker, target, view ?? { turn: IDLE_TURN, fighters: [attacker, target] })
  if (!stunted(p)) return reactions
  // "The target can either accept the proposed effect or resolve the attack as normal."
  const accept: DefenseOption = {
    id: ACCEPT_STUNT,
    label: 'Accept the stunt',
    chance: null,
    effect: `No damage (${damageWords(p.plan.damage)} avoided): the effect ${attacker.name} proposed applies, as the GM approved it; no reaction is possible.`,
  }
  return [accept, ...(reactions.length > 0 ? reactions : [NO_REACTION])]
}

const ACCEPT_STUNT = 'accept-stunt'

/** An attack with a stunt proposed ("Attack stunts"): not a death blow, which has no damage to trade. */
const stunted = (p: Planned): p is Extract<Planned, { kind: 'strike' }> =>
  p.kind === 'strike' && !p.plan.deathBlow && p.toggles.includes('stunt')

/** The chance a blow of this spec takes one at `health` to 0 (it stops them), counted face by face. */
function fells(spec: zones.DamageSpec, health: number): number {
  const dist = zones.damageOdds(spec)
  return dist.ways.reduce((sum, w, dmg) => (dmg >= health ? sum + w : sum), 0) / dist.outOf
}

/**
 * "Opportunity attacks": the enemy one moves away from may attack, as a reaction, with any attack that
 * reaches; the mover's movement stops until it is resolved. Nothing to answer when they may not react.
 */
function opportunities(p: Planned, mover: Fighter, enemy: Fighter, view?: TableView): DefenseOption[] {
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
  const left = p.spent ? ` Left this turn after it: ${zones.whatIsLeft(p.spent.turn)}.` : ''
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

/** What this attack would do to another character it is turned on (a guard, one hidden behind), in words. */
function turnedOn(p: Planned, attacker: Fighter, other: Fighter, view: TableView): string {
  const q = declare(attacker, other, { choice: p.choice.id, toggles: p.toggles }, view)
  // A clause inside the option's sentence: the sentence ends it, not the summary's own full stop.
  const clause = (text: string) => text.replace(/\.$/, '')
  if (!q.ok) return clause(q.error)
  if (q.value.kind === 'strike') return `${damageWords(q.value.plan.damage)} for ${other.name}`
  return clause(previewOf(q.value).summary)
}

/** Whether this fighter may react now: the round's own record where a round runs ("Reacting to an attack"). */
function mayReact(f: Fighter, view: TableView): boolean {
  const st = stateOf(f)
  if (st.down || st.grabbedBy || stilled(f, view.fighters)) return false
  const round = view.turn.status === 'running' ? view.turn.factions : undefined
  if (round?.characters[f.id]) return zones.canReact(round, f.id).ok
  return !has(st, 'acted') && !has(st, 'reacted')
}

/**
 * The target's reactions with the table in view: dodge, counters, hiding behind a named nearby ally or
 * an enemy they are grabbing (who may dodge in turn if they can still react), and each ally who can
 * guard them ("Guarding": the ally's own reaction, open even when the target cannot react).
 */
function namedDefenses(p: Planned, attacker: Fighter, target: Fighter, view: TableView): DefenseOption[] {
  const others = view.fighters.filter((f) => f.id !== target.id && f.id !== attacker.id && !stateOf(f).down)
  const allies = others.filter((f) => f.side === target.side)
  const guards = allies.filter((f) => mayReact(f, view))
  const guarding = guards.map(
    (g): DefenseOption => ({
      id: `guard:${g.id}`,
      label: `${g.name} guards you (nearby)`,
      chance: null,
      effect: `${g.name} becomes the target instead of you and, having reacted, can't dodge or counter it: ${turnedOn(p, attacker, g, view)}. It spends ${g.name}'s turn.`,
    }),
  )
  if (noReactionWhy(p, target, view)) return guarding.length > 0 ? [...guarding, NO_REACTION] : []
  const grabbed = others.filter((f) => f.side !== target.side && stateOf(f).grabbedBy === target.id)
  const hiding = [...allies, ...grabbed].flatMap((h): DefenseOption[] => {
    const hide = {
      id: `hide:${h.id}`,
      label: `Hide behind ${h.name} (nearby)`,
      chance: null,
      effect: `You swap places; ${h.name} takes the attack: ${turnedOn(p, attacker, h, view)}.`,
    }
    if (!mayReact(h, view)) return [hide]
    const sheet = sheetFor(h)
    const dodge = zones.saveChance(sheet.ok ? sheet.value.agi : 10).probability
    // "They can perform their own reaction if they haven't taken their turn yet": a dodge, or a counter
    // with each of their attacks that reaches the attacker.
    const onThem = declare(attacker, h, { choice: p.choice.id, toggles: p.toggles }, view)
    const countering = (onThem.ok ? counters(onThem.value, h) : []).map((c): DefenseOption => {
      const odds = onThem.ok ? counterOdds(onThem.value, attacker, c, h.name) : { chance: 0, effect: '' }
      return {
        id: `hide:${h.id}:${c.id}`,
        label: `Hide behind ${h.name}, who counters: ${choiceLabel(h, c.choice)}`,
        chance: odds.chance,
        effect: `${h.name} has not taken their turn, so may react: ${odds.effect} It spends ${h.name}'s turn.`,
      }
    })
    return [
      hide,
      {
        id: `hide:${h.id}:dodge`,
        label: `Hide behind ${h.name}, who dodges`,
        chance: dodge,
        effect: `${h.name} has not taken their turn, so may react: an AGI save (${percent(dodge)}) and the attack misses. It spends ${h.name}'s turn.`,
      },
      ...countering,
    ]
  })
  const dodge = zones.saveChance(p.t.agi).probability
  return [
    {
      id: 'dodge',
      label: 'Dodge',
      chance: dodge,
      effect: `AGI save, ${p.t.agi} or under on a d20 (${percent(dodge)}): the attack misses.`,
    },
    ...counters(p, target).map((c) => ({
      id: c.id,
      label: `Counter: ${choiceLabel(target, c.choice)}`,
      ...counterOdds(p, attacker, c),
    })),
    ...nonLethalCounters(p, target).map((c) => ({
      id: c.id,
      label: `Counter: ${choiceLabelOf(c.kind)}`,
      ...nonLethalCounterOdds(p, attacker, target, c),
    })),
    ...hiding,
    ...guarding,
    NO_REACTION,
  ]
}

/**
 * "Guarding" and "Hide behind": the attack goes at the one who guards or is hidden behind, resolved as
 * an attack on them. A guard spends their reaction (so neither dodges nor counters); one hidden behind
 * may dodge if they can still react; the target who hid spent their own reaction on it.
 */
function swapped(
  p: Planned,
  attacker: Fighter,
  target: Fighter,
  defense: string,
  roll: Roller,
  view: TableView | undefined,
): Outcome<Resolution> {
  // "guard:<id>", "hide:<id>", or "hide:<id>:<their own reaction>" ("dodge", "counter:<attack>").
  const [kind, id, ...rest] = defense.split(':')
  const theirs = rest.join(':')
  const other = view?.fighters.find((f) => f.id === id)
  if (!other) return fail('That character is not on the table.')
  const q = declare(attacker, other, { choice: p.choice.id, toggles: p.toggles }, view)
  if (!q.ok) return q
  const a = attacking(attacker, q.value)
  const t = new Live(target)
  const n = new Live(other)
  let said: string
  let line: BreakdownLine
  if (kind === 'guard') {
    n.addCondition('reacted', 'Reacted')
    said = `${other.name} guards ${target.name} and takes the attack.`
    line = note(`Guarded: ${other.name} becomes the target`, 0, RULE.guarding)
  } else {
    t.addCondition('reacted', 'Reacted')
    said = `${target.name} hides behind ${other.name}, who takes the attack${theirs === 'dodge' ? ' and dodges' : theirs ? ' and counters' : ''}.`
    line = note(`Hides behind ${other.name}, who becomes the target`, 0, RULE.reacting)
  }
  const reaction = theirs || null
  const r =
    q.value.kind === 'strike'
      ? strike(q.value, a, n, reaction, roll)
      : q.value.kind === 'non-lethal'
        ? ok(nonLethal(q.value, a, n, reaction, roll))
        : fail('That attack cannot be turned on someone else.')
  if (!r.ok) return r
  return ok({
    lines: [line, ...r.value.lines],
    summary: `${said} ${r.value.summary}`,
    changes: { ...r.value.changes, [t.f.id]: t.change() },
  })
}

/** Reactions are a choice: one may take the blow and keep one's own turn. */
const NO_REACTION: DefenseOption = {
  id: 'none',
  label: 'No reaction',
  chance: null,
  effect: 'Keep your turn for yourself: the attack goes on as rolled.',
}

/**
 * A counter's chance: against a damaging attack, that the attacker is hit first (whoever suffers more
 * after armour is hit first); against a non-lethal one, which resolves last, that the counter takes
 * the attacker to 0 health and stops it.
 */
function counterOdds(
  p: Planned,
  attacker: Fighter,
  c: Counter,
  who?: string,
): { chance: number; effect: string } {
  const dice = zones.formatDamage(c.plan.damage.dice)
  // The counterer: the target ("you"), or the one they hide behind, named.
  if (p.kind === 'strike') {
    const odds = zones.attackOdds(p.plan, p.a.wit, { kind: 'counter', counter: c.plan.damage }).counter
    const first = odds?.attackerFirst.probability ?? 0
    const together = odds?.together.probability ?? 0
    return {
      chance: first,
      effect: `${who ? `${who} strikes` : 'Strike'} back with ${dice} as they roll damage; whoever suffers more after armour is hit first. ${who ? `${who} hits` : 'You hit'} first ${percent(first)}, both together ${percent(together)}.`,
    }
  }
  // "the non-lethal attack is resolved last": the counter lands first.
  const what = p.kind === 'non-lethal' ? choiceLabelOf(p.plan.kind).toLowerCase() : 'attempt'
  const dist = zones.damageOdds(c.plan.damage)
  const stops = dist.ways.reduce((sum, w, dmg) => (dmg >= attacker.hp ? sum + w : sum), 0) / dist.outOf
  return {
    chance: stops,
    effect: `${who ? `${who}'s` : 'Your'} ${dice} lands before the ${what}, and stops it if it takes them to 0 health (${percent(stops)}).`,
  }
}

// --- Resolving ------------------------------------------------------------------------------------

/** The room's dice for a damage spec, in order: the attacker's, or the target's for a counter. */
function rollDamage(
  spec: zones.DamageSpec,
  roll: Roller,
  what: string,
  owner: DieOwner = 'attacker',
): number[] {
  return Array.from({ length: spec.dice.count }, () =>
    roll(spec.dice.sides, `${what} d${spec.dice.sides}`, owner),
  )
}

/** A fighter being changed by one resolution: live health and state, written back at the end. */
class Live {
  hp: number
  state: ZonesState
  constructor(readonly f: Fighter) {
    this.hp = f.hp
    this.state = JSON.parse(JSON.stringify(f.state)) as ZonesState
  }

  addCondition(id: Condition['id'], label: string): void {
    this.state.conditions = [...(this.state.conditions ?? []), { id, label, rounds: 1 }]
  }

  /** A reaction takes the target's whole turn. */
  reacts(defense: string | null): void {
    if (defense !== null) this.addCondition('reacted', 'Reacted')
  }

  /** Gear used in this fight, rolled for durability after it ("Combat gear degradation"). */
  use(...ids: string[]): void {
    const used = this.state.used ?? []
    this.state.used = [...used, ...ids.filter((id) => !used.includes(id))]
  }

  /** A blow lands on them, through the armour and shield they wear (used in this fight), destroying damaged gear at 8+. */
  struck(blow: zones.DamageResult, sheet: zones.Sheet): string {
    this.use(...(sheet.armor > 0 ? ['armor'] : []), ...(sheet.shield ? ['shield'] : []))
    return this.suffer(blow.suffered, blow.gearDestroyed)
  }

  /** Damage after armour: health never below 0; at 0 incapacitated (the adapter's 'at-zero'). */
  suffer(damage: number, gear: 'shield' | 'armor' | null = null): string {
    const after = zones.applyDamage(this.hp, this.f.maxHp, damage, SETTINGS.incapacitation)
    this.hp = after.health
    if (gear) this.state.gearDestroyed = [...(this.state.gearDestroyed ?? []), gear]
    if (damage > 0 && (this.state.morale === 'broken' || this.state.surrendering)) {
      // "Surrendering characters who are harmed by the enemy can resume fighting normally."
      const back = zones.harmedWhileSurrendering({
        surrendering: true,
        brokeMorale: this.state.morale === 'broken',
      })
      if (!back.brokeMorale && this.state.morale === 'broken') delete this.state.morale
      if (!back.surrendering) delete this.state.surrendering
    }
    if (after.incapacitated === true && !this.state.down) this.state.down = 'incapacitated'
    const gearText = gear ? ` (their damaged ${gear === 'armor' ? 'armour' : gear} is destroyed)` : ''
    return `${this.f.name} takes ${damage}${gearText}${this.state.down === 'incapacitated' ? ': incapacitated' : ''}`
  }

  change(): FighterChange {
    return { hp: this.hp, state: this.state as Record<string, unknown> }
  }
}

/** "Damaged weapons ... are destroyed if used to attack and a 1 is rolled on the damage die." */
function wear(l: Live, choice: Choice, blow: zones.DamageResult): string {
  // "all weapons ... which were used at least once": rolled for durability after the fight.
  if (choice.kind === 'weapon' || choice.kind === 'blast') l.use(gearOf(choice))
  if (!blow.weaponBreaks) return ''
  l.state.destroyed = [...(l.state.destroyed ?? []), gearOf(choice)]
  return ` ${l.f.name}'s damaged weapon breaks.`
}

function resolution(lines: BreakdownLine[], summary: string, ...live: Live[]): Resolution {
  return { lines, summary, changes: Object.fromEntries(live.map((l) => [l.f.id, l.change()])) }
}

/**
 * The attacker has taken their turn, spent as far as this choice goes; a weapon picked up from the
 * ground is back in hand.
 */
function attacking(attacker: Fighter, p: Planned): Live {
  const a = new Live(attacker)
  if (!has(a.state, 'acted')) a.addCondition('acted', 'Took their turn')
  if (p.spent) a.state.budget = { at: p.spent.at, turn: p.spent.turn }
  if (a.state.dropped) a.state.dropped = a.state.dropped.filter((id) => id !== gearOf(p.choice))
  // A share of a split is given out once declared, whatever the target's answer.
  if (p.choice.kind === 'weapon' && p.choice.share && p.spent) {
    const prior = splitUnderWay(attacker, p.choice, p.spent.at)
    const share = { id: p.who.t.id, size: p.t.size, dice: p.choice.share }
    a.state.split = { at: p.spent.at, gear: gearOf(p.choice), shares: [...prior, share] }
  }
  if (reveals(p) === true) a.state.concealment = 'revealed'
  return a
}

/**
 * Whether this choice reveals one who is concealed ("Sneaking in combat": attacking, moving without
 * sneaking...); 'ask-gm' for what the text leaves open (any other action), false for what does not.
 */
function reveals(p: Planned): true | 'ask-gm' | false {
  switch (p.choice.kind) {
    case 'weapon':
    case 'unarmed':
    case 'non-lethal':
    case 'blast':
      return zones.revealsConcealment('attack')
    case 'move':
    case 'move-away':
    case 'mount-up':
    case 'dismount':
      return p.toggles.includes('sneaking') ? false : zones.revealsConcealment('move-without-sneaking')
    case 'bonus':
    case 'main':
    case 'free-ally':
      return zones.revealsConcealment('other')
    case 'break-free':
    case 'surrender':
    case 'hide':
    case 'flee':
      return false
    default:
      return zones.unreachable(p.choice)
  }
}

/**
 * Getting on or off a moving mount or vehicle ("Mounts and vehicles in combat"): an AGI save, or a fall
 * for d4 direct damage. Nothing to roll where it stands still (the toggle unset).
 */
function mounting(
  p: Planned,
  a: Live,
  roll: Roller,
  lines: BreakdownLine[],
): { said: string; fell: boolean } {
  if (!p.toggles.includes('mount-moving')) return { said: '', fell: false }
  const face = roll(20, 'AGI save to keep one’s footing')
  const result = zones.mountOrDismount({ moving: true, agi: p.a.agi, face })
  if (!result.ok) throw new Error(result.error) // the face is always given for a moving mount
  lines.push(...result.value.breakdown)
  if (!result.value.fell) return { said: ' They keep their footing on the moving mount.', fell: false }
  const fall = zones.directDamage(roll(4, 'fall damage d4'), RULE.mounts)
  lines.push(...fall.breakdown)
  return { said: ` They fall: ${a.suffer(fall.suffered)}.`, fell: true }
}

/** A step of the turn that is not an attack: a move, a bonus or main action, surrendering, a mount. */
function step(p: Extract<Planned, { kind: 'step' }>, a: Live, roll: Roller): Resolution {
  const lines = [...previewOf(p).lines]
  const left = p.spent ? ` Left this turn: ${zones.whatIsLeft(p.spent.turn)}.` : ''
  const name = a.f.name
  let done: string
  switch (p.choice.kind) {
    case 'move':
      done = `${name} moves ${p.choice.zones === 1 ? '1 zone' : 'half a zone'}${p.toggles.includes('sprint') ? ', sprinting' : ''}.`
      done = `${done}${mounting(p, a, roll, lines).said}`
      break
    case 'bonus':
      done = `${name} takes a bonus action (a second or two).`
      break
    case 'main':
      done = `${name} takes a main action: the GM decides its effect.`
      break
    case 'surrender':
      a.state.surrendering = true
      done = `${name} surrenders, throwing their weapons away: their turn is wasted, but they might be spared.`
      break
    case 'flee': {
      const pace = p.toggles.includes('fleeing-faster')
        ? 'fleeing-faster'
        : p.toggles.includes('pursuers-faster')
          ? 'pursuers-faster'
          : 'even'
      const faces = pace === 'even' ? { [a.f.id]: roll(20, 'AGI save to escape') } : {}
      const chase = zones.resolveChase(pace, [{ id: a.f.id, agi: p.a.agi }], faces)
      lines.push(...chase.breakdown)
      const escaped = chase.escaped.includes(a.f.id)
      if (escaped) a.state.fled = true
      done = escaped
        ? `${name} flees and escapes the pursuers: out of the fight.`
        : `${name} flees, but the pursuers reach them.`
      break
    }
    case 'mount-up': {
      const got = mounting(p, a, roll, lines)
      // One who falls getting on is not on it.
      if (!got.fell) a.state.riding = p.choice.mountId
      done = `${name} gets on ${p.choice.name}.${got.said}${got.fell ? '' : ' They take their turn together from now on.'}`
      break
    }
    case 'dismount':
      delete a.state.riding
      done = `${name} gets off ${p.choice.name}.${mounting(p, a, roll, lines).said}`
      break
    case 'hide':
      a.state.concealment = 'hidden'
      done = `${name} hides again (${p.toggles.includes('out-of-sight') ? 'out of sight for a while' : 'a major distraction'}): concealed until they make noise or become visible.`
      break
    default:
      return zones.unreachable(p.choice)
  }
  // "Actions which might reveal a character include ... etc.": what the list leaves open is the GM's call.
  const ask =
    reveals(p) === 'ask-gm' && stateOf(a.f).concealment === 'hidden'
      ? ' If it makes noise or shows them, they are revealed: the GM decides.'
      : ''
  return resolution(lines, `${done}${left}${ask}`, a)
}

function resolvePlanned(
  p: Planned,
  attacker: Fighter,
  target: Fighter,
  defense: string | null,
  roll: Roller,
  view?: TableView,
): Outcome<Resolution> {
  // The reactions open are worked out only to check the one chosen: no reaction needs none.
  if (defense !== null && !defenseList(p, attacker, target, view).some((o) => o.id === defense)) {
    const why = noReactionWhy(p, target, view)
    return fail(why ? `No reaction: ${why}.` : `${target.name} can't answer this attack that way.`)
  }
  if (defense?.startsWith('guard:') || defense?.startsWith('hide:'))
    return swapped(p, attacker, target, defense, roll, view)
  const a = attacking(attacker, p)
  if (p.kind === 'step') return ok(step(p, a, roll))
  const t = new Live(target)
  switch (p.kind) {
    case 'break-free':
      return ok(breakFree(p, a, t, roll))
    case 'strike':
      return strike(p, a, t, defense, roll)
    case 'non-lethal':
      return ok(nonLethal(p, a, t, defense, roll))
    case 'move-away':
      return ok(moveAway(p, a, t, defense, roll))
    case 'blast':
      return ok(blast(p, a, roll))
    case 'free-ally': {
      const save = zones.freeAlly(p.a, roll(20, 'STR save to free an ally'))
      if (save.passed) releaseGrab(t.state)
      const summary = save.passed
        ? `${a.f.name} frees ${t.f.name} from the grab.`
        : `${a.f.name} fails to free ${t.f.name}.`
      return ok(resolution(save.breakdown, summary, a, t))
    }
    default:
      return zones.unreachable(p)
  }
}

/**
 * A blast ("Blast attacks"): the WIT save where a ranged one needs it, then one damage roll for the zone.
 * Fray does not know who stands in which zone, so the GM applies it to them (Area damage, armour taken
 * off each); a ranged miss deviates to a neighbouring zone the GM numbers and rolls for.
 */
function blast(p: Extract<Planned, { kind: 'blast' }>, a: Live, roll: Roller): Resolution {
  const lines = [...p.plan.breakdown]
  const name = (p.choice as { weapon: zones.Weapon }).weapon.name
  let missed = false
  if (p.plan.witSaveReasons.length > 0) {
    const save = zones.resolveSave(
      'wit',
      p.a.wit,
      roll(20, 'WIT save to hit'),
      RULE.attacking,
      'hit the zone',
    )
    lines.push(...save.breakdown)
    missed = !save.passed
  }
  const blow = zones.resolveDamage(p.spec, rollDamage(p.spec, roll, 'blast damage'))
  lines.push(...blow.breakdown.filter((l) => l.label !== ARMOUR_LINE))
  const broke = wear(a, p.choice, blow)
  const where = missed
    ? 'misses and deviates: number the neighbouring zones and roll a die for the one it hits; there'
    : p.plan.kind === 'melee'
      ? 'hits their own zone (sparing them):'
      : 'hits the zone:'
  const summary = `${a.f.name}'s ${name} ${where} everyone in the zone and on its borders takes ${blow.inflicted} minus their armour. GM: apply it with "Area damage" (${blow.inflicted}, armour counts).${broke}`
  return resolution(lines, summary, a)
}

/** What a grabber does with this choice, as the rule on keeping hold names it ("Non-lethal attacks": grapple). */
function asGrabber(p: Planned, heldId: string): zones.GrabberAction {
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
function holds(p: Planned, view?: TableView): { kept: Fighter[]; freed: Fighter[] } {
  const held = (view?.fighters ?? []).filter((f) => stateOf(f).grabbedBy === p.who.a.id)
  const keeps = (f: Fighter) => {
    const sheet = sheetFor(f)
    const larger = sheet.ok && zones.sizeSteps(p.a.size, sheet.value.size) > 0
    return zones.keepsHold(asGrabber(p, f.id), larger)
  }
  return { kept: held.filter(keeps), freed: held.filter((f) => !keeps(f)) }
}

const namesOf = (fs: readonly Fighter[]) => fs.map((f) => f.name).join(' and ')

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

/** Who this choice lets go, with their change; a grabber who moves takes the held along, and the log says so. */
function letGo(p: Planned, r: Resolution, view?: TableView): Resolution {
  const { kept, freed } = holds(p, view)
  const along =
    kept.length > 0 && asGrabber(p, '') === 'move'
      ? ` ${p.who.a.name} keeps hold of ${namesOf(kept)}, who ${kept.length > 1 ? 'move' : 'moves'} with them.`
      : ''
  if (freed.length === 0) return along ? { ...r, summary: `${r.summary}${along}` } : r
  const changes = { ...r.changes }
  for (const f of freed) {
    const state = { ...((changes[f.id]?.state ?? f.state) as ZonesState) }
    releaseGrab(state)
    changes[f.id] = { ...changes[f.id], state: state as Record<string, unknown> }
  }
  const names = namesOf(freed)
  return {
    lines: [...r.lines, note(`Lets go of ${names}: that action does not keep hold`, 0, RULE.nonLethal)],
    summary: `${r.summary}${along} ${names} ${freed.length > 1 ? 'are' : 'is'} free: ${p.who.a.name} let go to do it.`,
    changes,
  }
}

/**
 * Moving away from a nearby enemy: their opportunity attack, if they make one, interrupts the move and
 * is resolved first; the turn resumes only for a mover still alive and conscious ("Opportunity attacks").
 */
function moveAway(
  p: Extract<Planned, { kind: 'move-away' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Resolution {
  const left = p.spent ? ` Left this turn: ${zones.whatIsLeft(p.spent.turn)}.` : ''
  const lines = [note(`Moves away from ${t.f.name}`, 0, RULE.opportunity)]
  const opp = counters(p, t.f).find((c) => defense === `opportunity:${c.choice.id}`)
  if (!opp) return resolution(lines, `${a.f.name} moves 1 zone away from ${t.f.name}.${left}`, a, t)
  t.reacts(defense)
  const spec = opp.plan.damage
  const blow = zones.resolveDamage(spec, rollDamage(spec, roll, 'opportunity attack damage', 'target'))
  lines.push(...blow.breakdown.map((l) => ({ ...l, label: `Opportunity attack: ${l.label}` })))
  const hurt = a.struck(blow, p.a)
  const broke = wear(t, opp.choice, blow)
  const resumes = zones.turnResumes({ alive: a.state.down !== 'dead', conscious: !a.state.down })
  lines.push(
    note(resumes ? 'Still up: the turn resumes' : 'Down: the turn does not resume', 0, RULE.opportunity),
  )
  const then = resumes
    ? ` ${a.f.name}'s turn resumes: they move 1 zone.${left}`
    : ` ${a.f.name}'s turn does not resume.`
  return resolution(
    lines,
    `${t.f.name} makes an opportunity attack as ${a.f.name} moves away: ${hurt}.${then}${broke}`,
    a,
    t,
  )
}

/**
 * A grabbed character's try ("can only spend their turn to attempt to break free by passing a STR save"):
 * the turn is consumed either way, which the log says as every step of a turn does.
 */
function breakFree(p: Planned, a: Live, t: Live, roll: Roller): Resolution {
  const save = zones.breakFree(p.a, p.t, roll(20, 'STR save to break free'))
  // A larger grabber was refused in declare: the rules allow no save against one.
  if (!save.ok) throw new Error(save.error)
  if (save.value.passed) releaseGrab(a.state)
  const left = p.spent ? ` Left this turn: ${zones.whatIsLeft(p.spent.turn)}.` : ''
  const summary = save.value.passed
    ? `${a.f.name} breaks free of ${t.f.name}.${left}`
    : `${a.f.name} fails to break free of ${t.f.name}.${left}`
  return resolution(save.value.breakdown, summary, a, t)
}

function strike(
  p: Extract<Planned, { kind: 'strike' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Outcome<Resolution> {
  const { plan } = p
  if (plan.deathBlow) {
    t.hp = 0
    t.state.down = 'dead'
    return ok(
      resolution(
        [...plan.breakdown, note('Death blow: killed', 0, RULE.attacking)],
        `${a.f.name} delivers a death blow: ${t.f.name} is dead.`,
        a,
        t,
      ),
    )
  }
  const wit = plan.witSaveReasons.length > 0 ? roll(20, 'WIT save to hit') : undefined
  const hit = zones.resolveHit(plan, p.a.wit, wit)
  if (!hit.ok) return hit
  const lines = [...plan.breakdown, ...hit.value.breakdown]
  // The reaction is chosen after the WIT save, so a miss costs the target nothing.
  if (!hit.value.hit) return ok(resolution(lines, `${a.f.name} misses ${t.f.name}.`, a, t))
  if (defense === ACCEPT_STUNT) {
    const attack = zones.newAttackReactions([t.f.id])
    const stunt = zones.proposeStunt({ effect: 'the effect proposed', gmApproved: true, attack })
    const answered = stunt.ok ? zones.answerStunt(stunt.value, true, attack) : stunt
    if (!answered.ok) return answered
    lines.push(note('Stunt accepted: no damage, no reaction', 0, RULE.stunts))
    return ok(
      resolution(
        lines,
        `${t.f.name} accepts ${a.f.name}'s stunt: no damage; the effect ${a.f.name} proposed applies, as the GM approved it.`,
        a,
        t,
      ),
    )
  }
  t.reacts(defense)
  if (defense === 'dodge') {
    const dodge = zones.resolveDodge(p.t.agi, roll(20, 'AGI save to dodge', 'target'))
    lines.push(...dodge.breakdown)
    if (dodge.misses) {
      lines.push(note('Dodged: the attack misses', 0, RULE.reacting))
      return ok(resolution(lines, `${t.f.name} dodges ${a.f.name}'s attack.`, a, t))
    }
  }
  const blow = zones.resolveDamage(plan.damage, rollDamage(plan.damage, roll, 'damage'))
  lines.push(...blow.breakdown)
  const broke = wear(a, p.choice, blow)
  const counter = defense?.startsWith('counter:') ? counters(p, t.f).find((c) => c.id === defense) : undefined
  const last = nonLethalCounters(p, t.f).find((c) => c.id === defense)
  if (!counter) {
    const hits = `${a.f.name} hits: ${t.struck(blow, p.t)}.${broke}`
    // "If a normal attack is countered by a non-lethal attack ... the non-lethal attack is resolved last."
    if (!last || zones.counterOrder('lethal', 'non-lethal') !== 'attack-first')
      return ok(resolution(lines, hits, a, t))
    return ok(resolution(lines, `${hits} ${counterLast(last, t, a, p.a, roll, lines)}.`, a, t))
  }
  const back = zones.resolveDamage(
    counter.plan.damage,
    rollDamage(counter.plan.damage, roll, 'counter damage', 'target'),
  )
  const result = zones.resolveCounter({
    attack: blow,
    counter: back,
    attackerHealth: { health: a.hp, max: a.f.maxHp },
    countererHealth: { health: t.hp, max: t.f.maxHp },
    policy: SETTINGS.incapacitation,
  })
  lines.push(...back.breakdown.map((l) => ({ ...l, label: `Counter: ${l.label}` })), ...result.breakdown)
  const brokeBack = wear(t, counter.choice, back)
  const hits: string[] = []
  if (result.hitFirst !== 'counterer' || result.secondBlow === 'lands') hits.push(a.struck(back, p.a))
  if (result.hitFirst !== 'attacker' || result.secondBlow === 'lands') hits.push(t.struck(blow, p.t))
  const order =
    result.hitFirst === 'both'
      ? 'Both are hit at the same time'
      : `${(result.hitFirst === 'attacker' ? a : t).f.name} is hit first`
  const cancelled = result.secondBlow === 'cancelled' ? '; the other blow never lands' : ''
  return ok(
    resolution(
      lines,
      `${t.f.name} counters. ${order}: ${hits.join(', ')}${cancelled}.${broke}${brokeBack}`,
      a,
      t,
    ),
  )
}

function nonLethal(
  p: Extract<Planned, { kind: 'non-lethal' }>,
  a: Live,
  t: Live,
  defense: string | null,
  roll: Roller,
): Resolution {
  const lines = [...p.plan.breakdown]
  const what = choiceLabelOf(p.plan.kind).toLowerCase()
  t.reacts(defense)
  if (defense === 'dodge') {
    const dodge = zones.resolveDodge(p.t.agi, roll(20, 'AGI save to dodge', 'target'))
    lines.push(...dodge.breakdown)
    if (dodge.misses) return resolution(lines, `${t.f.name} dodges ${a.f.name}'s ${what}.`, a, t)
  }
  let countered = ''
  const counter = defense?.startsWith('counter:') ? counters(p, t.f).find((c) => c.id === defense) : undefined
  if (counter) {
    // "If a normal attack is countered by a non-lethal attack, or viceversa, the non-lethal attack is resolved last."
    const back = zones.resolveDamage(
      counter.plan.damage,
      rollDamage(counter.plan.damage, roll, 'counter damage', 'target'),
    )
    lines.push(...back.breakdown.map((l) => ({ ...l, label: `Counter: ${l.label}` })))
    countered = `${t.f.name} counters first: ${a.struck(back, p.a)}.${wear(t, counter.choice, back)} `
    if (a.state.down) return resolution(lines, `${countered}The ${what} never happens.`, a, t)
  }
  const done = takeEffect(p.plan, a, t, p.t, roll, lines, 'target')
  // "If a non-lethal attack is countered by a non-lethal attack, the counter is resolved last."
  const last = nonLethalCounters(p, t.f).find((c) => c.id === defense)
  if (!last || zones.counterOrder('non-lethal', 'non-lethal') !== 'attack-first')
    return resolution(lines, `${countered}${done}.`, a, t)
  return resolution(lines, `${countered}${done}. ${counterLast(last, t, a, p.a, roll, lines)}.`, a, t)
}

/** A non-lethal counter, resolved last: on the attacker, unless the counterer is down by then. */
function counterLast(
  c: NonLethalCounter,
  counterer: Live,
  attacker: Live,
  attackerSheet: zones.Sheet,
  roll: Roller,
  lines: BreakdownLine[],
): string {
  if (counterer.state.down)
    return `${counterer.f.name} is down: the ${choiceLabelOf(c.kind).toLowerCase()} never happens`
  return `${counterer.f.name} counters last: ${takeEffect(c.plan, counterer, attacker, attackerSheet, roll, lines, 'attacker')}`
}

/**
 * A disarm, shove or grapple by `by` on `on` ("The target must pass a STR save or ..."): their save on
 * their own die (`saver`), the effect applied, and what happened in words ("Bandit resists the shove").
 */
function takeEffect(
  plan: zones.NonLethalPlan,
  by: Live,
  on: Live,
  onSheet: zones.Sheet,
  roll: Roller,
  lines: BreakdownLine[],
  saver: 'target' | 'attacker',
): string {
  const what = choiceLabelOf(plan.kind).toLowerCase()
  const face = plan.saveAllowed ? roll(20, `STR save to resist the ${what}`, saver) : undefined
  const result = zones.resolveNonLethal(plan, onSheet.str, face, false)
  if (!result.ok) throw new Error(result.error) // the face is always rolled when a save is allowed
  lines.push(...result.value.breakdown)
  if (!result.value.succeeds) return `${on.f.name} resists the ${what}`
  let effect = result.value.effect
  switch (plan.kind) {
    case 'grapple':
      on.state.grabbedBy = by.f.id
      on.state.grabbedByName = by.f.name
      break
    case 'disarm': {
      const held = choiceList(on.f, onSheet).find(
        (c) => c.kind === 'weapon' && !on.state.dropped?.includes(c.id),
      )
      if (held?.kind === 'weapon') {
        on.state.dropped = [...(on.state.dropped ?? []), held.id]
        effect = `drops their ${held.weapon.name} (a free hand can grab it)`
      } else effect = 'has no weapon in hand to drop'
      break
    }
    case 'shove':
      if (plan.shoveDamage) {
        const hurt = zones.directDamage(roll(4, 'shove damage d4', saver), RULE.size)
        lines.push(...hurt.breakdown)
        effect = `${effect}; ${on.suffer(hurt.suffered)}`
      }
      break
    default:
      zones.unreachable(plan.kind)
  }
  return `${on.f.name} ${effect}`
}

// --- End of round -----------------------------------------------------------------------------------

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
    const ticked = (l.state.conditions ?? []).map((c) =>
      c.rounds === null ? c : { ...c, rounds: c.rounds - 1 },
    )
    l.state.conditions = ticked.filter((c) => c.rounds === null || c.rounds > 0)
    if (l.state.conditions.length === 0) delete l.state.conditions
    // A turn's budget is this round's: the next round's turn starts whole; the round keeps who is concealed.
    delete l.state.budget
    delete l.state.split
    delete l.state.concealment
    l.state.roundStart = { health: l.hp, up: isUp(l.f) }
  }
  // Round 0 is the bonus round the concealed play at the start of an ambush ("Sneaking and ambushes").
  const ended = round === 0 ? 'End of the ambush’s bonus round' : `End of round ${round}`
  const summary = `${ended}${said.length ? `: ${said.join('; ')}` : ''}.`
  return resolution(lines, summary, ...live.values())
}

// --- End of the fight -----------------------------------------------------------------------------

/** What a piece of gear is called on a fighter's sheet: a weapon's name, their armour, their shield. */
function gearName(sheet: zones.Sheet, id: string): string {
  if (id === 'armor') return 'armour'
  if (id === 'shield') return 'shield'
  return sheet.weapons[Number(id.replace('weapon-', ''))]?.name ?? id
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
    l.state.conditions = (st.conditions ?? []).filter((c) => c.rounds === null)
    if (l.state.conditions.length === 0) delete l.state.conditions
    delete l.state.budget
    delete l.state.split
    delete l.state.concealment
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
  for (const c of st.conditions ?? []) {
    chips.push(c.rounds === null ? c.label : `${c.label} (${plural(c.rounds, 'round')})`)
  }
  const sheet = sheetFor(f)
  const weaponName = (id: string) =>
    sheet.ok ? (sheet.value.weapons[Number(id.replace('weapon-', ''))]?.name ?? id) : id
  for (const id of st.dropped ?? []) chips.push(`Dropped: ${weaponName(id)}`)
  for (const id of st.destroyed ?? []) chips.push(`Destroyed: ${weaponName(id)}`)
  for (const g of st.gearDestroyed ?? []) chips.push(g === 'shield' ? 'Shield destroyed' : 'Armour destroyed')
  for (const id of st.damagedGear ?? [])
    if (!st.destroyed?.includes(id) && !st.gearDestroyed?.includes(id as 'armor'))
      chips.push(`Damaged: ${sheet.ok ? gearName(sheet.value, id) : id}`)
  return chips
}

/** What a screen reads of zones' combat (`ScreenRules.combat`); `zonesCombat` adds what only the room runs. */
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
  preview(attacker, target, declared, view) {
    const p = declare(attacker, target, declared, view)
    if (!p.ok) return p
    const preview = previewOf(p.value, view)
    // The armour value is the target's: its defense, in this system's words.
    const lines = preview.lines.map((l) => (l.label === ARMOUR_LINE ? { ...l, defense: target.id } : l))
    return ok({ ...preview, summary: `${preview.summary}${holdWords(p.value, view)}`, lines })
  },
  defenses(attacker, target, declared, view) {
    const p = declare(attacker, target, declared, view)
    return p.ok ? ok(defenseList(p.value, attacker, target, view)) : p
  },
  resolve(attacker, target, declared, defense, roll, view) {
    const p = declare(attacker, target, declared, view)
    // Not reacting keeps the defender's turn: the attack goes on as if no reaction was offered.
    const reaction = defense === NO_REACTION.id ? null : defense
    if (!p.ok) return p
    const r = resolvePlanned(p.value, attacker, target, reaction, roll, view)
    return r.ok ? ok(letGo(p.value, r.value, view)) : r
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

/** zones' combat at the table: the screens' part, and what only the room runs (endOfRound, endOfFight). */
export const zonesCombat: CombatRules = {
  ...zonesCombatView,
  // `resolve` with no reaction refuses only what `declare` refuses, as `defenses` does: `resolvePlanned`
  // then checks no reaction, and a strike's WIT save is rolled whenever its plan calls for one.
  defensesCheckResolve: true,
  endOfRound: (fighters, round, roll) => ok(endOfRound(fighters, round, roll)),
  endOfFight: (fighters, roll) => ok(endOfFight(fighters, roll)),
}

/** How many times this fighter reacted this round: each reaction takes the whole turn ("Reactions"). */
export function reactionsThisRound(f: Fighter): number {
  return (stateOf(f).conditions ?? []).filter((c) => c.id === 'reacted').length
}

/** What this fighter did this round about concealment, for the round to keep. */
export function concealmentOf(f: Fighter): ZonesState['concealment'] {
  return stateOf(f).concealment
}

/** The fighter's sheet as the rules read it, or null when it does not read. */
export function sheetOf(f: Fighter): zones.Sheet | null {
  const sheet = sheetFor(f)
  return sheet.ok ? sheet.value : null
}
