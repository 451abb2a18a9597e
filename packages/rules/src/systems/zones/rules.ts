/**
 * Every rules module of zones, as one namespace for the system's own table code (index.ts re-exports it):
 * what a screen reads (`screen-rules.ts`), and the rolls that only resolving an attack runs.
 */
export * from './chase.ts'
export * from './rolls.ts'
export * from './screen-rules.ts'
export * from './stunts.ts'
