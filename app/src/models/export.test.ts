import {
  DEFAULT_SETTINGS,
  type EncounterFile,
  type FiledFight,
  GM,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  TABLE,
} from '@fray/protocol'
import { encounterOf, readAnyEncounter } from '@fray/protocol/encounter-docs'
import { type SheetRules, SYSTEM_IDS, SYSTEMS, type SystemId, sheetChecks } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exportEncounter, type OpenedDoc } from './export.ts'
import { readJson } from './files.ts'

/** The file's text read as the room reads what Import sends. */
const parseExport = async (text: string, sheets: (system: SystemId) => SheetRules) => {
  const value = readJson(text, 'a file')
  return value.ok ? readAnyEncounter(value.value, SYSTEM_IDS, (system) => sheetChecks(sheets(system))) : value
}

// biome-ignore lint/suspicious/noExplicitAny: the tests break a file's fields wherever they are
type Loose = any

const sheets = (system: SystemId) => SYSTEMS[system].sheet
const info = { system: 'osr' as const, name: 'Cave' }

function fieldsIn(map: Y.Map<Y.Map<unknown>>, id: string, values: Record<string, unknown>): void {
  const fields = new Y.Map<unknown>()
  map.set(id, fields)
  for (const [key, value] of Object.entries(values)) fields.set(key, value)
}

const entry = (id: string, total: number): LogEntry => ({
  id,
  at: 1,
  by: 'Aldo',
  notation: '1d20',
  faces: [total],
  total,
  source: 'crypto',
})

/** A room's documents as the GM holds them: a hero, an ogre whose hit points players do not see, a hidden wolf. */
function room() {
  const table = new Y.Doc()
  const gm = new Y.Doc()
  const log = new Y.Doc()
  table.getMap(TABLE.settings).set('foeHealth', 'word')
  const combatants = table.getMap<Y.Map<unknown>>(TABLE.combatants)
  fieldsIn(combatants, 'c1', { name: 'Aldo', side: 'pc', hp: 7, maxHp: 9, seatId: 's1', status: ['Prone'] })
  fieldsIn(combatants, 'c2', { name: 'Ogre', side: 'foe', health: 'Hurt', sheet: { name: 'Ogre', ac: 14 } })
  fieldsIn(gm.getMap(GM.foeSecrets), 'c2', {
    hp: 12,
    maxHp: 30,
    sheet: { name: 'Ogre', ac: 14, hitPoints: 30 },
  })
  fieldsIn(gm.getMap(GM.hidden), 'h1', { name: 'Wolf', side: 'foe', hp: 5, maxHp: 5 })
  gm.getMap(GM.byHand).set('c2', true)
  gm.getMap(GM.library).set('Goblin', { name: 'Goblin', hp: '1d6' })
  log.getArray<LogEntry>(LOG.entries).push([entry('gm/a.3', 12)])
  const filed: FiledFight = { id: 'gm/a.1', endedAt: 5, rounds: 3, foes: 'Rat ×2', entries: 1 }
  log.getArray<FiledFight>(LOG.filed).push([filed])
  const past = new Y.Doc()
  past.getArray<PastFight>(PAST.fights).push([{ ...filed, entries: [entry('gm/a.2', 17)] }])
  const open = (name: string): OpenedDoc => {
    if (name !== 'past:0') throw new Error(`opened ${name}`)
    return { doc: past, synced: { peek: () => true }, destroy: () => undefined }
  }
  return { docs: { table, gm, log }, open }
}

