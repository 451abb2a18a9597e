/**
 * An attack at the table checked once, into a plan (`AttackPlan`): the table's own checks (whose turn it
 * is, the round's phase, what the turn still allows, an event the round waits for), then the system's
 * (`CombatRules.plan`). The room plans each request once and hands the plan to the defense prompt and the
 * roll; a phone plans once per look at the odds. Pure: the room reads the round and the table for it.
 */
import { fail, type Outcome, ok } from '../outcome.ts'
import { type TurnWords, turnWordsOf } from '../system.ts'
import { isActing, mayAttack, type TurnRules, type TurnState } from './turn.ts'
import type {
  AttackPlan,
  CombatRules,
  Declared,
  DefenseOption,
  Fighter,
  Preview,
  Resolution,
  Roller,
  TableView,
} from './types.ts'

/** What the table's checks read of a system: its words, its turn's facts, its combat. */
export interface PlanningRules {
  info: { statesIntent: boolean; turnWords?: TurnWords }
  turn: Pick<TurnRules, 'facts' | 'view'>
  combat: Pick<CombatRules, 'choices' | 'out' | 'plan' | 'preview'>
}

/** One request to attack, as the room reads it. */
export interface AttackRequest {
  attacker: Fighter
  target: Fighter
  declared: Declared
  /** The round and everyone on the table, as read for this request. */
  table: TableView
  /** The GM asks (for a monster, or for anyone): outside a fight the GM's attacks wait for no turn. */
  byGm: boolean
  /**
   * An attack of theirs waits: for its defender's answer, for a question the GM answers (`gm`), or for the
   * GM's approval of its typed dice (`approval`), which the turn counts only once applied.
   */
  awaitingAnswer: boolean | 'gm' | 'approval'
}

/** Why the round waits for an event the GM must resolve first, or null. */
export function waitingForEvents(turn: Pick<TurnState, 'due'>): string | null {
  const first = turn.due?.[0]
  return first ? `The GM resolves “${first.label}” first: the round waits for it.` : null
}

/**
 * A declared attack checked against the round as it stands and the system's rules, once: the plan, or a
 * refusal in the player's words. The system's reason comes first where it refuses every choice now (osr:
 * reloading; zones: a rider carried at full speed); a declaration about oneself (osr's parry and dodge)
 * names its declarer, and nothing else may. What the round says of the attack (osr: it lands before the
 * target's number) goes into the plan's declaration, so the outcome replays from the log.
 */
export function planAttack(rules: PlanningRules, request: AttackRequest): Outcome<AttackPlan> {
  const { attacker, target, table, byGm } = request
  const { turn } = table
  const choices = rules.combat.choices(attacker, table)
  const choice = choices.ok ? choices.value.find((c) => c.id === request.declared.choice) : undefined
  if (target.id === attacker.id && !choice?.self && !choice?.waits) {
    if (!choices.ok) return choices
    // A move about oneself the rules do not offer now (odnd's run once in melee) is theirs to refuse.
    const why = choice ? null : rules.combat.plan(attacker, target, request.declared, table)
    const refused = why?.ok ? rules.combat.preview(why.value) : why
    return refused && !refused.ok ? refused : fail('You cannot attack yourself.')
  }
  // Nobody acts before the round's order is set: while initiative is rolled, or intents are stated and
  // the moves stated made (brp's first two phases, 5.1).
  if (turn.status === 'initiative')
    return fail(
      rules.info.statesIntent && !Object.values(turn.waiting ?? {}).includes('initiative')
        ? 'Intents are being stated (the round’s first phase): attacks come in the Actions.'
        : 'Initiative is being rolled: attacks come once the round’s order is set.',
    )
  if (turn.status === 'running' && rules.turn.view?.moving?.(turn))
    return fail(
      'Everyone is still making the moves they stated (the Movement phase): attacks come in the Actions.',
    )
  const waiting = waitingForEvents(turn)
  if (waiting && turn.status === 'running') return fail(waiting)
  // Between fights, helping (brp's First Aid on the last fight's wounds, waking the knocked out) waits
  // for nobody's turn; attacking is the GM's alone there. In a running fight everyone attacks on their
  // own turn, the GM's monsters too.
  const helpingBetweenFights = turn.status === 'idle' && Boolean(choice?.aid)
  if (helpingBetweenFights) {
    const fallen = rules.combat.out(attacker)
    if (fallen) return fail(`${fallen} They cannot help anyone now.`)
  }
  if ((!byGm || turn.status === 'running') && !helpingBetweenFights) {
    const whose = byGm ? `${attacker.name}’s` : 'your'
    if (!isActing(turn, attacker.id)) return fail(`It is not ${whose} turn.`)
    if (!mayAttack(turn, attacker.id)) return fail(`${attacker.name} ${turnWordsOf(rules.info).spent}`)
  }
  if (request.awaitingAnswer)
    return fail(
      request.awaitingAnswer === 'gm'
        ? `${attacker.name}’s last action waits for the GM’s answer.`
        : request.awaitingAnswer === 'approval'
          ? `${attacker.name}’s last dice wait for the GM’s approval.`
          : `${attacker.name} is waiting for the defender to answer.`,
    )
  const facts = turn.status === 'running' ? (rules.turn.facts?.(turn, attacker, target) ?? []) : []
  const declared = facts.length > 0 ? { ...request.declared, round: facts } : request.declared
  // Holding the action (osr 17.0.1.6) involves nobody else: the system plans it without the table, and
  // the turn model moves the holder onto the target's later place.
  const planned = rules.combat.plan(attacker, target, declared, choice?.waits ? undefined : table)
  return planned.ok ? ok(choice ? { ...planned.value, choice } : planned.value) : planned
}

