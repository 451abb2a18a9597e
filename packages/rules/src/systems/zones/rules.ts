/** Every rules module of zones as one namespace: what a screen reads, and the rolls only resolving runs. */
export * from './chase.ts'
export * from './rolls.ts'
export * from './screen-rules.ts'
export * from './stunts.ts'
