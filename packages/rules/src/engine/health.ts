/**
 * A monster's health in words, for a room that keeps its hit points from the players ("What players see
 * of monsters"): what a table says of a wounded foe without counting, in the system's words where its
 * text has them (`CombatRules.healthWord`), else these.
 */

/** Unhurt at full, Hurt, Bloodied below half (the word tables use for it), Down at 0 or less. */
export function healthWord(hp: number, maxHp: number): string {
  if (hp <= 0) return 'Down'
  if (hp >= maxHp) return 'Unhurt'
  return hp * 2 < maxHp ? 'Bloodied' : 'Hurt'
}
