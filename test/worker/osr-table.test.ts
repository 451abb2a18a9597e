/**
 * osr at the table, played through the room in workerd (#24): each declared action, prompt and automatic
 * effect of chapter 17 that the table carries, with an outcome that agrees with the rules package.
 */
import { TABLE, type TurnState } from '@fray/protocol'
import { osr } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { playTo, table } from './table-client.ts'

type Table = Awaited<ReturnType<typeof table>>

const turnOf = (t: Table) => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState

/** Mira's sheet with these fields changed (the GM writes the table directly). */
function setSheet(t: Table, fields: Record<string, unknown>): void {
  const mira = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
  mira?.set('sheet', { ...(mira.get('sheet') as Record<string, unknown>), ...fields })
}

/** Starts the fight with Mira first: DEX +3 and a typed 6 make 9, above any Ogre's 1d6. */
async function miraFirst(t: Table): Promise<void> {
  setSheet(t, { dexBonus: 3 })
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
  expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
  expect(turnOf(t).acting).toEqual([t.mira])
}

describe('osr: holding an action (17.0.1.6)', () => {
  it('Mira waits for the Ogre: she moves onto its number, acts with it, and still has her attack', async () => {
    const t = await table('osr')
    await miraFirst(t)
    const before = turnOf(t)
    const hold = { choice: 'hold', toggles: [] }
    expect(await t.ask({ kind: 'attack', targetId: t.mira, declared: hold })).toEqual({
      ok: false,
      error: 'Hold your action for someone else: the one you wait for.',
    })
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: hold })).ok).toBe(true)

    // The rules package's hold on the same order: Mira on the Ogre's number, together.
    const steps = before.order.map((s) => ({ initiative: s.at ?? 0, ids: s.ids }))
    const ruled = osr.holdAction({ scores: [], steps, skipped: [] }, t.mira, 'ogre')
    if (!ruled.ok) throw new Error(ruled.error)
    const turn = turnOf(t)
    expect(turn.order.map((s) => [s.at, [...s.ids].sort()])).toEqual(
      ruled.value.steps.map((s) => [s.initiative, [...s.ids].sort()]),
    )
    expect([...(turn.acting ?? [])].sort()).toEqual([t.mira, 'ogre'].sort())
    expect(turn.attacksLeft?.[t.mira]).toBe(1)
    expect(t.entries().at(-1)?.detail).toBe('Mira waits for Ogre and acts on their number, at the same time.')

    // She acts with the Ogre: her attack is hers to make.
    const sword = { choice: 'weapon-0-melee', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: sword })).ok).toBe(true)
  })

  it('the round goes on to its end with a held action, and the next round orders everyone afresh', async () => {
    const t = await table('osr')
    await miraFirst(t)
    expect(
      (await t.ask({ kind: 'attack', targetId: 'ogre', declared: { choice: 'hold', toggles: [] } })).ok,
    ).toBe(true)
    await playTo(t, () => turnOf(t).round === 2)
    expect(turnOf(t).round).toBe(2)
  })
})
