/**
 * Turn order at the table, driven by the rules package: who rolls initiative and with what die, and the
 * order of a round once the rolls are in. The room applies these; the app only shows the result.
 */
import {
  brp,
  fail,
  type Outcome,
  odnd,
  ok,
  osr,
  SYSTEMS,
  type SystemId,
  spelljammer,
  unreachable,
} from '@fray/rules'
import { defaultSheet } from './characters.ts'
import type { InitiativeRoll, Intent, TurnSlot } from './turn-state.ts'

export * from './turn-state.ts'

/** The intent of a combatant who declared nothing: stays put and attacks with their first weapon. */
export function defaultIntent(sheet: brp.Sheet): Intent {
  return { metersMoved: 0, weapon: sheet.weapons[0] ?? null }
}

/** Reads an intent a client sent; null when it is not one. */
export function parseIntent(value: unknown): Intent | null {
  const v = value as { metersMoved?: unknown; weapon?: unknown } | null
  if (typeof v !== 'object' || v === null || typeof v.metersMoved !== 'number') return null
  if (v.weapon !== null && (typeof v.weapon !== 'string' || v.weapon.length > 64)) return null
  return { metersMoved: v.metersMoved, weapon: v.weapon }
}

/** Checks a declared intent against the combatant's sheet; the error says what to change. */
export function checkIntent(c: TurnCombatant, intent: Intent): Outcome<Intent> {
  const sheet = sheetOf('brp', c)
  if (!sheet.ok) return sheet
  const moved = brp.rankAfterMoving((sheet.value as brp.Sheet).dex, intent.metersMoved, brp.DEFAULT_SETTINGS)
  if (!moved.ok) return moved
  if (intent.weapon !== null) {
    const weapon = brp.weaponFor(sheet.value as brp.Sheet, intent.weapon)
    if (!weapon.ok) return weapon
  }
  return ok(intent)
}

/** brp: the combatants whose declared movement leaves them only parries and dodges this round. */
export function defendOnlyIds(
  combatants: readonly TurnCombatant[],
  intents: Readonly<Record<string, Intent>>,
): string[] {
  return combatants.filter((c) => (intents[c.id]?.metersMoved ?? 0) >= brp.MAX_MOVE_METERS).map((c) => c.id)
}

export interface TurnCombatant {
  id: string
  name: string
  side: 'pc' | 'foe'
  sheet?: Record<string, unknown>
}

/** Systems whose turn flow the table runs so far. */
export const TURN_SYSTEMS: readonly SystemId[] = ['osr', 'odnd', 'brp', 'zones', 'spelljammer']

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
      return unreachable(system)
  }
}

/** The combatant's sheet as the system reads it; GM quick-adds without a sheet get the defaults. */
export function sheetOf(system: SystemId, c: TurnCombatant): Outcome<unknown> {
  const parsed = SYSTEMS[system].sheet.parse({ ...defaultSheet(system, c.name), ...(c.sheet ?? {}) })
  return parsed.ok ? parsed : fail(`${c.name}: ${parsed.error}`)
}

/**
 * The dice a combatant rolls for initiative, in order: one d6 (osr, odnd), one die per attack (d10, d8,
 * d6, then d4: spelljammer), or none where the order needs no roll (brp DEX ranks, zones factions).
 */
export function initiativeDiceFor(system: SystemId, c: TurnCombatant): Outcome<number[]> {
  if (system !== 'spelljammer') {
    const die = initiativeDie(system)
    return ok(die === null ? [] : [die])
  }
  const sheet = sheetOf(system, c)
  if (!sheet.ok) return sheet
  const attacks = Math.max(1, (sheet.value as spelljammer.Sheet).attacksPerRound)
  return ok(spelljammer.initiativeDice(attacks))
}

/** Scores a combatant's initiative dice, with the breakdown for the log. */
export function scoreInitiative(
  system: SystemId,
  c: TurnCombatant,
  faces: readonly number[],
): Outcome<InitiativeRoll> {
  const dice = initiativeDiceFor(system, c)
  if (!dice.ok) return dice
  if (faces.length !== dice.value.length) {
    return fail(
      `Roll ${dice.value.map((d) => `a d${d}`).join(', ')} for initiative: ${dice.value.length} ${dice.value.length === 1 ? 'face' : 'faces'}, not ${faces.length}.`,
    )
  }
  const bad = faces.findIndex((f, i) => !Number.isInteger(f) || f < 1 || f > (dice.value[i] as number))
  if (bad !== -1) return fail(`A d${dice.value[bad]} shows 1 to ${dice.value[bad]}, not ${faces[bad]}.`)
  const face = faces[0] as number
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
    case 'spelljammer': {
      const sheet = sheetOf(system, c)
      if (!sheet.ok) return sheet
      const modifier = (sheet.value as spelljammer.Sheet).initiativeModifier
      const placed = spelljammer.placeAttacks([{ label: 'Initiative modifier', value: modifier }], faces)
      if (!placed.ok) return placed
      const kept = placed.value.filter((a) => !a.lost)
      const detail = placed.value
        .map(
          (a) =>
            `attack ${a.attackIndex + 1}: d${a.die} ${a.face} → segment ${a.segment}${a.lost ? ' (lost)' : ''}`,
        )
        .join('; ')
      return ok({
        total: kept[0]?.segment ?? -6,
        faces: [...faces],
        detail,
        segments: kept.map((a) => a.segment),
      })
    }
    case 'brp':
    case 'zones':
      return fail('This system orders the round without an initiative roll.')
    default:
      return unreachable(system)
  }
}

