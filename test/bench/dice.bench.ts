/** Dice bench: rolls per second per source, and how long exact odds take (distribution, d20 preview). */
import {
  chanceAtLeast,
  cryptoDice,
  type DiceSource,
  d20Check,
  distribution,
  mean,
  parseDice,
  roll,
  seededDice,
  toFloat,
} from '@fray/rules'

/** Median of `runs` timings of `fn`, in microseconds. */
function medianMicros(runs: number, fn: () => unknown): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] as number
}

/** How many times `fn` runs in about `ms` milliseconds, per second. */
function perSecond(fn: () => unknown, ms = 500): number {
  let count = 0
  const start = performance.now()
  let now = start
  while (now - start < ms) {
    for (let i = 0; i < 1000; i++) fn()
    count += 1000
    now = performance.now()
  }
  return (count / (now - start)) * 1000
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

/** The attack preview a player sees before rolling: to-hit odds and expected damage, crit included. */
function attackPreview() {
  const hit = d20Check({ modifier: 5, target: 15, natural1Fails: true, natural20Succeeds: true })
  const damage = distribution(parseDice('1d8+3[STR]'))
  const crit = distribution(parseDice('maxplus(1d8)+3[STR]'))
  return { hit: hit.probability, damage: toFloat(mean(damage)), crit: toFloat(mean(crit)) }
}

export function runDiceBench(): void {
  const sources: Array<[string, DiceSource]> = [
    ['seeded', seededDice(1)],
    ['crypto', cryptoDice((a) => crypto.getRandomValues(a))],
  ]
  const attack = parseDice('1d20+5')
  const stats = parseDice('4d6kh3')
  console.log('dice')
  for (const [name, source] of sources) {
    console.log(`  ${name.padEnd(6)} single d20 faces:   ${fmt(perSecond(() => source.roll(20)))} /s`)
    console.log(`  ${name.padEnd(6)} roll(1d20+5):       ${fmt(perSecond(() => roll(attack, source)))} /s`)
    console.log(`  ${name.padEnd(6)} roll(4d6kh3):       ${fmt(perSecond(() => roll(stats, source)))} /s`)
  }
  const tenD10 = parseDice('10d10+5')
  const exact = distribution(tenD10)
  console.log(
    `  exact distribution of 10d10+5:   ${medianMicros(2000, () => distribution(tenD10)).toFixed(1)} µs median` +
      ` (P(>= 60) = ${toFloat(chanceAtLeast(exact, 60)).toFixed(4)})`,
  )
  const preview = attackPreview()
  console.log(
    `  d20 attack preview:              ${medianMicros(20000, attackPreview).toFixed(1)} µs median` +
      ` (hit ${(preview.hit * 100).toFixed(0)}%, damage ${preview.damage}, crit ${preview.crit})`,
  )
  console.log(
    `  d20Check alone:                  ${medianMicros(20000, () => d20Check({ modifier: 5, target: 15 })).toFixed(2)} µs median`,
  )
}
