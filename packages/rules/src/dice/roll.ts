/** Rolling simple dice (NdX + k) with a full record of every die, for the shared log. */
import { assertSides, type DiceSource } from './source.ts'

export interface DieResult {
  sides: number
  face: number
}

export interface RollResult {
  /** The notation that was rolled, e.g. "1d20". */
  notation: string
  dice: DieResult[]
  modifier: number
  total: number
  source: DiceSource['kind']
}

/** Rolls `count` dice of `sides` sides plus a flat modifier. */
export function rollDice(source: DiceSource, count: number, sides: number, modifier = 0): RollResult {
  assertSides(sides)
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`roll at least one die, got ${count}`)
  const dice = Array.from({ length: count }, () => ({ sides, face: source.roll(sides) }))
  const total = dice.reduce((sum, d) => sum + d.face, 0) + modifier
  const sign = modifier > 0 ? `+${modifier}` : modifier < 0 ? `${modifier}` : ''
  return { notation: `${count}d${sides}${sign}`, dice, modifier, total, source: source.kind }
}
