/**
 * odnd's rules modules a screen may read, as one namespace (index.ts re-exports it); what only resolving
 * runs (rolls.ts, spells.ts) stays out of it so that a phone's screen does not load it.
 */
export * from './attack.ts'
export * from './bonuses.ts'
export * from './conditions.ts'
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