describe('encounter export, version 2', () => {
  it('writes the combatants as the GM reads them, the table rules, the library and the past fights', async () => {
    const { docs, open } = room()
    const file = await exportEncounter(info, docs, open, new Date(0))
    if (!file.ok) throw new Error(file.error)
    expect(file.value).toMatchObject({
      fray: 'encounter',
      version: 2,
      exportedAt: '1970-01-01T00:00:00.000Z',
      settings: { foeHealth: 'word', physicalDice: 'trust' },
      library: [{ name: 'Goblin', hp: '1d6' }],
      pastFights: [{ endedAt: 5, rounds: 3, foes: 'Rat ×2', entries: [{ total: 17 }] }],
      log: [{ total: 12 }],
    })
    expect(file.value.combatants).toEqual([
      { name: 'Aldo', side: 'pc', hp: 7, maxHp: 9, status: ['Prone'] },
      // The truth of the gm document, not the table's public copy.
      // The GM answers its defenses (GM.byHand), kept with it.
      {
        name: 'Ogre',
        side: 'foe',
        hp: 12,
        maxHp: 30,
        sheet: { name: 'Ogre', ac: 14, hitPoints: 30 },
        gmDefends: true,
      },
      { name: 'Wolf', side: 'foe', hp: 5, maxHp: 5, hidden: true },
    ])
  })

  it('reads back what it wrote, through JSON, the log of the fight at hand left to read', async () => {
    const { docs, open } = room()
    const file = await exportEncounter(info, docs, open, new Date(0))
    if (!file.ok) throw new Error(file.error)
    const parsed = await parseExport(JSON.stringify(file.value), sheets)
    if (!parsed.ok) throw new Error(parsed.error)
    expect(parsed.value).toEqual({ ...file.value, log: [] })
  })

  it('says which past fight did not load, rather than export without it', async () => {
    const { docs } = room()
    const offline = (): OpenedDoc => ({ doc: new Y.Doc(), synced: { peek: () => false }, destroy: () => {} })
    const file = await exportEncounter(info, docs, offline, new Date(0), 100)
    expect(file).toEqual({ ok: false, error: expect.stringMatching(/Past fight 1 did not load/) })
  })
})

