/** Many seeded fights of each system: fight `i` of a run from seed `s` plays with seed `s + i`. */
import { type RuleSystem, SYSTEM_IDS, type SystemId } from '@fray/rules'
import { type FightResult, runFight } from './fight.ts'

export interface Simulation {
  /** The registered systems by id, or any `RuleSystem` as a value (the contract suite's toy). */
  systems: readonly (SystemId | RuleSystem)[]
  fights: number
  seed: number
  /** Plants a bug: the rules a registered system's room gets. */
  rules?: (system: SystemId) => RuleSystem
  /** The planted bug is the system's own: the invariants judge by it too (`FightOptions.inSystem`). */
  inSystem?: boolean
}

export interface SystemRun {
  system: string
  fights: number
  steps: number
  rounds: number
  attacks: number
  aids: number
  ms: number
}

/** Plays the fights, stopping at the first failure. */
export function simulate(sim: Simulation): {
  runs: SystemRun[]
  failure: Extract<FightResult, { ok: false }> | null
} {
  const runs: SystemRun[] = []
  for (const system of sim.systems) {
    const id = typeof system === 'string' ? system : system.id
    const planted = sim.rules && typeof system === 'string' ? sim.rules(system) : undefined
    const run: SystemRun = { system: id, fights: 0, steps: 0, rounds: 0, attacks: 0, aids: 0, ms: 0 }
    runs.push(run)
    const start = performance.now()
    for (let i = 0; i < sim.fights; i++) {
      const result = runFight(
        system,
        (sim.seed + i) >>> 0,
        planted ? { rules: planted, inSystem: sim.inSystem ?? false } : {},
      )
      if (!result.ok) {
        run.ms = performance.now() - start
        return { runs, failure: result }
      }
      run.fights++
      run.steps += result.steps
      run.rounds += result.rounds
      run.attacks += result.attacks
      run.aids += result.aids
    }
    run.ms = performance.now() - start
  }
  return { runs, failure: null }
}

/** The command that plays a failed fight again, alone. */
export const replayCommand = (f: { seed: number; system: string }) =>
  `SEED=${f.seed} SYSTEM=${f.system} FIGHTS=1 npm run simulate`

/** A failure, in words: the invariant, what broke it, the last steps, and how to replay it. */
export function describeFailure(f: Extract<FightResult, { ok: false }>): string {
  return [
    `${f.system}, seed ${f.seed}, step ${f.step}: ${f.invariant}`,
    `  ${f.message}`,
    '  last steps:',
    ...f.trace.map((t) => `    ${t}`),
    `  replay: ${replayCommand(f)}`,
  ].join('\n')
}

export function systemsFrom(value: string | undefined): SystemId[] {
  if (!value) return [...SYSTEM_IDS]
  const ids = value.split(',').map((s) => s.trim())
  const unknown = ids.find((id) => !(SYSTEM_IDS as readonly string[]).includes(id))
  if (unknown) throw new Error(`SYSTEM=${unknown} is not a system; choose from ${SYSTEM_IDS.join(', ')}`)
  return ids as SystemId[]
}
