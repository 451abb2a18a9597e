/**
 * The moves a fighter declares about itself instead of an attack (MISC COMBAT RULES, movement): running,
 * a fighting withdrawal, a retreat out of melee, a spell; who is "in melee" is what the table saw two do
 * (`engaged`). Here the moves and their odds, which a screen reads; resolving them is resolve-moves.ts's.
 */

import type { AttackChoice, Fighter, Preview } from '../../engine/types.ts'
import { percent, signed } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ModifierToggle } from '../../system.ts'
import { engagedOf, find, injuryOf, isCaster, sheet } from './fighter-state.ts'
import * as odnd from './rules.ts'

export type MoveId = 'run' | 'withdraw' | 'retreat' | 'cast'

/** The moves, each declared for oneself ("self"): it takes the turn's attack. */
export const MOVES: ReadonlyArray<AttackChoice & { id: MoveId }> = [
  {
    id: 'run',
    label: 'Run · the full move, no attack this round',
    self: true,
    verb: 'Run this round',
  },
  {
    id: 'withdraw',
    label: 'Fighting withdrawal · back out at half move, +2 AC, no attack',
    self: true,
    verb: 'Withdraw this round',
  },
  {
    id: 'retreat',
    label: 'Retreat · turn and flee: d6 + DEX against each foe in melee',
    self: true,
    verb: 'Retreat',
  },
  {
    id: 'cast',
    label: 'Cast a spell · up to 10 feet of movement, no attack',
    self: true,
    verb: 'Cast the spell',
  },
]

export const isMove = (id: string): id is MoveId => MOVES.some((m) => m.id === id)

/** Situations of the table's own (not an attack modifier of the rules package), asked in one tap. */
export const TABLE_TOGGLES = {
  'passes-foes': {
    id: 'passes-foes',
    label: 'Passes other foes on the way',
    effect:
      'within 10 feet of foes who are not in melee with you: each may get a free attack in the same manner (the GM rolls their d6)',
    rule: 'Retreat: "passes within 10\' of any other opponents not in melee"',
  },
  'on-the-run': {
    id: 'on-the-run',
    label: 'Firing on the run',
    effect:
      'up to your full move this round and shoot, with no penalty to hit (not a charge); nothing else this round',
    rule: 'ELVES can "fire on the run" with arrows and javelins ... HOBBITS can likewise do this with slings',
  },
  'same-initiative': {
    id: 'same-initiative',
    label: 'Same initiative as the target',
    effect:
      'you act at once: a target killed still gets its attack this round; a caster hurt saves vs Paralysis to keep the spell (without it, one who won initiative makes it lost)',
    rule: 'ENCOUNTER ORDER 6 ("simultaneous") and spellcasters',
  },
  'through-line': {
    id: 'through-line',
    label: 'Moved through a line of foes',
    effect:
      'to reach this target: each foe passed within 10 feet may get one free attack (d6 + DEX against yours; the GM rolls theirs)',
    rule: 'Moving through a line (3): "MAY be subject to one free attack by all foes they pass"',
  },
} as const satisfies Record<string, ModifierToggle>

export type TableToggleId = keyof typeof TABLE_TOGGLES
export const isTableToggle = (id: string): id is TableToggleId => id in TABLE_TOGGLES

const standing = (f: Fighter | undefined): f is Fighter => f !== undefined && injuryOf(f) === 'fighting'

/** The foes this fighter is in melee with, as they stand at the table now. */
function opponents(f: Fighter, table: readonly Fighter[]): Fighter[] {
  return engagedOf(f)
    .map((e) => table.find((o) => o.id === e.id))
    .filter(standing)
}

/** "if their opponent is engaged with another foe in melee": someone other than `f`, still standing. */
function busyElsewhere(foe: Fighter, f: Fighter, table: readonly Fighter[]): Fighter | undefined {
  return opponents(foe, table).find((o) => o.id !== f.id)
}

/** The moves open to this fighter now: a run out of melee; a withdrawal or a retreat in it; a caster's spell. */
export function movesFor(f: Fighter): AttackChoice[] {
  const inMelee = engagedOf(f).length > 0
  const s = sheet(f)
  const caster = s.ok && isCaster(s.value)
  const open = (id: MoveId) => (id === 'cast' ? caster : id === 'run' ? !inMelee : inMelee)
  return MOVES.filter((m) => open(m.id))
}

