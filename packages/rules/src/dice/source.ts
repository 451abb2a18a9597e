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

/** Dice from a CSPRNG (the server's dice): `cryptoDice((a) => crypto.getRandomValues(a))`. */
export function cryptoDice(fill: RandomFill): DiceSource {
  // One fill per 256 words keeps the per-roll cost of crossing into the CSPRNG small.
  const buffer = new Uint32Array(256)
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
    roll: (sides) => uniformFace(draw, sides),
  }
}

/**
 * A fair face from uniform 32-bit words, shared by the crypto and seeded sources. Rejection sampling
 * keeps every face equally likely: words at or above the largest multiple of `sides` below 2^32 are
 * drawn again rather than folded in with a modulo.
 */
export function uniformFace(draw: () => number, sides: number): number {
  assertSides(sides)
  const limit = RANGE - (RANGE % sides)
  for (;;) {
    const value = draw()
    if (value < limit) return (value % sides) + 1
  }
}

/** Throws unless `sides` is a whole number of at least one: a die without sides is a bug. */
export function assertSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1)
    throw new RangeError(`a die needs a whole number of sides, got ${sides}`)
}
