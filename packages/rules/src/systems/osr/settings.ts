/** Room settings for osr: where a group could reasonably read the text another way. Defaults follow the README. */

export interface OsrSettings {
  /**
   * The special d20 after a natural 20: "Role an additional d20 + modifiers". Default: the same
   * modifiers as the attack roll; 'raw' reads the special roll as a bare d20.
   */
  specialRoll: 'with-attack-modifiers' | 'raw'
  /** The text gives magic bonuses to damage only; most groups also add them to hit. Default true. */
  magicBonusToHit: boolean
  /** Least damage a hit does once penalties are applied (the text is silent). Default 1. */
  minimumDamage: number
  /** A kick is brawling (non-lethal) and a melee attack (adds STR). Default: both. */
  kickAddsStrength: boolean
  /** The text gives numbers for concealment only; default: cover uses the same table. */
  coverUsesConcealmentTable: boolean
  /** A tied grapple check: the hold is not maintained (default), or both roll again. */
  grappleTie: 'hold-fails' | 'roll-again'
}

export const DEFAULT_SETTINGS: OsrSettings = {
  specialRoll: 'with-attack-modifiers',
  magicBonusToHit: true,
  minimumDamage: 1,
  kickAddsStrength: true,
  coverUsesConcealmentTable: true,
  grappleTie: 'hold-fails',
}

/** Fills a room's partial settings with the defaults. */
export const withDefaults = (settings: Partial<OsrSettings> = {}): OsrSettings => ({
  ...DEFAULT_SETTINGS,
  ...settings,
})
