/**
 * A fight played by a system's own rules alone, without the room: its turn model's steps and its combat's
 * outcomes, applied to plain fighters, with seeded dice. The contract suite reads it to find a running
 * fight (someone acting, a `TableView` to declare in) and to hold the turn model to always reaching
 * someone who can act. Only the public interface is called: `RuleSystem`, `CombatRules`, `TurnRules`.
 */
import {
  type Declared,
  defaultSheet,
  type Fighter,
  orderedRound,
  type Resolution,
  type Roller,
  type RuleSystem,
  resolveDeclared,
  seededDice,
  type TableView,
  type TurnAction,
  type TurnContext,
  type TurnStep,
} from '@fray/rules'
import { fighter, turnContext } from '../../packages/rules/src/systems/test-support.ts'

/** Two of the party and two monsters, each with the system's default sheet and the hit points it gives. */
export function defaultTable(system: RuleSystem): Fighter[] {
  const one = (id: string, name: string, side: 'pc' | 'foe') => {
    const sheet = defaultSheet(system.sheet, name, side)
    const parsed = system.sheet.parse(sheet)
    const hp = parsed.ok ? Math.max(1, system.sheet.hitPoints(parsed.value)) : 10
    return fighter(system, id, side, sheet, { hp })
  }
  return [
    one('mira', 'Mira', 'pc'),
    one('tomas', 'Tomas', 'pc'),
    one('ogre', 'Ogre', 'foe'),
    one('rat', 'Rat', 'foe'),
  ]
}

/** Where a walk stands: the turn, and everyone at the table as the outcomes so far left them. */
export interface Standing extends TableView {
  step: TurnStep
  fighters: Fighter[]
}

/** The fighters with an outcome's changes applied, as the room writes them (hit points, state). */
export function applied(fighters: readonly Fighter[], outcome: Resolution): Fighter[] {
  return fighters.map((f) => {
    const change = outcome.changes[f.id]
    return change ? { ...f, hp: change.hp ?? f.hp, state: change.state ?? f.state } : f
  })
}

/** A declaration as the room makes it: the choice, the toggles, and what the round says of it. */
export function declare(
  system: RuleSystem,
  view: TableView,
  attacker: Fighter,
  target: Fighter,
  choice: string,
  toggles: string[] = [],
): Declared {
  const round = system.turn.facts?.(view.turn, attacker, target) ?? []
  return { choice, toggles, ...(round.length > 0 ? { round } : {}) }
}

/** A side still has someone in the fight. */
const standing = (system: RuleSystem, fighters: readonly Fighter[], side: 'pc' | 'foe') =>
  fighters.some((f) => f.side === side && system.combat.out(f) === null)

/**
 * A fight by the system's rules, opened as it is made (with no surprise): `next` takes one step (an
 * attack where `attack` says so, else the turn's own moves) and says why it cannot where nothing moves the
 * fight on, or the turn broke the contract.
 */
export class Walk {
  readonly dice: ReturnType<typeof seededDice>
  readonly roll: Roller
  now: Standing
  /** Who has been acting this round. */
  actedThisRound = new Set<string>()
  /** Everyone as seen at the table after each step (for their chips). */
  seen: Fighter[] = []
  /** Who stood when the round began. */
  stoodAtStart: Set<string>
  attacks = 0

  constructor(
    readonly system: RuleSystem,
    seed: number,
    fighters: Fighter[] = defaultTable(system),
  ) {
    this.dice = seededDice(seed)
    this.roll = (sides) => this.dice.roll(sides)
    const started = system.turn.start(this.context(fighters), null)
    if (!started.ok) throw new Error(`${system.id}: a fight does not start: ${started.error}`)
    this.now = { step: started.value.step, turn: started.value.step.turn, fighters }
    this.stoodAtStart = this.standingIds()
    this.note()
  }

  private standingIds(): Set<string> {
    return new Set(this.now.fighters.filter((f) => this.system.combat.out(f) === null).map((f) => f.id))
  }

  context(fighters: readonly Fighter[] = this.now.fighters): TurnContext {
    return turnContext(this.system, fighters, { dice: (sides) => this.dice.roll(sides) })
  }

  /** One side is out of the fight. */
  get over(): boolean {
    const { fighters } = this.now
    return !standing(this.system, fighters, 'pc') || !standing(this.system, fighters, 'foe')
  }

  private note(): void {
    const { turn, fighters } = this.now
    for (const id of turn.status === 'running' ? (turn.acting ?? []) : []) this.actedThisRound.add(id)
    this.seen.push(...fighters)
  }

  private stepped(action: TurnAction, fighters = this.now.fighters): boolean {
    const next = this.system.turn.step(this.now.turn, action, this.context(fighters))
    if (!next.ok) return false
    this.now = { step: next.value, turn: next.value.turn, fighters }
    this.note()
    return true
  }

