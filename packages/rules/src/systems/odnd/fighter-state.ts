/**
 * What the odnd table remembers about each fighter between attacks (`Fighter.state`), and how it reads a
 * fighter: its sheet, its health, its conditions, who it is in melee with. Shared by the attacks
 * (`combat.ts`) and the moves a fighter declares about itself (`moves.ts`).
 */
import {
  addCondition,
  findCondition,
  removeCondition,
  type Condition as Timed,
} from '../../engine/conditions.ts'
import { fighterState } from '../../engine/fighter.ts'
import type { Fighter } from '../../engine/types.ts'
import * as odnd from './rules.ts'

/** odnd's reader and writer of fighters: the state is stored as it is read; dismounted fighters fight on foot. */
const fighters = fighterState<odnd.Sheet, OdndState>({
  sheet: { fields: odnd.SHEET_FIELDS, parse: odnd.parseSheet, monsterDefaults: odnd.MONSTER_DEFAULTS },
  inFight: (s, f, state) => ({
    ...s,
    name: f.name,
    mounted: s.mounted && !(state.conditions ?? []).some((c) => c.id === 'dismounted'),
  }),
})
/** `sheet`: as the fight left it; `storedSheet`: as written (the turn model's initiative and attacks). */
export const { stateOf, sheetOf: sheet, storedSheet, withState, changesOf } = fighters

/** Conditions a fighter can be under; `rounds` counts the ends of round left (null: until lifted). */
export type ConditionId =
  | 'surprised'
  | 'parrying'
  | 'stunned'
  | 'pinned'
  | 'struggling'
  | 'advantage'
  | 'disadvantage'
  | 'reloading'
  | 'disarmed'
  | 'dismounted'
  | 'entangled'
  /** Ran the full Turn move: "NOT attack or take any further action that round". */
  | 'running'
  /** Fighting withdrawal: +2 to defense, -2 to attack, half speed, for the round. */
  | 'withdrawing'
  /** Turned and fled: pursuers attack at +2 "until the one fleeing turns and re-engages". */
  | 'fleeing'
  /** Charged this round: no DEX bonus to AC. */
  | 'charged'
  /** Hit before casting: the spell is lost and no other can be cast until the following round. */
  | 'spell-lost'
  /** Cast a spell this round. */
  | 'cast'

export interface Condition extends Timed<ConditionId> {
  rounds: number | null
  /** Who it is about: the one attacked from behind, or the grapplers holding a pinned fighter. */
  vs?: string[]
  /** disarmed: the index of the weapon lost. */
  weapon?: number
}

/** One this fighter is "in melee" with (within 10 feet), as the table last saw them fight. */
export interface Engagement {
  id: string
  name: string
}

/** `Fighter.state` for odnd. Every field is optional: a fighter starts as `{}`. */
export interface OdndState {
  conditions?: Condition[]
  /** Temporary damage taken (empty hands, subdual, pulled punches): Empty Hand Attacks. */
  temporary?: number
  /** This fighter's empty-hand/subdual damage rolls so far: every second one carries real points. */
  subdualRolls?: number
  /** Attacks made this round. */
  attacks?: number
  /** Has attacked this round: too late to parry ("no attacks are possible" that round). */
  hasAttacked?: boolean
  /**
   * Killed, before attacking, by one who acts on the same initiative: "anyone killed in that round still
   * gets their attack for that round" (ENCOUNTER ORDER 6), in their slot of the order.
   */
  strikesBack?: boolean
  /** Who grappled this fighter this round, with their hit dice; the contest is rolled at the end of the round. */
  grappledBy?: Array<{ id: string; hitDice: number }>
  /** The foes' morale as a group (kept on each foe). */
  morale?: odnd.MoraleState
  /** Who this fighter is in melee with: set when either attacks the other in melee, ended by a retreat. */
  engaged?: Engagement[]
  /** Rounds until this fighter may charge again: "no more than once per 10 minute Turn". */
  chargeWait?: number
  /** Who has attacked this fighter in melee this round: more than 2 surround it (Surrounding). */
  attackedBy?: string[]
}

/** Fallen, yet still owed the attack of this round (`strikesBack`) and not made it yet. */
export const owesStrike = (f: Fighter): boolean => stateOf(f).strikesBack === true && !stateOf(f).hasAttacked

/** Those, other than `attacker`, who attacked this fighter in melee this round. */
export const othersOn = (f: Fighter, attacker: string): string[] =>
  (stateOf(f).attackedBy ?? []).filter((id) => id !== attacker)

export const conditionsOf = (f: Fighter): Condition[] => stateOf(f).conditions ?? []
export const find = (f: Fighter, id: ConditionId, vs?: string): Condition | undefined =>
  findCondition(conditionsOf(f), id, (c) => vs === undefined || (c.vs ?? []).includes(vs))
/** Adds a condition, replacing the same one (same kind, about the same fighter or weapon). */
export const withCondition = (state: OdndState, c: Condition): OdndState => ({
  ...state,
  conditions: addCondition(
    state.conditions,
    c,
    (o) => o.id === c.id && o.vs?.[0] === c.vs?.[0] && o.weapon === c.weapon,
  ),
})
export const withoutCondition = (state: OdndState, id: ConditionId): OdndState => ({
  ...state,
  conditions: removeCondition(state.conditions, id),
})

/** The ones this fighter is in melee with. */
export const engagedOf = (f: Fighter): Engagement[] => stateOf(f).engaged ?? []

/** Adds `other` to the fighters this one is in melee with. */
export const engage = (state: OdndState, other: Engagement): OdndState =>
  (state.engaged ?? []).some((e) => e.id === other.id)
    ? state
    : { ...state, engaged: [...(state.engaged ?? []), { id: other.id, name: other.name }] }

/** Ends this fighter's melee with the ones named (all when none are). */
export const disengage = (state: OdndState, ids?: readonly string[]): OdndState => {
  const engaged = ids ? (state.engaged ?? []).filter((e) => !ids.includes(e.id)) : []
  const { engaged: _gone, ...rest } = state
  return engaged.length > 0 ? { ...rest, engaged } : rest
}

// ---------------------------------------------------------------------------------------------------
// Sheets, health and who may act.

export const healthOf = (f: Fighter): odnd.Health => ({
  maxHp: f.maxHp,
  wounds: f.maxHp - f.hp,
  temporary: stateOf(f).temporary ?? 0,
})

/** "When someone reaches 0hp, they are knocked out or otherwise incapacitated" (Empty Hand Attacks). */
export const injuryOf = (f: Fighter): odnd.InjuryState => odnd.injuryState(healthOf(f))

/** Who casts spells: clerics, magic-users and elves (the text's "spellcaster" names no class). */
export const isCaster = (s: odnd.Sheet): boolean =>
  s.class === 'cleric' || s.class === 'magic-user' || s.class === 'elf'

export const INJURY_WORDS: Record<Exclude<odnd.InjuryState, 'fighting'>, string> = {
  dead: 'dead',
  'knocked-out': 'knocked out',
  incapacitated: 'incapacitated',
}

/** "Mira hits Goblin 1 for 5: Goblin 1 is dead; GM, ..." */
export const sentence = (headline: string, words: readonly string[]) =>
  `${headline}${words.length > 0 ? `: ${words.join('; ')}` : ''}.`
