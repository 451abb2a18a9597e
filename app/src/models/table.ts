/** The shared `table` and `log` documents as signals: combatants and the roll log, plus the GM's edits. */

import {
  type Answer,
  assumedHealth,
  type CombatantFields,
  changedHitPoints,
  type FiledFight,
  GM,
  type GmMark,
  type GmRequest,
  LOG,
  type LogEntry,
  type LogSecret,
  type PastFight,
  type PendingDefense,
  type RoomSettings,
  readField,
  readSettings,
  SEAT,
  type SeatInfo,
  splitForTable,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import type { Fighter } from '@fray/rules'
import { fail, IDLE_TURN, type Outcome, ok } from '@fray/rules'
import { computed, type ReadonlySignal, signal } from '@preact/signals'
import * as Y from 'yjs'
import type { GmAsk } from './gm.ts'

export interface Combatant extends CombatantFields {
  id: string
  /** Only in the GM's view: kept in the gm document until revealed. */
  hidden?: boolean
  /**
   * A monster whose hit points this device does not see (the room shows players a word, or nothing):
   * `hp` and `maxHp` are only assumed (see `assumedHealth`), and screens show `health` instead.
   */
  hpHidden?: boolean
}

/** How full a combatant's hit-point bar is, 0 to 1: empty at 0 hit points and below (a -2/22 is empty). */
export function hpFraction(c: { hp: number; maxHp: number }): number {
  return c.maxHp > 0 ? Math.max(0, Math.min(1, c.hp / c.maxHp)) : 0
}

/**
 * Reads a combatant's fields from its Y.Map; on the GM's tablet, a monster's hidden hit points, sheet and
 * state (`secret`, from the gm document) over them.
 */
export function readCombatant(id: string, fields: Y.Map<unknown>, secret?: Y.Map<unknown>): Combatant {
  const get = (key: string) => readField(fields, secret, key)
  const side = fields.get('side')
  const seatId = fields.get('seatId')
  const sheet = get('sheet')
  const state = get('state')
  const status = get('status')
  const health = fields.get('health')
  const marks = readMarks(fields.get('marks'))
  const hpHidden = get('hp') === undefined && side !== 'pc'
  const assumed = assumedHealth(typeof health === 'string' ? health : undefined)
  return {
    id,
    name: String(fields.get('name') ?? '?'),
    hp: hpHidden ? assumed.hp : Number(get('hp') ?? 0),
    maxHp: hpHidden ? assumed.maxHp : Number(get('maxHp') ?? 0),
    ...(hpHidden ? { hpHidden } : {}),
    ...(typeof health === 'string' ? { health } : {}),
    side: side === 'pc' ? 'pc' : 'foe',
    seatId: typeof seatId === 'string' ? seatId : null,
    ...(sheet && typeof sheet === 'object' ? { sheet: sheet as Record<string, unknown> } : {}),
    ...(state && typeof state === 'object' ? { state: state as Record<string, unknown> } : {}),
    ...(Array.isArray(status) ? { status: status.map(String) } : {}),
    ...(marks.length > 0 ? { marks } : {}),
  }
}

/** The GM's conditions as the table holds them; anything malformed reads as none. */
function readMarks(value: unknown): GmMark[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (m): m is GmMark =>
      typeof m?.id === 'string' &&
      typeof m.name === 'string' &&
      (m.rounds === null || Number.isInteger(m.rounds)) &&
      (m.segments === undefined || Number.isInteger(m.segments?.left)),
  )
}

/** A combatant as the combat rules read it. */
export function asFighter(c: Combatant): Fighter {
  return {
    id: c.id,
    name: c.name,
    side: c.side ?? 'foe',
    ...(c.sheet ? { sheet: c.sheet } : {}),
    hp: c.hp,
    maxHp: c.maxHp,
    state: c.state ?? {},
  }
}

