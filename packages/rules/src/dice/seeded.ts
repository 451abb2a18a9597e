/** Deterministic dice from a seed: tests, fuzzing and replaying a logged roll. */
import { type DiceSource, uniformFace } from './source.ts'

/** A seeded source; `seed` is kept so a failing test or a disputed roll can log it and replay it. */
export interface SeededDice extends DiceSource {
  readonly kind: 'seeded'
  readonly seed: number
}

/**
 * Dice from sfc32 (Chris Doty-Humphrey's small fast counting PRNG, which passes PractRand), its state
 * spread from the seed with splitmix32. Not for the server's dice: those are crypto.
 */
export function seededDice(seed: number): SeededDice {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`a seed is a whole number 0..2^32-1, got ${seed}`)
  const next = sfc32(seed)
  return { kind: 'seeded', seed, roll: (sides) => uniformFace(next, sides) }
}

function splitmix32(seed: number): () => number {
  let state = seed | 0
  return () => {
    state = (state + 0x9e3779b9) | 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
}

function sfc32(seed: number): () => number {
  const spread = splitmix32(seed)
  let a = spread()
  let b = spread()
  let c = spread()
  let d = spread()
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) next()
  return next
}
