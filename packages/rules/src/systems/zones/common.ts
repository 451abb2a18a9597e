/** Shared vocabulary of the zones system: rule sources, breakdown lines, saves, exhaustive switches. */
import { invariant } from '../../assert.ts'
import { isFace } from '../../dice/faces.ts'
import { fraction } from '../../dice/reduced-fraction.ts'
import type { BreakdownLine } from '../../system.ts'

/** The engine's checks, where the system's rules (`zones.unreachable`) and its files reach them. */
export { invariant, unreachable } from '../../assert.ts'

/** The section titles of zones.txt, so every breakdown line and toggle names the rule it comes from. */
export const RULE = {
  procedure: 'Combat procedure',
  turn: 'Taking a turn',
  attacking: 'Attacking',
  reacting: 'Reacting to an attack',
  guarding: 'Guarding',
  opportunity: 'Opportunity attacks',
  cover: 'Cover',
  blast: 'Blast attacks',
  stunts: 'Attack stunts',
  nonLethal: 'Non-lethal attacks',
  sneaking: 'Sneaking in combat',
  morale: 'Morale',
  surrender: 'Surrendering',
  chases: 'Chases',
  gear: 'Combat gear degradation',
  size: 'Effects of size in combat',
  mounts: 'Mounts and vehicles in combat',
} as const

export const line = (label: string, value: number, rule?: string): BreakdownLine =>
  rule === undefined ? { label, value } : { label, value, rule }

/** A breakdown line that says what happened rather than counts ("Hits automatically"): shown without its value. */
export const note = (label: string, value: number, rule?: string): BreakdownLine => ({
  ...line(label, value, rule),
  note: true,
})

/** The three saves of the sheet. */
export type Stat = 'str' | 'agi' | 'wit'

/** Checks a typed-in or scripted face: a face outside the die is a bug upstream, so it throws. */
export function assertFace(face: number, sides: number, what: string): void {
  invariant(isFace(face, sides), `${what}: ${face} is not a face of a d${sides}`)
}

/** An exact chance, counted over equally likely outcomes: `ways` of `outOf`. */
export interface Chance {
  ways: number
  outOf: number
  /** The same as a float, for the UI. */
  probability: number
}

/** A reduced chance (by the engine's fractions), so equal chances are deep-equal in tests. */
export function chance(ways: number, outOf: number): Chance {
  invariant(outOf > 0 && ways >= 0 && ways <= outOf, `a chance of ${ways} in ${outOf}`)
  const reduced = fraction(ways, outOf)
  return { ways: Number(reduced.num), outOf: Number(reduced.den), probability: ways / outOf }
}

export const CERTAIN: Chance = chance(1, 1)

export function timesChance(a: Chance, b: Chance): Chance {
  return chance(a.ways * b.ways, a.outOf * b.outOf)
}

export function notChance(a: Chance): Chance {
  return chance(a.outOf - a.ways, a.outOf)
}
