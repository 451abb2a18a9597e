/**
 * Dice as sheets write a weapon's damage or a bonus die ("2d6+1", "d8", "1D4", "3"): the one parser's
 * notation in its plainest shape, one group of dice and a bonus.
 */
import { type DiceExpr, sumTerms } from './expr.ts'
import { tryParseDice } from './parse.ts'

/** `count` dice of `sides` faces plus `bonus`; a flat number has count 0. */
export interface OneGroup {
  readonly count: number
  readonly sides: number
  readonly bonus: number
}

/** NdM, NdM+K, NdM-K or a flat K, without labels or kept dice; undefined for any other expression. */
export function oneGroup(expr: DiceExpr): OneGroup | undefined {
  if (expr.label !== undefined) return undefined
  if (expr.kind === 'constant') return { count: 0, sides: 1, bonus: expr.value }
  const [dice, flat, ...rest] = sumTerms(expr)
  if (!dice || rest.length > 0 || dice.sign !== 1) return undefined
  const group = dice.expr
  if (group.kind !== 'dice' || group.keep || group.label !== undefined) return undefined
  if (flat === undefined) return { count: group.count, sides: group.sides, bonus: 0 }
  if (flat.expr.kind !== 'constant' || flat.expr.label !== undefined) return undefined
  return { count: group.count, sides: group.sides, bonus: flat.sign * flat.expr.value }
}

/** The most a sheet's dice take: dice in the group (one at least), faces (`minSides`, 1 unless given), bonus either way (none unless given). */
export interface GroupLimits {
  dice: number
  sides: number
  minSides?: number
  bonus?: number
}

/**
 * `text` read by the one parser as one group and a bonus, within `most` where given; undefined for a typo,
 * anything richer, or dice past the limits.
 */
export function readOneGroup(text: string, most?: GroupLimits): OneGroup | undefined {
  const dice = groupOf(text)
  if (!dice || !most) return dice
  const { count, sides, bonus } = dice
  const fits = count >= 1 && count <= most.dice && sides >= (most.minSides ?? 1) && sides <= most.sides
  return fits && Math.abs(bonus) <= (most.bonus ?? 0) ? dice : undefined
}

/**
 * Texts read before, with their group (or none): a sheet's damage is read at every attack that uses it,
 * and a group, read only, is the same for the same text.
 */
const groups = new Map<string, OneGroup | undefined>()
const MAX_KEPT_GROUPS = 256

function groupOf(text: string): OneGroup | undefined {
  if (groups.has(text)) return groups.get(text)
  const parsed = tryParseDice(text)
  const dice = parsed.ok ? oneGroup(parsed.value) : undefined
  if (groups.size >= MAX_KEPT_GROUPS) groups.clear()
  groups.set(text, dice)
  return dice
}
