/**
 * The rules modules of zones a screen reads, as one namespace for the screen's side of the table code
 * (`combat.ts`): plans, odds, the turn and the round. Not here: what only resolving an attack runs (`rolls.ts`,
 * the chase and the stunt), which a phone loads only to ask for its own dice; `rules.ts` has them all.
 */
export * from './attack.ts'
export * from './blast.ts'
export * from './common.ts'
export * from './damage.ts'
export * from './gear.ts'
export * from './modifiers.ts'
export * from './morale.ts'
export * from './mounts.ts'
export * from './non-lethal.ts'
export * from './odds.ts'
export * from './reactions.ts'
export * from './round.ts'
export * from './save.ts'
export * from './settings.ts'
export * from './sheet.ts'
export * from './size.ts'
export * from './sneaking.ts'
export * from './turn.ts'
