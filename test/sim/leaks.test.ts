/**
 * The leak scan: every byte a connection holding no key receives (each update of `table`, `log` and the
 * filed fights `past:<n>`, and at the end each document whole, `Y.encodeStateAsUpdate`), over simulated
 * fights of each system with each setting of "What players see of monsters", decoded and searched for
 * what the GM keeps from players: a monster's hit points and maximum, and what gives them (below, by
 * system, written apart from the systems' own declarations so a missing declaration fails here), and
 * anything of the monster hidden in the GM's roster before it is revealed.
 */
import { type FoeHealthView, GM, type LogSecret } from '@fray/protocol'
import { SYSTEM_IDS, type SystemId } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { runFight } from './fight.ts'

/** What gives a monster's hit points away in each system, besides `hp` and `maxHp` on the table. */
const DERIVES: Record<
  SystemId,
  { sheet: string[]; state: string[]; chips: RegExp[]; lines: RegExp[]; damage: boolean }
> = {
  // CON + SIZ is twice the maximum; the wounds' damage (state, chip, lines) adds up to what was lost.
  brp: {
    sheet: ['con', 'siz'],
    state: ['hitPoints', 'maxHitPoints', 'injuries'],
    chips: [/^Wounds: /, /^Dying/],
    lines: [/^Hit points (before|now)$/, /^Wound \d+$/, /^Capped at /, /Up to maximum/],
    damage: true,
  },
  // Starting hit points are the maximum; "hits B for 5" is what B lost past its PROT; its wound modifier
  // on its own attacks ("Orc Badly Wounded: -10") says how low it is.
  spelljammer: {
    sheet: ['hp', 'startingHp'],
    state: [],
    chips: [/Wounded/, /^Bloodied/],
    lines: [/ hit points$/, / (Very )?Badly Wounded/],
    damage: true,
  },
  osr: { sheet: ['hitPoints'], state: [], chips: [], lines: [/hit points/i], damage: false },
  odnd: { sheet: ['hp'], state: [], chips: [/men left/], lines: [/hit points/i], damage: false },
  zones: { sheet: ['health'], state: ['health'], chips: [], lines: [/health/i], damage: false },
}

/** Keys of a state that hold health in any system. */
const HEALTH = ['hp', 'maxHp', 'hitPoints', 'maxHitPoints', 'health', 'startingHp']

const HIDDEN_NAME = 'Bandit leader'
/** The dice of the hidden monster's hit points in the simulator: nothing public may ever say them. */
const HIDDEN_DICE = '7d7+3'

interface Received {
  doc: string
  update: Uint8Array
}

type Item = {
  id: { client: number; clock: number }
  parent: unknown
  parentSub: string | null
  origin: { client: number; clock: number } | null
  rightOrigin: { client: number; clock: number } | null
  content: { arr?: unknown[]; str?: string; type?: unknown }
}

/**
 * The values in one document's updates, each with the map key it was written under and, for a field of
 * a combatant, that combatant's id (Yjs leaves an overwritten key's parent to its origin: followed here).
 */
function valuesOf(updates: readonly Uint8Array[]) {
  const items = new Map<string, Item>()
  const key = (id: { client: number; clock: number }) => `${id.client}:${id.clock}`
  const decoded = updates.map((u) =>
    Y.decodeUpdate(u).structs.filter((s): s is Item & Y.Item => 'content' in s),
  )
  for (const structs of decoded) for (const s of structs) items.set(key(s.id), s as unknown as Item)
  const placeOf = (item: Item, depth = 0): { parent: unknown; parentSub: string | null } => {
    if (item.parent !== null || depth > 1000) return { parent: item.parent, parentSub: item.parentSub }
    const next =
      (item.origin && items.get(key(item.origin))) || (item.rightOrigin && items.get(key(item.rightOrigin)))
    return next ? placeOf(next, depth + 1) : { parent: null, parentSub: null }
  }
  return decoded.map((structs) =>
    structs.map((s) => {
      const item = s as unknown as Item
      const { parent, parentSub } = placeOf(item)
      // A combatant's field: its parent is the combatant's map, written under the combatant's id.
      const owner =
        parent && typeof parent === 'object' && 'client' in (parent as object)
          ? items.get(key(parent as Item['id']))
          : undefined
      const combatant = owner ? placeOf(owner).parentSub : null
      const values = item.content.arr ?? (item.content.str !== undefined ? [item.content.str] : [])
      return { field: parentSub, combatant, values }
    }),
  )
}

