/** The damage notation a sheet carries ("d6+1", "2d6", "d3", "3"), parsed locally into count, sides, bonus. */
import { fail, type Outcome, ok } from '../../system.ts'

/** A damage roll: `count` dice of `sides` faces plus `bonus`. A flat number has count 0. */
export interface DamageDice {
  readonly count: number
  readonly sides: number
  readonly bonus: number
}

const NOTATION = /^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/i

/** Parses the small notation the odnd text uses for damage; anything richer is refused in words. */
export function parseDamageDice(text: string): Outcome<DamageDice> {
  const flat = /^\s*(\d+)\s*$/.exec(text)
  if (flat) return ok({ count: 0, sides: 1, bonus: Number(flat[1]) })
  const m = NOTATION.exec(text)
  if (!m) return fail(`"${text}" is not damage dice like d6, 2d6 or d6+1.`)
  const count = m[1] === '' || m[1] === undefined ? 1 : Number(m[1])
  const sides = Number(m[2])
  const bonus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4])
  if (count < 1 || count > 12) return fail(`"${text}" must roll from 1 to 12 dice.`)
  if (sides < 2 || sides > 20) return fail(`"${text}" must use dice of 2 to 20 sides.`)
  return ok({ count, sides, bonus })
}

/** Writes dice back as text for the log: "2d6+1". */
export function formatDamageDice({ count, sides, bonus }: DamageDice): string {
  const dice = count === 0 ? '' : `${count === 1 ? '' : count}d${sides}`
  if (bonus === 0) return dice || '0'
  if (!dice) return `${bonus}`
  return `${dice}${bonus > 0 ? '+' : '-'}${Math.abs(bonus)}`
}