/** The odnd text's optional initiative rules, as room settings (both off by default, as in the text). */
export interface OdndTurnOptions {
  partyInitiative: 'each-player' | 'one-roll'
  rerollInitiativeEachRound: boolean
}

export const ODND_TURN_DEFAULTS: OdndTurnOptions = {
  partyInitiative: odnd.DEFAULT_OPTIONS.partyInitiative,
  rerollInitiativeEachRound: odnd.DEFAULT_OPTIONS.rerollInitiativeEachRound,
}

/** Whether this combatant still has to roll initiative (with one party roll, one player rolls for all). */
export function needsInitiative(
  system: SystemId,
  c: TurnCombatant,
  combatants: readonly TurnCombatant[],
  initiative: Readonly<Record<string, InitiativeRoll>>,
  options: OdndTurnOptions = ODND_TURN_DEFAULTS,
): boolean {
  if (initiativeDie(system) === null || initiative[c.id]) return false
  if (system !== 'odnd') return true
  // The GM rolls one d6 for the foes as a group; the party rolls one when the room plays that option.
  const group = c.side === 'foe' || options.partyInitiative === 'one-roll'
  return !(group && combatants.some((o) => o.side === c.side && initiative[o.id]))
}

/** The order of a round, once everyone who rolls has rolled. */
export function buildOrder(
  system: SystemId,
  combatants: readonly TurnCombatant[],
  initiative: Readonly<Record<string, InitiativeRoll>>,
  options: OdndTurnOptions = ODND_TURN_DEFAULTS,
  intents: Readonly<Record<string, Intent>> = {},
): Outcome<TurnSlot[]> {
  const missing = combatants.filter((c) => needsInitiative(system, c, combatants, initiative, options))
  if (system === 'odnd') {
    if (missing.length > 0)
      return fail(`Waiting for initiative from ${missing.map((c) => c.name).join(', ')}.`)
    const groupRoll = (side: 'pc' | 'foe') =>
      initiative[combatants.find((c) => c.side === side && initiative[c.id])?.id ?? '']?.total
    const steps = odnd.initiativeOrder(
      combatants.map((c) => ({
        id: c.id,
        side: c.side === 'pc' ? ('party' as const) : ('foes' as const),
        roll: initiative[c.id]?.total ?? groupRoll(c.side),
      })),
      groupRoll('pc'),
      { partyInitiative: options.partyInitiative },
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
      const declaredIntents: brp.Intent[] = []
      for (const c of combatants) {
        const sheet = sheetOf(system, c)
        if (!sheet.ok) return sheet
        const declared = intents[c.id] ?? defaultIntent(sheet.value as brp.Sheet)
        declaredIntents.push({
          id: c.id,
          sheet: sheet.value as brp.Sheet,
          metersMoved: declared.metersMoved,
          ...(declared.weapon === null ? {} : { weapon: declared.weapon }),
        })
      }
      const order = brp.actionOrder(declaredIntents, brp.DEFAULT_SETTINGS)
      if (!order.ok) return order
      // Ties on a rank are broken by weapon length, then skill (5.4): the label says which.
      return ok(
        order.value.slots.map((s) => ({
          ids: [...s.ids],
          label: `DEX rank ${s.rank}${s.tier === 'other' ? '' : ` · ${s.tier}${s.tier === 'unarmed' ? '' : ' weapon'}`}`,
        })),
      )
    }
    case 'spelljammer': {
      // The segment countdown, 10 down to -5: everyone with an attack on a segment acts on it.
      const bySegment = new Map<number, string[]>()
      for (const c of combatants) {
        for (const segment of initiative[c.id]?.segments ?? [])
          bySegment.set(segment, [...(bySegment.get(segment) ?? []), c.id])
      }
      const segments = [...bySegment.keys()].sort((a, b) => b - a)
      return ok(
        segments.map((segment) => ({
          ids: bySegment.get(segment) ?? [],
          label: `Segment ${segment} · ${phaseLabel(segment)}`,
        })),
      )
    }
    case 'zones':
      return fail('Zones alternates factions: it has no initiative order.')
    default:
      return unreachable(system)
  }
}

function phaseLabel(segment: number): string {
  const phase = spelljammer.phaseOf(segment)
  return phase === 'pre-movement'
    ? 'before movement'
    : phase === 'movement'
      ? 'during movement'
      : 'after movement'
}
