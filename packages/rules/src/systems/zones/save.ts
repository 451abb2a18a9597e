/** Saves: a d20 equal to or under the stat passes; their exact chances (the saves rolled: rolls.ts). */
import { type Chance, chance } from './common.ts'

/** The exact chance a save passes: the faces 1..stat of twenty. */
export function saveChance(target: number): Chance {
  return chance(Math.max(0, Math.min(20, Math.floor(target))), 20)
}
