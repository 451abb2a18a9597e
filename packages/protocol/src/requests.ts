/** Reading what clients write into their documents: anything malformed is null, and the room refuses it. */
import type { Declared, EventMoment, Intent, SurpriseSetup } from '@fray/rules'
import { type GmRequest, type HitPointChange, HP_LIMITS, type SeatRequest } from './documents.ts'

const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64
/** A filed fight's place in the log's listing (`past:<n>`). */
const isFightNumber = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < 1e9
/** A defense's answer: one option's id, or several joined by `+` where the prompt takes many. */
const isAnswer = (v: unknown): v is string =>
  typeof v === 'string' && v.split('+').length <= 40 && v.split('+').every(isId)

export function parseDeclared(value: unknown): Declared | null {
  const v = value as { choice?: unknown; toggles?: unknown } | null
  if (typeof v !== 'object' || v === null || !isId(v.choice)) return null
  if (!Array.isArray(v.toggles) || v.toggles.length > 20 || !v.toggles.every(isId)) return null
  return { choice: v.choice, toggles: [...v.toggles] }
}

/** Typed-in faces: absent (the room's dice), a short list of whole numbers, or null when malformed. */
export function parseFaces(value: unknown): number[] | undefined | null {
  if (value === undefined) return undefined
  const ok = Array.isArray(value) && value.length <= 40 && value.every((f) => Number.isInteger(f))
  return ok ? (value as number[]) : null
}

export { isId as isRequestId }

/** Reads an intent a client sent; null when it is not one. */
export function parseIntent(value: unknown): Intent | null {
  const v = value as { metersMoved?: unknown; weapon?: unknown; options?: unknown } | null
  if (typeof v !== 'object' || v === null || typeof v.metersMoved !== 'number') return null
  if (v.weapon !== null && (typeof v.weapon !== 'string' || v.weapon.length > 64)) return null
  // spelljammer's Action Declaration: the choices taken in the form's groups (the rules check them).
  if (v.options === undefined) return { metersMoved: v.metersMoved, weapon: v.weapon }
  const options = v.options
  const fine =
    Array.isArray(options) &&
    options.length <= 8 &&
    options.every((o) => typeof o === 'string' && o.length > 0 && o.length <= 64)
  return fine ? { metersMoved: v.metersMoved, weapon: v.weapon, options: options as string[] } : null
}

/** Reads a surprise setup a client sent; null when absent or not one. */
export function parseSurpriseSetup(value: unknown): SurpriseSetup | null {
  const v = value as { unaware?: unknown; ambush?: unknown } | null
  if (typeof v !== 'object' || v === null) return null
  if (v.unaware !== 'pc' && v.unaware !== 'foe' && v.unaware !== 'both') return null
  return { unaware: v.unaware, ambush: v.ambush === true }
}

/** Dice notation as a client may send it: the room's parser says whether it reads. */
const isNotation = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 60

/** A roll's optional label: undefined when absent, null when it is not one (too long, not text). */
function readLabel(value: unknown): string | undefined | null {
  if (value === undefined || value === '') return undefined
  return typeof value === 'string' && value.trim().length <= 40 ? value.trim() || undefined : null
}

/** Reads a request written by a client; null when it is not one we understand. */
export function parseRequest(value: unknown): SeatRequest | null {
  if (typeof value !== 'object' || value === null) return null
  const r = value as Record<string, unknown>
  if (typeof r.id !== 'string' || r.id.length < 1 || r.id.length > 64) return null
  const at = typeof r.at === 'number' ? r.at : 0
  if (r.kind === 'roll' && isNotation(r.notation)) {
    const label = readLabel(r.label)
    if (label === null) return null
    const request: Extract<SeatRequest, { kind: 'roll' }> = {
      id: r.id,
      kind: 'roll',
      notation: r.notation,
      at,
      ...(label ? { label } : {}),
    }
    if (r.faces !== undefined) {
      const ok =
        Array.isArray(r.faces) && r.faces.length <= 100 && r.faces.every((f) => typeof f === 'number')
      if (!ok) return null
      request.faces = r.faces as number[]
    }
    return request
  }
  if (
    r.kind === 'create-character' &&
    typeof r.sheet === 'object' &&
    r.sheet !== null &&
    !Array.isArray(r.sheet)
  ) {
    return { id: r.id, kind: 'create-character', at, sheet: r.sheet as Record<string, unknown> }
  }
  if (r.kind === 'claim' && typeof r.combatantId === 'string') {
    return { id: r.id, kind: 'claim', at, combatantId: r.combatantId }
  }
  if (r.kind === 'initiative') {
    const ok =
      r.faces === undefined || (Array.isArray(r.faces) && r.faces.every((f) => typeof f === 'number'))
    if (!ok) return null
    return {
      id: r.id,
      kind: 'initiative',
      at,
      ...(r.faces ? { faces: (r.faces as number[]).slice(0, 10) } : {}),
    }
  }
  if (r.kind === 'end-turn' || r.kind === 'act') return { id: r.id, kind: r.kind, at }
  if (r.kind === 'pass') {
    const from = placeFrom(r.from)
    if (from === null) return null
    return from === undefined ? { id: r.id, kind: 'pass', at } : { id: r.id, kind: 'pass', at, from }
  }
  const intent = parseIntent(r.intent)
  if (r.kind === 'intent' && intent) return { id: r.id, kind: 'intent', at, intent }
  const declared = parseDeclared(r.declared)
  if (r.kind === 'attack' && isId(r.targetId) && declared) {
    const faces = parseFaces(r.faces)
    if (faces === null) return null
    return { id: r.id, kind: 'attack', at, targetId: r.targetId, declared, ...(faces ? { faces } : {}) }
  }
  if (r.kind === 'defend' && isId(r.promptId) && isAnswer(r.choice))
    return { id: r.id, kind: 'defend', at, promptId: r.promptId, choice: r.choice }
  return null
}

