/** @fray/rules: dice, odds and the combat rule systems, as pure functions over plain data. */

export * from './dice/roll.ts'
export * from './dice/source.ts'
export * from './system.ts'
