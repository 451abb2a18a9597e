/** Every rules module of spelljammer, as one namespace for the system's own table code (index.ts re-exports it). */
export * from './rolls.ts'
export * from './screen-rules.ts'
export * from './strike.ts'
