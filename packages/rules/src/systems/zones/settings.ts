/** Room settings: the readings a table may take where zones.txt is silent, with the README's defaults. */

/**
 * What "impaired damage" is. The text never defines it. 'd4': a d4 whatever the weapon (the README's
 * reading, and what unarmed attacks do). 'halved': the weapon's own roll halved, rounding up.
 */
export type ImpairedPolicy = 'd4' | 'halved'

/**
 * When damage incapacitates ("critical damage"). The text never says. 'ask-gm' (default): any damage
 * that lands asks the GM. 'at-zero': at 0 health. 'at-half': at half the maximum health or less, which
 * fits the printed bandit (8 to 4, incapacitated).
 */
export type IncapacitationPolicy = 'ask-gm' | 'at-zero' | 'at-half'

export interface ZonesSettings {
  impaired: ImpairedPolicy
  incapacitation: IncapacitationPolicy
  /**
   * The durability roll after a fight is not described: a die per used item, damaged at or below a face.
   * Default a d6 that damages the item on a 1.
   */
  durability: { sides: number; damagedAtOrBelow: number }
}

export const DEFAULT_SETTINGS: ZonesSettings = {
  impaired: 'd4',
  incapacitation: 'ask-gm',
  durability: { sides: 6, damagedAtOrBelow: 1 },
}