/** What a declaration not planned yet comes to: planned by `combat`, then handed to `then`. */
function withPlan<T>(
  combat: Pick<CombatRules, 'plan'>,
  [attacker, target, declared, table]: [Fighter, Fighter, Declared, TableView?],
  then: (plan: AttackPlan) => Outcome<T>,
): Outcome<T> {
  const plan = combat.plan(attacker, target, declared, table)
  return plan.ok ? then(plan.value) : plan
}

/** The odds of a declaration not planned yet (a screen's look, a test): planned, then previewed. */
export const previewDeclared = (
  combat: Pick<CombatRules, 'plan' | 'preview'>,
  ...request: [Fighter, Fighter, Declared, TableView?]
): Outcome<Preview> => withPlan(combat, request, (plan) => combat.preview(plan))

/** The defender's choices against a declaration not planned yet: planned, then asked. */
export const defensesDeclared = (
  combat: Pick<CombatRules, 'plan' | 'defenses'>,
  ...request: [Fighter, Fighter, Declared, TableView?]
): Outcome<DefenseOption[]> => withPlan(combat, request, (plan) => combat.defenses(plan))

/** A declaration not planned yet, planned and rolled (a test's, a replay's): the defense chosen, the dice. */
export const resolveDeclared = (
  combat: Pick<CombatRules, 'plan' | 'resolve'>,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  roll: Roller,
  table?: TableView,
): Outcome<Resolution> =>
  withPlan(combat, [attacker, target, declared, table], (plan) => combat.resolve(plan, defense, roll))

/**
 * A system's `plan` from its own check of a declaration: what the check worked out (sheets, the way,
 * modifiers) becomes the plan's setup, which the system's preview, defenses and resolve read back
 * (`setupOf`) instead of checking the declaration again.
 */
export function checkedPlan<Setup>(
  check: (attacker: Fighter, target: Fighter, declared: Declared, table?: TableView) => Outcome<Setup>,
): (attacker: Fighter, target: Fighter, declared: Declared, table?: TableView) => Outcome<AttackPlan<Setup>> {
  return (attacker, target, declared, table) => {
    const setup = check(attacker, target, declared, table)
    if (!setup.ok) return setup
    return ok(
      table
        ? { attacker, target, declared, table, setup: setup.value }
        : { attacker, target, declared, setup: setup.value },
    )
  }
}

/** What a system's own plan worked out (`checkedPlan`): a plan reaches a system only from its own `plan`. */
export const setupOf = <Setup>(plan: AttackPlan): Setup => plan.setup as Setup
