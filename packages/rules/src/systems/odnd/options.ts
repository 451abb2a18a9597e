/** Room settings for odnd: the readings a group could reasonably play the other way, README reading by default. */
import type { Sheet } from './sheet.ts'

export interface OdndOptions {
  /**
   * The room's to-hit table: the d20 total an attacker needs against a descending armor class. The text
   * prints none; the default is THAC0 - AC with THAC0 from the sheet.
   */
  toHitTarget: (thac0: number, armorClass: number, attacker: Sheet) => number
  /** THAC0 for one who "attacks as a 'Normal Man'" (untrained weapons); the text prints no number. */
  normalManThac0: number
  /** The text gives DEX to hit only for "bows and thrown weapons"; a room may extend it to crossbows and firearms. */
  dexForCrossbowsAndFirearms: boolean
  /** "Double damage": the whole total (default) or the dice only. */
  doubleDamage: 'total' | 'dice'
  /** Least damage of a hit before the natural-20 penalty (the penalty itself may bring it to 0). */
  minimumDamage: number
  /** A retreat roll that ties: the one disengaging did not roll "highest", so by default the foe gets its shot. */
  retreatTie: 'parting-shot' | 'escapes'
  /** What 0 hit points of real damage means; the text only says "knocked out or otherwise incapacitated". */
  atZeroHp: 'dead' | 'incapacitated'
  /** Optional rule: "roll one die for the PC party instead of individually". */
  partyInitiative: 'each-player' | 'one-roll'
  /** Optional rule: "reroll initiative each round". */
  rerollInitiativeEachRound: boolean
}

export const DEFAULT_OPTIONS: OdndOptions = {
  toHitTarget: (thac0, armorClass) => thac0 - armorClass,
  normalManThac0: 20,
  dexForCrossbowsAndFirearms: false,
  doubleDamage: 'total',
  minimumDamage: 1,
  retreatTie: 'parting-shot',
  atZeroHp: 'dead',
  partyInitiative: 'each-player',
  rerollInitiativeEachRound: false,
}

/** Fills the room's partial settings with the defaults. */
export const withDefaults = (options: Partial<OdndOptions> = {}): OdndOptions => ({
  ...DEFAULT_OPTIONS,
  ...options,
})
