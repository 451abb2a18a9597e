/**
 * Attack and Move at the table: one who declared it makes the last attack of their round, and the rules
 * say at once from which segment they move. A last attack before 10: from 10. "If your last attack
 * occurred between initiative 2 and 10 make a DEX roll" (the room's d100): 1x to 4x, 1 to 4 segments
 * after it, 5x or worse, not at all; "no movement occurs after segment 1". Logged with the attack.
 * Here what a screen shows of it; the roll after the last attack (`afterLastAttack`) is resolving's, in
 * resolve-parts.ts.
 */

/** Where the movement after the last attack begins (none: they cannot move this round). */
export interface MovingAfter {
  from?: number
}

/** The fighter's chip while the round lasts. */
export function movingChip(moving: MovingAfter | undefined): string | null {
  if (!moving) return null
  return moving.from === undefined
    ? 'Cannot move this round (attack and move)'
    : `Moves from segment ${moving.from} (attack and move)`
}
