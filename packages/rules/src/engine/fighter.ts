/** A combatant as every part of the table sees it, and each system's one reader and writer of it. */
import { type Outcome, ok } from '../outcome.ts'
import { readSheet, type SheetRules } from './sheet.ts'

/** A combatant as the combat rules see it: its sheet and its live state at the table. */
export interface Fighter {
  id: string
  name: string
  side: 'pc' | 'foe'
  /** The sheet as stored (validated by the system's `parse`); quick-added monsters have none: use defaults. */
  sheet?: Record<string, unknown>
  hp: number
  maxHp: number
  /**
   * The adapter's own per-combatant state, JSON only: conditions with their durations, wounds, armor
   * damage, ammunition, reactions used... Starts as `{}`. Only the adapter reads or writes it.
   */
  state: Record<string, unknown>
}

/** What an outcome changes on one combatant; absent fields stay as they are. */
export interface FighterChange {
  hp?: number
  state?: Record<string, unknown>
}

/**
 * How one system reads a fighter: its sheet rules, how its stored state reads, and what the fight does to
 * the sheet. Everything but `sheet` is optional; a system whose state is stored as it is read gives none.
 */
export interface FighterCodec<Sheet, State> {
  sheet: SheetRules<Sheet>
  /** The stored state, read: what a `{}` means, with the table's hit points as the truth. */
  state?(stored: Record<string, unknown>, f: Fighter): State
  /** The sheet as this fight left it (gear lost, a fall from the saddle), from the sheet and the state. */
  inFight?(sheet: Sheet, f: Fighter, state: State): Sheet
  /** The state as it is written back, JSON only (empty entries dropped, `undefined` gone). */
  store?(state: State): Record<string, unknown>
}

/** Reading and writing one system's fighters, each read once per fighter object (`fighterState`). */
export interface FighterState<Sheet, State> {
  /** The sheet as the system reads it, defaults filled in, as stored. */
  storedSheet(f: Fighter): Outcome<Sheet>
  /** The sheet as the fight left it (`FighterCodec.inFight`). */
  sheetOf(f: Fighter): Outcome<Sheet>
  stateOf(f: Fighter): State
  /** The state as it is written into a change or a fighter. */
  stored(state: State): Record<string, unknown>
  /** The same fighter with this state (and these hit points), as a later step of the same outcome reads it. */
  withState(f: Fighter, state: State, hp?: number): Fighter
  /** What changed on a fighter, or null: a fighter an outcome left as it was stays out of its `changes`. */
  changeOf(f: Fighter, hp: number, state: State): FighterChange | null
  /** The changes of several fighters, by id, leaving out those with none. */
  changesOf(...each: ReadonlyArray<readonly [Fighter, number, State]>): Record<string, FighterChange>
}

/**
 * A system's reader and writer of fighters, from its codec. A fighter is never changed in place (an outcome
 * writes a new one), so its state and sheet are read once per fighter object, however often the table asks.
 */
export function fighterState<Sheet, State>(codec: FighterCodec<Sheet, State>): FighterState<Sheet, State> {
  const states = new WeakMap<Fighter, State>()
  const sheets = new WeakMap<Fighter, Outcome<Sheet>>()
  const stored = codec.store ?? ((state: State) => state as Record<string, unknown>)
  const stateOf = (f: Fighter): State => {
    let state = states.get(f)
    if (state === undefined) {
      state = codec.state ? codec.state(f.state, f) : (f.state as State)
      states.set(f, state)
    }
    return state
  }
  const storedSheet = (f: Fighter) => readSheet(codec.sheet, f)
  const sheetOf = (f: Fighter): Outcome<Sheet> => {
    const { inFight } = codec
    if (!inFight) return storedSheet(f)
    let sheet = sheets.get(f)
    if (sheet === undefined) {
      const read = storedSheet(f)
      sheet = read.ok ? ok(inFight(read.value, f, stateOf(f))) : read
      sheets.set(f, sheet)
    }
    return sheet
  }
  const changeOf = (f: Fighter, hp: number, state: State): FighterChange | null => {
    const next = stored(state)
    const same = JSON.stringify(next) === JSON.stringify(stored(stateOf(f)))
    if (hp === f.hp && same) return null
    return { ...(hp === f.hp ? {} : { hp }), ...(same ? {} : { state: next }) }
  }
  return {
    storedSheet,
    sheetOf,
    stateOf,
    stored,
    withState: (f, state, hp = f.hp) => ({ ...f, hp, state: stored(state) }),
    changeOf,
    changesOf(...each) {
      const changes: Record<string, FighterChange> = {}
      for (const [f, hp, state] of each) {
        const change = changeOf(f, hp, state)
        if (change) changes[f.id] = change
      }
      return changes
    },
  }
}