/** Every object inside a value that is a log entry (in the log, or in a filed fight). */
function entriesIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) entriesIn(v, out)
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (typeof o.by === 'string' && typeof o.detail === 'string' && typeof o.id === 'string') out.push(o)
    for (const v of Object.values(o)) entriesIn(v, out)
  }
  return out
}

/** Keys anywhere in a value. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k)
      keysIn(v, out)
    }
  return out
}

/** What a keyless connection was sent that it should not have been: one sentence each. */
function leaks(
  system: SystemId,
  shown: FoeHealthView,
  received: readonly Received[],
  monsters: ReadonlyMap<string, string>,
) {
  const found: string[] = []
  const spec = DERIVES[system]
  const hides = shown !== 'exact'
  const byDoc = new Map<string, Uint8Array[]>()
  for (const r of received) byDoc.set(r.doc, [...(byDoc.get(r.doc) ?? []), r.update])
  // When the hidden monster came onto the table: before it, nothing public names it.
  let revealed = Number.POSITIVE_INFINITY
  const decodedByDoc = new Map([...byDoc].map(([doc, updates]) => [doc, valuesOf(updates)]))
  const order = new Map<string, number>()
  for (const [doc, decoded] of decodedByDoc) {
    let i = 0
    for (const [n, r] of received.entries()) {
      if (r.doc !== doc) continue
      const values = decoded[i++] ?? []
      if (doc === 'table' && values.some((v) => v.combatant === 'hidden' || v.field === 'hidden'))
        revealed = Math.min(revealed, n)
      order.set(`${doc}#${i - 1}`, n)
    }
  }
  const monster = (id: string | null) => (id ? monsters.get(id) : undefined)
  for (const [doc, decoded] of decodedByDoc)
    decoded.forEach((values, i) => {
      const at = order.get(`${doc}#${i}`) ?? 0
      for (const { field, combatant, values: vs } of values) {
        const text = JSON.stringify(vs)
        if (text.includes(HIDDEN_DICE)) found.push(`${doc}: the hidden monster's hit-point dice: ${text}`)
        if (at < revealed && text.includes(HIDDEN_NAME))
          found.push(`${doc}: the hidden monster named before it was revealed: ${text.slice(0, 200)}`)
        if (!hides) continue
        const name = monster(combatant)
        // A monster's own fields on the table.
        if (doc === 'table' && name && field) {
          if (field === 'hp' || field === 'maxHp') found.push(`table: ${name}'s ${field} ${text}`)
          for (const v of vs) {
            if (field === 'sheet')
              for (const k of spec.sheet)
                if (v && typeof v === 'object' && k in v) found.push(`table: ${name}'s sheet says ${k}`)
            if (field === 'state')
              for (const k of keysIn(v))
                if ([...HEALTH, ...spec.state].includes(k)) found.push(`table: ${name}'s state holds ${k}`)
            if (field === 'status' && Array.isArray(v))
              for (const chip of v)
                if (spec.chips.some((re) => re.test(String(chip))))
                  found.push(`table: ${name}'s chip "${chip}"`)
          }
        }
        // Log entries, live or filed, about a monster.
        for (const e of entriesIn(vs)) {
          const changes = (e.changes ?? {}) as Record<string, { after?: { hp?: number } }>
          for (const [id, c] of Object.entries(changes))
            if (monster(id) && c.after?.hp !== undefined)
              found.push(`${doc}: ${e.id} changes ${monster(id)}'s hit points to ${c.after.hp}`)
          const attack = e.attack as { targetId?: string } | undefined
          const target = monster(attack?.targetId ?? null)
          for (const l of (e.lines ?? []) as { label: string; value: number; health?: string }[]) {
            if (monster(l.health ?? null)) found.push(`${doc}: ${e.id} shows "${l.label}: ${l.value}"`)
            // A line marked with whose health it shows is about that one (a free attack on one who
            // withdraws hurts the attacker, not the request's target), else about the target.
            const about =
              l.health !== undefined
                ? monster(l.health)
                : (target ?? [...monsters.values()].find((n) => l.label.includes(n)))
            if (about && spec.lines.some((re) => re.test(l.label)))
              found.push(`${doc}: ${e.id} shows ${about}'s "${l.label}: ${l.value}"`)
          }
          if (spec.damage)
            for (const n of monsters.values())
              if (
                new RegExp(`\\b(hits|hit on) ${n}( with a special success)? for \\d+`).test(String(e.detail))
              )
                found.push(`${doc}: ${e.id} says the damage ${n} took: "${e.detail}"`)
        }
      }
    })
  return [...new Set(found)].map((f) => (f.length > 300 ? `${f.slice(0, 300)}...` : f))
}

