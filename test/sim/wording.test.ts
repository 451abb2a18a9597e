/**
 * Wording a player can parse (#19 item 8): every log entry, banner, status chip, defense option and refusal
 * that seeded random fights of every system produce, rendered as the app renders them, holds no doubled name
 * or phrase, no "..", no "undefined", "NaN" or "[object", and cites no section of another system's rule text;
 * and (#54) no id, no "1 attacks", and every roll's total what its faces make (`wording.ts`).
 * The texts come from the real room code: the fight simulator plays the fights, and this test watches the
 * room's documents.
 */
import { LOG, type LogEntry, type PendingDefense, TABLE, type TurnState } from '@fray/protocol'
import { type BreakdownLine, SYSTEM_IDS, SYSTEMS, type SystemId } from '@fray/rules'
import type { ComponentChild, VNode } from 'preact'
import { describe, expect, it, vi } from 'vitest'
import type * as Y from 'yjs'
import { announce, LogItem, ResultCard } from '../../app/src/components/roll-log.tsx'
import { TurnOrder } from '../../app/src/components/turn-banner.tsx'
import { readCombatant } from '../../app/src/models/table.ts'
import { describeTurn } from '../../app/src/models/turn.ts'
import type { TableRoomOptions } from '../../worker/src/room/table-room.ts'
import { readTurn } from '../../worker/src/room/turn-doc.ts'
import { answersOf } from '../support/answers.ts'
import { PROGRAM_VALUE, runFight } from './fight.ts'
import RULE_SECTIONS from './rule-sections.json' with { type: 'json' }
import { entryFlaw, textFlaw } from './wording.ts'

type RoomDocs = TableRoomOptions['docs'] & { seats: Y.Doc[] }
/** Told of the documents of each room a fight opens, as the simulator hands them to the room. */
const hook = vi.hoisted(() => ({ opened: (_docs: unknown) => {} }))

vi.mock('../../worker/src/room/table-room.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../worker/src/room/table-room.ts')>()
  class WatchedRoom extends original.TableRoom {
    constructor(options: TableRoomOptions) {
      const seats: Y.Doc[] = []
      const docs = {
        ...options.docs,
        seats,
        seat: (id: string) => {
          const doc = options.docs.seat(id)
          if (!seats.includes(doc)) seats.push(doc)
          return doc
        },
      }
      super({ ...options, docs })
      hook.opened(docs)
    }
  }
  return { ...original, TableRoom: WatchedRoom }
})

// --- rendering, as the browser would show the text ---------------------------------------------------

const BLOCKS = new Set(['li', 'p', 'ul', 'ol', 'div', 'section', 'details', 'summary', 'h2', 'strong'])

/** The text of a Preact tree of plain components (no hooks), one line per block element. */
function textOf(node: ComponentChild): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  const v = node as VNode<{ children?: ComponentChild; class?: string }>
  if (typeof v.type === 'function') return textOf((v.type as (p: unknown) => ComponentChild)(v.props))
  const inner = textOf(v.props.children)
  // Code (the seal's text for a terminal) is a program's, not words: marked, so the wording check skips it.
  if (v.type === 'code') return `⟦${inner}⟧`
  const block = BLOCKS.has(String(v.type)) && v.type !== 'strong'
  // The total beside a roll and the detail under it sit apart on screen, as blocks do.
  return block || /log-detail|log-total|result-total/.test(v.props.class ?? '') ? `\n${inner}\n` : inner
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)

// --- what a fight shows -------------------------------------------------------------------------------

interface Shown {
  system: SystemId
  /** Where it is shown, for the failure message. */
  where: string
  text: string
  /** What is wrong with it, where the text alone cannot tell (a breakdown line's value). */
  flaw?: string
}

function collect(system: SystemId, seed: number): Shown[] {
  const shown: Shown[] = []
  const seen = new Set<string>()
  // What the system's screen part says of its own round (zones' sides), as the app asks it.
  const view = SYSTEMS[system].turn.view
  const show = (where: string, text: string, flaw?: string) => {
    for (const line of lines(text)) {
      const key = `${where}|${line}`
      if (seen.has(key)) continue
      seen.add(key)
      shown.push({ system, where, text: line, ...(flaw ? { flaw } : {}) })
    }
  }
  // The room's documents exist once the fight's room does: watch them from its first change on.
  const opened: RoomDocs[] = []
  hook.opened = (docs) => {
    const room = docs as RoomDocs
    const combatants = () =>
      [...room.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, f]) =>
        readCombatant(id, f),
      )
    room.table.on('update', () => {
      const turn: TurnState = readTurn(room.table)
      const all = combatants()
      for (const mine of [undefined, ...all.map((c) => c.id)]) {
        const d = describeTurn(turn, all, mine, view)
        show(
          `banner (${mine ? 'player' : 'GM'}, ${turn.status})`,
          `${d.text}\n${d.detail ?? ''}\n${turn.phaseNow?.allows ?? ''}`,
        )
      }
      show('turn order', textOf(TurnOrder({ turn, combatants: all, view })))
      for (const c of all) for (const chip of c.status ?? []) show('status chip', chip)
      for (const p of room.table.getMap<PendingDefense>(TABLE.prompts).values())
        for (const o of p.options) show('defense option', `${o.label}\n${o.effect}`)
    })
    room.log.on('update', () => {
      for (const e of room.log.getArray<LogEntry>(LOG.entries).toArray()) {
        // The entry as the log draws it, and the words a screen reader hears of it.
        show(`log (${e.kind ?? 'roll'})`, `${textOf(LogItem({ entry: e, n: 1 }))}\n${announce(e)}`)
        show(`result card (${e.kind ?? 'roll'})`, textOf(ResultCard({ entry: e })))
        // The entry's own numbers and words (#54): a total its faces make, no id, no "1 attacks".
        const wrong = entryFlaw(e)
        if (wrong) show('log entry', `${e.by}: ${e.detail ?? e.notation}`, wrong)
        for (const l of e.lines ?? []) {
          const why = lineFlaw(l)
          if (why) show('breakdown line', `${l.label} ${l.value}`, why)
        }
      }
    })
    opened.push(room)
  }
  const result = runFight(system, seed)
  expect(result.ok, JSON.stringify(result)).toBe(true)
  // Every refusal stays in its seat's (or the GM's) results.
  for (const doc of opened.flatMap((room) => [room.gm, ...room.seats]))
    for (const r of answersOf(doc).values()) if (!r.ok) show('refusal', r.error)
  return shown
}

