/**
 * odnd at the table: the moves a fighter declares about itself instead of an attack (MISC COMBAT RULES,
 * movement): running, a fighting withdrawal, and a retreat out of melee with its d6 + DEX contest and the
 * parting shots it gives. Who is "in melee" is what the table saw: two who attacked each other in melee
 * (`engaged` in each fighter's state), until a retreat ends it or the GM says they are apart.
 */
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine, ModifierToggle } from '../../system.ts'
import type { AttackChoice, Fighter, FighterChange, Preview, Resolution, Roller } from '../../table/types.ts'
import { percent } from '../../table/words.ts'
import {
  disengage,
  engagedOf,
  find,
  injuryOf,
  isCaster,
  type OdndState,
  sentence,
  sheet,
  stateOf,
  withCondition,
  withoutCondition,
} from './fighter-state.ts'
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
  return MOVES.filter((m) => open(m.id)).map(({ id, label, self, verb }) => ({
    id,
    label,
    ...(self ? { self } : {}),
    ...(verb ? { verb } : {}),
  }))
}

/** The toggles a move offers: a retreat may pass other foes. */
export const moveToggles = (id: MoveId): ModifierToggle[] =>
  id === 'retreat' ? [TABLE_TOGGLES['passes-foes']] : []

const dexOf = (f: Fighter): number => {
  const s = sheet(f)
  return s.ok ? s.value.dex : 10
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`)

/** Who contests a retreat, and who lets the retreater go because they are busy with another. */
function retreatFrom(f: Fighter, table: readonly Fighter[]) {
  const foes = opponents(f, table)
  const busy = foes.flatMap((foe) => {
    const other = busyElsewhere(foe, f, table)
    return other ? [{ foe, other }] : []
  })
  const contest = foes.filter((foe) => !busy.some((b) => b.foe.id === foe.id))
  return { foes, busy, contest }
}

/** Whether the foe with DEX bonus `foe` gets the parting shot when the retreater scores `mine` against its d6. */
const foeWins = (foeScore: number, mine: number, options: Partial<odnd.OdndOptions>) =>
  foeScore > mine || (foeScore === mine && odnd.withDefaults(options).retreatTie === 'parting-shot')

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
      for (let d = 1; d <= 6; d++) if (!foeWins(d + bonus, m + mine, options)) below++
      all *= below / 6
    }
    total += all
  }
  // Divided once at the end, so a getaway nobody contests is exactly 1.
  return total / 6
}

export function previewMove(f: Fighter, id: MoveId, table: readonly Fighter[] | undefined): Outcome<Preview> {
  const s = sheet(f)
  if (!s.ok) return s
  const move = s.value.move
  if (id === 'run') {
    const onTheRun = s.value.weapons.find((w) => odnd.firesOnTheRun(s.value, w))
    return ok({
      chance: 1,
      summary: `Up to ${move}" this round (the full Turn move); no attack or other action${onTheRun ? ` (to shoot your ${onTheRun.name} as you go, attack with it "Firing on the run")` : ''}.`,
      lines: [],
    })
  }
  if (id === 'withdraw') {
    const w = odnd.fightingWithdrawal(s.value)
    return ok({
      chance: 1,
      summary: `Back out up to ${w.maxInches}" this round: +${w.defense} to AC against every attack, still in melee.`,
      lines: [],
    })
  }
  if (id === 'cast') {
    const lost = find(f, 'spell-lost')
    if (lost) return fail(SPELL_LOST(f.name))
    return ok({
      chance: 1,
      summary:
        'It goes off now (ENCOUNTER ORDER: spellcasters): up to 10 feet of movement, no attack this round.',
      lines: [],
    })
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

const SPELL_LOST = (name: string) =>
  `${name} was hit and hurt before casting: the spell is lost, and no other can be cast until the following round (ENCOUNTER ORDER).`

/**
 * A spellcaster hit and hurt before acting this round: by one who won initiative the spell is lost (and no
 * other this round); by one of the same initiative, a save vs Paralysis (+ PSY) keeps it, a failure rolls a
 * d6: 1-4 lost, 5-6 miscast (the GM rules the miscast). One who already cast, or acted, is past it.
 */
export function interruptSpell(
  target: Fighter,
  state: OdndState,
  simultaneous: boolean,
  roll: Roller,
): { state: OdndState; lines: BreakdownLine[]; words: string[] } | null {
  const s = sheet(target)
  const before = stateOf(target)
  if (!s.ok || !isCaster(s.value) || before.hasAttacked || find(target, 'cast') || find(target, 'spell-lost'))
    return null
  const input = {
    initiative: simultaneous ? ('simultaneous' as const) : ('opponent-won' as const),
    damaged: true,
    saveParalysis: s.value.saveParalysis,
    psyBonus: s.value.psyBonus,
  }
  const saved = simultaneous
    ? odnd.spellInterruption({ ...input, saveD20: roll(20, 'save vs paralysis (the spell)', 'target') })
    : odnd.spellInterruption(input)
  if (!saved.ok) return null
  let result = saved.value
  if (result.fate === 'd6-needed') {
    const d6 = odnd.spellInterruption({
      ...input,
      saveD20: saved.value.breakdown[0]?.value,
      failureD6: roll(6, 'spell lost or miscast d6', 'target'),
    })
    if (!d6.ok) return null
    result = d6.value
  }
  if (result.fate === 'goes-off')
    return {
      state,
      lines: result.breakdown,
      words: [`${target.name} saves: a spell being cast still goes off`],
    }
  const lost = withCondition(state, { id: 'spell-lost', rounds: 1 })
  const words =
    result.fate === 'miscast'
      ? [
          `${target.name}'s spell, if one was being cast, is miscast: GM, rule what happens (the text gives no effect)`,
        ]
      : [
          `${target.name}'s spell, if one was being cast, is lost${result.fate === 'lost-and-no-cast-this-round' ? ', and no other can be cast until the following round' : ''}`,
        ]
  return { state: lost, lines: result.breakdown, words }
}

/** A foe's free attack on the one leaving (a parting shot), or why it cannot take it. */
export type Strike = (foe: Fighter, target: Fighter, roll: Roller) => Outcome<Resolution>

const APPLY = (f: Fighter, change: FighterChange | undefined): Fighter => ({
  ...f,
  hp: change?.hp ?? f.hp,
  state: change?.state ?? f.state,
})

/** The move's outcome: what it changes on the mover (and, for a retreat, on each foe left behind). */
export function resolveMove(
  f: Fighter,
  id: MoveId,
  toggles: readonly string[],
  roll: Roller,
  table: readonly Fighter[] | undefined,
  strike: Strike,
): Outcome<Resolution> {
  const s = sheet(f)
  if (!s.ok) return s
  const acted: OdndState = { ...stateOf(f), attacks: (stateOf(f).attacks ?? 0) + 1, hasAttacked: true }
  if (id === 'run') {
    const state = withCondition(acted, { id: 'running', rounds: 1 })
    return ok({
      lines: [],
      summary: sentence(`${f.name} runs`, [
        `up to ${s.value.move}" this round, no attack or other action (Running)`,
      ]),
      changes: { [f.id]: { state: state as Record<string, unknown> } },
    })
  }
  if (id === 'cast') {
    if (find(f, 'spell-lost')) return fail(SPELL_LOST(f.name))
    return ok({
      lines: [],
      summary: sentence(`${f.name} casts a spell`, [
        'it goes off as intended (ENCOUNTER ORDER: spellcasters); GM: its effect as the spell says (area damage from the tablet)',
      ]),
      changes: {
        [f.id]: { state: withCondition(acted, { id: 'cast', rounds: 1 }) as Record<string, unknown> },
      },
    })
  }
  if (id === 'withdraw') {
    const w = odnd.fightingWithdrawal(s.value)
    const state = withCondition(acted, { id: 'withdrawing', rounds: 1 })
    return ok({
      lines: [],
      summary: sentence(`${f.name} makes a fighting withdrawal`, [
        `backs out up to ${w.maxInches}" this round at +${w.defense} to AC (Fighting Withdrawal)`,
      ]),
      changes: { [f.id]: { state: state as Record<string, unknown> } },
    })
  }
  return retreat(f, s.value, acted, toggles, roll, table ?? [], strike)
}

function retreat(
  f: Fighter,
  s: odnd.Sheet,
  acted: OdndState,
  toggles: readonly string[],
  roll: Roller,
  table: readonly Fighter[],
  strike: Strike,
): Outcome<Resolution> {
  const { foes, busy, contest } = retreatFrom(f, table)
  if (foes.length === 0) return fail(`${f.name} is not in melee with anyone standing: just move away.`)
  const mine = roll(6, 'retreat d6')
  const lines: BreakdownLine[] = []
  const words: string[] = []
  const faces = contest.map((foe) => ({
    foe,
    d6: roll(6, `retreat d6 (${foe.name})`, 'target'),
  }))
  const me = { name: f.name, dex: s.dex, d6: mine }
  const contested = odnd.resolveRetreat(
    me,
    faces.map(({ foe, d6 }) => ({ name: foe.name, dex: dexOf(foe), d6 })),
  )
  if (!contested.ok) return contested
  lines.push(...contested.value.breakdown)
  const myScore = mine + odnd.abilityBonus(s.dex)
  const winners = faces.filter(({ foe, d6 }) => foeWins(d6 + odnd.abilityBonus(dexOf(foe)), myScore, {}))
  for (const b of busy) words.push(`${b.foe.name} is busy with ${b.other.name}: no free attack`)
  if (contest.length > 0)
    words.push(
      winners.length === 0
        ? `d6 + DEX ${myScore}: ${f.name} ducks away without a parting shot`
        : `d6 + DEX ${myScore}: ${winners.map((w) => w.foe.name).join(', ')} ${winners.length === 1 ? 'gets a parting shot' : 'get parting shots'} at +2, past the shield`,
    )
  // Each parting shot in turn, on the retreater as the last one left them.
  let me2 = f
  const foeStates = new Map<string, OdndState>(foes.map((foe) => [foe.id, stateOf(foe)]))
  for (const { foe } of winners) {
    if (injuryOf(me2) !== 'fighting') break
    const shot = strike(foe, me2, (sides, label) => roll(sides, `${foe.name}: ${label}`, 'target'))
    if (!shot.ok) {
      words.push(`${foe.name} cannot take its parting shot (${shot.error.replace(/\.$/, '')})`)
      continue
    }
    lines.push(...shot.value.lines)
    words.push(shot.value.summary.replace(/\.$/, ''))
    me2 = APPLY(me2, shot.value.changes[f.id])
    const after = shot.value.changes[foe.id]?.state as OdndState | undefined
    // A free attack: the foe's own attacks this round are as they were.
    const before = stateOf(foe)
    if (after) {
      const { attacks: _a, hasAttacked: _h, engaged: _e, ...rest } = after
      const { attacks, hasAttacked, engaged } = before
      foeStates.set(foe.id, { ...rest, ...JSON.parse(JSON.stringify({ attacks, hasAttacked, engaged })) })
    }
  }
  let state: OdndState = { ...stateOf(me2), attacks: acted.attacks, hasAttacked: true }
  state = disengage(withoutCondition(state, 'withdrawing'))
  if (injuryOf(me2) === 'fighting') {
    state = withCondition(withCondition(state, { id: 'running', rounds: 1 }), { id: 'fleeing', rounds: null })
    if (toggles.includes('passes-foes'))
      words.push(
        `GM: each foe ${f.name} passes within 10 feet who is not in melee rolls d6 + DEX against ${myScore}; each who rolls higher gets a free attack at +2, past the shield (Retreat)`,
      )
    // "roll a 2D6 to discover if they are pursued": the reaction table it reads is not in the text.
    const pursuit = roll(6, 'pursuit 2d6', 'target') + roll(6, 'pursuit 2d6', 'target')
    words.push(
      `GM: 2d6 = ${pursuit} for whether ${f.name} is pursued (a low score pursues, a high one does not: the text prints no table); a pursuer attacks at +2 each round until ${f.name} turns and re-engages`,
    )
  }
  const changes: Record<string, FighterChange> = {
    [f.id]: { ...(me2.hp !== f.hp ? { hp: me2.hp } : {}), state: state as Record<string, unknown> },
  }
  for (const foe of foes)
    changes[foe.id] = {
      state: disengage(foeStates.get(foe.id) ?? stateOf(foe), [f.id]) as Record<string, unknown>,
    }
  return ok({ lines, summary: sentence(`${f.name} retreats`, words), changes })
}
