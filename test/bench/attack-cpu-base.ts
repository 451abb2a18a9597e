/**
 * The room's CPU per attack before and after (`BENCH_BASE=<git ref> BENCH_ONLY=cpu npm run bench`): the
 * same attacks (attacks.ts, as they are here) timed in Node on a build of `ref`, checked out in a git
 * worktree beside this one, and on this tree, in turns, so both runs meet the same machine.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AttackCpu } from './attacks.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What the bench copies into the other build: its driver, timed the same way on both. */
const DRIVER = [
  'test/bench/attacks.ts',
  'test/bench/attack-cpu.ts',
  'test/bench/attack-cpu-run.ts',
  'test/support/answers.ts',
]

/** The other build's modules: this tree's, but its own workspace packages (`@fray/*`), as npm links them. */
function linkModules(dir: string): void {
  const modules = join(ROOT, 'node_modules')
  mkdirSync(join(dir, 'node_modules', '@fray'), { recursive: true })
  for (const name of readdirSync(modules)) {
    if (name === '@fray') continue
    symlinkSync(join(modules, name), join(dir, 'node_modules', name))
  }
  for (const name of readdirSync(join(modules, '@fray')))
    symlinkSync(readlinkSync(join(modules, '@fray', name)), join(dir, 'node_modules', '@fray', name))
}

/** Runs the driver in `dir` and reads its figures. */
function run(dir: string): AttackCpu[] {
  const out = execFileSync(join(ROOT, 'node_modules/.bin/tsx'), ['test/bench/attack-cpu-run.ts'], {
    cwd: dir,
    encoding: 'utf8',
  })
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]') as AttackCpu[]
}

/** Each system's CPU per attack on `ref` and here, the best of `rounds` turns each, in alternation. */
export function benchAttackCpuBeforeAfter(
  ref: string,
  rounds = 3,
): { before: AttackCpu[]; after: AttackCpu[]; rounds: number } {
  const dir = mkdtempSync(join(tmpdir(), 'fray-base-'))
  rmSync(dir, { recursive: true })
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, ref], { cwd: ROOT })
  try {
    linkModules(dir)
    for (const file of DRIVER) copyFileSync(join(ROOT, file), join(dir, file))
    const best = (runs: AttackCpu[][]) =>
      (runs[0] ?? []).map((r) => ({
        ...r,
        microsPerAttack: Math.min(
          ...runs.map((x) => x.find((y) => y.system === r.system)?.microsPerAttack ?? r.microsPerAttack),
        ),
      }))
    const before: AttackCpu[][] = []
    const after: AttackCpu[][] = []
    for (let i = 0; i < rounds; i++) {
      before.push(run(dir))
      after.push(run(ROOT))
    }
    return { before: best(before), after: best(after), rounds }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT })
  }
}

export function printBeforeAfter(
  ref: string,
  { before, after, rounds }: { before: AttackCpu[]; after: AttackCpu[]; rounds: number },
): void {
  const rows = after.map((a) => {
    const b = before.find((x) => x.system === a.system)
    const change = b ? Math.round((a.microsPerAttack / b.microsPerAttack - 1) * 100) : 0
    return `${a.system} ${Math.round(b?.microsPerAttack ?? 0)} -> ${Math.round(a.microsPerAttack)} µs (${change >= 0 ? '+' : ''}${change}%)`
  })
  console.log(
    `room CPU per attack in Node, ${ref} -> this tree (the best of ${rounds} turns each): ${rows.join(', ')}`,
  )
}
