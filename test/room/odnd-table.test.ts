/**
 * odnd at the table, played through the room over sockets in memory: the order of a round as
 * ENCOUNTER ORDER 6 gives it, requested as a phone and the tablet would.
 */

import { TABLE, type TurnState } from '@fray/protocol'
import { defaultSheetFor, isActing, mayAttack, SYSTEMS } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { ogreFellsMira, table } from './table-client.ts'
import { eventually } from './ws-client.ts'

type Table = Awaited<ReturnType<typeof table>>

const turnOf = (t: Table) => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
const combatant = (t: Table, id: string) => t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
const OGRE_CLUB = { choice: 'w1', toggles: [] }
const SWORD = { name: 'Sword', kind: 'one-handed', damage: 'd8', reach: 3, size: 'medium' }
const SLASH = { choice: 'w1', toggles: [] }

/**
 * Mira down to 1 hit point and the Ogre with a club (`hasted`: it "always has initiative"); the fight
 * started and the Ogre's d6 rolled, Mira's typed to tie it (or, the Ogre hasted, whatever she types).
 */
async function ogreAndMira(t: Table, hasted: boolean): Promise<void> {
  const ogre = combatant(t, 'ogre')
  ogre?.set('sheet', {
    ...defaultSheetFor('odnd', 'Ogre'),
    role: 'monster',
    class: 'monster',
    ac: 6,
    hasted,
    weapons: [{ name: 'Club', kind: 'one-handed', damage: 'd6+1', reach: 3, size: 'medium' }],
  })
  const mira = combatant(t, t.mira)
  mira?.set('sheet', { ...(mira.get('sheet') as Record<string, unknown>), weapons: [SWORD] })
  mira?.set('hp', 1)
  await eventually(() => t.fighter(t.mira).hp === 1, 'Mira at 1 hit point')
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
  const ogres = turnOf(t).initiative.ogre?.total
  if (ogres === undefined) throw new Error('the Ogre rolled no initiative')
  expect((await t.ask({ kind: 'initiative', faces: [ogres] })).ok).toBe(true)
  await eventually(() => turnOf(t).status === 'running', 'the round under way')
  expect(turnOf(t).acting).toContain('ogre')
  expect(turnOf(t).acting?.includes(t.mira)).toBe(!hasted)
}

/**
 * The Ogre's club fells Mira (a 20, 6 damage), with the toggles the GM's composer starts from (what the
 * round says applies: the same initiative); she takes the blow without a parry.
 */
async function ogreFells(t: Table): Promise<void> {
  const toggles = SYSTEMS.odnd.turn.known?.(turnOf(t), t.fighter('ogre'), t.fighter(t.mira)) ?? []
  await ogreFellsMira(t, { ...OGRE_CLUB, toggles }, [20, 6], 'none')
  expect(SYSTEMS.odnd.combat.out(t.fighter(t.mira))).toBe('Mira is dead.')
}

describe('ENCOUNTER ORDER 6: "If two or more roll the same, movement/combat is simultaneous(This means that anyone killed in that round still gets their attack for that round)"', () => {
  it('the Ogre on the same initiative kills Mira: her attack is still offered, taken, resolved; then she is out', async () => {
    const t = await table('odnd')
    await ogreAndMira(t, false)
    await ogreFells(t)
    expect(t.entries().find((e) => e.attack?.attackerId === 'ogre')?.detail).toContain(
      'Mira acts at the same initiative and still gets its attack this round, before leaving the fight (ENCOUNTER ORDER 6)',
    )
    // Her phone's Attack and the tablet's "Mira attacks" read the turn: she still acts, with her attack.
    expect(isActing(turnOf(t), t.mira)).toBe(true)
    expect(mayAttack(turnOf(t), t.mira)).toBe(true)
    expect(turnOf(t).out ?? []).not.toContain(t.mira)
    const view = { turn: turnOf(t), fighters: [t.fighter(t.mira), t.fighter('ogre')] }
    const offered = SYSTEMS.odnd.combat.choices(t.fighter(t.mira), view)
    if (!offered.ok) throw new Error(offered.error)
    // Her ways to attack, and nothing else: none of the moves the living have after them (the text
    // gives the killed "their attack").
    const living = SYSTEMS.odnd.combat.choices({ ...t.fighter(t.mira), hp: 1 }, view)
    if (!living.ok) throw new Error(living.error)
    expect(offered.value[0]?.id).toBe('w1')
    expect(living.value.slice(0, offered.value.length)).toEqual(offered.value)
    expect(living.value.length).toBeGreaterThan(offered.value.length)
    const ogreHp = t.fighter('ogre').hp
    const strike = await t.ask({ kind: 'attack', targetId: 'ogre', declared: SLASH, faces: [15, 5] })
    if (!strike.ok) throw new Error(strike.error)
    await eventually(
      () => t.prompts().some((p) => p.id === strike.logId) || t.entries().some((e) => e.id === strike.logId),
      'her strike or its prompt',
    )
    if (t.prompts().some((p) => p.id === strike.logId))
      expect((await t.gmAsk({ kind: 'defend', promptId: strike.logId, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.attack?.attackerId === t.mira), 'her strike logged')
    expect(t.entries().find((e) => e.attack?.attackerId === t.mira)?.detail).toMatch(/^Mira hits Ogre for 5/)
    expect(t.fighter('ogre').hp).toBe(ogreHp - 5)
    // Her attack made, she is out of the order.
    await eventually(() => !isActing(turnOf(t), t.mira), 'Mira out of the turn')
    expect(turnOf(t).out).toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: SLASH })).toMatchObject({ ok: false })
  })

  it('killed by the Ogre who won initiative (hasted), Mira gets no attack back', async () => {
    const t = await table('odnd')
    await ogreAndMira(t, true)
    await ogreFells(t)
    expect(isActing(turnOf(t), t.mira)).toBe(false)
    expect(turnOf(t).out).toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: SLASH })).toMatchObject({ ok: false })
  })
})