export interface TableModel {
  combatants: ReadonlySignal<Combatant[]>
  seats: ReadonlySignal<Array<SeatInfo & { id: string }>>
  /** Takes a seat back from its phone: its character is free to be claimed again. */
  freeSeat(seatId: string): void
  log: ReadonlySignal<LogEntry[]>
  /**
   * The fights the GM closed with "New fight", oldest first, as the log lists them; each one's log is in
   * a document of its own (`past:<n>`), which `PastFights` opens only when that fight is opened.
   */
  pastFights: ReadonlySignal<FiledFight[]>
  /** The logs of the fights a room filed whole in its log, before their own documents (read-only), listed first. */
  filedInLog: ReadonlySignal<PastFight[]>
  settings: ReadonlySignal<RoomSettings>
  turn: ReadonlySignal<TurnState>
  /** Attacks waiting for their defender's answer. */
  prompts: ReadonlySignal<PendingDefense[]>
  /** The GM holds a combatant's action: they leave their slot and act at the end of the round. */
  holdAction(combatantId: string): void
  /** The GM moves a slot of the order up (-1) or down (+1). */
  moveSlot(index: number, by: -1 | 1): void
  /**
   * The GM edits a combatant's name and hit points mid-fight: the name is written, the hit points and
   * maximum are asked of the room as the change from what the Edit panel showed (`shown`).
   */
  editCombatant(
    id: string,
    fields: Pick<Combatant, 'name' | 'hp' | 'maxHp'>,
    shown: Pick<Combatant, 'hp' | 'maxHp'>,
  ): string | null
  /**
   * The GM replaces a combatant's sheet (already checked by the system's parser) mid-fight; its hit
   * points follow the sheet's, keeping the damage already taken.
   */
  setSheet(id: string, sheet: Record<string, unknown>, maxHp: number): void
  setSetting<K extends keyof RoomSettings>(key: K, value: RoomSettings[K]): void
  addCombatant(name: string, hp: number): Outcome<string>
  /** The GM takes a combatant off the table (asked of the room: logged, undoable, out of the order). */
  removeCombatant(id: string): void
  /** The GM puts a monster back in the hidden roster (asked of the room likewise). */
  hideCombatant(id: string): void
  /** The Y.Map of combatants, for models that add to it (the GM's roster). */
  combatantsRaw: Y.Map<Y.Map<unknown>>
  /** The GM's -5 / -1 / +1: asked of the room, shown at once (see `createTableModel`). */
  adjustHp(id: string, delta: number): void
}

type HitPointAsk = Extract<GmRequest, { kind: 'hp' }>

/**
 * The GM's hit-point requests the room has not answered, or whose answer this device does not yet hold
 * the table for (`holds`), in the order they were written: what the tablet adds to the table's figures.
 */
export function pendingHitPoints(gm: Y.Doc, holds: (mark: [number, number]) => boolean): HitPointAsk[] {
  const answers = gm.getArray<Answer>(SEAT.answers).toArray()
  return gm
    .getArray<GmRequest>(GM.requests)
    .toArray()
    .filter((r): r is HitPointAsk => r?.kind === 'hp')
    .filter((r) => {
      const answer = answers.findLast((a) => a.id === r.id)
      if (!answer) return true
      return answer.result.ok && answer.after !== undefined && !holds(answer.after.table)
    })
}

/**
 * Writes a sheet to a combatant's fields (on the table or hidden in the GM's document): a new maximum
 * moves hit points by as much, keeping the damage already taken; the same maximum leaves them alone.
 */
export function writeSheet(
  target: Y.Map<unknown>,
  sheet: Record<string, unknown>,
  maxHp: number,
  named: Y.Map<unknown> = target,
): void {
  const oldMax = Number(target.get('maxHp') ?? maxHp)
  const hp = Number(target.get('hp') ?? maxHp)
  target.set('sheet', sheet)
  if (typeof sheet.name === 'string' && sheet.name.trim()) named.set('name', sheet.name.trim())
  if (Number.isInteger(maxHp) && maxHp > 0 && maxHp !== oldMax) {
    target.set('maxHp', maxHp)
    target.set('hp', Math.min(maxHp, hp + (maxHp - oldMax)))
  }
}

/**
 * Puts a new combatant on the table; in a room that keeps monsters' hit points from the players, a
 * monster's hit points and sheet go to the gm document (`gm`, the GM's tablet) first, never to the table.
 */
export function putOnTable(table: Y.Doc, gm: Y.Doc | undefined, id: string, values: Record<string, unknown>) {
  const split = gm
    ? splitForTable(readSettings(table.getMap(TABLE.settings)), values)
    : { table: values, secret: null }
  if (gm && split.secret) {
    const kept = split.secret
    gm.transact(() => {
      const secret = new Y.Map<unknown>()
      gm.getMap<Y.Map<unknown>>(GM.foeSecrets).set(id, secret)
      for (const [key, value] of Object.entries(kept)) secret.set(key, value)
    })
  }
  table.transact(() => {
    const fields = new Y.Map<unknown>()
    table.getMap<Y.Map<unknown>>(TABLE.combatants).set(id, fields)
    for (const [key, value] of Object.entries(split.table)) fields.set(key, value)
  })
}

