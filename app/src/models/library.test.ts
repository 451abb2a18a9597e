import { defaultSheetFor, SYSTEM_IDS } from '@fray/rules'
import { beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  exportLibrary,
  findMonster,
  forgetEverywhere,
  importLibrary,
  libraryOf,
  openLibrary,
  parseLibrary,
  pushLibrary,
  readHitPoints,
  saveMonster,
} from './library.ts'
import { loadRules } from './rules.ts'
import { memoryStorage } from './test-storage.ts'

// The screens load a room's rules before these run; so do the tests.
beforeAll(() => Promise.all(SYSTEM_IDS.map(loadRules)))

const orc = { name: 'Orc', hp: '1d8+1', sheet: defaultSheetFor('osr', 'Orc', 'foe') }
const file = (monsters: unknown, system = 'osr') =>
  JSON.stringify({ fray: 'library', version: 1, system, monsters })

describe('the GM’s monster library', () => {
  it('reads hit points as a number or as dice the room rolls, and says what is wrong otherwise', () => {
    expect(readHitPoints('7')).toEqual({ ok: true, value: { fixed: 7 } })
    expect(readHitPoints(' 1d8+1 ')).toEqual({ ok: true, value: { dice: '1d8+1' } })
    expect(readHitPoints('0')).toEqual({ ok: false, error: 'Hit points must be at least 1.' })
    expect(readHitPoints('1d8+')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Hit points are a number or dice such as 1d8\+1: /),
    })
    expect(readHitPoints('')).toMatchObject({ ok: false })
  })

  it('keeps monsters per system on the device, one per name, and finds one by its name in any case', () => {
    const storage = memoryStorage()
    expect(saveMonster('osr', orc, storage)).toBeNull()
    saveMonster('osr', { ...orc, hp: '9' }, storage)
    saveMonster('osr', { name: 'Goblin', hp: '1d6' }, storage)
    expect(libraryOf('osr', storage).map((m) => [m.name, m.hp])).toEqual([
      ['Goblin', '1d6'],
      ['Orc', '9'],
    ])
    expect(libraryOf('zones', storage)).toEqual([])
    expect(findMonster(libraryOf('osr', storage), ' orc ')?.hp).toBe('9')
  })

  it('exports a file that imports back the same, on another device', () => {
    const here = memoryStorage()
    saveMonster('osr', orc, here)
    const parsed = parseLibrary(JSON.stringify(exportLibrary('osr', here)), 'osr')
    if (!parsed.ok) throw new Error(parsed.error)
    const there = memoryStorage()
    expect(importLibrary('osr', parsed.value, there)).toBeNull()
    expect(libraryOf('osr', there)).toEqual([orc])
  })

  it('refuses a malformed file, naming the first bad field', () => {
    expect(parseLibrary('{', 'osr')).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) })
    expect(parseLibrary(JSON.stringify({ fray: 'encounter' }), 'osr')).toMatchObject({
      error: 'fray: that file is not a Fray monster library.',
    })
    expect(parseLibrary(file([orc], 'zones'), 'osr')).toMatchObject({
      error: 'system: the library is for "zones", this room plays osr.',
    })
    expect(parseLibrary(file([orc, { name: 'Troll', hp: 'lots' }]), 'osr')).toMatchObject({
      error: expect.stringMatching(/^monsters\[1\]\.hp: /),
    })
    expect(parseLibrary(file([{ name: '', hp: '3' }]), 'osr')).toMatchObject({
      error: 'monsters[0].name: a name of 1 to 40 characters is needed.',
    })
    expect(parseLibrary(file([{ ...orc, sheet: { ...orc.sheet, ac: 'high' } }]), 'osr')).toMatchObject({
      error: expect.stringMatching(/^monsters\[0\]\.sheet: /),
    })
    expect(parseLibrary(file('orc'), 'osr')).toMatchObject({
      error: 'monsters: a list of monsters is missing.',
    })
  })
})

describe('the library on every GM device of a room', () => {
  /** Two GM devices, each with its own storage and its copy of the room's gm document, kept in sync. */
  function twoDevices() {
    const [a, b] = [new Y.Doc(), new Y.Doc()]
    a.on('update', (u: Uint8Array, origin: unknown) => origin !== 'peer' && Y.applyUpdate(b, u, 'peer'))
    b.on('update', (u: Uint8Array, origin: unknown) => origin !== 'peer' && Y.applyUpdate(a, u, 'peer'))
    return { a: { doc: a, storage: memoryStorage() }, b: { doc: b, storage: memoryStorage() } }
  }
  const names = (storage: Storage) => libraryOf('osr', storage).map((m) => m.name)

  it('lists on one what the other saved, before and after it opened, and keeps it there', () => {
    const { a, b } = twoDevices()
    saveMonster('osr', orc, a.storage)
    saveMonster('osr', { name: 'Goblin', hp: '5' }, b.storage)
    let changed = 0
    openLibrary('osr', a.doc, () => changed++, a.storage)
    openLibrary('osr', b.doc, () => changed++, b.storage)
    expect(names(a.storage)).toEqual(['Goblin', 'Orc'])
    expect(names(b.storage)).toEqual(['Goblin', 'Orc'])
    expect(findMonster(libraryOf('osr', b.storage), 'orc')).toEqual(orc)
    // Saved later on one device (its stats form), pushed: the other lists it and was told.
    const before = changed
    saveMonster('osr', { name: 'Ogre', hp: '4d8' }, a.storage)
    pushLibrary('osr', a.doc, a.storage)
    expect(names(b.storage)).toEqual(['Goblin', 'Ogre', 'Orc'])
    expect(changed).toBeGreaterThan(before)
  })

  it('forgets everywhere what one forgets, so no device brings it back', () => {
    const { a, b } = twoDevices()
    saveMonster('osr', orc, a.storage)
    openLibrary('osr', a.doc, () => {}, a.storage)
    openLibrary('osr', b.doc, () => {}, b.storage)
    expect(names(b.storage)).toEqual(['Orc'])
    forgetEverywhere('osr', 'Orc', b.doc, b.storage)
    expect(names(a.storage)).toEqual([])
    // Opened again on either device, the room stays without it.
    openLibrary('osr', a.doc, () => {}, a.storage)
    expect(a.doc.getMap('library').size).toBe(0)
  })

  it('takes the room’s where both have a name, and writes nothing where they agree', () => {
    const { a, b } = twoDevices()
    saveMonster('osr', { name: 'Orc', hp: '9' }, a.storage)
    openLibrary('osr', a.doc, () => {}, a.storage)
    saveMonster('osr', { name: 'Orc', hp: '3' }, b.storage)
    openLibrary('osr', b.doc, () => {}, b.storage)
    expect(findMonster(libraryOf('osr', b.storage), 'Orc')?.hp).toBe('9')
    let writes = 0
    a.doc.on('update', () => writes++)
    openLibrary('osr', a.doc, () => {}, a.storage)
    pushLibrary('osr', a.doc, a.storage)
    expect(writes).toBe(0)
  })
})