describe('encounter import', () => {
  it('still reads a version 1 file: its documents read as version 2', async () => {
    const { docs } = room()
    const base64 = (doc: Y.Doc) => btoa(String.fromCharCode(...Y.encodeStateAsUpdate(doc)))
    const v1 = {
      fray: 'encounter',
      version: 1,
      system: 'osr',
      name: 'Cave',
      exportedAt: '1970-01-01T00:00:00.000Z',
      documents: { table: base64(docs.table), gm: base64(docs.gm) },
      log: [],
    }
    const parsed = await parseExport(JSON.stringify(v1), sheets)
    if (!parsed.ok) throw new Error(parsed.error)
    expect(parsed.value).toEqual({
      ...encounterOf(info, { ...docs, log: new Y.Doc() }, new Date(0)),
      log: [],
    })
    expect(parsed.value.combatants.map((c) => c.name)).toEqual(['Aldo', 'Ogre', 'Wolf'])
  })

  it('explains why a file cannot be imported', async () => {
    const read = (text: string) => parseExport(text, sheets)
    expect(await read('{')).toEqual({ ok: false, error: expect.stringMatching(/not JSON/) })
    expect(await read('{"fray":"x"}')).toEqual({ ok: false, error: expect.stringMatching(/not a Fray/) })
    expect(await read('{"fray":"encounter","version":1,"system":"dnd5e"}')).toEqual({
      ok: false,
      error: expect.stringMatching(/unknown rule system "dnd5e"/),
    })
    expect(await read('{"fray":"encounter","version":3,"system":"osr"}')).toEqual({
      ok: false,
      error: 'version: 3 is not one this app reads.',
    })
    expect(
      await read('{"fray":"encounter","version":1,"system":"osr","documents":{"table":"!","gm":""}}'),
    ).toEqual({ ok: false, error: 'documents.table: not a Yjs update in base64.' })
  })

  const valid = (): EncounterFile => ({
    fray: 'encounter',
    version: 2,
    system: 'osr',
    name: 'Cave',
    exportedAt: '1970-01-01T00:00:00.000Z',
    settings: { ...DEFAULT_SETTINGS },
    combatants: [
      { name: 'Aldo', side: 'pc', hp: 7, maxHp: 9 },
      { name: 'Ogre', side: 'foe', hp: 12, maxHp: 30, sheet: { ac: 14 } },
    ],
    library: [{ name: 'Goblin', hp: '1d6' }],
    pastFights: [{ endedAt: 5, rounds: 3, entries: [entry('e1', 3)] }],
    log: [],
  })

  /** Each broken field, and the start of what the import says about it. */
  const broken: Array<[string, (f: Loose) => void, string]> = [
    ['name', (f) => (f.name = ''), 'name: must be a text of 1 to 60 characters.'],
    ['combatants', (f) => (f.combatants = {}), 'combatants: must be a list of'],
    ['combatants[1]', (f) => (f.combatants[1] = 3), 'combatants[1]: must be a combatant'],
    [
      'combatants[1].hp',
      (f) => (f.combatants[1].hp = 1.5),
      'combatants[1].hp: must be a whole number from -999 to 9999.',
    ],
    [
      'combatants[0].maxHp',
      (f) => (f.combatants[0].maxHp = 0),
      'combatants[0].maxHp: must be a whole number from 1 to 9999.',
    ],
    [
      'combatants[0].side',
      (f) => (f.combatants[0].side = 'npc'),
      'combatants[0].side: must be one of "pc", "foe".',
    ],
    [
      'combatants[0].name',
      (f) => (f.combatants[0].name = 'x'.repeat(61)),
      'combatants[0].name: must be a text',
    ],
    ['combatants[1].sheet', (f) => (f.combatants[1].sheet = { ac: 99 }), 'combatants[1].sheet: '],
    [
      'combatants[0].hidden',
      (f) => (f.combatants[0].hidden = 'yes'),
      'combatants[0].hidden: must be true or false.',
    ],
    [
      'combatants[1].gmDefends',
      (f) => (f.combatants[1].gmDefends = 'yes'),
      'combatants[1].gmDefends: must be true or false.',
    ],
    [
      'combatants[0].state',
      (f) => (f.combatants[0].state = { x: 'y'.repeat(20000) }),
      'combatants[0].state: is 20008 bytes',
    ],
    [
      'combatants[0].conditions[0].rounds',
      (f) => (f.combatants[0].conditions = [{ id: 'm', name: 'Blessed', rounds: -1 }]),
      'combatants[0].conditions[0].rounds: must be a whole number',
    ],
    [
      'combatants (count)',
      (f) => (f.combatants = Array(201).fill(f.combatants[0])),
      'combatants: holds 201 combatants (hidden ones included); an import takes at most 200.',
    ],
    [
      'settings.defenseSeconds',
      (f) => (f.settings.defenseSeconds = 2),
      'settings.defenseSeconds: must be a whole number from 5 to 600.',
    ],
    [
      'settings.foeHealth',
      (f) => (f.settings.foeHealth = 'all'),
      'settings.foeHealth: must be one of "exact", "word", "none".',
    ],
    ['library[0].hp', (f) => (f.library[0].hp = 'lots'), 'library[0].hp: Hit points are a number or dice'],
    [
      'pastFights[0].rounds',
      (f) => (f.pastFights[0].rounds = 'three'),
      'pastFights[0].rounds: must be a whole number',
    ],
    [
      'pastFights[0].entries[0].source',
      (f) => (f.pastFights[0].entries[0].source = 'gm'),
      'pastFights[0].entries[0].source: must be one of "crypto", "seeded", "physical".',
    ],
    [
      'pastFights[0].entries[0].lines[0].value',
      (f) => (f.pastFights[0].entries[0].lines = [{ label: 'AC', value: 'x' }]),
      'pastFights[0].entries[0].lines[0].value: must be a number.',
    ],
    [
      'pastFights (count)',
      (f) => (f.pastFights = Array(101).fill(f.pastFights[0])),
      'pastFights: holds 101 past fights; an import takes at most 100.',
    ],
  ]

  it.each(broken)('names the field when %s is wrong', async (_field, breakIt, said) => {
    const file = valid() as unknown as Loose
    breakIt(file)
    const parsed = await parseExport(JSON.stringify(file), sheets)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.error).toContain(said)
  })

  it('takes the valid file, and keeps of a log entry only what the log shows', async () => {
    const file = valid()
    const sealed = { ...entry('e2', 0), sealed: { commitment: 'ab' }, changes: {}, attack: undefined }
    file.pastFights[0]?.entries.push(sealed as LogEntry)
    const parsed = await parseExport(JSON.stringify(file), sheets)
    if (!parsed.ok) throw new Error(parsed.error)
    expect(parsed.value.pastFights[0]?.entries[1]).toEqual(entry('e2', 0))
  })
})
