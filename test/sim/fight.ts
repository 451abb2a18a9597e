/**
 * The fight simulator: one seeded, random, legal fight of a system, played through the table room the
 * worker uses (GM and players writing requests into their documents, the GM also editing the table), with
 * the table's invariants checked after every step. A failure names the seed, the step and the invariant,
 * and the same seed plays the same fight again.
 */

import {
  type Answer,
  answerTo,
  type FiledFight,
  type FoeHealthView,
  GM,
  type GmRequest,
  type Intent,
  LOG,
  type LogEntry,
  markLasting,
  PAST,
  type PastFight,
  type PendingDefense,
  type RequestResult,
  SEAT,
  type SeatInfo,
  type SeatRequest,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import type { EventMoment, StartedBy, TimedEvent, Unaware } from '@fray/rules'
import {
  type AttackChoice,
  type Declared,
  defaultSheet,
  defaultSheetFor,
  defensesDeclared,
  diceAsked,
  type Fighter,
  isActing,
  mayAttack,
  orderedRound,
  previewDeclared,
  type RuleSystem,
  resolveDeclared,
  type SheetField,
  SYSTEMS,
  type SystemId,
  seededDice,
  turnPlace,
  zones,
} from '@fray/rules'
import * as Y from 'yjs'
import { putOnTable } from '../../app/src/models/table.ts'
import { SHORT_BOW } from '../../packages/rules/src/systems/osr/test-support.ts'
import { fighters, settingsOf } from '../../worker/src/room/fighters.ts'
import { marksOf } from '../../worker/src/room/marks.ts'
import { processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'
import { readTurn } from '../../worker/src/room/turn-doc.ts'
import { oddsMisstated } from '../support/odds-check.ts'
import { check, gmLog, type Snapshot, snapshot } from './invariants.ts'

const FOE_HEALTH: readonly FoeHealthView[] = ['exact', 'word', 'none']

export interface FightOptions {
  /** The system's rules as the room gets them; a test plants a bug here. */
  rules?: RuleSystem
  /**
   * The bug is the system's own: the invariants judge by the planted `rules` too, as they would a bug
   * nobody planted. What still catches it are the checks that do not ask the rules (the log's numbers).
   */
  inSystem?: boolean
  /** After this round the GM calls the fight (the foes flee): the simulator's budget, not a rule. */
  rounds?: number
  /** A round still going after this many steps is stuck: every round must end. */
  stepsPerRound?: number
  /** What players see of monsters, kept all fight (the GM never switches it); else by seed, switched now and then. */
  foeHealth?: FoeHealthView
  /** Sees each document the room hosts as it is made (`table`, `log`, `gm`, `seat:<id>`, `past:<n>`). */
  onDoc?: (name: string, doc: Y.Doc) => void
}

export type FightResult =
  | {
      ok: true
      system: string
      seed: number
      steps: number
      rounds: number
      attacks: number
      /** Of those, the ones that helped (brp's First Aid, waking), in the fight and after it. */
      aids: number
    }
  | {
      ok: false
      system: string
      seed: number
      step: number
      invariant: string
      message: string
      /** The last actions, oldest first. */
      trace: string[]
    }

/** One thing a person at the table does; `run` writes it, `label` says it for the trace. */
interface Action {
  label: string
  weight: number
  run(): void
  /** What the invariants need to know of it. */
  kind?: 'undo' | 'edit' | 'reveal' | 'verdict' | 'twice' | 'taps'
  /** A verdict's: whether the GM approved the typed dice. */
  approve?: boolean
  /** The GM's hit-point taps: on whom, by how much, from how many devices at once. */
  taps?: { combatantId: string; delta: number; devices: number }
  entry?: LogEntry
}

/**
 * A document with a fixed Yjs client id: ids name requests and their log entries (`requestKey`), so a seed
 * replays the same fight, words and all. Each document has one writer here, so nothing else depends on it.
 */
function docOf(clientID: number): Y.Doc {
  const doc = new Y.Doc()
  doc.clientID = clientID
  return doc
}

/** What a program value looks like where words should be ("undefined", "NaN", "[object Object]"). */
export const PROGRAM_VALUE = /undefined|NaN|\[object/

const PC_NAMES = ['Mira', 'Tomas', 'Sela']
const FOE_NAMES = ['Goblin', 'Ogre', 'Rat', 'Bandit']

/**
 * Plays one fight of a registered system (its id) or of any `RuleSystem` given as a value (the contract
 * suite's toy); never throws (a throw of the room's code is a failure too).
 */
export function runFight(
  system: SystemId | RuleSystem,
  seed: number,
  options: FightOptions = {},
): FightResult {
  const fight = new Fight(system, seed, options)
  try {
    return fight.play()
  } catch (error) {
    return fight.failed('the room never throws', (error as Error).stack ?? String(error))
  }
}

class Fight {
  /** The system's id, as its results and its trace name it. */
  readonly system: string
  /** The system's own rules, as registered or given: its sheet and its info. */
  readonly own: RuleSystem
  /** The rules the room plays by (a test may plant a bug in them). */
  readonly rules: RuleSystem
  /** The rules the invariants judge by: the system's own (the planted ones for a bug `inSystem`). */
  readonly judge: RuleSystem
  readonly choose: ReturnType<typeof seededDice>
  readonly table = docOf(1)
  readonly log = docOf(2)
  readonly gm = docOf(3)
  /** The filed fights' documents, by their place in the log's listing. */
  readonly pastDocs = new Map<number, Y.Doc>()
  readonly seatDocs = new Map<string, Y.Doc>()
  readonly seatNames = new Map<string, string>()
  readonly room: TableRoom
  readonly trace: string[] = []
  clock = 1_000_000
  ids = 0
  step = 0
  /** A monster the GM keeps hidden, and when it was revealed. */
  hidden: { id: string; fields: Record<string, unknown> } | null = null
  /**
   * When it was revealed: the round, whether a foe had rolled initiative already (odnd: it is then a group
   * of its own), and how long the log was.
   */
  revealedAt: { id: string; round: number; foesRolled?: boolean; logAt?: number } | null = null
  /** How long the log was when the hidden monster last went into the roster (0: there from the start). */
  hiddenSince = 0
  seenRevealed = false
  /** Attacks each fighter made since their turn began, as the players and GM saw them accepted. */
  turnAttacks = new Map<string, number>()
  /**
   * odnd: those killed by one acting on the same initiative, before attacking, with the turn it happened
   * in (`turnKey`): "anyone killed in that round still gets their attack for that round" (ENCOUNTER ORDER 6).
   */
  owedStrikes = new Map<string, string>()
  /** Each timed condition of a system seen on a fighter: the rounds it said it had, and rounds ended since. */
  conditionClocks = new Map<string, { rounds: number; last: number; ended: number }>()
  /** The room's answers to the requests of the step under way (a request left unanswered counts as ''). */
  stepAnswers: RequestResult[] = []
  /** Requests done whose answer does not say how far they took the table and the log (a device would take
   * the answer for done while its own table, on another connection, lacks what it did). */
  answersBehind: string[] = []
  /** An attack the toggles the round knows made impossible, found while listing this step's actions. */
  knownRefused: string | null = null
  /** An attack its rules' defenses accept that their `resolve` refuses with no defense (`defensesCheckResolve`). */
  defensesMissed: string | null = null
  /** An attack whose preview says it rolls dice (or none) where its `resolve` asks the attacker otherwise. */
  diceMisspoken: string | null = null
  /** An attack whose odds shown before the roll are not the share of faces its resolution hits on. */
  oddsMisstated: string | null = null
  /** An attack whose odds before the roll say a program value ("undefined") where words should be. */
  previewMisworded: string | null = null
  /** Dice for trying such an attack aside, apart from the fight's own choices and the room's dice. */
  readonly aside: ReturnType<typeof seededDice>
  /** What the GM said as the fight started: the side that might be caught unaware, the side that started it. */
  started: { unaware?: Unaware; startedBy?: StartedBy } | null = null
  /** Who answers a player's defense once its time is up (the table rules this fight plays by). */
  lateDefense: 'wait' | 'none' | 'book' = 'wait'
  /** Updates of the table and of the gm document so far: which of them a step's action wrote. */
  writes = { table: 0, gm: 0 }

  constructor(
    system: SystemId | RuleSystem,
    readonly seed: number,
    readonly options: FightOptions,
  ) {
    this.own = typeof system === 'string' ? SYSTEMS[system] : system
    this.system = this.own.id
    this.rules = options.rules ?? this.own
    this.judge = options.inSystem && options.rules ? options.rules : this.own
    this.choose = seededDice((seed ^ 0x5eed) >>> 0)
    this.aside = seededDice((seed ^ 0xa51de) >>> 0)
    this.table.on('update', () => this.writes.table++)
    this.gm.on('update', () => this.writes.gm++)
    for (const [name, doc] of [
      ['table', this.table],
      ['log', this.log],
      ['gm', this.gm],
    ] as const)
      options.onDoc?.(name, doc)
    this.room = new TableRoom({
      // The room reads its id only to find rules it is not given: these are always given.
      system: this.system as SystemId,
      rules: this.rules,
      docs: {
        table: this.table,
        log: this.log,
        gm: this.gm,
        seat: (id) => this.seat(id),
        past: (n) => this.past(n),
      },
      dice: seededDice(seed),
      processed: processedInMemory(),
      seatName: (id) => this.seatNames.get(id) ?? null,
      now: () => this.clock,
      newId: () => `c${++this.ids}`,
    })
  }

  seat(id: string): Y.Doc {
    let doc = this.seatDocs.get(id)
    if (!doc) {
      doc = docOf(100 + this.seatDocs.size)
      this.seatDocs.set(id, doc)
      this.options.onDoc?.(`seat:${id}`, doc)
    }
    return doc
  }

  past(n: number): Y.Doc {
    let doc = this.pastDocs.get(n)
    if (!doc) {
      doc = docOf(1000 + n)
      this.pastDocs.set(n, doc)
      this.options.onDoc?.(`past:${n}`, doc)
    }
    return doc
  }

  /** A whole number 0..n-1 from the fight's own seeded choices. */
  pick(n: number): number {
    return n <= 1 ? 0 : this.choose.roll(n) - 1
  }

  chance(p: number): boolean {
    return this.choose.roll(1000) <= p * 1000
  }

  oneOf<T>(items: readonly T[]): T | undefined {
    return items[this.pick(items.length)]
  }

  failed(invariant: string, message: string): FightResult {
    const { system, seed, step, trace } = this
    return {
      ok: false,
      system,
      seed,
      step,
      invariant,
      message,
      // TRACE=n shows the last n steps instead of 12 (a failure that builds up over a long turn).
      trace: trace.slice(-Number(process.env.TRACE ?? 12)),
    }
  }

  // --- setting up -------------------------------------------------------------------------------

  setUp(): void {
    const party = 2 + this.pick(2)
    for (let i = 0; i < party; i++) {
      const seatId = `seat-${i + 1}`
      const name = PC_NAMES[i] as string
      this.seatNames.set(seatId, name)
      this.table.getMap<SeatInfo>(TABLE.seats).set(seatId, { name, combatantId: null })
      const sheet = this.knowing(this.carrying(this.classed(defaultSheet(this.own.sheet, name))))
      this.ask(seatId, { kind: 'create-character', sheet })
    }
    const foes = 2 + this.pick(2)
    for (let i = 0; i < foes; i++) this.addFoe(`foe-${i + 1}`, `${FOE_NAMES[i % FOE_NAMES.length]} ${i + 1}`)
    // zones: mounts on either side, which riders get on and off and take their turn with ("Mounts").
    if (this.system === 'zones')
      for (const side of ['pc', 'foe'] as const)
        if (this.chance(0.4)) {
          const sheet = { ...defaultSheetFor('zones', 'Horse', side), body: 'mount', speed: 3 }
          const name = side === 'pc' ? 'Pony' : 'Warhorse'
          this.addFoe(`mount-${side}`, name, { name, side, hp: 8, maxHp: 8, sheet })
        }
    // zones: a large monster, whose melee dice it may split among the smaller party ("Effects of size").
    if (this.system === 'zones' && this.chance(0.4)) {
      const weapons = [{ name: 'Bite', damage: 'd8' }]
      const sheet = { ...defaultSheetFor('zones', 'Wyrm', 'foe'), size: 'large', weapons }
      this.addFoe('wyrm', 'Wyrm', { name: 'Wyrm', side: 'foe', hp: 16, maxHp: 16, sheet })
    }
    if (this.chance(0.5)) {
      // Kept in the GM's document (the roster's hidden ones) until revealed, so not on the table yet.
      this.hidden = { id: 'hidden', fields: this.foeFields('Bandit leader') }
      const fields = new Y.Map<unknown>()
      this.gm.transact(() => {
        this.gm.getMap<Y.Map<unknown>>(GM.hidden).set('hidden', fields)
        for (const [key, value] of Object.entries(this.hidden?.fields ?? {})) fields.set(key, value)
      })
    }
  }

  /**
   * odnd: some of the party cast spells (a magic-user; an elf with a bow, who fires on the run), some
   * carry a pike, some are hasted, so spell interruption, firing on the run, reach and haste come up (#25).
   */
  classed(sheet: Record<string, unknown>): Record<string, unknown> {
    if (this.system !== 'odnd' || this.chance(0.4)) return sheet
    // Some magically hasted, who always have initiative.
    if (this.chance(0.2)) return { ...sheet, hasted: true }
    // Some 3rd-level fighters: three attacks against normal men, first and last in the round.
    if (this.chance(0.2)) return { ...sheet, level: 3 }
    // Some hired troops fought as one (Mass Combat): a unit of ten.
    if (this.chance(0.1)) return { ...sheet, men: 10 }
    const weapons = (sheet.weapons as unknown[] | undefined) ?? []
    const roll = this.pick(3)
    if (roll === 0) return { ...sheet, class: 'magic-user' }
    if (roll === 1)
      return {
        ...sheet,
        class: 'elf',
        race: 'elf',
        weapons: [...weapons, { name: 'Bow', kind: 'bow', damage: 'd6' }],
      }
    return { ...sheet, weapons: [...weapons, { name: 'Pike', kind: 'polearm', damage: 'd8', reach: 12 }] }
  }

  /**
   * Where the sheet lists spells (spelljammer), some of the party know one, and some carry a second weapon
   * of any kind (a bow shoots into melee): each number picked within its bounds (casting times short and
   * long), each choice at random.
   */
  knowing(sheet: Record<string, unknown>): Record<string, unknown> {
    const spells = this.rules.sheet.fields.find((f) => f.key === 'spells')
    const weapons = this.rules.sheet.fields.find((f) => f.key === 'weapons')
    if (spells?.kind !== 'list') return sheet
    const anyOf = (fields: readonly SheetField[], keep: readonly string[]) =>
      Object.fromEntries(
        fields.map((f) => {
          if (keep.includes(f.key)) return [f.key, f.default]
          if (f.kind === 'number')
            return [f.key, (f.min ?? 0) + this.pick(Math.min(10, (f.max ?? 9) - (f.min ?? 0) + 1))]
          if (f.kind === 'choice') return [f.key, this.oneOf(f.options)?.value ?? f.default]
          return [f.key, f.default]
        }),
      )
    const known = this.chance(0.5) ? { spells: [anyOf(spells.of, [])] } : {}
    // A second weapon keeps the default's numbers (its SC, its damage), with a kind of its own.
    const second =
      weapons?.kind === 'list' && this.chance(0.6)
        ? {
            weapons: [
              ...((sheet.weapons as unknown[]) ?? []),
              anyOf(
                weapons.of,
                weapons.of.map((f) => f.key).filter((k) => k !== 'kind' && k !== 'rank'),
              ),
            ],
          }
        : {}
    return { ...sheet, ...known, ...second }
  }

  /**
   * osr: some of the party cast spells (17.0.13); half carry a flask of oil or of holy water beside their
   * weapon (17.0.10-17.0.11), to throw or, oil, to spill and light. zones: half the party carries a fire
   * bomb, a blast that hits a whole zone ("Blast attacks"). brp: a crossbow or a gun (5.9).
   */
  carrying(base: Record<string, unknown>): Record<string, unknown> {
    if (this.system === 'zones' && this.chance(0.5)) {
      const bomb = { name: 'Fire bomb', damage: 'd6', range: 2, blast: true, damaged: this.chance(0.3) }
      return { ...base, weapons: [...((base.weapons as unknown[]) ?? []), bomb] }
    }
    // brp: half the party shoots a crossbow, which fires and then takes a round to reload, or a gun of 6
    // shots or 20 charges, which they refill when they choose (5.9); some with a sword beside it.
    if (this.system === 'brp' && this.chance(0.5)) {
      const missile = this.oneOf(['crossbow-light', 'crossbow-heavy', 'pistol', 'rifle-laser'])
      const melee = this.chance(0.5) ? [{ weapon: 'sword-short' }] : []
      return { ...base, weapons: [...((base.weapons as unknown[]) ?? []), { weapon: missile }, ...melee] }
    }
    if (this.system !== 'osr') return base
    const caster = this.chance(0.4) ? { ...base, spellcaster: true } : base
    const sheet = this.armed(caster)
    if (this.chance(0.5)) return sheet
    const holy = this.chance(0.4)
    const flask = {
      name: holy ? 'Holy water' : 'Flask of oil',
      kind: holy ? 'holy-water' : 'grenade',
      damage: '1d8',
      shortRange: 10,
      mediumRange: 30,
      longRange: 50,
    }
    // Some shoot a weapon that fires once in several rounds (17.0.9): a light crossbow (every 2), a heavy
    // one (every 3), an engine (1/2 to 1/6).
    const kind = this.oneOf([
      { name: 'Light crossbow', kind: 'crossbow', damage: '1d6', firesEvery: 2 },
      { name: 'Heavy crossbow', kind: 'crossbow', damage: '1d8', firesEvery: 3 },
      { name: 'Ballista', kind: 'siege', damage: '1d10', firesEvery: 2 + this.pick(5) },
    ])
    const engine = { ...kind, shortRange: 100, mediumRange: 200, longRange: 300 }
    const carried = this.chance(0.3) ? [flask, engine] : [flask]
    return { ...sheet, weapons: [...((sheet.weapons as unknown[]) ?? []), ...carried] }
  }

  /**
   * osr: some carry a spear in hand, to charge with, to set against a charge (17.0.1.9) and to strike
   * first with its long reach (17.0.1.6); some a bow beside it, to shoot into a melee (17.0.12).
   */
  armed(sheet: Record<string, unknown>): Record<string, unknown> {
    const spear = {
      name: 'Spear',
      kind: 'melee-thrown',
      damage: '1d6',
      chargeable: true,
      settable: true,
      longReach: this.chance(0.5),
      shortRange: 10,
      mediumRange: 20,
      longRange: 30,
    }
    const bow = SHORT_BOW
    const weapons = (sheet.weapons as unknown[]) ?? []
    const inHand = this.chance(0.4) ? [spear, ...weapons] : weapons
    return { ...sheet, weapons: this.chance(0.3) ? [bow, ...inHand] : inHand }
  }

  foeFields(name: string): Record<string, unknown> {
    // Half from the system's sheet (its hit points), half quick-added with hit points only; in osr some
    // are undead (holy water harms them).
    const withSheet = this.chance(0.5)
    const base = defaultSheet(this.own.sheet, name, 'foe')
    const undead = this.system === 'osr' && this.chance(0.3) ? { ...base, undead: true } : base
    const sheet = this.system === 'osr' ? this.armed(undead) : undead
    const parsed = this.rules.sheet.parse(sheet)
    const hp = withSheet && parsed.ok ? this.rules.sheet.hitPoints(parsed.value) : 2 + this.pick(6)
    return { name, side: 'foe', hp, maxHp: hp, ...(withSheet ? { sheet } : {}) }
  }

  /** The GM's tablet puts a monster on the table: its hit points in the gm document while players do not see them. */
  addFoe(id: string, name: string, fields = this.foeFields(name)): void {
    putOnTable(this.table, this.gm, id, fields)
  }

  /**
   * The GM added the monsters with hit points as dice ("1d6+1"): the room rolls each one's, in its range,
   * logs it, and the fight's invariants hold (hidden health stays in the gm document).
   */
  rollHitPoints(): FightResult | null {
    const foes = fighters(this).filter((f) => f.side === 'foe')
    const before = snapshot(this)
    this.trace.push(`GM: hit points 1d6+1 for ${foes.map((f) => f.name).join(', ')}`)
    this.stepAnswers = []
    const answer = this.gmAsk({ kind: 'roll-hp', combatantIds: foes.map((f) => f.id), notation: '1d6+1' })
    if (!answer?.ok)
      return this.failed('the room rolls monsters’ hit points', answer ? answer.error : 'no answer')
    const after = snapshot(this, before)
    // The GM setting a monster's hit points, by the room's dice: an edit, checked below against its dice.
    const action: Action = { label: 'hit points rolled', weight: 1, kind: 'edit', run: () => undefined }
    const broken = check(this, before, after, action, this.stepAnswers)
    if (broken) return this.failed(broken.invariant, broken.message)
    for (const f of fighters(this).filter((f) => f.side === 'foe')) {
      if (f.hp !== f.maxHp || f.hp < 2 || f.hp > 7)
        return this.failed('rolled hit points are 1d6+1, whole', `${f.name} at ${f.hp}/${f.maxHp}`)
    }
    if (
      !this.log
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .some((e) => e.kind === 'hit-points')
    )
      return this.failed('rolled hit points are logged', 'no hit-points entry')
    return null
  }

  /**
   * The GM added the hidden monster with hit points as dice ("7d7+3", kept for it alone): the room rolls them
   * onto it in the GM's roster, and nothing of it reaches the log.
   */
  rollHiddenHitPoints(): FightResult | null {
    this.trace.push('GM: hit points 7d7+3 for the hidden Bandit leader')
    const logged = this.log.getArray<LogEntry>(LOG.entries).length
    const answer = this.gmAsk({ kind: 'roll-hp', combatantIds: ['hidden'], notation: '7d7+3' })
    if (!answer?.ok)
      return this.failed('the room rolls a hidden monster’s hit points', answer ? answer.error : 'no answer')
    const hp = Number(this.gm.getMap<Y.Map<unknown>>(GM.hidden).get('hidden')?.get('hp'))
    if (!(hp >= 10 && hp <= 52))
      return this.failed('rolled hit points are 7d7+3, whole', `the Bandit leader at ${hp}`)
    if (this.log.getArray<LogEntry>(LOG.entries).length !== logged)
      return this.failed('a hidden monster’s hit points are not logged', 'the log grew')
    return null
  }

  /**
   * Between fights, where the system heals with time (brp's week of rest): the GM rests the party, some
   * in a hospital; the outcome must hold every invariant, and heal nobody past their maximum.
   */
  restAfter(): FightResult | null {
    if (!this.rules.combat.rest) return null
    const before = snapshot(this)
    const wounded = before.fighters.filter((f) => f.hp < f.maxHp)
    const hospital = wounded.filter(() => this.chance(0.3)).map((f) => f.id)
    this.trace.push(`GM: a week of rest${hospital.length ? ` (${hospital.length} in a hospital)` : ''}`)
    this.stepAnswers = []
    const answer = this.gmAsk({ kind: 'rest', hospital })
    const after = snapshot(this, before)
    const action: Action = { label: 'a week of rest', weight: 1, run: () => undefined }
    const broken = check(this, before, after, action, this.stepAnswers)
    if (broken) return this.failed(broken.invariant, broken.message)
    // Refused only when nobody is left to heal (the hale, and the dead, who do not heal).
    if (answer && !answer.ok && !/Nobody here is wounded/.test(answer.error))
      return this.failed('a rest heals the wounded', answer.error)
    for (const f of after.fighters) {
      const was = before.fighters.find((b) => b.id === f.id)
      if (was && f.hp > Math.max(was.hp, f.maxHp))
        return this.failed('a rest heals nobody past their maximum', `${f.name} rested to ${f.hp}/${f.maxHp}`)
    }
    return null
  }

  /**
   * The GM ends the fight: what the system does after a fight (zones' durability rolls for the gear used)
   * holds every invariant, and is done once: ending it again logs and changes nothing.
   */
  endCombatAfter(): FightResult | null {
    const before = snapshot(this)
    this.trace.push('GM: end combat')
    this.stepAnswers = []
    const answer = this.gmAsk({ kind: 'end-combat' })
    const after = snapshot(this, before)
    const action: Action = { label: 'end combat', weight: 1, run: () => undefined }
    const broken = check(this, before, after, action, this.stepAnswers)
    if (broken) return this.failed(broken.invariant, broken.message)
    if (!answer?.ok) return this.failed('a fight ends', answer ? answer.error : 'no answer')
    // Undone, the fight goes on in the round it had reached; ended again, it is over.
    const undone = this.gmAsk({ kind: 'undo', entryId: answer.logId })
    const back = readTurn(this.table)
    if (!undone?.ok || back.status === 'idle' || back.round !== before.turn.round)
      return this.failed(
        'an End combat undone takes the fight on where it was',
        undone?.ok
          ? `round ${back.round} (${back.status}), not ${before.turn.round}`
          : (undone?.error ?? 'no answer'),
      )
    const again = this.gmAsk({ kind: 'end-combat' })
    if (!again?.ok) return this.failed('a fight ends', again ? again.error : 'no answer')
    const logged = JSON.stringify(this.log.getArray<LogEntry>(LOG.entries).toJSON())
    const party = JSON.stringify(fighters(this))
    this.gmAsk({ kind: 'end-combat' })
    if (
      JSON.stringify(this.log.getArray<LogEntry>(LOG.entries).toJSON()) !== logged ||
      JSON.stringify(fighters(this)) !== party
    )
      return this.failed('a fight’s end is done once', 'ending it again logged or changed something')
    return null
  }

  /** The GM's "New fight": the party stays exactly as it is, the monsters go, the log is filed whole. */
  newFightAfter(): FightResult | null {
    const party = fighters(this).filter((f) => f.side === 'pc')
    const logged = this.log.getArray<LogEntry>(LOG.entries).length
    this.trace.push('GM: new fight')
    const answer = this.gmAsk({ kind: 'new-fight' })
    if (!answer?.ok) return this.failed('a new fight starts', answer ? answer.error : 'no answer')
    const now = fighters(this)
    const changed = party.find((p) => JSON.stringify(p) !== JSON.stringify(now.find((f) => f.id === p.id)))
    if (changed || now.length !== party.length)
      return this.failed(
        'a new fight keeps the party as it is and only the party',
        `${changed?.name ?? 'a monster'} changed`,
      )
    // Whole and alone in the document its place in the log's listing names, listed by its id and how
    // many entries it had.
    const listing = this.log.getArray<FiledFight>(LOG.filed).toArray()
    const listed = listing.at(-1)
    const kept = this.past(listing.length - 1)
      .getArray<PastFight>(PAST.fights)
      .toArray()
    const filed = kept[0]
    const whole =
      kept.length === 1 &&
      filed?.entries.length === logged &&
      listed?.id === filed.id &&
      listed.entries === logged
    // The new log holds at most what the New fight ended with the last one (its conditions and events).
    const fresh = this.log.getArray<LogEntry>(LOG.entries).toArray()
    const onlyClean = fresh.every((e) => e.kind === 'end-of-fight' && e.by === 'The GM') && fresh.length <= 1
    if (!onlyClean || (logged > 0 && !whole))
      return this.failed(
        'a new fight files the whole log',
        `${logged} entries, ${filed?.entries.length ?? 0} filed, ${listed?.entries ?? 0} listed, ${fresh.length} left`,
      )
    // A new fight starts clean: no condition of the GM's that counts rounds or segments, no timed event.
    const timed = [...this.table.getMap<Y.Map<unknown>>(TABLE.combatants).values()].flatMap((c) =>
      marksOf(c).filter((m) => markLasting(m) !== null),
    )
    const events = this.gm.getMap(GM.events).size
    if (timed.length > 0 || events > 0)
      return this.failed(
        'a new fight starts clean',
        `${timed.map((m) => m.name).join(', ') || 'no condition'} and ${events} timed event(s) left`,
      )
    return null
  }

  // --- requests, as the phones and the tablet write them ---------------------------------------

  ask(seatId: string, request: Record<string, unknown>): RequestResult | undefined {
    const id = `r${++this.ids}`
    this.seat(seatId)
      .getArray<SeatRequest>(SEAT.requests)
      .push([{ id, at: this.clock, ...request } as SeatRequest])
    this.room.resolveSeat(seatId)
    return this.answered(this.answerIn(this.seat(seatId), id, String(request.kind)))
  }

  gmAsk(request: Record<string, unknown>): RequestResult | undefined {
    const id = `g${++this.ids}`
    this.gm.getArray<GmRequest>(GM.requests).push([{ id, ...request } as GmRequest])
    this.room.resolveGm()
    return this.answered(this.answerIn(this.gm, id, `GM ${String(request.kind)}`))
  }

  /** The room's answer to request `id` in `doc`; one done that does not cover its writes is kept aside. */
  private answerIn(doc: Y.Doc, id: string, what: string): RequestResult | undefined {
    const answer = doc
      .getArray<Answer>(SEAT.answers)
      .toArray()
      .findLast((a) => a.id === id)
    const reached = (of: Y.Doc, mark: [number, number] | undefined) =>
      mark?.[0] === of.clientID && mark[1] === Y.getState(of.store, of.clientID)
    if (
      answer?.result.ok &&
      !(reached(this.table, answer.after?.table) && reached(this.log, answer.after?.log))
    )
      this.answersBehind.push(`${what} ${id}: ${JSON.stringify(answer.after)}`)
    return answer?.result
  }

  seatOf(f: Fighter): string | null {
    const seatId = this.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(f.id)?.get('seatId')
    return typeof seatId === 'string' ? seatId : null
  }

  /** The request on behalf of this fighter: their player's, or the GM's for a monster. */
  /**
   * A declaration for the round, in the system's own form: mostly the weapon in hand, sometimes another
   * row (a dagger thrown, a shield bash) or another action; a distance where the form asks one (brp), and
   * one choice of each group where it has them (spelljammer: movement, weapons, half a round).
   */
  private intentFor(f: Fighter): Intent {
    const rules = this.rules.turn.intents
    const rows = rules?.weapons(f)
    const fallback = rules?.fallback(f).weapon ?? null
    const weapon = this.chance(0.7)
      ? fallback
      : (this.oneOf([...(rows?.ok ? rows.value.map((w) => w.id) : []), null]) ?? null)
    const metersMoved = rules?.meters ? (this.oneOf([0, 0, 5, 10, 30, 40]) ?? 0) : 0
    const options = (rules?.options?.(f) ?? []).flatMap((g) =>
      this.chance(0.5) ? [] : [this.oneOf(g.choices)?.id ?? ''].filter((id) => id !== ''),
    )
    return { metersMoved, weapon, ...(rules?.options && { options }) }
  }

  actFor(f: Fighter, seatRequest: Record<string, unknown>, gmRequest: Record<string, unknown>) {
    const seatId = this.seatOf(f)
    return seatId ? this.ask(seatId, seatRequest) : this.gmAsk(gmRequest)
  }

  // --- what can be done now ---------------------------------------------------------------------

  actions(turn: TurnState, all: Fighter[]): Action[] {
    // Where the turn stands as this step sees it: what a screen's move of the turn carries (`from`).
    const from = turnPlace(turn, this.rules.turn.view)
    const actions: Action[] = []
    const prompts = [...this.table.getMap<PendingDefense>(TABLE.prompts).values()]
    for (const p of prompts) {
      const target = all.find((f) => f.id === p.targetId)
      const option = this.oneOf(p.options)
      if (!target || !option) continue
      // Where the prompt takes many (osr: the allies a missed shot may hit), a few of them in some order.
      const some = p.options.filter((o) => o.chance !== null && this.chance(0.5)).map((o) => o.id)
      const choice = p.many && some.length > 0 && this.chance(0.7) ? some.join('+') : option.id
      // A question the outcome asks the GM is the GM's alone; now and then a player tries, and is refused.
      const seatId = p.question && this.chance(0.9) ? null : this.seatOf(target)
      actions.push({
        label: `${p.question ? 'GM' : target.name} answers ${choice}`,
        weight: 8,
        run: () => {
          if (seatId && this.chance(0.85)) this.ask(seatId, { kind: 'defend', promptId: p.id, choice })
          else {
            // The GM answers for a monster, or for a player whose time ran out.
            if (seatId) this.clock = Math.max(this.clock, p.gmAfter)
            this.gmAsk({ kind: 'defend', promptId: p.id, choice })
          }
        },
      })
    }
    // Nobody answers a player's defense in time: the room's alarm rings at its deadline and answers it,
    // where the table rules say so (otherwise it rings for nothing, and the prompt stays the GM's).
    const late = prompts.find((p) => {
      const target = all.find((f) => f.id === p.targetId)
      return !p.question && target !== undefined && this.seatOf(target) !== null
    })
    if (late)
      actions.push({
        label: `the time to answer ${late.id} runs out`,
        weight: 2,
        run: () => {
          this.clock = Math.max(this.clock, late.gmAfter)
          this.room.answerLate()
        },
      })
    // Where the room answers monsters' defenses, the GM takes one monster's over now and then, or gives
    // it back (the GM's own write to the gm document, as the tablet's Edit form makes it).
    const monster = this.oneOf(all.filter((f) => this.seatOf(f) === null))
    if (monster && this.table.getMap(TABLE.settings).get('foeDefense') !== undefined) {
      const byHand = this.gm.getMap<true>(GM.byHand)
      const taken = byHand.get(monster.id) === true
      actions.push({
        label: `GM ${taken ? 'gives back' : 'takes over'} ${monster.name}'s defenses`,
        weight: 1,
        run: () => {
          if (taken) byHand.delete(monster.id)
          else byHand.set(monster.id, true)
        },
      })
    }
    // While an attack waits for its defender, the table waits too (the room would refuse the rest).
    if (prompts.length > 0 && this.chance(0.9)) return actions
    if (turn.status === 'initiative') {
      for (const [id, what] of Object.entries(turn.waiting ?? {})) {
        const f = all.find((x) => x.id === id)
        if (!f) continue
        // A declaration before the dice (spelljammer's Action Declaration): now and then, before one rolls.
        const declares = what === 'initiative' && this.rules.turn.intents && !orderedRound(turn).intents?.[id]
        if (what === 'intent' || declares) {
          const intent = this.intentFor(f)
          actions.push({
            label: `${f.name} states an intent`,
            weight: what === 'intent' ? 4 : 2,
            run: () =>
              this.actFor(f, { kind: 'intent', intent }, { kind: 'intent', combatantId: f.id, intent }),
          })
        }
        if (what === 'intent') continue
        if (f.side === 'pc') {
          actions.push({
            label: `${f.name} rolls initiative`,
            weight: 4,
            run: () => {
              const seatId = this.seatOf(f)
              if (!seatId) return
              const typed = this.chance(0.3) ? { faces: [1 + this.pick(6)] } : {}
              this.ask(seatId, { kind: 'initiative', ...typed })
            },
          })
        } else
          actions.push({
            label: 'GM rolls for the foes',
            weight: 4,
            run: () => this.gmAsk({ kind: 'roll-foes' }),
          })
      }
      // One who has rolled tries to change their declaration: it stands (the room refuses).
      const rolled = this.rules.turn.intents
        ? this.oneOf(all.filter((f) => turn.initiative[f.id] && orderedRound(turn).intents?.[f.id]))
        : null
      if (rolled) {
        const intent = this.intentFor(rolled)
        actions.push({
          label: `${rolled.name} declares again after rolling`,
          weight: 0.3,
          run: () =>
            this.actFor(
              rolled,
              { kind: 'intent', intent },
              { kind: 'intent', combatantId: rolled.id, intent },
            ),
        })
      }
      if (Object.values(turn.waiting ?? {}).includes('intent'))
        actions.push(
          {
            label: 'GM begins the actions',
            weight: 1,
            run: () => this.gmAsk({ kind: 'begin-actions', from }),
          },
          this.twoDevices('begin-actions', from),
        )
      // Someone eager attacks before the round's order is set: the room refuses it.
      const eager = this.oneOf(all.filter((f) => !this.judge.combat.out(f)))
      const early = eager && this.attackFor(eager, all, turn)
      if (early) actions.push({ ...early, label: `${early.label} before the order is set`, weight: 0.2 })
    }
    if (turn.status === 'running' && orderedRound(turn).phase === 'movement')
      actions.push(
        {
          label: 'GM ends the Movement phase: the Actions begin',
          weight: 3,
          run: () => this.gmAsk({ kind: 'begin-actions', from }),
        },
        this.twoDevices('begin-actions', from),
      )
    if (turn.status === 'running') {
      for (const f of all) {
        if (mayAttack(turn, f.id)) {
          const attack = this.attackFor(f, all, turn)
          // One killed who still gets their attack (odnd, ENCOUNTER ORDER 6) mostly takes it.
          const owed = this.judge.combat.out(f) !== null
          if (attack) actions.push(owed ? { ...attack, weight: 40 } : attack)
        }
        if (isActing(turn, f.id) && this.own.info.rounds === 'order' && f.side === 'pc') {
          const seatId = this.seatOf(f)
          if (seatId)
            actions.push({
              label: `${f.name} ends the turn`,
              weight: 2,
              run: () => this.ask(seatId, { kind: 'end-turn' }),
            })
        }
      }
      if (this.own.info.rounds === 'order') {
        actions.push({
          label: 'GM: next turn',
          weight: 1,
          run: () => this.gmAsk({ kind: 'next-turn', from }),
        })
        actions.push(this.twoDevices('next-turn', from))
      } else this.factionActions(turn, all, actions)
    }
    // Between the rules: the GM undoes an outcome, edits hit points, reveals the hidden monster.
    const undoable = gmLog(this)
      .toArray()
      .filter((e) => e.changes && !e.undone && e.status !== 'pending')
    const entry = this.oneOf(undoable)
    if (entry)
      actions.push({
        label: `GM undoes ${entry.id}`,
        weight: 0.4,
        kind: 'undo',
        entry,
        run: () => this.gmAsk({ kind: 'undo', entryId: entry.id }),
      })
    // Typed dice the room holds for the GM's verdict (a third of the fights ask for it).
    const held = this.oneOf(
      gmLog(this)
        .toArray()
        .filter((e) => e.status === 'pending'),
    )
    if (held) {
      const approve = this.chance(0.7)
      actions.push({
        label: `GM ${approve ? 'approves' : 'rejects'} the dice of ${held.id}`,
        weight: 1,
        kind: 'verdict',
        entry: held,
        approve,
        run: () => this.gm.getArray(GM.approvals).push([{ entryId: held.id, approve }]),
      })
    }
    // The GM's hit points go by request: the Edit panel's value as the change from what it showed, and
    // -5 / -1 / +1 taps, now and then from two devices at once (both count).
    const edited = this.oneOf(all)
    if (edited) {
      const hp = Math.max(-3, edited.hp + (this.chance(0.5) ? -3 : 2))
      actions.push({
        label: `GM sets ${edited.name} to ${hp} hp`,
        weight: 0.3,
        run: () =>
          this.gmAsk({
            kind: 'hp',
            combatantId: edited.id,
            delta: hp - edited.hp,
            ...(hp > edited.maxHp ? { maxDelta: hp - edited.maxHp } : {}),
            edit: true,
          }),
      })
      const delta = this.oneOf([-5, -1, 1]) ?? -1
      const devices = this.chance(0.3) ? 2 : 1
      actions.push({
        label: `GM taps ${delta > 0 ? `+${delta}` : delta} on ${edited.name}${devices === 2 ? ' on two devices at once' : ''}`,
        weight: 0.3,
        kind: 'taps',
        taps: { combatantId: edited.id, delta, devices },
        run: () => {
          const ids = Array.from({ length: devices }, () => `g${++this.ids}`)
          const request = { kind: 'hp', combatantId: edited.id, delta }
          this.gm.getArray<GmRequest>(GM.requests).push(ids.map((id) => ({ id, ...request }) as GmRequest))
          this.room.resolveGm()
          // Resolved together: the last answer covers what both wrote (the first, only its own).
          const answers = this.gm.getArray<Answer>(SEAT.answers).toArray()
          for (const id of ids.slice(0, -1)) this.answered(answerTo(answers, id))
          this.answered(this.answerIn(this.gm, ids.at(-1) ?? '', 'GM hp'))
        },
      })
    }
    // Free rolls between the rules: a player's, and the GM's in the open or sealed, later revealed.
    const roller = this.oneOf(all.filter((f) => f.side === 'pc' && this.seatOf(f)))
    const seatId = roller && this.seatOf(roller)
    if (seatId)
      actions.push({
        label: `${roller.name} rolls 2d6+1 for Morale`,
        weight: 0.1,
        run: () => this.ask(seatId, { kind: 'roll', notation: '2d6+1', label: 'Morale' }),
      })
    const sealed = this.chance(0.5)
    actions.push({
      label: `GM rolls 3d6 ${sealed ? 'in secret' : 'in the open'}`,
      weight: 0.1,
      run: () => this.gmAsk({ kind: 'roll', notation: '3d6', label: 'Wandering monster', sealed }),
    })
    const secret = this.oneOf(
      this.log
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .filter((e) => e.sealed && !e.sealed.revealed),
    )
    if (secret)
      actions.push({
        label: `GM reveals ${secret.id}`,
        weight: 0.3,
        run: () => this.gmAsk({ kind: 'reveal', entryId: secret.id }),
      })
    // Area damage (or healing) on a few at once, some saving for half; one undo takes it all back.
    const caught = all.filter(() => this.chance(0.4)).slice(0, 4)
    if (caught.length > 0) {
      const heal = this.chance(0.25)
      const dice = this.chance(0.5)
      actions.push({
        label: `GM: area ${heal ? 'healing' : 'damage'} on ${caught.map((f) => f.name).join(', ')}`,
        weight: 0.1,
        run: () =>
          this.gmAsk({
            kind: 'area',
            targets: caught.map((f) => ({ id: f.id, saved: this.chance(0.4) })),
            ...(dice ? { notation: '2d6' } : { amount: 1 + this.pick(8) }),
            ...(heal ? { heal: true } : {}),
          }),
      })
    }
    // The GM's own conditions: put on for a few rounds (or until removed), taken off by hand.
    const marked = this.oneOf(all)
    if (marked) {
      const rounds = this.chance(0.3) ? null : 1 + this.pick(3)
      // On a segment clock, half of them in segments.
      const segments = this.rules.info.segmentsPerRound && this.chance(0.5) ? 1 + this.pick(12) : undefined
      actions.push({
        label: `GM: ${marked.name} is Held (${segments ? `${segments} segments` : (rounds ?? 'until removed')})`,
        weight: 0.1,
        run: () =>
          this.gmAsk({
            kind: 'mark',
            combatantId: marked.id,
            name: 'Held',
            rounds,
            ...(segments ? { segments } : {}),
          }),
      })
      const on = marksOf(this.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(marked.id))[0]
      if (on)
        actions.push({
          label: `GM takes ${on.name} off ${marked.name}`,
          weight: 0.1,
          run: () => this.gmAsk({ kind: 'unmark', combatantId: marked.id, markId: on.id }),
        })
    }
    // The rules' conditions the text leaves to the GM (osr: a Prone, a Disarmed): ended now and then.
    const stuck = all.flatMap((f) => (this.rules.combat.clearable?.(f) ?? []).map((k) => ({ f, k })))
    const ending = this.oneOf(stuck)
    if (ending)
      actions.push({
        label: `GM ends ${ending.k.label} on ${ending.f.name}`,
        weight: 0.3,
        run: () => this.gmAsk({ kind: 'clear-condition', combatantId: ending.f.id, condition: ending.k.id }),
      })
    // Timed events: a few in the turn order, at a moment of the system's own; resolved once they come up.
    const events = this.gm.getMap<TimedEvent>(GM.events)
    const moments = this.rules.turn.moments
    if (events.size < 3) {
      const at: EventMoment = this.oneOf([
        'start' as const,
        'end' as const,
        ...(moments ? [moments.low + this.pick(moments.high - moments.low + 1)] : []),
      ]) as EventMoment
      const event = { name: `Event ${events.size + 1}`, at, round: 1 + this.pick(3) }
      const flags = { every: this.chance(0.5), secret: this.chance(0.3) }
      actions.push({
        label: `GM: ${event.name} at ${at} in round ${event.round}${flags.every ? ', every round' : ''}`,
        weight: 0.05,
        run: () => this.gmAsk({ kind: 'add-event', ...event, ...flags }),
      })
    }
    const due = turn.due?.[0]
    if (due)
      actions.push({
        label: `GM resolves ${due.label}`,
        weight: 4,
        run: () => this.gmAsk({ kind: 'event-done', eventId: due.id }),
      })
    const shown = settingsOf(this.table).foeHealth
    const next = this.options.foeHealth ? undefined : this.oneOf(FOE_HEALTH.filter((v) => v !== shown))
    if (next)
      actions.push({
        label: `GM lets players see ${next === 'exact' ? 'exact hit points' : next === 'word' ? 'a word' : 'nothing'} of monsters`,
        weight: 0.05,
        kind: 'edit',
        run: () => this.table.getMap(TABLE.settings).set('foeHealth', next),
      })
    // Who is at the table, by request: the hidden monster revealed (and now and then hidden again), a
    // monster removed (undone, like every act, by the undo above).
    const hidden = this.hidden
    if (hidden && turn.status !== 'idle') {
      actions.push({
        label: 'GM reveals the Bandit leader',
        weight: 0.5,
        kind: 'reveal',
        run: () => {
          const logAt = this.log.getArray<LogEntry>(LOG.entries).length
          const answer = this.gmAsk({ kind: 'reveal-combatant', combatantId: hidden.id })
          if (!answer?.ok) return
          // Whether the foes' last d6 was rolled while it waited in the roster: it is then no part of that group.
          const isFoe = (id: string) => all.find((f) => f.id === id)?.side === 'foe'
          const lastFoeRoll = this.log
            .getArray<LogEntry>(LOG.entries)
            .toArray()
            .findLastIndex((e) => e.initiative !== undefined && isFoe(e.initiative.combatantId))
          const foesRolled =
            all.some((f) => f.side === 'foe' && turn.initiative[f.id] !== undefined) &&
            lastFoeRoll >= this.hiddenSince
          this.revealedAt = { id: hidden.id, round: turn.round, foesRolled, logAt }
          this.seenRevealed = false
          this.hidden = null
        },
      })
    }
    const shownLeader = !hidden && this.revealedAt ? all.find((f) => f.id === this.revealedAt?.id) : undefined
    if (shownLeader)
      actions.push({
        label: 'GM hides the Bandit leader again',
        weight: 0.05,
        run: () => {
          const answer = this.gmAsk({ kind: 'hide-combatant', combatantId: shownLeader.id })
          if (!answer?.ok) return
          this.hidden = { id: shownLeader.id, fields: {} }
          this.hiddenSince = this.log.getArray<LogEntry>(LOG.entries).length
          this.revealedAt = null
        },
      })
    const removed = this.oneOf(all.filter((f) => f.side === 'foe' && f.id !== this.revealedAt?.id))
    if (removed)
      actions.push({
        label: `GM removes ${removed.name}`,
        weight: 0.03,
        run: () => this.gmAsk({ kind: 'remove-combatant', combatantId: removed.id }),
      })
    return actions
  }

  /** Zones: the side to move acts with one of its characters, or passes. */
  factionActions(turn: TurnState, all: Fighter[], actions: Action[]): void {
    const f = zones.zonesRound(turn)
    if (!f) return
    const moving = f.phase === 'choosing-first' ? f.initiative : f.next
    if (!moving) return
    const side = moving === 'party' ? 'pc' : 'foe'
    const from = turnPlace(turn, this.rules.turn.view)
    const ready = all.filter((c) => c.side === side && f.characters[c.id] && !f.characters[c.id]?.spent)
    const who = this.oneOf(ready)
    if (who)
      actions.push({
        label: `${who.name} acts`,
        weight: 4,
        run: () => this.actFor(who, { kind: 'act' }, { kind: 'act', combatantId: who.id }),
      })
    // The one whose turn is under way may stop before it is all spent (the GM ends a monster's).
    for (const c of all.filter((x) => isActing(turn, x.id))) {
      const seatId = this.seatOf(c)
      actions.push({
        label: `${c.name} ends the turn`,
        weight: 2,
        run: () =>
          seatId ? this.ask(seatId, { kind: 'end-turn' }) : this.gmAsk({ kind: 'next-turn', from }),
      })
    }
    const passer = all.find((c) => c.side === side && this.seatOf(c))
    actions.push({
      label: `${side === 'pc' ? 'the party' : 'the foes'} pass`,
      weight: ready.length > 0 ? 1 : 4,
      run: () =>
        side === 'pc' && passer
          ? this.actFor(passer, { kind: 'pass', from }, {})
          : this.gmAsk({ kind: 'pass', from }),
    })
    if (side === 'foe') actions.push(this.twoDevices('pass', from))
    // Two players of the party tap We pass at once, from the same place: the party passes once.
    const seats = all.filter((c) => c.side === 'pc').flatMap((c) => this.seatOf(c) ?? [])
    if (side === 'pc' && seats.length >= 2)
      actions.push({
        label: 'two players tap We pass at once',
        weight: 0.3,
        kind: 'twice',
        run: () => {
          for (const seatId of seats.slice(0, 2)) this.ask(seatId, { kind: 'pass', from })
        },
      })
  }

  /**
   * Two of the GM's devices tap the same button of the turn at once, from the same place: the room
   * writes both requests' answers, and the invariants hold it to moving the turn on once.
   */
  twoDevices(kind: 'next-turn' | 'pass' | 'begin-actions', from: string): Action {
    return {
      label: `GM taps ${kind} on two devices at once`,
      weight: 0.3,
      kind: 'twice',
      run: () => {
        const ids = [`g${++this.ids}`, `g${++this.ids}`]
        this.gm.getArray<GmRequest>(GM.requests).push(ids.map((id) => ({ id, kind, from })))
        this.room.resolveGm()
        for (const id of ids) this.answered(this.answerIn(this.gm, id, `GM ${kind}`))
      },
    }
  }

  /**
   * A random attack: a target, one of the attacker's choices, some of its toggles (starting, as the
   * composer does, from those the round says apply), the room's dice or typed faces.
   */
  attackFor(attacker: Fighter, all: Fighter[], turn: TurnState): Action | null {
    const combat = this.rules.combat
    const view = { turn, fighters: all }
    const choices = combat.choices(attacker, view)
    // Help where it is needed (brp's First Aid on a dying ally, waking one knocked out), half the time.
    const help = this.helpFor(attacker, all)
    // Mostly the first way to attack (the weapon in hand), sometimes any other.
    const choice =
      help && this.chance(0.5)
        ? help.choice
        : choices.ok
          ? this.chance(0.6)
            ? choices.value[0]
            : this.oneOf(choices.value)
          : undefined
    // A choice that helps (brp's First Aid) goes to one's own side, the fallen included; an attack to the
    // other; a declaration about oneself (osr's parry and dodge) names its declarer.
    const others = all.filter(
      (f) => f.id !== attacker.id && (choice?.aid ? f.side === attacker.side : f.side !== attacker.side),
    )
    // Mostly one the rules take for this choice (osr: the one held, the one waited for), as a player
    // would choose; sometimes any, to be refused.
    const taken = choice
      ? others.filter((f) => previewDeclared(combat, attacker, f, { choice: choice.id, toggles: [] }).ok)
      : []
    const target = choice?.self
      ? attacker
      : choice === help?.choice
        ? help?.target
        : this.oneOf(taken.length > 0 && this.chance(0.8) ? taken : others)
    if (!choice || !target) return null
    const offered = combat.toggles(attacker, target, choice.id)
    const known = this.rules.turn.known?.(turn, attacker, target) ?? []
    // What the round knows can never make an attack the rules allow impossible.
    const plain = previewDeclared(combat, attacker, target, { choice: choice.id, toggles: [] }, view)
    const preset = known.filter((id) => offered.some((t) => t.id === id))
    const withKnown = previewDeclared(combat, attacker, target, { choice: choice.id, toggles: preset }, view)
    if (plain.ok && !withKnown.ok)
      this.knownRefused = `${attacker.name} on ${target.name} with ${preset.join(', ')}: ${withKnown.error}`
    // About one situational modifier changed an attack, as at a real table.
    const toggles = offered.filter(
      (t) => known.includes(t.id) !== this.chance(Math.min(0.3, 1 / (offered.length || 1))),
    )
    // A charge (which a spear may be set against; odnd's once a Turn, refused again in words) and a shot
    // into a melee with allies (which may stray onto one): the moments that ask the defender or the GM
    // something, chosen more often.
    const often = ['charge', 'charging', 'into-melee']
    for (const t of offered)
      if (often.includes(t.id) && !toggles.includes(t) && this.chance(0.3)) toggles.push(t)
    // A missile asks its range as a choice (osr): mostly answered, as the composer asks.
    const ranges = offered.filter((t) => /^(short|medium|long)-range$/.test(t.id))
    const range = this.oneOf(ranges)
    if (range && !toggles.some((t) => ranges.includes(t)) && this.chance(0.8)) toggles.push(range)
    const declared: Declared = { choice: choice.id, toggles: toggles.map((t) => t.id) }
    // A phone offers the attacker's own dice as the preview says, before it has loaded `resolve`.
    const plan = combat.plan(attacker, target, declared, view)
    const preview = plan.ok ? combat.preview(plan.value) : plan
    if (plan.ok && preview.ok) {
      const words = [preview.value.summary, ...preview.value.lines.flatMap((l) => [l.label, l.rule ?? ''])]
      const leak = words.find((w) => PROGRAM_VALUE.test(w))
      if (leak) this.previewMisworded = `${attacker.name} on ${target.name} with ${declared.choice}: ${leak}`
      const rolls = diceAsked(combat, plan.value, []).asked.length > 0
      if (rolls !== (preview.value.dice !== false))
        this.diceMisspoken = `${attacker.name} on ${target.name} with ${declared.choice}${declared.toggles.length ? ` + ${declared.toggles.join(', ')}` : ''}: the preview says ${rolls ? 'no dice' : 'dice'}, resolve ${rolls ? 'asks for dice' : 'asks for none'}`
    }
    let faces: number[] | undefined
    if (this.chance(0.25)) {
      faces = []
      for (let i = 0; i < 12 && plan.ok; i++) {
        const asked = diceAsked(combat, plan.value, faces)
        if (asked.complete) break
        const die = asked.asked[faces.length]
        if (!die) break
        faces.push(1 + this.pick(die.sides))
      }
    }
    if (combat.defensesCheckResolve) this.checkDefenses(attacker, target, declared, turn, all)
    // One attack in six, every face of it: enough over a run of fights, and the run stays quick.
    if (this.aside.roll(6) === 1) this.checkOdds(attacker, target, declared, turn, all)
    const typed = faces ? { faces } : {}
    return {
      label: `${attacker.name} attacks ${target.name} (${declared.choice}${declared.toggles.length ? ` + ${declared.toggles.join(', ')}` : ''}${faces ? `, own dice ${faces.join(' ')}` : ''})`,
      weight: 6,
      run: () =>
        this.actFor(
          attacker,
          { kind: 'attack', targetId: target.id, declared, ...typed },
          { kind: 'attack', attackerId: attacker.id, targetId: target.id, declared, ...typed },
        ),
    }
  }

  /**
   * Rules that say their defenses refuse all their `resolve` would with no defense chosen: the room asks
   * the defender with no dry run, so an attack with defenses must resolve so, whatever the dice show
   * (all ones, all highest, random), with what the round says of it as the room adds it.
   */
  checkDefenses(
    attacker: Fighter,
    target: Fighter,
    declared: Declared,
    turn: TurnState,
    all: Fighter[],
  ): void {
    const combat = this.rules.combat
    const view = { turn, fighters: all }
    const facts = turn.status === 'running' ? (this.rules.turn.facts?.(turn, attacker, target) ?? []) : []
    const asked = facts.length > 0 ? { ...declared, round: facts } : declared
    const defenses = defensesDeclared(combat, attacker, target, asked, view)
    if (!defenses.ok || defenses.value.length === 0) return
    const dice = [() => 1, (sides: number) => sides, (sides: number) => this.aside.roll(sides)]
    for (const face of dice) {
      const resolved = resolveDeclared(combat, attacker, target, asked, null, face, view)
      if (!resolved.ok)
        this.defensesMissed = `${attacker.name} on ${target.name} (${asked.choice}${asked.toggles.length ? ` + ${asked.toggles.join(', ')}` : ''}): ${resolved.error}`
    }
  }

  /**
   * The odds a phone shows for this attack, against the share of its first deciding die's faces that its
   * resolution hits on (with what the round says of it, as the room adds it): every face, not a sample.
   */
  checkOdds(attacker: Fighter, target: Fighter, declared: Declared, turn: TurnState, all: Fighter[]): void {
    const facts = turn.status === 'running' ? (this.rules.turn.facts?.(turn, attacker, target) ?? []) : []
    const asked = facts.length > 0 ? { ...declared, round: facts } : declared
    const misstated = oddsMisstated(this.rules.combat, attacker, target, asked, { turn, fighters: all })
    if (misstated)
      this.oddsMisstated = `${attacker.name} on ${target.name} (${describe(asked)}): ${misstated}`
  }

  /** A way this fighter could help an ally now (the rules accept it), or null: First Aid, waking. */
  helpFor(helper: Fighter, all: Fighter[]): { choice: AttackChoice; target: Fighter } | null {
    const combat = this.rules.combat
    const choices = combat.choices(helper)
    const aids = choices.ok ? choices.value.filter((c) => c.aid) : []
    const allies = all.filter((f) => f.id !== helper.id && f.side === helper.side)
    const options = aids.flatMap((choice) =>
      allies
        .filter((target) => previewDeclared(combat, helper, target, { choice: choice.id, toggles: [] }).ok)
        .map((target) => ({ choice, target })),
    )
    return this.oneOf(options) ?? null
  }

  /**
   * Between fights, the players tend their wounded where the system lets them (brp's First Aid, 5.14):
   * with no turn to wait for; every invariant holds, and helping never costs anyone hit points.
   */
  aidAfter(): FightResult | null {
    for (const helper of fighters(this).filter((f) => f.side === 'pc' && this.seatOf(f))) {
      const help = this.helpFor(helper, fighters(this))
      const seatId = this.seatOf(helper)
      if (!help || !seatId || this.chance(0.3)) continue
      // The fallen help nobody: the room refuses them, in words.
      const fallen = this.judge.combat.out(helper) !== null
      const before = snapshot(this)
      const declared = { choice: help.choice.id, toggles: [] }
      this.trace.push(`between fights: ${helper.name} ${help.choice.id} on ${help.target.name}`)
      this.stepAnswers = []
      const answer = this.ask(seatId, { kind: 'attack', targetId: help.target.id, declared })
      const after = snapshot(this, before)
      const action: Action = { label: 'help between fights', weight: 1, run: () => undefined }
      const broken = check(this, before, after, action, this.stepAnswers)
      if (broken) return this.failed(broken.invariant, broken.message)
      if (fallen ? answer?.ok !== false : !answer?.ok)
        return this.failed(
          fallen ? 'the fallen help nobody between fights' : 'between fights, helping needs no turn',
          answer?.ok === false ? answer.error : `${helper.name}: ${JSON.stringify(answer)}`,
        )
    }
    return null
  }

  // --- the fight --------------------------------------------------------------------------------

  play(): FightResult {
    if (this.seed % 3 === 0) this.table.getMap(TABLE.settings).set('physicalDice', 'approve')
    // A player's defense out of time waits for the GM, or the room answers it: none, or by the book.
    this.lateDefense = (['wait', 'none', 'book'] as const)[this.seed % 3] ?? 'wait'
    this.table.getMap(TABLE.settings).set('lateDefense', this.lateDefense)
    // Half the rooms answer monsters' defenses by the book, at once, instead of waiting for the GM; a
    // quarter give them none.
    if (this.seed % 2 === 1) this.table.getMap(TABLE.settings).set('foeDefense', 'book')
    else if (this.seed % 4 === 2) this.table.getMap(TABLE.settings).set('foeDefense', 'none')
    // zones: when damage incapacitates, asked of the GM (the default) in half the rooms, else at 0 health.
    if (Math.floor(this.seed / 2) % 2 === 1)
      this.table.getMap(TABLE.settings).set('incapacitation', 'at-zero')
    // Players see monsters' hit points exactly, as a word, or not at all (across the approval setting).
    this.table
      .getMap(TABLE.settings)
      .set(
        'foeHealth',
        this.options.foeHealth ??
          (FOE_HEALTH[Math.floor(this.seed / 3) % FOE_HEALTH.length] as FoeHealthView),
      )
    this.setUp()
    this.room.tableChanged()
    const rolled = this.chance(0.5) ? this.rollHitPoints() : null
    if (rolled) return rolled
    const hiddenRolled = this.hidden && this.chance(0.5) ? this.rollHiddenHitPoints() : null
    if (hiddenRolled) return hiddenRolled
    // Everyone starts with a way to attack: a GM's quick-added monster included (odnd's once had none).
    for (const f of fighters(this)) {
      const choices = this.judge.combat.choices(f)
      if (!choices.ok || choices.value.length === 0)
        return this.failed(
          'everyone starts able to attack',
          choices.ok ? `${f.name} has no attack` : choices.error,
        )
    }
    const info = this.own.info
    const unaware = this.chance(0.5) ? this.oneOf(info.surprise) : undefined
    const surprise = unaware ? { surprise: { unaware, ambush: info.ambush && this.chance(0.5) } } : {}
    // Where the text asks who started the fight (zones), the GM says a side a third of the time each, or
    // leaves it unclear; with an ambush, now and then the ambushers (they launched it).
    const ambushers = unaware === 'pc' ? 'foe' : 'pc'
    const startedBy = !info.asksWhoStarted
      ? undefined
      : unaware
        ? this.chance(0.5)
          ? ambushers
          : undefined
        : this.oneOf(['pc', 'foe', undefined] as const)
    this.started = { ...(unaware ? { unaware } : {}), ...(startedBy ? { startedBy } : {}) }
    this.trace.push(
      `start${unaware ? ` (${unaware} may be caught unaware)` : ''}${startedBy ? ` (started by ${startedBy})` : ''}`,
    )
    const started = this.gmAsk({ kind: 'start-combat', ...surprise, ...(startedBy ? { startedBy } : {}) })
    if (!started?.ok) return this.failed('a fight starts', started ? started.error : 'no answer')
    // Now and then a second of the GM's devices taps Start combat too: the fight has started, once.
    if (this.chance(0.2)) {
      const turn = JSON.stringify(this.table.getMap(TABLE.turn).toJSON())
      const again = this.gmAsk({ kind: 'start-combat' })
      if (again?.ok || JSON.stringify(this.table.getMap(TABLE.turn).toJSON()) !== turn)
        return this.failed('a fight starts once', 'a second Start combat started it again')
    }
    const rounds = this.options.rounds ?? 12
    const stepsPerRound = this.options.stepsPerRound ?? 250
    let roundSince = { round: -1, step: 0 }
    for (this.step = 1; ; this.step++) {
      const all = fighters(this)
      const before: Snapshot = snapshot(this)
      if (before.turn.round !== roundSince.round) roundSince = { round: before.turn.round, step: this.step }
      if (this.step - roundSince.step > stepsPerRound)
        return this.failed(
          'every fight ends',
          `round ${before.turn.round} is still going after ${stepsPerRound} steps`,
        )
      // (One killed who still gets their attack, odnd's ENCOUNTER ORDER 6, keeps the side up until it.)
      const sideDown = (side: 'pc' | 'foe') =>
        all
          .filter((f) => f.side === side)
          .every((f) => this.judge.combat.out(f) !== null && !isActing(before.turn, f.id))
      const called = before.turn.round > rounds && before.prompts.length === 0
      if (sideDown('pc') || (sideDown('foe') && !this.hidden) || called) {
        const ended = this.endCombatAfter()
        if (ended) return ended
        // Counted before the new fight files the log away.
        const attacks = this.attacks()
        const aided = this.aidAfter()
        if (aided) return aided
        const aids = this.aids()
        const rested = this.restAfter()
        if (rested) return rested
        const next = this.newFightAfter()
        if (next) return next
        return {
          ok: true,
          system: this.system,
          seed: this.seed,
          steps: this.step,
          rounds: before.turn.round,
          attacks,
          aids,
        }
      }
      const actions = this.actions(before.turn, all)
      if (this.knownRefused)
        return this.failed('what the round knows never refuses an attack', this.knownRefused)
      if (this.defensesMissed)
        return this.failed('an attack its defenses accept resolves with no defense', this.defensesMissed)
      if (this.diceMisspoken)
        return this.failed('a preview says whether the attacker rolls dice', this.diceMisspoken)
      if (this.previewMisworded)
        return this.failed('the odds before a roll are worded with no program value', this.previewMisworded)
      if (this.oddsMisstated)
        return this.failed('the odds shown are what resolving rolls, face by face', this.oddsMisstated)
      const action = this.weighted(actions)
      if (!action)
        return this.failed('every fight ends', `no action is possible in round ${before.turn.round}`)
      this.trace.push(`${this.step}: ${action.label}`)
      this.clock += 1000
      this.stepAnswers = []
      const wrote = { ...this.writes }
      action.run()
      // After the GM's own edits, the room does what the worker does on their update: each document the
      // edit wrote is followed up (the table's settles the turn; the gm document's runs its requests).
      if (action.kind === 'edit' || action.kind === 'reveal') {
        if (this.writes.table > wrote.table) this.room.tableChanged()
        if (this.writes.gm > wrote.gm) this.room.resolveGm()
      }
      if (action.kind === 'verdict') this.room.resolveGm()
      const after = snapshot(this, before)
      const broken = check(this, before, after, action, this.stepAnswers)
      if (broken) return this.failed(broken.invariant, broken.message)
    }
  }

  weighted(actions: Action[]): Action | undefined {
    const total = actions.reduce((sum, a) => sum + a.weight, 0)
    if (total <= 0) return undefined
    let x = (this.choose.roll(1_000_000) / 1_000_000) * total
    for (const a of actions) {
      x -= a.weight
      if (x <= 0) return a
    }
    return actions.at(-1)
  }

  /** Keeps the room's answer to a request of this step, for the invariants. */
  answered(result: RequestResult | undefined): RequestResult | undefined {
    this.stepAnswers.push(result ?? { ok: false, error: '' })
    return result
  }

  attacks(): number {
    return this.log
      .getArray<LogEntry>(LOG.entries)
      .toArray()
      .filter((e) => e.kind === 'attack').length
  }

  /** The logged outcomes of choices that help (the room logs them as attacks). */
  aids(): number {
    return this.log
      .getArray<LogEntry>(LOG.entries)
      .toArray()
      .filter((e) => {
        const helper = e.attack && fighters(this).find((f) => f.id === e.attack?.attackerId)
        const choices = helper ? this.judge.combat.choices(helper) : null
        return Boolean(choices?.ok && choices.value.find((c) => c.id === e.attack?.declared.choice)?.aid)
      }).length
  }

  settings() {
    return settingsOf(this.table)
  }
}

export type { Action, Fight }

/** A declared attack in the log's words: its choice and toggles. */
function describe(declared: Declared): string {
  return `${declared.choice}${declared.toggles.length ? ` + ${declared.toggles.join(', ')}` : ''}`
}
