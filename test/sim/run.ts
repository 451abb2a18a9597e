/**
 * `npm run simulate`: seeded random fights of every system through the table room, the table's invariants
 * checked after every step. FIGHTS= (per system, default 300), SEED= (default 1), SYSTEM= (one or a list).
 */
import { describeFailure, simulate, systemsFrom } from './simulate.ts'

const fights = Number(process.env.FIGHTS ?? 300)
const seed = Number(process.env.SEED ?? 1)
if (!Number.isInteger(fights) || fights < 1)
  throw new Error(`FIGHTS=${process.env.FIGHTS} is not a number of fights`)
if (!Number.isInteger(seed) || seed < 0) throw new Error(`SEED=${process.env.SEED} is not a whole number`)

const { runs, failure } = simulate({ systems: systemsFrom(process.env.SYSTEM), fights, seed })
for (const r of runs) {
  const per = (n: number) => (r.fights ? (n / r.fights).toFixed(1) : '-')
  console.log(
    `${r.system.padEnd(12)} ${String(r.fights).padStart(5)} fights  ${per(r.rounds)} rounds, ${per(r.steps)} steps, ${per(r.attacks)} attacks${r.aids ? ` (${per(r.aids)} helping)` : ''} a fight  ${(r.ms / 1000).toFixed(1)} s`,
  )
}
if (failure) {
  console.log(`\nFAILED ${describeFailure(failure)}`)
  process.exit(1)
}
console.log(
  `\nall ${runs.reduce((n, r) => n + r.fights, 0)} fights kept every invariant (seeds ${seed}..${seed + fights - 1})`,
)
