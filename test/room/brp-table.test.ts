/**
 * brp at the table, played through the room over sockets in memory: the order of an exchange as 5.6 and
 * 5.7 give it, requested as the GM's tablet and Mira's phone would.
 */

import { type LogEntry, TABLE } from '@fray/protocol'
import { defaultSheetFor, isActing, mayAttack, orderedRound, SYSTEMS, type TurnState } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { table } from './table-client.ts'
import { eventually } from './ws-client.ts'

type Table = Awaited<ReturnType<typeof table>>

/** The default Ogre's Brawl: 25% (the sheet's skill), a special success on 5 or less (one fifth, 5.5). */
const BRAWL = { choice: 'brawl', toggles: [] }
const BRAWL_CHANCE = 25

/** The GM's Ogre brawls at Mira: the room's answer, and the prompt it opened for her, if any. */
async function ogreBrawls(t: Table, faces?: number[]) {
  const attacked = await t.gmAsk({
    kind: 'attack',
    attackerId: 'ogre',
    targetId: t.mira,
    declared: BRAWL,
    ...(faces ? { faces } : {}),
  })
  if (!attacked.ok) throw new Error(attacked.error)
  const id = attacked.logId
  await eventually(
    () => t.prompts().some((p) => p.id === id) || t.entries().some((e) => e.id === id),
    'the prompt or the outcome',
  )
  return { id, prompt: t.prompts().find((p) => p.id === id) }
}

const outcome = (t: Table, id: string) => t.entries().find((e) => e.id === id) as LogEntry

/** Mira answers the prompt: the outcome logged. */
async function answer(t: Table, promptId: string, choice: string): Promise<LogEntry> {
  const answered = await t.ask({ kind: 'defend', promptId, choice })
  if (!answered.ok) throw new Error(answered.error)
  await eventually(() => t.entries().some((e) => e.id === answered.logId), 'the outcome')
  return outcome(t, answered.logId)
}

describe('5.6: "A parry is determined after the attack roll is made. If an attack fails, it does not need to be parried."', () => {
  it('a failed attack asks Mira nothing: 90 against 25% is logged a miss at once', async () => {
    const t = await table('brp')
    const { id, prompt } = await ogreBrawls(t, [90])
    expect(prompt).toBeUndefined()
    expect(outcome(t, id).detail).toBe('Ogre misses Mira.')
    expect(outcome(t, id).lines?.[0]?.label).toMatch(/a miss, which needs no parry or dodge \(5\.6, 5\.7\)/)
  })

  it('a hit asks her after the roll, saying how well it hit, with the odds given that roll', {
    timeout: 20_000,
  }, async () => {
    const t = await table('brp')
    // 20 against 25%: a success, not special (5 or less).
    const plain = await ogreBrawls(t, [20, 2])
    expect(plain.prompt?.rolled?.says).toBe('Ogre’s attack succeeds: 20 against 25%, a success.')
    const dodge = plain.prompt?.options.find((o) => o.id === 'dodge')
    // Her Dodge succeeds or not: a plain success dodged does no damage (5.8), so the attack still lands
    // exactly as often as the dodge fails.
    expect(dodge?.effect).toContain(`the attack still lands ${Math.round((1 - (dodge?.chance ?? 0)) * 100)}%`)
    expect((await answer(t, plain.id, 'none')).faces?.[0]).toBe(20)

    // 3: a special success, which a plain dodge only partly stops (5.8).
    const special = await ogreBrawls(t, [3, 1])
    expect(special.prompt?.rolled?.says).toBe('Ogre’s attack succeeds: 3 against 25%, a special success.')
  })

  it('on the room’s dice: asked only after a roll of 25 or less, and resolved with that very roll', {
    timeout: 60_000,
  }, async () => {
    const t = await table('brp')
    let asked = 0
    let missed = 0
    for (let i = 0; i < 12 && (asked === 0 || missed === 0); i++) {
      const { id, prompt } = await ogreBrawls(t)
      if (prompt) {
        asked++
        const face = prompt.rolled?.faces[0] ?? 0
        expect(face).toBeLessThanOrEqual(BRAWL_CHANCE)
        expect(prompt.rolled?.says).toContain(`: ${face} against ${BRAWL_CHANCE}%`)
        const logged = await answer(t, id, 'none')
        expect(logged.faces?.[0]).toBe(face)
        expect(logged.source).not.toBe('physical')
      } else {
        missed++
        expect(outcome(t, id).faces?.[0]).toBeGreaterThan(BRAWL_CHANCE)
        expect(outcome(t, id).detail).toBe('Ogre misses Mira.')
      }
      // Mira back to full for the next blow.
      const hurt = t.fighter(t.mira).maxHp - t.fighter(t.mira).hp
      if (hurt > 0) expect((await t.gmAsk({ kind: 'hp', combatantId: t.mira, delta: hurt })).ok).toBe(true)
    }
    expect(missed).toBeGreaterThan(0)
  })
})

