/** A combatant as every part of the table sees it: the combat rules, the turn model, the room. */

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