const SIMPLE_GM_REQUESTS = ['roll-foes', 'end-combat', 'new-fight'] as const

/** Where the turn stood on the screen that asked (`turnPlace`): absent, a short string, or null when malformed. */
function placeFrom(v: unknown): string | undefined | null {
  if (v === undefined) return undefined
  return typeof v === 'string' && v.length <= 64 ? v : null
}

/** The GM's requests that move the turn on, from where the GM saw it (`from`, optional). */
const FROM_GM_REQUESTS = ['next-turn', 'pass', 'begin-actions'] as const

/** Reads a GM request written into the gm document; null when it is not one we understand. */
export function parseGmRequest(value: unknown): GmRequest | null {
  const r = value as {
    id?: unknown
    kind?: unknown
    combatantId?: unknown
    surprise?: unknown
    intent?: unknown
    declared?: unknown
    attackerId?: unknown
    targetId?: unknown
    promptId?: unknown
    choice?: unknown
    entryId?: unknown
    fight?: unknown
    faces?: unknown
    hospital?: unknown
    combatantIds?: unknown
    notation?: unknown
    label?: unknown
    sealed?: unknown
    targets?: unknown
    amount?: unknown
    heal?: unknown
    name?: unknown
    rounds?: unknown
    segments?: unknown
    markId?: unknown
    condition?: unknown
    at?: unknown
    round?: unknown
    every?: unknown
    secret?: unknown
    eventId?: unknown
    from?: unknown
    delta?: unknown
    maxDelta?: unknown
    edit?: unknown
    startedBy?: unknown
  } | null
  if (typeof r?.id !== 'string' || r.id.length > 64) return null
  const simple = SIMPLE_GM_REQUESTS.find((kind) => kind === r.kind)
  if (simple) return { id: r.id, kind: simple }
  const moves = FROM_GM_REQUESTS.find((kind) => kind === r.kind)
  if (moves) {
    const from = placeFrom(r.from)
    if (from === null) return null
    return from === undefined ? { id: r.id, kind: moves } : { id: r.id, kind: moves, from }
  }
  if (r.kind === 'start-combat') {
    const surprise = parseSurpriseSetup(r.surprise)
    // Who started the fight is one side or the other; absent, unclear. Anything else is not understood.
    const { startedBy } = r
    if (startedBy !== undefined && startedBy !== 'pc' && startedBy !== 'foe') return null
    return {
      id: r.id,
      kind: 'start-combat',
      ...(surprise ? { surprise } : {}),
      ...(startedBy ? { startedBy } : {}),
    }
  }
  if (r.kind === 'act' && typeof r.combatantId === 'string')
    return { id: r.id, kind: 'act', combatantId: r.combatantId }
  const intent = parseIntent(r.intent)
  if (r.kind === 'intent' && typeof r.combatantId === 'string' && intent)
    return { id: r.id, kind: 'intent', combatantId: r.combatantId, intent }
  const declared = parseDeclared(r.declared)
  if (r.kind === 'attack' && isId(r.attackerId) && isId(r.targetId) && declared) {
    const faces = parseFaces(r.faces)
    if (faces === null) return null
    const { attackerId, targetId } = r
    return { id: r.id, kind: 'attack', attackerId, targetId, declared, ...(faces ? { faces } : {}) }
  }
  if (r.kind === 'defend' && isId(r.promptId) && isAnswer(r.choice))
    return { id: r.id, kind: 'defend', promptId: r.promptId, choice: r.choice }
  if (r.kind === 'undo' && isId(r.entryId)) return { id: r.id, kind: 'undo', entryId: r.entryId }
  if (r.kind === 'reveal' && isId(r.entryId) && (r.fight === undefined || isFightNumber(r.fight)))
    return {
      id: r.id,
      kind: 'reveal',
      entryId: r.entryId,
      ...(r.fight === undefined ? {} : { fight: r.fight }),
    }
  if (r.kind === 'area') return parseArea(r.id, r)
  if (r.kind === 'mark' && isId(r.combatantId)) {
    const name = typeof r.name === 'string' ? r.name.trim() : ''
    const rounds = r.rounds === null ? null : Number.isInteger(r.rounds) ? (r.rounds as number) : undefined
    const segments =
      r.segments === undefined ? undefined : Number.isInteger(r.segments) ? (r.segments as number) : 0
    if (
      name.length < 1 ||
      name.length > 30 ||
      rounds === undefined ||
      (rounds !== null && (rounds < 1 || rounds > 100)) ||
      (segments !== undefined && (segments < 1 || segments > 1000))
    )
      return null
    return {
      id: r.id,
      kind: 'mark',
      combatantId: r.combatantId,
      name,
      rounds: segments === undefined ? rounds : null,
      ...(segments === undefined ? {} : { segments }),
    }
  }
  if (r.kind === 'add-event') {
    const name = typeof r.name === 'string' ? r.name.trim() : ''
    const at = r.at === 'start' || r.at === 'end' || Number.isInteger(r.at) ? (r.at as EventMoment) : null
    const round = Number.isInteger(r.round) ? (r.round as number) : 0
    if (name.length < 1 || name.length > 40 || at === null || round < 1 || round > 1000) return null
    const [every, secret] = [r.every === true, r.secret === true]
    return { id: r.id, kind: 'add-event', name, at, round, every, secret }
  }
  if ((r.kind === 'remove-event' || r.kind === 'event-done') && isId(r.eventId))
    return { id: r.id, kind: r.kind, eventId: r.eventId }
  if (r.kind === 'clear-condition' && isId(r.combatantId) && isId(r.condition))
    return { id: r.id, kind: 'clear-condition', combatantId: r.combatantId, condition: r.condition }
  if (r.kind === 'unmark' && isId(r.combatantId) && isId(r.markId))
    return { id: r.id, kind: 'unmark', combatantId: r.combatantId, markId: r.markId }
  if (r.kind === 'rest') {
    const hospital = r.hospital ?? []
    if (!Array.isArray(hospital) || hospital.length > 100 || !hospital.every(isId)) return null
    return { id: r.id, kind: 'rest', hospital }
  }
  if (r.kind === 'roll' && isNotation(r.notation)) {
    const label = readLabel(r.label)
    if (label === null) return null
    return {
      id: r.id,
      kind: 'roll',
      notation: r.notation,
      ...(label ? { label } : {}),
      ...(r.sealed === true ? { sealed: true } : {}),
    }
  }
  if (r.kind === 'hp' && isId(r.combatantId)) {
    const change = parseHitPointChange(r.delta, r.maxDelta, r.edit)
    return change ? { id: r.id, kind: 'hp', combatantId: r.combatantId, ...change } : null
  }
  if (
    (r.kind === 'remove-combatant' || r.kind === 'reveal-combatant' || r.kind === 'hide-combatant') &&
    isId(r.combatantId)
  )
    return { id: r.id, kind: r.kind, combatantId: r.combatantId }
  if (r.kind === 'roll-hp') {
    const ids = r.combatantIds
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 20 || !ids.every(isId)) return null
    if (typeof r.notation !== 'string' || r.notation.length > 40) return null
    return { id: r.id, kind: 'roll-hp', combatantIds: ids, notation: r.notation }
  }
  return null
}