/** The toggles a move offers: a retreat may pass other foes. */
export const moveToggles = (id: MoveId): ModifierToggle[] =>
  id === 'retreat' ? [TABLE_TOGGLES['passes-foes']] : []

export const dexOf = (f: Fighter): number => {
  const s = sheet(f)
  return s.ok ? s.value.dex : 10
}

/** Who contests a retreat, and who lets the retreater go because they are busy with another. */
export function retreatFrom(f: Fighter, table: readonly Fighter[]) {
  const foes = opponents(f, table)
  const busy = foes.flatMap((foe) => {
    const other = busyElsewhere(foe, f, table)
    return other ? [{ foe, other }] : []
  })
  const contest = foes.filter((foe) => !busy.some((b) => b.foe.id === foe.id))
  return { foes, busy, contest }
}

/** The exact chance of getting away without a single parting shot: each foe's d6 against the retreater's. */
export function cleanGetaway(
  f: Fighter,
  contest: readonly Fighter[],
  options: Partial<odnd.OdndOptions> = {},
) {
  const mine = odnd.abilityBonus(dexOf(f))
  let total = 0
  for (let m = 1; m <= 6; m++) {
    let all = 1
    for (const foe of contest) {
      const bonus = odnd.abilityBonus(dexOf(foe))
      let below = 0
      for (let d = 1; d <= 6; d++) if (!odnd.foeWins(d + bonus, m + mine, options)) below++
      all *= below / 6
    }
    total += all
  }
  // Divided once at the end, so a getaway nobody contests is exactly 1.
  return total / 6
}

/**
 * The odds of a move. A run, a withdrawal and a spell roll nothing (`dice: false`: `resolveMove` rolls for
 * none of them); only a retreat rolls, its d6 + DEX against each foe in melee.
 */
export function previewMove(f: Fighter, id: MoveId, table: readonly Fighter[] | undefined): Outcome<Preview> {
  const s = sheet(f)
  if (!s.ok) return s
  const move = s.value.move
  // A run, a withdrawal and a spell roll nothing: they happen.
  const sure = (summary: string): Outcome<Preview> => ok({ chance: 1, dice: false, summary, lines: [] })
  if (id === 'run') {
    const onTheRun = s.value.weapons.find((w) => odnd.firesOnTheRun(s.value, w))
    return sure(
      `Up to ${move}" this round (the full Turn move); no attack or other action${onTheRun ? ` (to shoot your ${onTheRun.name} as you go, attack with it "Firing on the run")` : ''}.`,
    )
  }
  if (id === 'withdraw') {
    const w = odnd.fightingWithdrawal(s.value)
    return sure(
      `Back out up to ${w.maxInches}" this round: +${w.defense} to AC against every attack, still in melee.`,
    )
  }
  if (id === 'cast') {
    if (find(f, 'spell-lost')) return fail(SPELL_LOST(f.name))
    return sure(
      'It goes off now (ENCOUNTER ORDER: spellcasters): up to 10 feet of movement, no attack this round.',
    )
  }
  if (!table) return ok({ chance: 0, summary: 'd6 + DEX against each foe in melee with you.', lines: [] })
  const { foes, busy, contest } = retreatFrom(f, table)
  if (foes.length === 0) return fail(`${f.name} is not in melee with anyone standing: just move away.`)
  const chance = cleanGetaway(f, contest)
  const rolls = contest.map((foe) => `${foe.name} (d6 ${signed(odnd.abilityBonus(dexOf(foe)))})`)
  const free = busy.map((b) => `${b.foe.name} is busy with ${b.other.name}: free to go`)
  const against =
    rolls.length > 0 ? `your d6 ${signed(odnd.abilityBonus(s.value.dex))} against ${rolls.join(', ')}` : ''
  return ok({
    chance,
    summary: [
      `Away clean ${percent(chance)}`,
      against,
      contest.length > 0 ? 'each who rolls higher gets a parting shot at +2, past your shield' : '',
      ...free,
    ]
      .filter(Boolean)
      .join('; ')
      .concat('.'),
    lines: [],
  })
}

/** Why one hit and hurt before casting casts nothing this round: a preview and a move's resolving both say it. */
export const SPELL_LOST = (name: string) =>
  `${name} was hit and hurt before casting: the spell is lost, and no other can be cast until the following round (ENCOUNTER ORDER).`
