/**
 * The contract every rule system keeps, as one suite run against each (as hono runs one router suite
 * against every router): `contractSuite(system)` registers its tests. It calls only the public interface
 * (`RuleSystem`, `CombatRules`, `TurnRules`) and judges by what it can count, not by the system's own
 * odds or words: the odds shown before a roll are the share of die faces its resolution hits on,
 * enumerated (`oddsMisstated`), and a fight by its rules reaches someone who can act until a side is out.
 */
import {
  type AttackChoice,
  type Declared,
  defaultSheet,
  defensesDeclared,
  type Fighter,
  previewDeclared,
  type Roller,
  type RuleSystem,
  resolveDeclared,
  type SheetField,
  type TableView,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { runFight } from '../sim/fight.ts'
import { describeFailure } from '../sim/simulate.ts'
import { oddsMisstated } from '../support/odds-check.ts'
import { applied, declare, Walk } from './walk.ts'

/** The longest status chip a card shows whole ("Stunned (2 rounds)", "Wounded: left leg"). */
const CHIP_LENGTH = 40
/** Seeded fights each system plays through the room here (the simulator's own suite plays hundreds). */
const FIGHTS = 3
const FIRST_SEED = 51_000

const highest: Roller = (sides) => sides
const lowest: Roller = () => 1

/** One declared action of a running fight: who does it to whom, and the table it is done at. */
interface Offered {
  attacker: Fighter
  target: Fighter
  choice: AttackChoice
  declared: Declared
  view: TableView
}

/**
 * An ally as the foes' attacks leave them, by the system's own resolution on the lowest faces and the
 * highest, blow after blow: first hurt, then fallen (out of the fight). Whom an aid is meant for (brp's
 * First Aid treats a wound; waking one needs one knocked out).
 */
function beaten(system: RuleSystem, ally: Fighter, view: TableView): Fighter[] {
  const { combat } = system
  const attacks = view.fighters
    .filter((f) => f.side !== ally.side)
    .flatMap((foe) => {
      const choices = combat.choices(foe, view)
      const offered = choices.ok ? choices.value.filter((c) => !c.self && !c.aid && !c.waits) : []
      return offered.flatMap((c) => [lowest, highest].map((roll) => ({ foe, choice: c.id, roll })))
    })
  const left: Fighter[] = []
  let now = ally
  for (let blow = 0; blow < 40 && combat.out(now) === null && attacks.length > 0; blow++) {
    const { foe, choice, roll } = attacks[blow % attacks.length] as (typeof attacks)[number]
    const resolved = resolveDeclared(
      combat,
      foe,
      now,
      declare(system, view, foe, now, choice),
      null,
      roll,
      view,
    )
    const after = resolved.ok ? applied([now], resolved.value)[0] : undefined
    if (!after || after.hp >= now.hp) continue
    now = after
    if (left.length === 0 || combat.out(now) !== null) left.push(now)
  }
  return left.length > 0 ? left : [ally]
}

/**
 * A fight of the system's default sheets run by its own turn model until one of the party acts, and
 * every action their choices offer there, each on the one it is meant for: oneself (a declaration about
 * oneself), an ally hurt and then fallen (an aid), the first foe (an attack), with no toggle or with one
 * of those that apply, and what the round says of it (`TurnRules.facts`), as the room declares it.
 */
function offered(system: RuleSystem, seed = 1): Offered[] {
  const walk = new Walk(system, seed)
  const acting = (f: Fighter) =>
    walk.now.turn.status === 'running' && (walk.now.turn.acting ?? []).includes(f.id)
  const stopped = walk.play({
    attack: false,
    rounds: 3,
    until: (s) => s.fighters.some((f) => f.side === 'pc' && acting(f)),
  })
  if (stopped) throw new Error(`${system.id}: no one of the party comes to act: ${stopped}`)
  const { turn } = walk.now
  const attacker = walk.now.fighters.find((f) => f.side === 'pc' && acting(f)) as Fighter
  const other = walk.now.fighters.find((f) => f.side === 'pc' && f.id !== attacker.id)
  const allies = other ? beaten(system, other, { turn, fighters: walk.now.fighters }) : [attacker]
  const foe = walk.now.fighters.find((f) => f.side === 'foe') as Fighter
  const choices = system.combat.choices(attacker, { turn, fighters: walk.now.fighters })
  if (!choices.ok) throw new Error(`${system.id}: ${attacker.name} has no choices: ${choices.error}`)
  return choices.value.flatMap((choice) =>
    (choice.self ? [attacker] : choice.aid ? allies : [foe]).flatMap((target) => {
      const fighters = walk.now.fighters.map((f) => (f.id === target.id ? target : f))
      const view: TableView = { turn, fighters }
      const toggles = system.combat.toggles(attacker, target, choice.id).map((t) => [t.id])
      return [[], ...toggles].map((on) => ({
        attacker,
        target,
        choice,
        declared: declare(system, view, attacker, target, choice.id, on),
        view,
      }))
    }),
  )
}

const named = (o: Offered) =>
  `${o.choice.label} on ${o.target.name} (${o.target.hp} hp)${o.declared.toggles.length ? ` + ${o.declared.toggles.join(', ')}` : ''}`

/** The sheet's defaults, as a form fills them in. */
const defaultsOf = (fields: readonly SheetField[]) =>
  Object.fromEntries(fields.map((f) => [f.key, f.default]))

/** Input each top-level field refuses, with why: not a number, below its least, no option of its. */
function badInputs(field: SheetField): Array<{ value: unknown; why: string }> {
  if (field.kind === 'number')
    return [
      { value: 'lots', why: 'not a number' },
      ...(field.min !== undefined ? [{ value: field.min - 1, why: `below ${field.min}` }] : []),
    ]
  if (field.kind === 'choice') return [{ value: 'no-such-option', why: 'not one of its options' }]
  return []
}

/** Registers the contract's tests for one system. */
export function contractSuite(system: RuleSystem): void {
  const { combat, sheet } = system
  describe(`the contract of ${system.id}`, () => {
    it('parses its default sheet, and a monster’s, into positive hit points', () => {
      for (const side of ['pc', 'foe'] as const) {
        const parsed = sheet.parse(defaultSheet(sheet, 'Mira', side))
        expect(parsed.ok ? null : parsed.error, side).toBeNull()
        if (parsed.ok) expect(sheet.hitPoints(parsed.value), side).toBeGreaterThan(0)
      }
      const keys = sheet.fields.map((f) => f.key)
      expect(Object.keys(sheet.monsterDefaults ?? {}).filter((k) => !keys.includes(k))).toEqual([])
      if (sheet.hitPointsField)
        expect(sheet.fields.find((f) => f.key === sheet.hitPointsField)?.kind).toBe('number')
    })

    it('refuses bad input in a sentence naming the field', () => {
      const defaults = defaultsOf(sheet.fields)
      const cases = sheet.fields.flatMap((field) => badInputs(field).map((bad) => ({ field, ...bad })))
      expect(cases.length).toBeGreaterThan(0)
      for (const { field, value, why } of cases) {
        const parsed = sheet.parse({ ...defaults, [field.key]: value })
        const what = `${field.label} ${why} (${JSON.stringify(value)})`
        expect(parsed.ok, what).toBe(false)
        if (parsed.ok) continue
        expect(parsed.error.toLowerCase(), what).toContain(field.label.toLowerCase())
        expect(parsed.error, what).toMatch(/^\S.*[.!?]$/)
      }
    })

    it('resolves every action it offers in a running fight, as its preview accepts it', () => {
      const all = offered(system)
      const resolving = new Set<string>()
      // (A hold, `waits`, is no outcome: the room moves the turn instead, and never resolves it.)
      for (const o of all.filter((o) => !o.choice.waits)) {
        // A toggle may make it impossible (zones: a barrier blocks the attack), or be what it needs (say
        // how one hides again): then its preview refuses it, and so does resolving, on any faces.
        const preview = previewDeclared(combat, o.attacker, o.target, o.declared, o.view)
        for (const roll of [highest, lowest]) {
          const resolved = resolveDeclared(combat, o.attacker, o.target, o.declared, null, roll, o.view)
          if (!preview.ok) expect(resolved.ok, `${named(o)}, which its preview refuses`).toBe(false)
          else expect(resolved.ok ? null : resolved.error, named(o)).toBeNull()
          if (resolved.ok) resolving.add(o.choice.id)
        }
      }
      const choices = [...new Set(all.filter((o) => !o.choice.waits).map((o) => o.choice.id))]
      expect(choices.length).toBeGreaterThan(0)
      expect(
        choices.filter((id) => !resolving.has(id)),
        'choices nothing resolves',
      ).toEqual([])
    })

    it('shows odds in [0, 1] that are the share of faces its resolution hits on', () => {
      let counted = 0
      for (const o of offered(system)) {
        const preview = previewDeclared(combat, o.attacker, o.target, o.declared, o.view)
        if (!preview.ok) continue
        // Those whose resolution says whether they succeeded are counted face by face.
        const said = resolveDeclared(combat, o.attacker, o.target, o.declared, null, highest, o.view)
        if (said.ok && said.value.hit !== undefined) counted++
        expect(preview.value.chance, named(o)).toBeGreaterThanOrEqual(0)
        expect(preview.value.chance, named(o)).toBeLessThanOrEqual(1)
        expect(oddsMisstated(combat, o.attacker, o.target, o.declared, o.view), named(o)).toBeNull()
      }
      expect(counted, 'attacks whose odds are counted').toBeGreaterThan(0)
    })

    it('gives each defense a chance in [0, 1], and resolves with it', () => {
      for (const o of offered(system)) {
        const defenses = defensesDeclared(combat, o.attacker, o.target, o.declared, o.view)
        if (!defenses.ok) continue
        for (const d of defenses.value) {
          const what = `${named(o)}: ${d.label}`
          for (const p of [d.chance, d.hits].filter((x) => typeof x === 'number')) {
            expect(p, what).toBeGreaterThanOrEqual(0)
            expect(p, what).toBeLessThanOrEqual(1)
          }
          const resolved = resolveDeclared(combat, o.attacker, o.target, o.declared, d.id, highest, o.view)
          expect(resolved.ok ? null : resolved.error, what).toBeNull()
        }
      }
    })

    it('reaches only those who can act, and each one standing every round, until a side is out', () => {
      for (let seed = 1; seed <= 3; seed++) {
        const walk = new Walk(system, seed)
        expect(walk.play({ attack: true, rounds: 8 }), `seed ${seed}`).toBeNull()
        expect(walk.attacks, `seed ${seed}`).toBeGreaterThan(0)
      }
    })

    it('shows short status chips, through a fight', () => {
      const walk = new Walk(system, 4)
      walk.play({ attack: true, rounds: 8 })
      for (const f of walk.seen)
        for (const chip of combat.status(f)) {
          expect(chip.trim().length, `${f.name}: ${chip}`).toBeGreaterThan(0)
          expect(chip.length, `${f.name}: ${chip}`).toBeLessThanOrEqual(CHIP_LENGTH)
        }
    })

    it('ends a round of an empty table, changing nobody', () => {
      const ended = combat.endOfRound([], 1, highest)
      expect(ended.ok ? ended.value.changes : ended.error).toEqual({})
    })

    // Whole fights through the room: a second or two alone, more on a busy machine.
    it(`plays ${FIGHTS} seeded fights through the room, every invariant of the simulator kept`, {
      timeout: 60_000,
    }, () => {
      let attacks = 0
      for (let seed = FIRST_SEED; seed < FIRST_SEED + FIGHTS; seed++) {
        const result = runFight(system, seed)
        expect(result.ok ? null : describeFailure(result)).toBeNull()
        if (result.ok) attacks += result.attacks
      }
      expect(attacks).toBeGreaterThan(0)
    })
  })
}
