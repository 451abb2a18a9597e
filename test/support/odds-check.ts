/**
 * The odds a phone shows before a roll, held against what resolving rolls: over every face of the first
 * die the attack asks for (the others at their highest), the share of faces whose resolution says the
 * attack succeeded (`Resolution.hit`) must be `Preview.chance`, exactly. Enumerated, not sampled: a
 * threshold one face off is 5% on a d20, 1% on a d100, and shows.
 */

import type { CombatRules, Declared, Fighter, Roller, TableView } from '@fray/rules'
import { previewDeclared, resolveDeclared } from '@fray/rules'

const percent = (p: number) => `${Math.round(p * 10000) / 100}%`

/** Joint faces beyond which the check is skipped: two d100s are 10,000. */
const MOST_FACES = 40_000

/**
 * Why this attack's shown odds differ from its resolution's, or null (also where it does not say `hit`).
 * The dice counted are those among the attack's first four whose face changes whether it hits, with the
 * others at their highest or at their lowest (two d20s with advantage decide together); every face of
 * those is tried together, the others at their highest. An attack no die changes hits always or never.
 */
export function oddsMisstated(
  combat: CombatRules,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  table?: TableView,
): string | null {
  const preview = previewDeclared(combat, attacker, target, declared, table)
  // (Where the attacker rolls nothing, `dice: false`, the target's save may still decide it.)
  if (!preview.ok) return null
  /** Whether the attack hits with these faces at these places, the other dice at `rest` (or their highest). */
  const hits = (faces: Map<number, number>, rest?: number): boolean | null => {
    let n = 0
    const roll: Roller = (die) => faces.get(n++) ?? Math.min(rest ?? die, die)
    const resolved = resolveDeclared(combat, attacker, target, declared, null, roll, table)
    return resolved.ok ? (resolved.value.hit ?? null) : null
  }
  const sides: number[] = []
  const top = resolveDeclared(
    combat,
    attacker,
    target,
    declared,
    null,
    (die) => {
      sides.push(die)
      return die
    },
    table,
  )
  if (!top.ok || top.value.hit === undefined) return null
  const deciding: number[] = []
  for (const [at, die] of sides.slice(0, 4).entries()) {
    for (const rest of [undefined, 1]) {
      const seen = new Set<boolean | null>()
      for (let face = 1; face <= die; face++) seen.add(hits(new Map([[at, face]]), rest))
      if (seen.has(null)) return null
      if (seen.size > 1) {
        deciding.push(at)
        break
      }
    }
  }
  if (deciding.length === 0)
    return misstated(preview.value, top.value.hit ? 1 : 0, top.value.hit ? 'whatever the dice' : 'on no dice')
  const total = deciding.reduce((n, at) => n * (sides[at] ?? 1), 1)
  if (total > MOST_FACES) return null
  let hit = 0
  for (let i = 0; i < total; i++) {
    const faces = new Map<number, number>()
    let rest = i
    for (const at of deciding) {
      const die = sides[at] ?? 1
      faces.set(at, (rest % die) + 1)
      rest = Math.floor(rest / die)
    }
    const h = hits(faces)
    if (h === null) return null
    if (h) hit++
  }
  const dice = deciding.map((at) => `d${sides[at]}`).join(' and ')
  return misstated(
    preview.value,
    hit / total,
    `on ${hit} of the ${total} faces of the ${dice} that decide it`,
  )
}

function misstated(
  preview: { chance: number; summary: string },
  counted: number,
  how: string,
): string | null {
  if (Math.abs(counted - preview.chance) < 1e-9) return null
  return `the preview says ${percent(preview.chance)} (${preview.summary}); resolving hits ${how} (${percent(counted)})`
}
