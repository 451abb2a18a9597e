/**
 * The rules modules of spelljammer a screen reads, as one namespace for the table code a phone loads
 * (combat.ts and its parts, turn-declaration.ts). Not here: what only resolving an attack runs (rolls.ts,
 * and strike.ts, which rolls), which a phone loads only to ask for its own dice; rules.ts has them all.
 */
export * from './attack.ts'
export * from './casting.ts'
export * from './damage.ts'
export * from './damage-dice.ts'
export * from './declaration.ts'
export * from './defending.ts'
export * from './examples.ts'
export * from './initiative.ts'
export * from './melee.ts'
export * from './modifiers.ts'
export * from './movement.ts'
export * from './odds.ts'
export * from './ranged.ts'
export * from './sections.ts'
export * from './segments.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './stat-rolls.ts'
export * from './surprise.ts'
export * from './tables.ts'
export * from './wounds.ts'
