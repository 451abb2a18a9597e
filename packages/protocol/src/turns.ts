/**
 * Turn order at the table, driven by the rules package: who rolls initiative and with what die, and the
 * order of a round once the rolls are in. The room applies these; the app only shows the result.
 */
import { brp, fail, type Outcome, odnd, ok, osr, SYSTEMS, type SystemId, type zones } from '@fray/rules'
import { defaultSheet } from './characters.ts'

/** Everyone who acts at one moment; several ids act simultaneously. */
export interface TurnSlot {
  ids: string[]
  label: string
}

export interface InitiativeRoll {
  total: number
  faces: number[]
  detail: string
}

/** The `turn` map of the table document. */
export interface TurnState {
  status: 'idle' | 'initiative' | 'running'
  round: number
  order: TurnSlot[]
  current: number
  /** Who has ended their turn in the current slot. */
  acted: string[]
  initiative: Record<string, InitiativeRoll>
  /** Faction play (zones): the rules package's round state, when the room plays it. */
  factions?: zones.RoundState
}

export const IDLE_TURN: TurnState = {
  status: 'idle',
  round: 0,
  order: [],
  current: 0,
  acted: [],
  initiative: {},
}

export interface TurnCombatant {
  id: string
  name: string
  side: 'pc' | 'foe'
  sheet?: Record<string, unknown>
}

/** Systems whose turn flow the table runs so far. */
export const TURN_SYSTEMS: readonly SystemId[] = ['osr', 'odnd', 'brp', 'zones']

/** The two factions at the table: the players' party and the GM's foes. */
export const FACTION = { party: 'party', foes: 'foes' } as const
export const factionOf = (side: 'pc' | 'foe') => (side === 'pc' ? FACTION.party : FACTION.foes)

/** The die each combatant rolls for initiative, or null where the order needs no roll (DEX ranks). */
export function initiativeDie(system: SystemId): number | null {
  switch (system) {
    case 'osr':
    case 'odnd':
      return 6
    case 'brp':
      return null
    case 'spelljammer':
      return 10
    case 'zones':
      return null
    default:
      return exhaustive(system)
  }
}

/** The combatant's sheet as the system reads it; GM quick-adds without a sheet get the defaults. */
function sheetOf(system: SystemId, c: TurnCombatant): Outcome<unknown> {
  const parsed = SYSTEMS[system].sheet.parse({ ...defaultSheet(system, c.name), ...(c.sheet ?? {}) })
  return parsed.ok ? parsed : fail(`${c.name}: ${parsed.error}`)
}

/** Scores one initiative die for a combatant, with the breakdown for the log. */
export function scoreInitiative(system: SystemId, c: TurnCombatant, face: number): Outcome<InitiativeRoll> {
  switch (system) {
    case 'osr': {
      const sheet = sheetOf(system, c)
      if (!sheet.ok) return sheet
      const order = osr.initiativeOrder([{ id: c.id, sheet: sheet.value as osr.Sheet, roll: face }])
      if (!order.ok) return order
      const score = order.value.scores[0]
      if (!score) return fail('No initiative was scored.')
      const detail = score.lines.map((l) => `${l.label} ${l.value}`).join(' + ')
      return ok({ total: score.initiative, faces: [face], detail })
    }
    case 'odnd':
      return ok({
        total: face,
        faces: [face],
        detail: `d6 ${face} for the ${c.side === 'pc' ? 'party' : 'foes'}`,
      })
    case 'spelljammer':
    case 'brp':
    case 'zones':
      return fail('This system’s turn order does not use an initiative roll here yet.')
    default:
      return exhaustive(system)
  }
}

/** The order of a round, once everyone who rolls has rolled. */
export function buildOrder(
  system: SystemId,
  combatants: readonly TurnCombatant[],
  initiative: Readonly<Record<string, InitiativeRoll>>,
): Outcome<TurnSlot[]> {
  const missing = initiativeDie(system) === null ? [] : combatants.filter((c) => !initiative[c.id])
  if (system === 'odnd') {
    // One roll per side: whoever of a side rolled first rolled for it.
    const sideRoll = (side: 'pc' | 'foe') =>
      combatants.filter((c) => c.side === side).find((c) => initiative[c.id])?.id
    const partyRoll = sideRoll('pc')
    const foeRoll = sideRoll('foe')
    const sides = new Set(combatants.map((c) => c.side))
    if ((sides.has('pc') && !partyRoll) || (sides.has('foe') && !foeRoll)) {
      return fail(
        `Waiting for ${!partyRoll && sides.has('pc') ? 'the party' : 'the foes'} to roll initiative.`,
      )
    }
    const rollOf = (c: TurnCombatant) => initiative[(c.side === 'pc' ? partyRoll : foeRoll) as string]?.total
    const steps = odnd.initiativeOrder(
      combatants.map((c) => ({
        id: c.id,
        side: c.side === 'pc' ? ('party' as const) : ('foes' as const),
        roll: rollOf(c),
      })),
    )
    if (!steps.ok) return steps
    return ok(steps.value.map((s) => ({ ids: s.ids, label: s.why })))
  }
  if (missing.length > 0) return fail(`Waiting for initiative from ${missing.map((c) => c.name).join(', ')}.`)
  switch (system) {
    case 'osr': {
      const entries: osr.InitiativeEntry[] = []
      for (const c of combatants) {
        const sheet = sheetOf(system, c)
        if (!sheet.ok) return sheet
        entries.push({ id: c.id, sheet: sheet.value as osr.Sheet, roll: initiative[c.id]?.faces[0] ?? 0 })
      }
      const order = osr.initiativeOrder(entries)
      if (!order.ok) return order
      return ok(order.value.steps.map((s) => ({ ids: s.ids, label: `Initiative ${s.initiative}` })))
    }
    case 'brp': {
      const intents: brp.Intent[] = []
      for (const c of combatants) {
        const sheet = sheetOf(system, c)
        if (!sheet.ok) return sheet
        intents.push({ id: c.id, sheet: sheet.value as brp.Sheet })
      }
      const order = brp.actionOrder(intents, brp.DEFAULT_SETTINGS)
      if (!order.ok) return order
      return ok(order.value.slots.map((s) => ({ ids: [...s.ids], label: `DEX rank ${s.rank}` })))
    }
    case 'spelljammer':
    case 'zones':
      return fail(`Turn order for ${SYSTEMS[system].name} is not at the table yet: the GM runs it by hand.`)
    default:
      return exhaustive(system)
  }
}

function exhaustive(value: never): never {
  throw new Error(`unhandled system ${String(value)}`)
}
