/** Where die faces come from. Rules code never calls Math.random: it is handed one of these. */

/** A source of fair die faces. */
export interface DiceSource {
  /** How the faces were made, recorded with every roll so the log can say so. */
  readonly kind: 'crypto' | 'seeded' | 'scripted'
  /** One face of a fair die with `sides` sides: an integer in 1..sides. */
  roll(sides: number): number
}

/** Fills an array with cryptographically strong random values (`crypto.getRandomValues`). */
export type RandomFill = (array: Uint32Array) => Uint32Array

const RANGE = 2 ** 32

/**
 * Dice from a CSPRNG. Rejection sampling keeps every face equally likely: values at or above the
 * largest multiple of `sides` below 2^32 are drawn again rather than folded in with a modulo.
 */
export function cryptoDice(fill: RandomFill): DiceSource {
  const buffer = new Uint32Array(16)
  let next = buffer.length
  const draw = (): number => {
    if (next === buffer.length) {
      fill(buffer)
      next = 0
    }
    return buffer[next++] as number
  }
  return {
    kind: 'crypto',
    roll(sides) {
      assertSides(sides)
      const limit = RANGE - (RANGE % sides)
      for (;;) {
        const value = draw()
        if (value < limit) return (value % sides) + 1
      }
    },
  }
}

export function assertSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1)
    throw new RangeError(`a die needs a whole number of sides, got ${sides}`)
}
