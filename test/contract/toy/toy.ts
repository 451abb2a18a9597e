/**
 * A toy sixth rule system, the worked example of docs/adding-a-system.md: a d20 plus one's attack that
 * reaches the target's defense hits, a hit does a die of damage, 0 hit points is out, and a round goes in
 * the order of a d20 rolled by each. It is the whole of `RuleSystem`, written with the engine's pieces
 * (`orderedTurns`, `readSheet`, `d20Check`), and is registered with one line in the contract suite's list.
 */
import {
  type CombatRules,
  checkedPlan,
  d20Check,
  type Fighter,
  fail,
  NO_SURPRISE,
  type Outcome,
  ok,
  percent,
  type RuleSystem,
  readSheet,
  type SheetField,
  type SystemInfo,
  setupOf,
} from '@fray/rules'
import { orderedTurns } from '../../../packages/rules/src/engine/ordered-turns.ts'
import { choice, number, parseFields, text } from '../../../packages/rules/src/engine/sheet-fields.ts'

/** A toy fighter's sheet. */
export interface ToySheet {
  name: string
  attack: number
  defense: number
  hitPoints: number
  damage: number
}

const DIES = [4, 6, 8, 10, 12]

const FIELDS: SheetField[] = [
  text('name', 'Name', '', { maxLength: 40 }),
  number('attack', 'Attack', 2, { min: 0, max: 10 }),
  number('defense', 'Defense', 12, { min: 1, max: 30 }),
  number('hitPoints', 'Hit points', 8, { min: 1, max: 99 }),
  choice(
    'damage',
    'Damage die',
    '6',
    DIES.map((d) => ({ value: String(d), label: `d${d}` })),
  ),
]

/** Form or stored input as a sheet, defaults filled in; an error names the field. */
function parse(input: unknown): Outcome<ToySheet> {
  const read = parseFields(FIELDS, input ?? {})
  if (!read.ok) return read
  return ok({ ...read.value, damage: Number(read.value.damage) } as unknown as ToySheet)
}

const sheetRules = { fields: FIELDS, parse }
const sheetOf = (f: Fighter) => readSheet(sheetRules, f)
const STRIKE = { id: 'strike', label: 'Strike' }

/** What the plan read: both sheets. */
interface Setup {
  a: ToySheet
  t: ToySheet
}

const info: SystemInfo = {
  id: 'toy',
  name: 'Toy d20',
  blurb: 'd20 + attack against defense, a die of damage, a d20 for initiative',
  quickRoll: 'd20',
  surprise: [],
  ambush: false,
  rounds: 'order',
  statesIntent: false,
  initiativeOptions: false,
  movesAfterAttack: false,
  moments: { name: 'Initiative', high: 20, low: 1, counts: 'down' },
  secrets: { sheet: ['hitPoints'], state: [], chips: [] },
}

/** The attack, its odds and its outcome; out at 0 hit points. Nothing lasts past a round. */
const combat: CombatRules = {
  out: (f) => (f.hp <= 0 ? `${f.name} is out of the fight.` : null),
  choices: (f) => (f.hp <= 0 ? fail(`${f.name} is out of the fight.`) : ok([STRIKE])),
  toggles: () => [],
  // The declaration checked once: both sheets read, and the one attack there is.
  plan: checkedPlan((attacker, target, declared): Outcome<Setup> => {
    const [a, t] = [sheetOf(attacker), sheetOf(target)]
    if (!a.ok) return a
    if (!t.ok) return t
    if (declared.choice !== STRIKE.id) return fail('The only attack here is a strike.')
    return ok({ a: a.value, t: t.value })
  }),
  preview(plan) {
    const { a, t } = setupOf<Setup>(plan)
    const odds = d20Check({ modifier: a.attack, target: t.defense })
    return ok({
      chance: odds.probability,
      summary: `Hits on ${odds.needs ?? 'no'} or more on a d20 (${percent(odds.probability)})`,
      lines: [
        { label: 'Attack', value: a.attack },
        { label: `${plan.target.name} defense`, value: t.defense, defense: plan.target.id },
      ],
    })
  },
  defenses: () => ok([]),
  resolve(plan, _defense, roll) {
    const { attacker, target } = plan
    const shown = combat.preview(plan)
    if (!shown.ok) return shown
    const { a, t } = setupOf<Setup>(plan)
    const face = roll(20, 'to hit')
    const lines = [{ label: 'd20', value: face }, ...shown.value.lines]
    if (face + a.attack < t.defense)
      return ok({ lines, summary: `${attacker.name} misses ${target.name}.`, changes: {}, hit: false })
    const damage = roll(a.damage, `damage d${a.damage}`)
    const hp = target.hp - damage
    const down = hp <= 0 ? `: ${target.name} is out` : ''
    return ok({
      lines: [...lines, { label: 'Damage', value: damage }],
      summary: `${attacker.name} hits ${target.name} for ${damage}${down}.`,
      changes: { [target.id]: { hp } },
      hit: true,
    })
  },
  endOfRound: (_fighters, round) => ok({ lines: [], summary: `End of round ${round}.`, changes: {} }),
  status: (f) => (f.hp <= 0 ? ['Out'] : []),
  defense: (f) => {
    const s = sheetOf(f)
    return s.ok ? `Defense ${s.value.defense}` : null
  },
}

/** The round: each rolls a d20 anew, highest first; a tie acts together. */
const turn = orderedTurns({
  initiativeDice: () => ok([20]),
  scoreInitiative: (_f, [face]) =>
    face !== undefined && face >= 1 && face <= 20
      ? ok({ total: face, faces: [face], detail: `d20: ${face}` })
      : fail('Initiative is one d20.'),
  order(participants, state) {
    const at = (f: Fighter) => state.initiative[f.id]?.total ?? 0
    const numbers = [...new Set(participants.map(at))].sort((x, y) => y - x)
    return ok(
      numbers.map((n) => ({
        ids: participants.filter((f) => at(f) === n).map((f) => f.id),
        label: `Initiative ${n}`,
        at: n,
      })),
    )
  },
  rerollEachRound: () => true,
  surprise: () => ok(NO_SURPRISE),
  attacksPerTurn: () => 1,
  moments: info.moments,
})

/** The toy as the contract suite and the fight simulator take it: a `RuleSystem` value. */
export const toySystem: RuleSystem<ToySheet> = {
  id: 'toy',
  info,
  sheet: { fields: FIELDS, parse, hitPoints: (s) => s.hitPoints, hitPointsField: 'hitPoints' },
  attackModifiers: [],
  combat,
  turn,
}