  /** The acting fighter's first attack that resolves on the first foe still standing, rolled and applied. */
  private attack(f: Fighter): boolean {
    const { combat } = this.system
    const view: TableView = { turn: this.now.turn, fighters: this.now.fighters }
    const target = this.now.fighters.find((t) => t.side !== f.side && combat.out(t) === null)
    const choices = combat.choices(f, view)
    if (!target || !choices.ok) return false
    for (const choice of choices.value.filter((c) => !c.self && !c.aid && !c.waits)) {
      const declared = declare(this.system, view, f, target, choice.id)
      const resolved = resolveDeclared(combat, f, target, declared, null, this.roll, view)
      if (!resolved.ok) continue
      this.attacks++
      const fighters = applied(this.now.fighters, resolved.value)
      for (const id of resolved.value.spent ?? []) this.stepped({ kind: 'spent', id }, fighters)
      if (!this.stepped({ kind: 'attacked', id: f.id }, fighters)) this.stepped({ kind: 'refresh' }, fighters)
      return true
    }
    return false
  }

  /**
   * One step: the round's end once it is over, the initiative and declarations it waits for, an attack
   * or the end of a turn of one acting, a faction's move, the GM's next. The reason it cannot move is
   * returned, or null.
   */
  next(attack: boolean): string | null {
    const { turn, fighters, step } = this.now
    const find = (id: string) => fighters.find((f) => f.id === id)
    if (step.roundOver) {
      // Everyone still standing at its end had a turn in it (none who fell, or who rose from the fallen).
      const skipped = fighters.filter(
        (f) =>
          this.system.combat.out(f) === null && !this.actedThisRound.has(f.id) && this.stoodAtStart.has(f.id),
      )
      if (skipped.length > 0)
        return `round ${turn.round} ended with no turn for ${skipped.map((f) => f.name).join(', ')}, who stand`
      const ended = this.system.combat.endOfRound(fighters, turn.round, this.roll)
      if (!ended.ok) return `the end of round ${turn.round} is refused: ${ended.error}`
      this.actedThisRound = new Set()
      this.stoodAtStart = this.standingIds()
      return this.stepped({ kind: 'new-round' }, applied(fighters, ended.value))
        ? null
        : 'a new round does not open'
    }
    for (const id of turn.acting ?? []) {
      const f = find(id)
      if (!f) return `${id} acts, and is not at the table`
      const out = this.system.combat.out(f)
      // One felled on a tie whom the text still lets act (odnd, osr, brp) acts in the slot they fell in only.
      const owed = orderedRound(turn).stillStriking?.[id] === turn.current
      if (out && !owed) return `${f.name} acts, though the rules keep them out: ${out}`
    }
    const moves: TurnAction[] = []
    for (const [id, what] of Object.entries(turn.status === 'initiative' ? (turn.waiting ?? {}) : {})) {
      const f = find(id)
      const intents = this.system.turn.intents
      if (f && what === 'intent' && intents) moves.push({ kind: 'intent', id, intent: intents.fallback(f) })
      const dice =
        f && what === 'initiative' ? this.system.turn.initiativeDice(turn, f, this.context()) : null
      if (dice?.ok)
        moves.push({ kind: 'initiative', id, faces: dice.value.map((d) => this.roll(d, 'initiative')) })
    }
    const acting = turn.status === 'running' ? (turn.acting ?? []) : []
    for (const id of acting) {
      const f = find(id)
      if (attack && f && (turn.attacksLeft?.[id] ?? 1) > 0 && this.attack(f)) return null
      moves.push({ kind: 'end-turn', id })
    }
    for (const side of ['pc', 'foe'] as const) {
      const able = fighters.filter((f) => f.side === side && this.system.combat.out(f) === null)
      moves.push(...able.map((f) => ({ kind: 'act', side, id: f.id }) as const))
    }
    moves.push({ kind: 'begin-actions' }, { kind: 'next' })
    moves.push(...(['pc', 'foe'] as const).map((side) => ({ kind: 'act', side, id: null }) as const))
    if (moves.some((m) => this.stepped(m))) return null
    return `nothing moves the fight on in round ${turn.round} (${turn.status}): nobody acts or is awaited`
  }

  /** Steps until `until` holds, the fight is over or it stops; why it stopped, or null. */
  play(options: { attack: boolean; rounds: number; until?: (s: Standing) => boolean }): string | null {
    const { rounds, until, attack } = options
    for (let steps = 0; !this.over && this.now.turn.round <= rounds; steps++) {
      if (until?.(this.now)) return null
      if (steps > 200 * rounds) return `round ${this.now.turn.round} never ends`
      const stuck = this.next(attack)
      if (stuck) return stuck
    }
    return until && !until(this.now) ? 'the fight ended before it came to that' : null
  }
}