/** The monsters on the table at any time, by id: their names, from the table's own updates. */
function monstersIn(received: readonly Received[]): Map<string, string> {
  const fields = new Map<string, { side?: unknown; name?: unknown }>()
  for (const values of valuesOf(received.filter((r) => r.doc === 'table').map((r) => r.update)))
    for (const { field, combatant, values: vs } of values) {
      if (!combatant || (field !== 'side' && field !== 'name')) continue
      fields.set(combatant, { ...fields.get(combatant), [field]: vs[0] })
    }
  const monsters = new Map<string, string>([['hidden', HIDDEN_NAME]])
  for (const [id, f] of fields) if (f.side !== 'pc' && f.name) monsters.set(id, String(f.name))
  return monsters
}

/** One simulated fight with every byte a keyless connection receives, and the GM's document. */
function scanned(system: SystemId, shown: FoeHealthView, seed: number) {
  const received: Received[] = []
  const docs = new Map<string, Y.Doc>()
  let hiddenRolled = false
  const public_ = (name: string) => name === 'table' || name === 'log' || name.startsWith('past:')
  const result = runFight(system, seed, {
    foeHealth: shown,
    onDoc: (name, doc) => {
      docs.set(name, doc)
      if (public_(name)) doc.on('update', (update: Uint8Array) => received.push({ doc: name, update }))
      // The GM asking for the hidden monster's hit points (the room lets its requests go once done).
      if (name === 'gm')
        doc.on('update', (update: Uint8Array) => {
          if (JSON.stringify(valuesOf([update])).includes(HIDDEN_DICE)) hiddenRolled = true
        })
    },
  })
  // And each document whole, as a connection joining at the end receives it.
  for (const [name, doc] of docs)
    if (public_(name)) received.push({ doc: name, update: Y.encodeStateAsUpdate(doc) })
  return { result, received, gm: docs.get('gm') as Y.Doc, hiddenRolled }
}

const SEEDS = [1, 2, 3, 4, 5, 6]

describe.each(SYSTEM_IDS)('what a keyless connection receives in %s', (system) => {
  it.each(['exact', 'word', 'none'] as const)(
    'with monsters’ hit points shown %s, holds nothing the GM keeps from players',
    { timeout: 300_000 },
    (shown) => {
      let hiddenRolled = 0
      let monstersHurt = 0
      for (const seed of SEEDS) {
        const { result, received, gm, hiddenRolled: rolled } = scanned(system, shown, seed)
        expect(result.ok ? null : result).toBeNull()
        const monsters = monstersIn(received)
        expect(leaks(system, shown, received, monsters)).toEqual([])
        // The scan saw what it is for: the hidden monster's hit points rolled, and monsters hurt.
        if (rolled) hiddenRolled++
        const told = [
          ...gm.getMap<LogSecret>(GM.logSecrets).values(),
          ...received.flatMap((r) =>
            entriesIn(
              valuesOf([r.update])
                .flat()
                .flatMap((v) => v.values),
            ),
          ),
        ]
        monstersHurt += told.filter((e) =>
          Object.entries((e.changes ?? {}) as Record<string, { after?: { hp?: number } }>).some(
            ([id, c]) => monsters.has(id) && c.after?.hp !== undefined,
          ),
        ).length
      }
      expect(hiddenRolled).toBeGreaterThan(0)
      expect(monstersHurt).toBeGreaterThan(0)
    },
  )
})