// --- what must never be shown ------------------------------------------------------------------------

/**
 * The section numbers each rule text defines (headings such as "5.2 Statement of Intent"), read from the
 * texts by rule-sections.ts so that a clone without them beside it runs this test too.
 */
const SECTIONS = Object.fromEntries(
  Object.entries(RULE_SECTIONS).map(([system, list]) => [system, new Set(list)]),
) as Record<SystemId, Set<string>>

/**
 * A breakdown line whose value says nothing: a sentence followed by a number ("Matrix: ... subtracted
 * from damage. 0"), or an outcome said in words with a 0 or 1 after it ("Hits automatically 1"). Such a
 * line is a note, shown without its value.
 */
function lineFlaw(l: BreakdownLine): string | null {
  if (l.note) return null
  if (/\.$/.test(l.label.trim())) return 'a sentence, shown with a number after it'
  // ("Roll this or less to hit 0" is a number the rules give, a strike chance of 0: not an outcome.)
  const outcome =
    /\b((?<!\bto )hits?(?! points)|miss(es)?|dodged|killed|guarded|hides|automatically|destroyed|impossible|spared|lands)\b/i
  if ((l.value === 0 || l.value === 1) && !/\d/.test(l.label) && outcome.test(l.label))
    return 'an outcome in words, shown with a meaningless number'
  return null
}

/** What is wrong with one line of text, or null. */
export function flaw(system: SystemId, text: string): string | null {
  if (PROGRAM_VALUE.test(text)) return 'a program value leaks into the words'
  if (/(?<!\.)\.\.(?!\.)/.test(text)) return 'a doubled full stop'
  const wrong = textFlaw(text.replace(/⟦[^⟧]*⟧/g, ' '))
  if (wrong) return wrong
  const doubled = text.match(/\b(\p{L}[\p{L}\d'’]*(?:\s+[\p{L}\d'’]+){0,5})\s+\1\b/iu)
  if (doubled) return `"${doubled[1]}" is said twice`
  const number = text.match(/(?<![\w.])(\d+)\)?\s+\+?\1(?![\d.%])/)
  if (number) return `the number ${number[1]} is said twice in a row`
  // A number with its unit after it ("5.5 zones" of movement left) is a quantity, not a section.
  const unit = /^\s*(zones?|ft|feet|yards?|squares?|rounds?|segments?|hours?|minutes?)\b/
  for (const m of text.matchAll(/(?<![\d.])(\d+(?:\.\d+)+)(?![\d%]|\.\d)/g)) {
    if (unit.test(text.slice((m.index ?? 0) + m[0].length))) continue
    const section = m[1] as string
    if (SECTIONS[system].has(section)) continue
    const owner = SYSTEM_IDS.find((s) => s !== system && SECTIONS[s].has(section))
    if (owner) return `cites section ${section}, which is ${owner}'s, not ${system}'s`
  }
  return null
}

const FIGHTS = 12

describe('a flaw in words', () => {
  it('is another system’s section cited, not a quantity with its unit', () => {
    expect(flaw('zones', 'Dodged (5.7)')).toBe("cites section 5.7, which is brp's, not zones's")
    expect(
      flaw('zones', 'Left this turn: 5.5 zones, or 2.5 zones with a main and a bonus action.'),
    ).toBeNull()
  })
})

describe.each(SYSTEM_IDS)('the words of %s', (system) => {
  it('every log entry, banner, chip, defense option and refusal of its fights reads as a sentence', {
    timeout: 120_000,
  }, () => {
    const shown: Shown[] = []
    for (let seed = 1; seed <= FIGHTS; seed++) shown.push(...collect(system, seed))
    const wrong = shown
      .map((s) => ({ ...s, flaw: s.flaw ?? flaw(system, s.text) }))
      .filter((s) => s.flaw)
      .map((s) => `${s.where}: ${s.text}  <- ${s.flaw}`)
    expect([...new Set(wrong)]).toEqual([])
  })
})