const turnOf = (t: Table) => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState

/**
 * Mira at 3 hit points, so that any wound knocks her out (2 or less, 5.12); the Ogre (DEX `ogreDex`) and she
 * state nothing and brawl: the Actions under way.
 */
async function brawlAt(t: Table, ogreDex: number): Promise<void> {
  const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
  combatants.get('ogre')?.set('sheet', { ...defaultSheetFor('brp', 'Ogre', 'foe'), dex: ogreDex })
  combatants.get(t.mira)?.set('hp', 3)
  await eventually(() => t.fighter(t.mira).hp === 3, 'Mira at 3')
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  expect((await t.gmAsk({ kind: 'begin-actions' })).ok).toBe(true)
  await eventually(() => orderedRound(turnOf(t)).phase === 'actions', 'the Actions')
  expect(turnOf(t).acting).toContain('ogre')
}

/** The Ogre's Brawl hits Mira (10 against 25%, 1 on the 1D3, 3 hours), taken: she is knocked out. */
async function ogreDropsMira(t: Table): Promise<LogEntry> {
  const { id, prompt } = await ogreBrawls(t, [10, 1, 3])
  if (!prompt) throw new Error('the hit asked Mira nothing')
  const entry = await answer(t, id, 'none')
  expect(SYSTEMS.brp.combat.out(t.fighter(t.mira))).toBe('Mira is unconscious.')
  return entry
}

describe('5.2: "If these are still tied, the actions occur simultaneously."', () => {
  it('the Ogre on Mira’s DEX rank, with her weapon type and skill, knocks her out: her action is still offered, taken; then she is out', async () => {
    const t = await table('brp')
    await brawlAt(t, 10)
    // One slot for both: DEX 10, unarmed, 25%.
    expect(turnOf(t).acting).toEqual(expect.arrayContaining(['ogre', t.mira]))
    const blow = await ogreDropsMira(t)
    expect(blow.detail).toContain(
      'Mira is tied with Ogre on their DEX rank, and "the actions occur simultaneously": Mira still takes this round\'s action, then leaves the fight (5.2).',
    )
    // Her phone's Attack reads the turn: she still acts, with her one action.
    await eventually(() => Boolean(turnOf(t).acting?.includes(t.mira)), 'Mira still acting')
    expect(turnOf(t).attacksLeft?.[t.mira]).toBe(1)
    expect(isActing(turnOf(t), t.mira)).toBe(true)
    expect(mayAttack(turnOf(t), t.mira)).toBe(true)
    expect(turnOf(t).out ?? []).not.toContain(t.mira)
    const offered = SYSTEMS.brp.combat.choices(t.fighter(t.mira))
    if (!offered.ok) throw new Error(offered.error)
    expect(offered.value.map((c) => c.id)).toContain('brawl')
    // She takes it: 90 against 25%, a miss, logged at once.
    const strike = await t.ask({ kind: 'attack', targetId: 'ogre', declared: BRAWL, faces: [90] })
    if (!strike.ok) throw new Error(strike.error)
    await eventually(() => t.entries().some((e) => e.id === strike.logId), 'her action logged')
    expect(outcome(t, strike.logId).detail).toBe('Mira misses Ogre.')
    // Her action taken, she is out of the order.
    await eventually(() => !isActing(turnOf(t), t.mira), 'Mira out of the turn')
    expect(turnOf(t).out).toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: BRAWL })).toMatchObject({ ok: false })
  })

  it('the Ogre on a higher DEX rank knocks her out: the slot is not tied, and nothing is owed', async () => {
    const t = await table('brp')
    await brawlAt(t, 12)
    expect(turnOf(t).acting).toEqual(['ogre'])
    const blow = await ogreDropsMira(t)
    expect(blow.detail).not.toContain('simultaneously')
    expect(t.fighter(t.mira).state.strikesBack).toBeUndefined()
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    expect(isActing(turnOf(t), t.mira)).toBe(false)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: BRAWL })).toMatchObject({ ok: false })
  })
})