/** Checks what a GM typed for a new combatant; an error says what to fix. */
export function validateCombatant(name: string, hp: number): string | null {
  if (name.trim() === '') return 'Give the combatant a name.'
  if (name.trim().length > 40) return 'Keep the name under 40 characters.'
  if (!Number.isInteger(hp) || hp < 1) return 'Hit points must be a whole number of at least 1.'
  if (hp > 9999) return 'Hit points above 9999 are surely a typo.'
  return null
}

/** A log entry as the GM sees it: with the lines and changes kept from the players (`LogSecret`). */
export function withSecret(entry: LogEntry, secret: LogSecret | undefined): LogEntry {
  if (!secret) return entry
  return {
    ...entry,
    lines: [...(entry.lines ?? []), ...secret.lines],
    changes: { ...entry.changes, ...secret.changes },
    ...(secret.detail !== undefined ? { detail: secret.detail } : {}),
  }
}

/** Counts the changes of one shared type (`deep`: of everything inside it too), for a computed to read. */
function changes<E>(type: Y.AbstractType<E> | undefined, deep = false): ReadonlySignal<number> {
  const count = signal(0)
  const bump = () => {
    count.value++
  }
  if (deep) type?.observeDeep(bump)
  else type?.observe(bump)
  return count
}

/**
 * The table as signals, and the GM's edits of it. `gmDoc` is the GM's: with it, monsters' hidden hit
 * points and the log's hidden lines are read. Hit points two devices may change at once are asked of the
 * room (`ask`, the GM model's send; by default a request written into `gmDoc`), and each combatant is
 * shown with the requests not yet answered added: the change shows at once, offline too.
 */
