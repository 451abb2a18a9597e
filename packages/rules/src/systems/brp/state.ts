/** What changes during a fight: hit points, injuries, weapon and shield damage, shots and reloads. */

import type { BrpSettings } from './settings.ts'
import { damageBonusOf, maxHitPoints, type Sheet } from './sheet.ts'
import { findShield, findWeapon } from './tables.ts'

/** One wound, kept separately so First Aid is capped at it and applied once (5.14). */
export interface Injury {
  readonly id: number
  /** Hit points this wound took, after armor. */
  readonly damage: number
  /** Hit points of it healed so far (First Aid or rest). */
  readonly healed: number
  readonly firstAidApplied: boolean
}

/** The state of one carried item (the melee and thrown rows of a dagger share it). */
export interface ItemState {
  /** Points of damage taken from parries and being parried (5.6, 5.8). */
  readonly damage: number
  /** Shots or charges left, for guns and lasers. */
  readonly shots?: number
  /** Crossbows: loaded and ready to fire. */
  readonly loaded?: boolean
}

/** One combatant's changing state in an encounter, kept apart from the sheet so a sheet edit keeps the wounds. */
export interface CombatantState {
  readonly hitPoints: number
  readonly maxHitPoints: number
  readonly injuries: readonly Injury[]
  /** At 2 hit points or less (5.12), until awakened or healed. */
  readonly unconscious: boolean
  /** At 0 or less at the end of a round (5.12). */
  readonly dead: boolean
  /** Keyed by item (see WeaponRow.item); 'shield' for the shield. */
  readonly items: Readonly<Record<string, ItemState>>
}

/** A fresh combatant: full hit points, no wounds, weapons whole, guns full, crossbows loaded. */
export function initialState(sheet: Sheet, settings: BrpSettings): CombatantState {
  // Validated here too, so a damage bonus error surfaces when the combatant enters, not mid-fight.
  damageBonusOf(sheet)
  const items: Record<string, ItemState> = {}
  for (const id of sheet.weapons) {
    const row = findWeapon(id)
    if (!row) throw new Error(`a parsed sheet carries an unknown weapon: ${id}`)
    items[row.item] = {
      damage: 0,
      ...(row.magazine ? { shots: row.magazine.size } : {}),
      ...(row.reloadRound ? { loaded: true } : {}),
    }
  }
  if (sheet.shield !== 'none') {
    if (!findShield(sheet.shield))
      throw new Error(`a parsed sheet carries an unknown shield: ${sheet.shield}`)
    items.shield = { damage: 0 }
  }
  const hp = maxHitPoints(sheet, settings)
  return { hitPoints: hp, maxHitPoints: hp, injuries: [], unconscious: false, dead: false, items }
}

/** A fresh combatant with the items stored over its own: an item added to the sheet since starts whole. */
export function withStoredItems(sheet: Sheet, settings: BrpSettings, items: unknown): CombatantState {
  const fresh = initialState(sheet, settings)
  return { ...fresh, items: { ...fresh.items, ...(items as Record<string, ItemState> | undefined) } }
}

/** The item's state, or a whole one for something not tracked (Brawl). */
export function itemState(state: CombatantState, item: string): ItemState {
  return state.items[item] ?? { damage: 0 }
}

/** The same state with one item changed. */
export function withItem(state: CombatantState, item: string, change: Partial<ItemState>): CombatantState {
  return { ...state, items: { ...state.items, [item]: { ...itemState(state, item), ...change } } }
}

/**
 * Whether a carried item is broken: parrying and being parried wore its hit points away (5.6, "can even
 * break if their hit points are overcome"). What has no hit points (Brawl) never breaks.
 */
export function isBroken(state: CombatantState, item: string, hitPoints: number | null | undefined): boolean {
  return Boolean(hitPoints) && itemState(state, item).damage >= (hitPoints ?? 0)
}
