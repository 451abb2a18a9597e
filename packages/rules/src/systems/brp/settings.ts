/** Room settings for brp: where the text is silent or leaves it to the gamemaster (docs/systems/brp.md). */

/**
 * Each reading a group could reasonably play the other way. The defaults are the README's reading;
 * a room passes its own. Nothing here changes a rule the text states outright.
 */
export interface BrpSettings {
  /**
   * 5.5 says "less than 1/5 of the attack chance". 'round-up' (default): rolls up to 1/5 of the
   * chance rounded up are special (60% -> 01-12). 'strictly-less': only rolls below chance/5 (01-11).
   */
  special: 'round-up' | 'strictly-less'
  /** Rounding of halved and quartered chances and DEX ranks; the text only says "½ damage bonus" rounds up. */
  halving: 'up' | 'down'
  /** Rounding of hit points, "the average of Constitution and Size" (5.12). */
  hitPoints: 'up' | 'down'
  /** 5.7: "the gamemaster may allow the character to dodge arrows and thrown weapons as if ... Difficult". */
  dodgeMissiles: 'difficult' | 'never'
  /** 5.5: "At the gamemaster's discretion, a related specialty skill may be used as if Difficult". */
  relatedSpecialty: 'difficult' | 'never'
  /** 5.6: "Generally, one needs a shield to parry missile weapons": 'never' (default) or 'allowed'. */
  weaponParryMissiles: 'never' | 'allowed'
  /**
   * Riot Gear's "12/6" (5.10) is not explained. 'split' (default): 12 against melee and low-velocity
   * missiles, 6 against firearms and energy weapons. 'high' or 'low': always 12 or always 6.
   */
  riotGear: 'split' | 'high' | 'low'
}

export const DEFAULT_SETTINGS: BrpSettings = {
  special: 'round-up',
  halving: 'up',
  hitPoints: 'up',
  dodgeMissiles: 'difficult',
  relatedSpecialty: 'difficult',
  weaponParryMissiles: 'never',
  riotGear: 'split',
}

/** The room's settings over the defaults: a room stores only what it changed. */
export function brpSettings(changes: Partial<BrpSettings> = {}): BrpSettings {
  return { ...DEFAULT_SETTINGS, ...changes }
}
