/** @fray/rules: dice, odds and the combat rule systems, as pure functions over plain data. */

export * from './dice/d20.ts'
export * from './dice/d100.ts'
export * from './dice/distribution.ts'
export * from './dice/expr.ts'
export * from './dice/format.ts'
export * from './dice/fraction.ts'
export * from './dice/parse.ts'
export * from './dice/roll.ts'
export * from './dice/scripted.ts'
export * from './dice/seeded.ts'
export * from './dice/source.ts'
export * from './system.ts'