export function createTableModel(
  doc: Y.Doc,
  logDoc: Y.Doc,
  newId: () => string = () => crypto.randomUUID(),
  gmDoc?: Y.Doc,
  ask?: (request: GmAsk) => string,
): TableModel {
  const send =
    ask ??
    ((request: GmAsk) => {
      const id = newId()
      gmDoc?.getArray<GmRequest>(GM.requests).push([{ ...request, id } as GmRequest])
      return id
    })
  const map = doc.getMap<Y.Map<unknown>>(TABLE.combatants)
  const logArray = logDoc.getArray<LogEntry>(LOG.entries)
  const fightsArray = logDoc.getArray<PastFight>(LOG.fights)
  const filedArray = logDoc.getArray<FiledFight>(LOG.filed)
  const secrets = gmDoc?.getMap<Y.Map<unknown>>(GM.foeSecrets)
  const logSecrets = gmDoc?.getMap<LogSecret>(GM.logSecrets)
  /** Where a combatant's hit points and sheet are written: the gm document's copy, once the room keeps one. */
  const healthFields = (id: string) => secrets?.get(id) ?? map.get(id)
  const settingsMap = doc.getMap<unknown>(TABLE.settings)
  const promptsMap = doc.getMap<PendingDefense>(TABLE.prompts)
  const turnMap = doc.getMap<unknown>(TABLE.turn)
  const seatsMap = doc.getMap<SeatInfo>(TABLE.seats)
  // Each value reads again only when what it is made of changed: a roll does not rebuild the combatants,
  // nor a hit point or a turn step the log (thousands of entries late in an evening).
  const combatantsChanged = changes(map, true)
  const secretsChanged = changes(secrets, true)
  const logChanged = changes(logArray)
  const logSecretsChanged = changes(logSecrets)
  const fightsChanged = changes(fightsArray)
  const filedChanged = changes(filedArray)
  const settingsChanged = changes(settingsMap)
  const promptsChanged = changes(promptsMap)
  const turnChanged = changes(turnMap)
  const seatsChanged = changes(seatsMap)
  const requestsChanged = changes(gmDoc?.getArray(GM.requests))
  const answersChanged = changes(gmDoc?.getArray(SEAT.answers))
  // Whether the table holds the room's writes up to a request's answer: read again on every update of the
  // table, as the last of those writes may be one no combatant shows (the turn the room moved after it).
  const tableUpdated = signal(0)
  doc.on('update', () => {
    tableUpdated.value++
  })
  const tableHolds = ([client, clock]: [number, number]) => {
    void tableUpdated.value
    return Y.getState(doc.store, client) >= clock
  }

  const combatants = computed(() => {
    void combatantsChanged.value
    void secretsChanged.value
    void requestsChanged.value
    void answersChanged.value
    const pending = gmDoc ? pendingHitPoints(gmDoc, tableHolds) : []
    return [...map.entries()].map(([id, fields]) => {
      const c = readCombatant(id, fields, secrets?.get(id))
      if (c.hpHidden) return c
      // The room applies each in turn to what it holds: so does the tablet, to show them at once.
      for (const r of pending) {
        const next = r.combatantId === id ? changedHitPoints(c, r) : null
        if (next) Object.assign(c, next)
      }
      return c
    })
  })
  const seats = computed(() => {
    void seatsChanged.value
    return [...seatsMap.entries()].map(([id, seat]) => ({ id, ...seat }))
  })
  const log = computed(() => {
    void logChanged.value
    void logSecretsChanged.value
    return logArray.toArray().map((e) => withSecret(e, logSecrets?.get(e.id)))
  })

  const filedInLog = computed(() => {
    void fightsChanged.value
    return fightsArray.toArray()
  })
  const pastFights = computed(() => {
    void filedChanged.value
    const old = filedInLog.value.map(({ entries, ...fight }) => ({ ...fight, entries: entries.length }))
    return [...old, ...filedArray.toArray()]
  })

  const settings = computed<RoomSettings>(() => {
    void settingsChanged.value
    return readSettings(settingsMap)
  })

  const turn = computed<TurnState>(() => {
    void turnChanged.value
    return { ...IDLE_TURN, ...(Object.fromEntries(turnMap.entries()) as Partial<TurnState>) }
  })

  const setOrder = (order: TurnState['order'], current = turn.peek().current) => {
    doc.transact(() => {
      turnMap.set('order', order)
      turnMap.set('current', Math.min(current, Math.max(0, order.length - 1)))
    })
  }

  const prompts = computed(() => {
    void promptsChanged.value
    return [...promptsMap.values()]
  })

  return {
    combatants,
    turn,
    prompts,
    holdAction(combatantId) {
      const { order, current } = turn.peek()
      const rest = order
        .map((slot) => ({ ...slot, ids: slot.ids.filter((id) => id !== combatantId) }))
        .filter((slot) => slot.ids.length > 0)
      const removedBefore = order
        .slice(0, current)
        .some((s) => s.ids.length === 1 && s.ids[0] === combatantId)
      setOrder([...rest, { ids: [combatantId], label: 'Held action' }], removedBefore ? current - 1 : current)
    },
    moveSlot(index, by) {
      const order = [...turn.peek().order]
      const target = index + by
      const { current } = turn.peek()
      // Only slots still to come move: what has happened stays where it happened.
      if (index <= current || target <= current || target >= order.length) return
      const [slot] = order.splice(index, 1)
      if (slot) order.splice(target, 0, slot)
      setOrder(order)
    },
    editCombatant(id, { name, hp, maxHp }, shown) {
      const target = map.get(id)
      if (!target) return 'That combatant is gone.'
      const error = validateCombatant(name, maxHp)
      if (error) return error
      if (!Number.isInteger(hp) || hp < -999 || hp > maxHp)
        return `Hit points must be a whole number up to ${maxHp}.`
      if (name.trim() !== target.get('name')) doc.transact(() => target.set('name', name.trim()))
      const [delta, maxDelta] = [hp - shown.hp, maxHp - shown.maxHp]
      if (delta !== 0 || maxDelta !== 0)
        send({ kind: 'hp', combatantId: id, delta, ...(maxDelta !== 0 ? { maxDelta } : {}), edit: true })
      return null
    },
    setSheet(id, sheet, maxHp) {
      const target = map.get(id)
      const health = healthFields(id)
      if (target && health) health.doc?.transact(() => writeSheet(health, sheet, maxHp, target))
    },
    seats,
    freeSeat(seatId) {
      const seat = seatsMap.get(seatId)
      if (!seat) return
      doc.transact(() => {
        const fields = seat.combatantId ? map.get(seat.combatantId) : undefined
        fields?.set('seatId', null)
        seatsMap.set(seatId, { ...seat, combatantId: null, freed: true })
      })
    },
    combatantsRaw: map,
    log,
    pastFights,
    filedInLog,
    settings,
    setSetting(key, value) {
      settingsMap.set(key, value)
    },
    addCombatant(name, hp) {
      const error = validateCombatant(name, hp)
      if (error) return fail(error)
      const id = newId()
      putOnTable(doc, gmDoc, id, { name: name.trim(), hp, maxHp: hp })
      return ok(id)
    },
    removeCombatant(id) {
      send({ kind: 'remove-combatant', combatantId: id })
    },
    hideCombatant(id) {
      send({ kind: 'hide-combatant', combatantId: id })
    },
    adjustHp(id, delta) {
      send({ kind: 'hp', combatantId: id, delta })
    },
  }
}
