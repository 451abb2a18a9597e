/**
 * Every rules module of odnd a screen may read, as one namespace for the system's own table code (index.ts
 * re-exports it). What only resolving runs (rolls.ts, spells.ts) is imported apart, so that a phone's screen,
 * which reads this namespace, does not load it; index.ts re-exports those too.
 */
export * from './attack.ts'
export * from './bonuses.ts'
export * from './conditions.ts'
export * from './damage.ts'
export * from './dice-notation.ts'
export * from './encounter.ts'
export * from './initiative.ts'
export * from './injury.ts'
export * from './maneuvers.ts'
export * from './mass-combat.ts'
export * from './modifiers.ts'
export * from './morale.ts'
export * from './movement.ts'
export * from './normal-men.ts'
export * from './odds.ts'
export * from './options.ts'
export * from './prompt.ts'
export * from './pursuit.ts'
export * from './sheet.ts'
export * from './tables.ts'