/** A change of hit points as the GM sends it: whole numbers no larger than the highest hit points. */
function parseHitPointChange(delta: unknown, maxDelta: unknown, edit: unknown): HitPointChange | null {
  const bounded = (v: unknown): v is number =>
    Number.isInteger(v) && Math.abs(v as number) <= HP_LIMITS.highest - HP_LIMITS.lowest
  if (!bounded(delta) || (maxDelta !== undefined && !bounded(maxDelta))) return null
  return {
    delta,
    ...(maxDelta !== undefined && maxDelta !== 0 ? { maxDelta } : {}),
    ...(edit === true ? { edit: true } : {}),
  }
}

/** Area damage or healing as the GM sends it: 1 to 50 targets, a whole amount 0-9999 or dice notation. */
function parseArea(id: string, r: Record<string, unknown>): GmRequest | null {
  const targets = r.targets
  if (!Array.isArray(targets) || targets.length < 1 || targets.length > 50) return null
  const read: Array<{ id: string; saved: boolean }> = []
  for (const t of targets as Array<{ id?: unknown; saved?: unknown } | null>) {
    if (!t || !isId(t.id) || read.some((o) => o.id === t.id)) return null
    read.push({ id: t.id, saved: t.saved === true })
  }
  const amount = r.amount
  const fixed = typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 && amount <= 9999
  const dice = isNotation(r.notation)
  if (fixed === dice) return null
  const label = readLabel(r.label)
  if (label === null) return null
  return {
    id,
    kind: 'area',
    targets: read,
    ...(fixed ? { amount: amount as number } : { notation: r.notation as string }),
    ...(r.heal === true ? { heal: true } : {}),
    ...(label ? { label } : {}),
  }
}
