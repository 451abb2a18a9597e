/**
 * zones at the table in full (#28): each rule of zones.txt that the table carries, played through the
 * room in workerd, its outcome checked against the rules package worked out on its own.
 */
import {
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  type RoomSettings,
  TABLE,
} from '@fray/protocol'
import { defaultSheetFor, type TurnState, zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { whoIsHitFirst } from '../../packages/rules/src/systems/zones/defenses.ts'
import { createRoom, eventually, gmAsker, seatAsker, TestClient, takeSeat } from './ws-client.ts'

/**
 * A zones room: Mira and Tomas on their phones, a Bandit with a sheet, and the GM. Incapacitation as the
 * GM set it: at 0 health unless a test asks otherwise (the room's default asks the GM after each blow that
 * leaves one up, which the tests of other rules would have to answer each time).
 */
async function zonesTable(
  incapacitation: RoomSettings['incapacitation'] = 'at-zero',
  physicalDice: RoomSettings['physicalDice'] = 'trust',
) {
  const { roomId, gmKey } = await createRoom('zones')
  const table = await TestClient.connect(roomId, 'table', gmKey)
  const settings = { incapacitation, physicalDice }
  for (const [key, value] of Object.entries(settings)) table.doc.getMap(TABLE.settings).set(key, value)
  // Settings travel on the table's socket, requests on the phones' and the GM's: seen back first.
  const reader = await TestClient.connect(roomId, 'table')
  await eventually(
    () => Object.entries(settings).every(([k, v]) => reader.doc.getMap(TABLE.settings).get(k) === v),
    'the settings',
  )
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  const log = await TestClient.connect(roomId, 'log')
  const _n = 0
  const player = async (name: string, extra: Record<string, unknown> = {}) => {
    const seat = await takeSeat(roomId, name)
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const ask = seatAsker(phone, name)
    const sheet = { ...defaultSheetFor('zones', name), ...extra }
    const created = await ask({ kind: 'create-character', sheet })
    if (!created.ok) throw new Error(created.error)
    return { ask, id: created.logId, name }
  }
  const gmAsk = gmAsker(gm)
  /** The GM puts a combatant on the table from the tablet. */
  const addCombatant = (id: string, fields: Record<string, unknown>) => {
    const added = new Y.Map<unknown>()
    table.doc.getMap(TABLE.combatants).set(id, added)
    for (const [k, v] of Object.entries(fields)) added.set(k, v)
  }
  const sheet = defaultSheetFor('zones', 'Bandit', 'foe')
  addCombatant('bandit', { name: 'Bandit', side: 'foe', hp: 8, maxHp: 8, sheet })
  const mira = await player('Mira')
  const tomas = await player('Tomas')
  const turn = () => table.doc.getMap(TABLE.turn).toJSON() as TurnState
  const entries = () => log.doc.getArray<LogEntry>(LOG.entries).toArray()
  const prompts = () => [...table.doc.getMap<PendingDefense>(TABLE.prompts).values()]
  const state = (id: string) =>
    (table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('state') ?? {}) as Record<
      string,
      unknown
    >
  /**
   * Starts the fight, the players having started it (so nothing is rolled or logged for the initiative),
   * and lets the party take its move with `who`.
   */
  const partyActs = async (who: { ask: (r: Record<string, unknown>) => Promise<RequestResult> }) => {
    expect((await gmAsk({ kind: 'start-combat', startedBy: 'pc' })).ok).toBe(true)
    await eventually(() => turn().status === 'running', 'the round')
    expect((await who.ask({ kind: 'act' })).ok).toBe(true)
  }
  /** Starts the fight, the foes having started it, and gives the Bandit their move, nobody of the party having taken a turn. */
  const banditActs = async () => {
    expect((await gmAsk({ kind: 'start-combat', startedBy: 'foe' })).ok).toBe(true)
    await eventually(() => turn().status === 'running', 'the round')
    expect((await gmAsk({ kind: 'act', combatantId: 'bandit' })).ok).toBe(true)
  }
  /** The Bandit attacks with its first weapon; the prompt on the target's phone. */
  const banditAttacks = async (targetId: string) => {
    const declared = { choice: 'weapon-0', toggles: [] }
    expect((await gmAsk({ kind: 'attack', attackerId: 'bandit', targetId, declared })).ok).toBe(true)
    await eventually(() => prompts().length === 1, 'the reaction prompt')
    return prompts()[0] as PendingDefense
  }
  const hp = (id: string) => Number(table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('hp'))
  /** Mira takes the party's move and turns `choice` on the Bandit; the GM's prompt to answer it. */
  const miraTurnsOnBandit = async (choice: string, toggles: string[] = []) => {
    await partyActs(mira)
    const declared = { choice, toggles }
    expect((await mira.ask({ kind: 'attack', targetId: 'bandit', declared })).ok).toBe(true)
    await eventually(() => prompts().length === 1, 'the Bandit’s prompt')
    return prompts()[0] as PendingDefense
  }
  /** Waits until the round records each of them as having spent their turn on a reaction. */
  const reacted = (...ids: string[]) =>
    eventually(
      () => ids.every((id) => zones.zonesRound(turn())?.characters[id]?.spent === 'reaction'),
      `${ids.join(', ')} reacted`,
    )
  /** The GM writes a combatant's rules state on the table, as the tablet may (a grab the table missed). */
  const setState = (id: string, value: Record<string, unknown>) =>
    table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.set('state', value)
  return {
    mira,
    tomas,
    gmAsk,
    turn,
    entries,
    prompts,
    state,
    partyActs,
    banditActs,
    banditAttacks,
    hp,
    sheet,
    setState,
    player,
    reacted,
    addCombatant,
    miraTurnsOnBandit,
  }
}

/** The rules' own count of a fresh turn (speed 2) after these steps. */
function turnAfter(steps: readonly zones.TurnStep[]): zones.TurnState {
  return steps.reduce(
    (turn, s) => {
      const r = zones.stepTurn(turn, s)
      if (!r.ok) throw new Error(r.error)
      return r.value
    },
    zones.startTurn({ speed: 2 }),
  )
}

/** What the rules leave of a fresh turn (speed 2) after this step. */
const leftAfter = (s: zones.TurnStep) => zones.whatIsLeft(turnAfter([s]))

/** The room's answer to an attack after this much of a turn: the rules' refusal, and what is left. */
function attackRefused(turn: zones.TurnState) {
  const refused = zones.stepTurn(turn, { type: 'main', action: 'attack' })
  expect(refused.ok).toBe(false)
  return { ok: false, error: `${refused.ok ? '' : refused.error} Left this turn: ${zones.whatIsLeft(turn)}.` }
}

/** The faces of an entry's dice whose label starts so ("damage", "opportunity"). */
const diceOf = (entry: LogEntry | undefined, label: string) =>
  (entry?.rolls ?? []).filter((r) => r.label.startsWith(label)).map((r) => r.face)

/** A default sheet as the rules read it. */
const sheetOf = (name: string, side: 'pc' | 'foe' = 'pc') => {
  const parsed = zones.parseSheet(defaultSheetFor('zones', name, side))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.value
}

/** The damage the rules give the Bandit's first weapon on this target for these faces, after armour. */
function banditDamage(target: zones.Sheet, faces: number[]): number {
  const bandit = sheetOf('Bandit', 'foe')
  const plan = zones.planAttack({ attacker: bandit, target, weapon: bandit.weapons[0] ?? null, nearby: true })
  if (!plan.ok) throw new Error(plan.error)
  return zones.resolveDamage(plan.value.damage, faces).suffered
}

/** The rules' answer to a stunt the GM approved on the Bandit, accepted or refused. */
function stuntAnswered(accepted: boolean) {
  const attack = zones.newAttackReactions(['bandit'])
  const proposed = zones.proposeStunt({ effect: 'disarmed', gmApproved: true, attack })
  if (!proposed.ok) throw new Error(proposed.error)
  const answered = zones.answerStunt(proposed.value, accepted, attack)
  if (!answered.ok) throw new Error(answered.error)
  return answered.value
}

const step = (choice: string, targetId: string, toggles: string[] = []) => ({
  kind: 'attack',
  targetId,
  declared: { choice, toggles },
})

describe('zones: a turn spent step by step ("Taking a turn")', () => {
  it('moves, attacks and takes a bonus action, the table saying what is left as the rules count it', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    // The rules' own count of the same turn, step by step: speed 2, from the sheet's default.
    let rules = zones.startTurn({ speed: 2 })
    const next = (s: zones.TurnStep) => {
      const r = zones.stepTurn(rules, s)
      if (!r.ok) throw new Error(r.error)
      rules = r.value
      return zones.whatIsLeft(rules)
    }
    const left = () => zones.zonesRound(t.turn())?.characters[t.mira.id]?.left
    await eventually(() => left() !== undefined, 'what is left of Mira’s turn')
    expect(left()).toBe(zones.whatIsLeft(rules))

    expect((await t.mira.ask(step('move', t.mira.id))).ok).toBe(true)
    const afterMove = next({ type: 'move', zones: 1 })
    await eventually(() => left() === afterMove, `"${afterMove}" after the move`)
    expect(t.entries().at(-1)?.detail).toBe(`Mira moves 1 zone. Left this turn: ${afterMove}.`)

    // The attack is the main action; the Bandit takes it (no reaction), and the half move is spent.
    expect((await t.mira.ask(step('weapon-0', 'bandit'))).ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s reaction prompt')
    expect((await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
    const afterAttack = next({ type: 'main', action: 'attack' })
    await eventually(() => left() === afterAttack, `"${afterAttack}" after the attack`)

    // A second main action is refused with the rule's words and what is left.
    expect(await t.mira.ask(step('main', t.mira.id))).toEqual({
      ok: false,
      error: `Only one main action per turn. Left this turn: ${afterAttack}.`,
    })
    expect((await t.mira.ask(step('bonus', t.mira.id))).ok).toBe(true)
    const afterBonus = next({ type: 'bonus', action: 'other' })
    expect(zones.turnOver(rules)).toBe(true)
    // Nothing left: the turn allows no more steps, and Mira ends it.
    await eventually(() => t.turn().attacksLeft?.[t.mira.id] === 0, 'nothing left of the turn')
    expect(afterBonus).toBe('nothing')
    // Refused in zones' own words for a turn, which is more than its attacks.
    expect(await t.mira.ask(step('move-half', t.mira.id))).toEqual({
      ok: false,
      error: 'Mira has nothing left of this turn: end it.',
    })
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).length === 0, 'the turn ended')
    expect(zones.zonesRound(t.turn())?.log.at(-1)).toEqual({ type: 'turn-ended', character: t.mira.id })
  })

  it('a full move spends the whole turn: no action after it, and a sprint doubles the move', async () => {
    const t = await zonesTable()
    await t.partyActs(t.tomas)
    expect((await t.tomas.ask(step('move', t.tomas.id, ['sprint']))).ok).toBe(true)
    expect((await t.tomas.ask(step('move', t.tomas.id))).ok).toBe(true)
    expect((await t.tomas.ask(step('move', t.tomas.id))).ok).toBe(true)
    // Sprinting, 3 zones of 4 are gone: past half speed no action is left; the rules say so in the same words.
    const rules = turnAfter([
      { type: 'move', zones: 1, sprint: true },
      { type: 'move', zones: 1 },
      { type: 'move', zones: 1 },
    ])
    expect(await t.tomas.ask(step('weapon-0', 'bandit'))).toEqual(attackRefused(rules))
    expect(zones.whatIsLeft(rules)).toBe('1 zone')
  })
})

describe('zones: who may take a turn, who must pass ("Combat procedure")', () => {
  it('each takes one turn a round, the fallen none; a side with nobody left passes by itself, saying why', async () => {
    const t = await zonesTable()
    t.addCombatant('bandit-2', { name: 'Bandit 2', side: 'foe', hp: 8, maxHp: 8, sheet: t.sheet })
    // Tomas is down before the fight: out of it, he gets no turn ("Each character can only take a turn once per round").
    t.setState(t.tomas.id, { down: 'incapacitated' })
    await eventually(() => t.state(t.tomas.id).down === 'incapacitated', 'Tomas down')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    if (zones.zonesRound(t.turn())?.initiative === 'foes')
      expect((await t.gmAsk({ kind: 'pass' })).ok).toBe(true)
    const round = () => zones.zonesRound(t.turn()) as zones.RoundState
    // The GM's write reaches the room on its own connection: the round records him out once it has.
    await eventually(() => round().characters[t.tomas.id]?.out === true, 'Tomas out of the round')
    expect(zones.canTakeTurn(round(), t.tomas.id)).toBe(false)
    expect(await t.tomas.ask({ kind: 'act' })).toEqual({ ok: false, error: 'Tomas is incapacitated.' })
    expect((await t.mira.ask({ kind: 'act' })).ok).toBe(true)
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    // Mira has taken her turn and Tomas is out: the party must pass, and does so by itself, in the rules' words.
    await eventually(() => round().next === 'foes' && round().log.at(-1)?.type === 'pass', 'the party passed')
    expect(zones.mustPass(round(), 'party')).toBe(true)
    expect(round().log.at(-1)).toEqual({
      type: 'pass',
      faction: 'party',
      reason: zones.whyMustPass(round(), 'party'),
    })
    expect(zones.whyMustPass(round(), 'party')).toBe(
      'The players pass: each has taken their turn, reacted or is out of the fight.',
    )
    // The Bandit took his turn: the rules refuse him a second one, and the room says the same.
    const again = zones.stepRound(round(), { type: 'take-turn', faction: 'foes', character: 'bandit' })
    expect(again.ok).toBe(false)
    expect(await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).toEqual({
      ok: false,
      error: again.ok ? '' : again.error,
    })
    // Bandit 2 may still take one: the foes are not made to pass.
    expect(zones.mustPass(round(), 'foes')).toBe(false)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit-2' })).ok).toBe(true)
  })
})

describe('zones: reactions kept by the rules ("Reacting to an attack", "Guarding")', () => {
  it('Tomas guards Mira: he takes the blow, spends his turn on it, and cannot dodge or counter', async () => {
    const t = await zonesTable()
    await t.banditActs()
    const prompt = await t.banditAttacks(t.mira.id)
    const guard = prompt.options.find((o) => o.id === `guard:${t.tomas.id}`)
    expect(guard?.label).toBe('Tomas guards you (nearby)')
    expect((await t.mira.ask({ kind: 'defend', promptId: prompt.id, choice: guard?.id })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const faces = (entry.rolls ?? []).filter((r) => r.label.startsWith('damage')).map((r) => r.face)
    expect(faces).toHaveLength(1)
    // Tomas suffers what the rules give the Bandit's blow on him; Mira nothing.
    expect(t.hp(t.tomas.id)).toBe(8 - banditDamage(sheetOf('Tomas'), faces))
    expect(t.hp(t.mira.id)).toBe(8)
    expect(entry.detail).toMatch(/^Tomas guards Mira and takes the attack\. Bandit hits: Tomas takes \d/)
    // His reaction took his whole turn: the round's own record says so, and he may not take one now.
    await eventually(
      () => zones.zonesRound(t.turn())?.characters[t.tomas.id]?.spent === 'reaction',
      'Tomas reacted',
    )
    expect(zones.zonesRound(t.turn())?.characters[t.mira.id]?.spent).toBe(null)
  })

  it('Mira hides behind Tomas, who dodges: the rules’ AGI save on his die decides, both turns spent', async () => {
    const t = await zonesTable()
    await t.banditActs()
    const prompt = await t.banditAttacks(t.mira.id)
    const hide = prompt.options.find((o) => o.id === `hide:${t.tomas.id}:dodge`)
    const agi = sheetOf('Tomas').agi
    expect(hide?.chance).toBe(zones.saveChance(agi).probability)
    expect((await t.mira.ask({ kind: 'defend', promptId: prompt.id, choice: hide?.id })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const save = entry.rolls?.find((r) => r.label === 'AGI save to dodge')
    if (!save) throw new Error('no dodge rolled')
    const dodged = zones.resolveDodge(agi, save.face).misses
    expect(entry.detail).toMatch(/^Mira hides behind Tomas, who takes the attack and dodges\./)
    const faces = (entry.rolls ?? []).filter((r) => r.label.startsWith('damage')).map((r) => r.face)
    expect(t.hp(t.tomas.id)).toBe(dodged ? 8 : 8 - banditDamage(sheetOf('Tomas'), faces))
    expect(t.hp(t.mira.id)).toBe(8)
    await t.reacted(t.mira.id, t.tomas.id)
  })

  it('Mira hides behind Tomas, who counters with his sword: both blows land as the rules count them', async () => {
    const t = await zonesTable()
    await t.banditActs()
    const prompt = await t.banditAttacks(t.mira.id)
    // "They can perform their own reaction if they haven't taken their turn yet": a counter among them,
    // with the rules' chance that the Bandit is hit first.
    const option = prompt.options.find((o) => o.id === `hide:${t.tomas.id}:counter:weapon-0`)
    const tomasSheet = sheetOf('Tomas')
    const bandit = sheetOf('Bandit', 'foe')
    const onTomas = zones.planAttack({
      attacker: bandit,
      target: tomasSheet,
      weapon: bandit.weapons[0] ?? null,
      nearby: true,
    })
    const back = zones.planAttack({
      attacker: tomasSheet,
      target: bandit,
      weapon: tomasSheet.weapons[0] ?? null,
      nearby: true,
    })
    if (!onTomas.ok || !back.ok) throw new Error('no plan')
    const odds = whoIsHitFirst(onTomas.value.damage, back.value.damage)
    expect(option?.label).toBe('Hide behind Tomas, who counters: Sword (d6)')
    expect(option?.chance).toBe(odds.attackerFirst.probability)
    expect((await t.mira.ask({ kind: 'defend', promptId: prompt.id, choice: option?.id })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    expect(entry.detail).toMatch(
      /^Mira hides behind Tomas, who takes the attack and counters\. Tomas counters\./,
    )
    // Both roll at once; a d6 never takes 8 health to 0, so both blows land, each after armour.
    const blow = zones.resolveDamage(onTomas.value.damage, diceOf(entry, 'damage'))
    const counter = zones.resolveDamage(back.value.damage, diceOf(entry, 'counter'))
    const result = zones.resolveCounter({
      attack: blow,
      counter,
      attackerHealth: { health: 8, max: 8 },
      countererHealth: { health: 8, max: 8 },
      policy: 'at-zero',
    })
    // Hit at the same time on a tie ('none'), or one after the other: never cancelled.
    expect(result.secondBlow).not.toBe('cancelled')
    expect(t.hp(t.tomas.id)).toBe(8 - blow.suffered)
    expect(t.hp('bandit')).toBe(8 - counter.suffered)
    expect(t.hp(t.mira.id)).toBe(8)
    await t.reacted(t.mira.id, t.tomas.id)
  })

  it('one who has taken their turn cannot react, even before attacking; a guard who has cannot guard', async () => {
    const t = await zonesTable()
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    if (zones.zonesRound(t.turn())?.initiative === 'foes')
      expect((await t.gmAsk({ kind: 'pass' })).ok).toBe(true)
    // Mira takes the party's move and ends her turn without attacking.
    expect((await t.mira.ask({ kind: 'act' })).ok).toBe(true)
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).ok).toBe(true)
    const prompt = await t.banditAttacks(t.mira.id)
    const round = zones.zonesRound(t.turn())
    if (!round) throw new Error('no round')
    expect(zones.canReact(round, t.mira.id).ok).toBe(false)
    // Only Tomas's guard, his own reaction, is open to her; no dodge, no counter, no hiding.
    expect(prompt.options.map((o) => o.id)).toEqual([`guard:${t.tomas.id}`, 'none'])
  })
})

describe('zones: opportunity attacks ("Opportunity attacks")', () => {
  it('Mira moves away from the Bandit, who attacks as she goes; her turn resumes as she still stands', async () => {
    const t = await zonesTable()
    // The Bandit's reaction is the GM's to choose: an opportunity attack with each weapon, or none.
    const prompt = await t.miraTurnsOnBandit('move-away')
    expect(prompt.targetId).toBe('bandit')
    // Moving away is no attack: the prompt says what Mira does ("Mira moves away from Bandit").
    expect(prompt.against).toBe('moves away from')
    expect(prompt.options.map((o) => o.id)).toEqual(['opportunity:weapon-0', 'opportunity:unarmed', 'none'])
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'opportunity:weapon-0' })).ok).toBe(
      true,
    )
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const faces = (entry.rolls ?? []).filter((r) => r.label.startsWith('opportunity')).map((r) => r.face)
    // The Bandit's d6 is his own die, and Mira suffers what the rules give it.
    expect(entry.rolls?.every((r) => r.theirs)).toBe(true)
    const suffered = banditDamage(sheetOf('Mira'), faces)
    expect(t.hp(t.mira.id)).toBe(8 - suffered)
    // Still up, so her turn resumes with the zone moved ("their turn resumes if they are still alive and conscious").
    expect(zones.turnResumes({ alive: true, conscious: 8 - suffered > 0 })).toBe(true)
    const moved = zones.stepTurn(zones.startTurn({ speed: 2 }), { type: 'move', zones: 1 })
    if (!moved.ok) throw new Error(moved.error)
    expect(entry.detail).toBe(
      `Bandit makes an opportunity attack as Mira moves away: Mira takes ${suffered}. Mira's turn resumes: they move 1 zone. Left this turn: ${zones.whatIsLeft(moved.value)}.`,
    )
    await eventually(
      () => zones.zonesRound(t.turn())?.characters.bandit?.spent === 'reaction',
      'the Bandit reacted',
    )
    expect(t.turn().acting).toEqual([t.mira.id])
  })

  it('Anna, on her last health, moves away; the Bandit’s opportunity attack knocks her down and her turn does not resume', async () => {
    const t = await zonesTable()
    const anna = await t.player('Anna', { health: 1 })
    await t.partyActs(anna)
    expect((await anna.ask(step('move-away', 'bandit'))).ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s prompt')
    const prompt = t.prompts()[0] as PendingDefense
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'opportunity:weapon-0' })).ok).toBe(
      true,
    )
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    // The Bandit's d6 against her armour 0 always hurts her, and one health is all she has.
    const suffered = banditDamage(sheetOf('Anna'), diceOf(entry, 'opportunity'))
    expect(suffered).toBeGreaterThanOrEqual(1)
    // Damage takes her to 0: incapacitated (only a death blow kills), so neither alive and conscious.
    await eventually(() => t.state(anna.id).down === 'incapacitated', 'Anna down')
    expect(zones.turnResumes({ alive: true, conscious: false })).toBe(false)
    // "... after which their turn resumes if they are still alive and conscious": hers does not.
    expect(entry.detail).toBe(
      `Bandit makes an opportunity attack as Anna moves away: Anna takes ${suffered}: incapacitated. Anna's turn does not resume.`,
    )
    // Her turn is over: the zone she was moving is not hers to finish, nor anything else.
    await eventually(() => !(t.turn().acting ?? []).includes(anna.id), 'her turn over')
    expect(await anna.ask(step('move', anna.id))).toEqual({
      ok: false,
      error: "Anna is incapacitated and can't act.",
    })
    await eventually(
      () => zones.zonesRound(t.turn())?.characters.bandit?.spent === 'reaction',
      'the Bandit reacted',
    )
  })
})

describe('zones: surrendering ("Surrendering")', () => {
  it('surrendering takes the whole turn: refused after a move, in the rule’s words', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    // Surrendering takes the whole turn: not after a move (the rules say why, in the same words).
    const moved = zones.stepTurn(zones.startTurn({ speed: 2 }), { type: 'move', zones: 0.5 })
    if (!moved.ok) throw new Error(moved.error)
    const refused = zones.stepTurn(moved.value, { type: 'surrender' })
    expect(refused.ok).toBe(false)
    expect((await t.mira.ask(step('move-half', t.mira.id))).ok).toBe(true)
    expect(await t.mira.ask(step('surrender', t.mira.id))).toEqual({
      ok: false,
      error: `${refused.ok ? '' : refused.error} Left this turn: ${zones.whatIsLeft(moved.value)}.`,
    })
  })

  it('a surrender wastes the turn, and harm from the enemy lets the one who surrendered fight on', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    expect((await t.mira.ask(step('surrender', t.mira.id))).ok).toBe(true)
    await eventually(() => t.state(t.mira.id).surrendering === true, 'Mira surrenders')
    expect(t.entries().at(-1)?.detail).toBe(
      'Mira surrenders, throwing their weapons away: their turn is wasted, but they might be spared. Left this turn: nothing.',
    )
    // Nothing is left of the turn ("Their turn is wasted").
    await eventually(() => t.turn().attacksLeft?.[t.mira.id] === 0, 'the turn spent')
    // The Bandit's move: he attacks her anyway, and she takes damage.
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).ok).toBe(true)
    const prompt = await t.banditAttacks(t.mira.id)
    // She took her turn (surrendering), so she can no longer react; Tomas may still guard her.
    expect(prompt.options.map((o) => o.id)).toEqual([`guard:${t.tomas.id}`, 'none'])
    expect((await t.mira.ask({ kind: 'defend', promptId: prompt.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack' && e.by === 'Bandit'), 'the blow')
    // The Bandit's d6 against her armour 0 always hurts her.
    expect(t.hp(t.mira.id)).toBe(8 - banditDamage(sheetOf('Mira'), diceOf(t.entries().at(-1), 'damage')))
    expect(t.hp(t.mira.id)).toBeLessThan(8)
    // "Surrendering characters who are harmed by the enemy can resume fighting normally."
    expect(zones.harmedWhileSurrendering({ surrendering: true, brokeMorale: false }).surrendering).toBe(false)
    expect(t.state(t.mira.id).surrendering).toBeUndefined()
  })
})

describe('zones: what follows a grab ("Non-lethal attacks")', () => {
  it('Mira spends her main action to free Tomas from the Bandit with a STR save on her own die', async () => {
    const t = await zonesTable()
    t.setState(t.tomas.id, { grabbedBy: 'bandit' })
    await eventually(() => t.state(t.tomas.id).grabbedBy === 'bandit', 'Tomas grabbed')
    await t.partyActs(t.mira)
    // Her own d20 shows 1: the rules' save for freeing an ally passes on STR 10.
    const save = zones.freeAlly(sheetOf('Mira'), 1)
    expect(save.passed).toBe(true)
    const freed = await t.mira.ask({ ...step('free-ally', t.tomas.id), faces: [1] })
    expect(freed.ok).toBe(true)
    await eventually(() => t.state(t.tomas.id).grabbedBy === undefined, 'Tomas free')
    expect(t.entries().at(-1)?.detail).toBe('Mira frees Tomas from the grab.')
    // It was her main action: a second one is refused, in the rule's words.
    expect(await t.mira.ask(step('main', t.mira.id))).toEqual({
      ok: false,
      error: 'Only one main action per turn. Left this turn: 1 zone and a bonus action.',
    })
  })

  it('grabbed, Tomas can only try to break free: a STR save on his own die that spends his whole turn, pass or fail', async () => {
    const t = await zonesTable()
    t.setState(t.tomas.id, { grabbedBy: 'bandit' })
    t.setState(t.mira.id, { grabbedBy: 'bandit' })
    await eventually(() => t.state(t.mira.id).grabbedBy === 'bandit', 'both grabbed')
    await t.partyActs(t.mira)
    // "Grabbed characters can't act, and can only spend their turn to attempt to break free."
    const moving = zones.stepTurn(zones.startTurn({ speed: 2, grabbed: true }), { type: 'move', zones: 1 })
    expect(moving.ok).toBe(false)
    expect((await t.mira.ask(step('move', t.mira.id))).ok).toBe(false)
    // Her d20 shows 20: the rules' save fails on STR 10; she is still held and her turn is gone.
    const fails = zones.breakFree(sheetOf('Mira'), sheetOf('Bandit', 'foe'), 20)
    expect(fails.ok && fails.value.passed).toBe(false)
    expect((await t.mira.ask({ ...step('break-free', 'bandit'), faces: [20] })).ok).toBe(true)
    await eventually(() => t.entries().length === 1, 'her try')
    expect(t.entries()[0]?.detail).toBe('Mira fails to break free of Bandit. Left this turn: nothing.')
    expect(t.state(t.mira.id).grabbedBy).toBe('bandit')
    await eventually(() => t.turn().attacksLeft?.[t.mira.id] === 0, 'her turn spent')
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)
    // The foes pass; Tomas's d20 shows 1: he breaks free, "however his turn has already been consumed".
    expect((await t.gmAsk({ kind: 'pass' })).ok).toBe(true)
    expect((await t.tomas.ask({ kind: 'act' })).ok).toBe(true)
    const passes = zones.breakFree(sheetOf('Tomas'), sheetOf('Bandit', 'foe'), 1)
    expect(passes.ok && passes.value.passed).toBe(true)
    expect((await t.tomas.ask({ ...step('break-free', 'bandit'), faces: [1] })).ok).toBe(true)
    await eventually(() => t.state(t.tomas.id).grabbedBy === undefined, 'Tomas free')
    expect(t.entries().at(-1)?.detail).toBe('Tomas breaks free of Bandit. Left this turn: nothing.')
    await eventually(() => t.turn().attacksLeft?.[t.tomas.id] === 0, 'his turn spent')
    expect(await t.tomas.ask(step('move-half', t.tomas.id))).toEqual({
      ok: false,
      error: 'Tomas has nothing left of this turn: end it.',
    })
  })

  it('the Bandit keeps hold of Tomas as he moves, and lets go when he takes another action', async () => {
    const t = await zonesTable()
    t.setState(t.tomas.id, { grabbedBy: 'bandit' })
    await eventually(() => t.state(t.tomas.id).grabbedBy === 'bandit', 'Tomas grabbed')
    await t.banditActs()
    const own = (choice: string) =>
      t.gmAsk({ kind: 'attack', attackerId: 'bandit', targetId: 'bandit', declared: { choice, toggles: [] } })
    expect((await own('move-half')).ok).toBe(true)
    expect(zones.keepsHold('move', false)).toBe(true)
    await eventually(() => t.entries().length === 1, 'the move')
    expect(t.state(t.tomas.id).grabbedBy).toBe('bandit')
    // "... keep hold while moving together with the grabbed character": the log says Tomas comes along.
    expect(t.entries()[0]?.detail).toBe(
      `Bandit moves half a zone. Left this turn: ${leftAfter({ type: 'move', zones: 0.5 })}. Bandit keeps hold of Tomas, who moves with them.`,
    )
    expect((await own('main')).ok).toBe(true)
    expect(zones.keepsHold('other', false)).toBe(false)
    await eventually(() => t.state(t.tomas.id).grabbedBy === undefined, 'Tomas let go')
    expect(t.entries().at(-1)?.detail).toBe(
      'Bandit takes a main action: the GM decides its effect. Left this turn: half a zone and a bonus action. Tomas is free: Bandit let go to do it.',
    )
  })
})

describe('zones: the order of counters ("Non-lethal attacks")', () => {
  /** The rules' plan of one's non-lethal attack on another (both nearby). */
  const nonLethalPlan = (kind: zones.NonLethalKind, by: zones.Sheet, on: zones.Sheet) => {
    const plan = zones.planNonLethal({ kind, attacker: by, target: on, nearby: true })
    if (!plan.ok) throw new Error(plan.error)
    return plan.value
  }
  /** The face of the one roll with this label in an entry, and its place among the entry's rolls. */
  const rolled = (entry: LogEntry, label: string) => {
    const at = (entry.rolls ?? []).findIndex((r) => r.label === label)
    return { at, face: entry.rolls?.[at]?.face as number }
  }

  it('Mira counters the Bandit’s sword with a grapple: the blow lands first, then, still up, she grabs him on his failed STR save', async () => {
    const t = await zonesTable()
    await t.banditActs()
    const prompt = await t.banditAttacks(t.mira.id)
    // "They ... can be used to counter": her grapple among her counters, with the rules' odds.
    const option = prompt.options.find((o) => o.id === 'counter:grapple')
    const grab = nonLethalPlan('grapple', sheetOf('Mira'), sheetOf('Bandit', 'foe'))
    // A d6 never takes her 8 health to 0, so the chance is the Bandit failing his STR save.
    const takes = zones.nonLethalOdds(grab, sheetOf('Bandit', 'foe').str).takesEffect.probability
    expect(option?.label).toBe('Counter: Grapple')
    expect(option?.chance).toBe(takes)
    expect(zones.counterOrder('lethal', 'non-lethal')).toBe('attack-first')
    expect((await t.mira.ask({ kind: 'defend', promptId: prompt.id, choice: 'counter:grapple' })).ok).toBe(
      true,
    )
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const suffered = banditDamage(sheetOf('Mira'), diceOf(entry, 'damage'))
    expect(t.hp(t.mira.id)).toBe(8 - suffered)
    // "If a normal attack is countered by a non-lethal attack ... the non-lethal attack is resolved last."
    const save = rolled(entry, 'STR save to resist the grapple')
    expect(save.at).toBeGreaterThan((entry.rolls ?? []).findIndex((r) => r.label.startsWith('damage')))
    const result = zones.resolveNonLethal(grab, sheetOf('Bandit', 'foe').str, save.face, false)
    if (!result.ok) throw new Error(result.error)
    expect(entry.detail).toBe(
      `Bandit hits: Mira takes ${suffered}. Mira counters last: ${result.value.succeeds ? `Bandit ${result.value.effect}` : 'Bandit resists the grapple'}.`,
    )
    await eventually(
      () => (t.state('bandit').grabbedBy === t.mira.id) === result.value.succeeds,
      'the grab as the save says',
    )
    await t.reacted(t.mira.id)
  })

  it('Mira shoves the Bandit, who counters with a disarm: her shove is resolved first, his counter last', async () => {
    const t = await zonesTable()
    const prompt = await t.miraTurnsOnBandit('shove')
    const disarm = nonLethalPlan('disarm', sheetOf('Bandit', 'foe'), sheetOf('Mira'))
    // "If a non-lethal attack is countered by a non-lethal attack, the counter is resolved last."
    expect(zones.counterOrder('non-lethal', 'non-lethal')).toBe('attack-first')
    const option = prompt.options.find((o) => o.id === 'counter:disarm')
    expect(option?.chance).toBe(zones.nonLethalOdds(disarm, sheetOf('Mira').str).takesEffect.probability)
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'counter:disarm' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const shoveSave = rolled(entry, 'STR save to resist the shove')
    const disarmSave = rolled(entry, 'STR save to resist the disarm')
    expect(shoveSave.at).toBeGreaterThanOrEqual(0)
    expect(disarmSave.at).toBeGreaterThan(shoveSave.at)
    const shove = zones.resolveNonLethal(
      nonLethalPlan('shove', sheetOf('Mira'), sheetOf('Bandit', 'foe')),
      sheetOf('Bandit', 'foe').str,
      shoveSave.face,
      false,
    )
    const disarmed = zones.resolveNonLethal(disarm, sheetOf('Mira').str, disarmSave.face, false)
    if (!shove.ok || !disarmed.ok) throw new Error('no result')
    const first = shove.value.succeeds ? `Bandit ${shove.value.effect}` : 'Bandit resists the shove'
    const last = disarmed.value.succeeds
      ? 'Mira drops their Sword (a free hand can grab it)'
      : 'Mira resists the disarm'
    expect(entry.detail).toBe(`${first}. Bandit counters last: ${last}.`)
    expect(t.state(t.mira.id).dropped ?? []).toEqual(disarmed.value.succeeds ? ['weapon-0'] : [])
  })

  it('Mira grapples the Bandit, who counters with his sword: his blow lands first, then her grab', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    expect(zones.counterOrder('non-lethal', 'lethal')).toBe('counter-first')
    expect((await t.mira.ask(step('grapple', 'bandit'))).ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s answer')
    const prompt = t.prompts()[0] as PendingDefense
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'counter:weapon-0' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const suffered = banditDamage(sheetOf('Mira'), diceOf(entry, 'counter damage'))
    const save = rolled(entry, 'STR save to resist the grapple')
    expect(save.at).toBeGreaterThan(
      (entry.rolls ?? []).findIndex((r) => r.label.startsWith('counter damage')),
    )
    expect(t.hp(t.mira.id)).toBe(8 - suffered)
    expect(entry.detail).toMatch(new RegExp(`^Bandit counters first: Mira takes ${suffered}\\. `))
  })
})

describe('zones: attack stunts ("Attack stunts")', () => {
  it('Mira proposes a stunt; the Bandit accepts it and takes no damage, or refuses and takes the blow', async () => {
    const t = await zonesTable()
    const prompt = await t.miraTurnsOnBandit('weapon-0', ['stunt'])
    // Accepting comes first, before any reaction ("This must be done before the target decides whether to react").
    expect(prompt.options[0]?.id).toBe('accept-stunt')
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'accept-stunt' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    // The rules' answer: accepted, no damage, and nobody may react.
    expect(stuntAnswered(true).damage).toBe(false)
    expect(diceOf(entry, 'damage')).toEqual([])
    expect(t.hp('bandit')).toBe(8)
    expect(entry.detail).toBe(
      "Bandit accepts Mira's stunt: no damage; the effect Mira proposed applies, as the GM approved it.",
    )
    // Accepting is no reaction: the Bandit may still take his turn.
    expect(zones.zonesRound(t.turn())?.characters.bandit?.spent).toBe(null)
  })
})

describe('zones: blast attacks ("Blast attacks")', () => {
  it('Sybilla throws a fire bomb: one roll for the zone, which the GM applies with Area damage, armour counted', async () => {
    const t = await zonesTable()
    const bomb = { name: 'Fire bomb', damage: 'd6', range: 2, blast: true }
    const sybilla = await t.player('Sybilla', { weapons: [{ name: 'Sword', damage: 'd6' }, bomb] })
    await t.partyActs(sybilla)
    // Aimed at a zone, not at one fighter: no reaction prompt, the room rolls at once.
    expect(await sybilla.ask(step('weapon-1', sybilla.id))).toEqual({ ok: true, logId: expect.any(String) })
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the blast')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const faces = diceOf(entry, 'blast damage')
    expect(faces).toHaveLength(1)
    // The rules: a ranged blast in range needs no save; its d6 is never changed by size.
    const thrower = zones.parseSheet({ ...defaultSheetFor('zones', 'Sybilla'), weapons: [bomb] })
    if (!thrower.ok) throw new Error(thrower.error)
    const weapon = thrower.value.weapons[0] as zones.Weapon
    const bandit = { id: 'bandit', sheet: sheetOf('Bandit', 'foe') }
    const plan = zones.planBlast({
      attackerId: sybilla.id,
      attacker: thrower.value,
      weapon,
      inZone: [bandit],
      distance: 1,
    })
    if (!plan.ok) throw new Error(plan.error)
    expect(plan.value.witSaveReasons).toEqual([])
    const spec = plan.value.damage.bandit as zones.DamageSpec
    const blow = zones.resolveDamage(spec, faces)
    expect(entry.detail).toBe(
      `Sybilla's Fire bomb hits the zone: everyone in the zone and on its borders takes ${blow.inflicted} minus their armour. GM: apply it with "Area damage" (${blow.inflicted}, armour counts).`,
    )
    // The GM ticks who was in the zone: the Bandit suffers what the rules give him.
    expect(
      (await t.gmAsk({ kind: 'area', targets: [{ id: 'bandit', saved: false }], amount: blow.inflicted })).ok,
    ).toBe(true)
    await eventually(() => t.hp('bandit') === 8 - blow.suffered, `the Bandit at ${8 - blow.suffered}`)
  })
})

describe('zones: reactions a round ("Reacting to an attack")', () => {
  it('never twice against one attack; a skill’s extra reaction lets Mira dodge a second attack in the round, and no third', async () => {
    const t = await zonesTable()
    // "Some skills grant the ability to react multiple times in a round": one more for Mira. Sturdy
    // enough that two failed dodges cannot take her out: one out of the fight has no reaction to count.
    const mira = await t.player('Mira2', { extraReactions: 1, health: 30 })
    t.addCombatant('bandit-2', { name: 'Bandit 2', side: 'foe', hp: 8, maxHp: 8, sheet: t.sheet })
    await t.banditActs()
    const first = await t.banditAttacks(mira.id)
    expect((await mira.ask({ kind: 'defend', promptId: first.id, choice: 'dodge' })).ok).toBe(true)
    // "it is never possible to react more than once against a single attack": the prompt is answered.
    const twice = await mira.ask({ kind: 'defend', promptId: first.id, choice: 'dodge' })
    expect(twice.ok).toBe(false)
    await eventually(
      () => zones.zonesRound(t.turn())?.characters[mira.id]?.reactionsUsed === 1,
      'one reaction',
    )
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    // The party passes; Bandit 2 attacks her: the rules let her react once more.
    expect((await t.mira.ask({ kind: 'pass' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit-2' })).ok).toBe(true)
    expect(zones.canReact(zones.zonesRound(t.turn()) as zones.RoundState, mira.id).ok).toBe(true)
    const declared = { choice: 'weapon-0', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'bandit-2', targetId: mira.id, declared })).ok).toBe(
      true,
    )
    await eventually(() => t.prompts().length === 1, 'the second prompt')
    const second = t.prompts()[0] as PendingDefense
    expect(second.options.map((o) => o.id)).toContain('dodge')
    expect((await mira.ask({ kind: 'defend', promptId: second.id, choice: 'dodge' })).ok).toBe(true)
    await eventually(
      () => zones.zonesRound(t.turn())?.characters[mira.id]?.reactionsUsed === 2,
      'two reactions',
    )
    // Both spent: the rules refuse a third.
    expect(zones.canReact(zones.zonesRound(t.turn()) as zones.RoundState, mira.id).ok).toBe(false)
  })
})

describe('zones: gear breaking ("Combat gear degradation")', () => {
  it('Mira’s damaged sword rolls a 1: it is destroyed, as resolveDamage says, and no longer offered', async () => {
    const t = await zonesTable()
    // A durability roll of an earlier fight left her sword damaged.
    t.setState(t.mira.id, { damagedGear: ['weapon-0'] })
    await eventually(() => t.state(t.mira.id).damagedGear !== undefined, 'the damaged sword')
    await t.partyActs(t.mira)
    // Her own d6 shows 1.
    expect((await t.mira.ask({ ...step('weapon-0', 'bandit'), faces: [1] })).ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s answer')
    const prompt = t.prompts()[0] as PendingDefense
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    const faces = diceOf(entry, 'damage')
    const sword = { ...(sheetOf('Mira').weapons[0] as zones.Weapon), damaged: true }
    const plan = zones.planAttack({
      attacker: sheetOf('Mira'),
      target: sheetOf('Bandit', 'foe'),
      weapon: sword,
      nearby: true,
    })
    if (!plan.ok) throw new Error(plan.error)
    // "Damaged weapons and shields are destroyed if used to attack and a 1 is rolled on the damage die."
    expect(faces).toEqual([1])
    const blow = zones.resolveDamage(plan.value.damage, faces)
    expect(blow.weaponBreaks).toBe(true)
    const destroyed = () => (t.state(t.mira.id).destroyed as string[] | undefined) ?? []
    await eventually(() => destroyed().includes('weapon-0'), 'the sword destroyed')
    expect(entry.detail).toBe(`Mira hits: Bandit takes ${blow.suffered}. Mira's damaged weapon breaks.`)
    // Destroyed, the sword is no longer among her choices.
    expect(await t.mira.ask(step('weapon-0', 'bandit'))).toEqual({
      ok: false,
      error: 'Mira has no such attack.',
    })
  })
})

describe('zones: a stunt refused ("Attack stunts")', () => {
  it('the Bandit refuses Mira’s stunt: "resolve the attack as normal", her sword’s damage as the rules count it', async () => {
    const t = await zonesTable()
    const prompt = await t.miraTurnsOnBandit('weapon-0', ['stunt'])
    // Refusing is any of the normal answers: here no reaction at all.
    expect(prompt.options.map((o) => o.id)).toContain('none')
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    expect(stuntAnswered(false).damage).toBe(true)
    const mira = sheetOf('Mira')
    const plan = zones.planAttack({
      attacker: mira,
      target: sheetOf('Bandit', 'foe'),
      weapon: mira.weapons[0] ?? null,
      nearby: true,
    })
    if (!plan.ok) throw new Error(plan.error)
    const suffered = zones.resolveDamage(plan.value.damage, diceOf(entry, 'damage')).suffered
    expect(t.hp('bandit')).toBe(8 - suffered)
    expect(entry.detail).toBe(`Mira hits: Bandit takes ${suffered}.`)
  })
})

describe('zones: two bonus actions ("Taking a turn")', () => {
  it('a turn of a half move and two bonus actions: "a main action (or a second bonus action)", then no main action', async () => {
    const t = await zonesTable()
    await t.partyActs(t.tomas)
    expect((await t.tomas.ask(step('bonus', t.tomas.id))).ok).toBe(true)
    expect((await t.tomas.ask(step('bonus', t.tomas.id))).ok).toBe(true)
    const rules = turnAfter([
      { type: 'bonus', action: 'other' },
      { type: 'bonus', action: 'other' },
    ])
    expect(await t.tomas.ask(step('weapon-0', 'bandit'))).toEqual(attackRefused(rules))
    // The half move is still his.
    expect(zones.whatIsLeft(rules)).toBe('1 zone')
    expect((await t.tomas.ask(step('move', t.tomas.id))).ok).toBe(true)
  })
})

describe('zones: blasts that miss, and melee blasts ("Blast attacks")', () => {
  it('a fire bomb thrown while moving misses on a failed WIT save and deviates; a melee blast cannot miss and spares its wielder', async () => {
    const t = await zonesTable()
    const bomb = { name: 'Fire bomb', damage: 'd6', range: 2, blast: true }
    const whirl = { name: 'Whirlwind', damage: 'd6', range: 0, blast: true }
    const sybilla = await t.player('Sybilla', { weapons: [bomb] })
    const theo = await t.player('Theo', { weapons: [whirl] })
    const plan = (weapon: typeof bomb, toggles: zones.ToggleId[]) => {
      const sheet = zones.parseSheet({ ...defaultSheetFor('zones', 'X'), weapons: [weapon] })
      if (!sheet.ok) throw new Error(sheet.error)
      const planned = zones.planBlast({
        attackerId: 'x',
        attacker: sheet.value,
        weapon: sheet.value.weapons[0] as zones.Weapon,
        inZone: [{ id: 'bandit', sheet: sheetOf('Bandit', 'foe') }],
        distance: 0,
        toggles,
      })
      if (!planned.ok) throw new Error(planned.error)
      return planned.value
    }
    await t.partyActs(sybilla)
    // "the attack is made while moving": a WIT save to hit, and her own d20 shows 20, a fail.
    expect(plan(bomb, ['attacker-moving']).witSaveReasons).toEqual(['the attack is made while moving'])
    expect(zones.resolveSave('wit', 10, 20, 'Attacking', 'hit').passed).toBe(false)
    const thrown = { ...step('weapon-0', sybilla.id, ['attacker-moving']), faces: [20, 4] }
    expect((await sybilla.ask(thrown)).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the bomb')
    // "If they miss, they are deviated and hit a random neighbouring zone": the GM numbers them and rolls.
    expect(t.entries().at(-1)?.detail).toBe(
      `Sybilla's Fire bomb misses and deviates: number the neighbouring zones and roll a die for the one it hits; there everyone in the zone and on its borders takes 4 minus their armour. GM: apply it with "Area damage" (4, armour counts).`,
    )
    expect((await sybilla.ask({ kind: 'end-turn' })).ok).toBe(true)
    // The foes' move: the GM passes; Theo swings his Whirlwind in his own zone.
    expect((await t.gmAsk({ kind: 'pass' })).ok).toBe(true)
    expect((await theo.ask({ kind: 'act' })).ok).toBe(true)
    // "Melee blast attacks hit the attacker's zone and don't target the attacker themselves. They can't miss."
    expect(plan(whirl, []).witSaveReasons).toEqual([])
    expect((await theo.ask(step('weapon-0', theo.id))).ok).toBe(true)
    await eventually(() => t.entries().filter((e) => e.kind === 'attack').length === 2, 'the whirlwind')
    const entry = t.entries().at(-1) as LogEntry
    expect((entry.rolls ?? []).map((r) => r.label)).toEqual(['blast damage d6'])
    const face = diceOf(entry, 'blast damage')[0] as number
    expect(entry.detail).toBe(
      `Theo's Whirlwind hits their own zone (sparing them): everyone in the zone and on its borders takes ${face} minus their armour. GM: apply it with "Area damage" (${face}, armour counts).`,
    )
  })
})

describe('zones: concealment revealed and hiding again ("Sneaking in combat")', () => {
  it('the party lying in wait: sneaking keeps Tomas concealed, moving openly or attacking reveals; hiding needs a reason', async () => {
    const t = await zonesTable()
    expect((await t.gmAsk({ kind: 'start-combat', surprise: { unaware: 'foe' } })).ok).toBe(true)
    const concealed = (id: string) => zones.zonesRound(t.turn())?.characters[id]?.concealed
    await eventually(() => zones.zonesRound(t.turn())?.bonusRound === true, 'the ambush’s bonus round')
    // The foes have nobody concealed: if they hold the initiative they pass by themselves.
    expect((await t.tomas.ask({ kind: 'act' })).ok).toBe(true)
    expect((await t.tomas.ask(step('move', t.tomas.id, ['sneaking']))).ok).toBe(true)
    await eventually(() => t.entries().length === 1, 'the sneaking move')
    expect(concealed(t.tomas.id)).toBe(true)
    expect(zones.revealsConcealment('move-without-sneaking')).toBe(true)
    expect((await t.tomas.ask(step('move', t.tomas.id))).ok).toBe(true)
    await eventually(() => concealed(t.tomas.id) === false, 'Tomas revealed by moving openly')
    // His full move spent the turn: the foes, with nobody concealed, pass by themselves.

    // Mira, still concealed, cannot hide again; her attack from concealment gets no reaction and reveals her.
    expect((await t.mira.ask({ kind: 'act' })).ok).toBe(true)
    expect(await t.mira.ask(step('hide', t.mira.id, ['out-of-sight']))).toEqual({
      ok: false,
      error: 'Mira is already concealed.',
    })
    expect((await t.mira.ask(step('weapon-0', 'bandit', ['concealed-attacker']))).ok).toBe(true)
    await eventually(() => concealed(t.mira.id) === false, 'Mira revealed by attacking')
    expect(t.prompts()).toEqual([])
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)

    // Round 1: Tomas hides again only for one of the text's two reasons.
    await eventually(() => t.turn().round === 1, 'round 1')
    if (zones.zonesRound(t.turn())?.initiative === 'foes')
      expect((await t.gmAsk({ kind: 'pass' })).ok).toBe(true)
    expect((await t.tomas.ask({ kind: 'act' })).ok).toBe(true)
    expect(zones.canHideAgain({ outOfSightForAWhile: false, majorDistraction: false })).toBe(false)
    expect(await t.tomas.ask(step('hide', t.tomas.id))).toEqual({
      ok: false,
      error: 'Hiding again needs being out of sight for a while, or a major distraction: say which.',
    })
    expect((await t.tomas.ask(step('hide', t.tomas.id, ['distraction']))).ok).toBe(true)
    await eventually(() => concealed(t.tomas.id) === true, 'Tomas concealed again')
  })
})

describe('zones: splitting damage dice by size ("Effects of size in combat")', () => {
  it('the Wyrm splits its bite between Mira and Tomas, d8 each, as the printed split: one main action, each share its own attack', async () => {
    const t = await zonesTable()
    const bite = { name: 'Bite', damage: 'd8' }
    const wyrmSheet = { ...defaultSheetFor('zones', 'Wyrm', 'foe'), size: 'large', weapons: [bite] }
    t.addCombatant('wyrm', { name: 'Wyrm', side: 'foe', hp: 20, maxHp: 20, sheet: wyrmSheet })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    if (zones.zonesRound(t.turn())?.initiative === 'party')
      expect((await t.mira.ask({ kind: 'pass' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'wyrm' })).ok).toBe(true)
    const wyrm = zones.parseSheet(wyrmSheet)
    if (!wyrm.ok) throw new Error(wyrm.error)
    /** One share of the bite on this target (the GM's own d8 when typed), answered with no reaction. */
    const share = async (
      target: { id: string; ask: typeof t.mira.ask },
      before: number,
      typed?: number[],
    ) => {
      const declared = { choice: 'weapon-0:split-1', toggles: [] }
      const own = typed ? { faces: typed } : {}
      const asked = await t.gmAsk({
        kind: 'attack',
        attackerId: 'wyrm',
        targetId: target.id,
        declared,
        ...own,
      })
      expect(asked.ok).toBe(true)
      await eventually(() => t.prompts().length === 1, 'the answer')
      expect((await target.ask({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(
        true,
      )
      await eventually(() => t.entries().filter((e) => e.kind === 'attack').length === before + 1, 'the blow')
      const entry = t
        .entries()
        .filter((e) => e.kind === 'attack')
        .at(-1) as LogEntry
      // One d8 on this medium target, where the whole bite would be 2d8 ("d8 damage each").
      const plan = zones.planAttack({
        attacker: wyrm.value,
        target: sheetOf(target === t.mira ? 'Mira' : 'Tomas'),
        weapon: wyrm.value.weapons[0] ?? null,
        nearby: true,
        assignedDice: 1,
      })
      if (!plan.ok) throw new Error(plan.error)
      const dice = diceOf(entry, 'damage')
      expect(dice).toHaveLength(1)
      return zones.resolveDamage(plan.value.damage, dice).suffered
    }
    // The GM's d8 shows 8: Mira falls to her share, and the bite's other d8 still goes to Tomas.
    const onMira = await share(t.mira, 0, [8])
    expect(t.hp(t.mira.id)).toBe(Math.max(0, 8 - onMira))
    expect(t.hp(t.mira.id)).toBe(0)
    // The second share is the same attack: no second main action is asked for it.
    const onTomas = await share(t.tomas, 1)
    expect(t.hp(t.tomas.id)).toBe(8 - onTomas)
    // "two medium-sized targets (d8 damage each)": the rules accept the split as given out.
    const split = t.state('wyrm').split as { shares: zones.DiceShare[] }
    expect(split.shares.map((s) => [s.id, s.size, s.dice])).toEqual([
      [t.mira.id, 'medium', 1],
      [t.tomas.id, 'medium', 1],
    ])
    expect(zones.checkDiceSplit('large', 1, split.shares)).toEqual({ ok: true, value: true })
    // The bite is all given out, and it was the turn's main action.
    const declared = { choice: 'weapon-0:split-1', toggles: [] }
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'wyrm', targetId: t.mira.id, declared })).toEqual({
      ok: false,
      error: "Mira already took a share of the Bite's dice this turn.",
    })
    const whole = { choice: 'weapon-0', toggles: [] }
    const again = await t.gmAsk({ kind: 'attack', attackerId: 'wyrm', targetId: t.mira.id, declared: whole })
    expect(again.ok ? '' : again.error).toMatch(/^Only one main action per turn\./)
  })
})

describe('zones: mounts ("Mounts and vehicles in combat")', () => {
  it('getting off a moving mount costs half a zone and an AGI save, or a fall for d4 direct damage', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    expect((await t.mira.ask(step('move-half', t.mira.id, ['mount-moving']))).ok).toBe(true)
    await eventually(() => t.entries().length === 1, 'the dismount')
    const entry = t.entries()[0] as LogEntry
    const save = diceOf(entry, 'AGI save')
    expect(save).toHaveLength(1)
    const rules = zones.mountOrDismount({ moving: true, agi: sheetOf('Mira').agi, face: save[0] as number })
    if (!rules.ok) throw new Error(rules.error)
    expect(rules.value.zones).toBe(0.5)
    const fall = diceOf(entry, 'fall damage')
    // A fall is direct damage: armour does not reduce it.
    expect(t.hp(t.mira.id)).toBe(rules.value.fell ? 8 - (fall[0] as number) : 8)
    expect(entry.detail).toMatch(rules.value.fell ? /They fall: Mira takes \d/ : /They keep their footing/)
    await eventually(
      () => zones.zonesRound(t.turn())?.characters[t.mira.id]?.left !== undefined,
      'what is left',
    )
    expect(zones.zonesRound(t.turn())?.characters[t.mira.id]?.left).toBe(
      '1.5 zones, or half a zone with a main and a bonus action (or two bonus actions)',
    )
  })
})

describe('zones: mount and rider take one turn ("Mounts and vehicles in combat")', () => {
  it('Mira gets on the Horse; Tomas rides it: they act in its turn, and at full speed the riders can neither act nor react', async () => {
    const t = await zonesTable()
    const horseSheet = { ...defaultSheetFor('zones', 'Horse'), body: 'mount' }
    t.addCombatant('horse', { name: 'Horse', side: 'pc', hp: 8, maxHp: 8, sheet: horseSheet })
    t.setState(t.tomas.id, { riding: 'horse' })
    await eventually(() => t.state(t.tomas.id).riding === 'horse', 'Tomas on the Horse')
    // Mira's turn: she gets on the Horse (half a zone), so it is her mount now too.
    await t.partyActs(t.mira)
    expect((await t.mira.ask(step('mount-up:horse', t.mira.id))).ok).toBe(true)
    await eventually(() => t.state(t.mira.id).riding === 'horse', 'Mira on the Horse')
    expect(t.entries().at(-1)?.detail).toBe(
      `Mira gets on Horse. They take their turn together from now on. Left this turn: ${leftAfter({ type: 'move', zones: zones.MOUNTING_ZONES })}.`,
    )
    // Her turn is the Horse's and Tomas's too: all three act in it.
    await eventually(() => (t.turn().acting ?? []).length === 3, 'the three acting together')
    expect(t.turn().acting).toEqual([t.mira.id, 'horse', t.tomas.id])
    // The Horse moves 2 zones, its full speed: the rules say its riders can't act or react.
    const move = {
      kind: 'attack',
      attackerId: 'horse',
      targetId: 'horse',
      declared: { choice: 'move', toggles: [] },
    }
    expect((await t.gmAsk(move)).ok).toBe(true)
    expect((await t.gmAsk(move)).ok).toBe(true)
    const budget = (t.state('horse').budget as { turn: zones.TurnState }).turn
    expect(zones.movedFullSpeed(budget)).toBe(true)
    expect(zones.riderMayAct(true).ok).toBe(false)
    await eventually(
      () => zones.zonesRound(t.turn())?.characters.horse?.spent === 'turn',
      'the Horse acted in the turn',
    )
    expect(await t.tomas.ask(step('move-half', t.tomas.id))).toEqual({
      ok: false,
      error: "Horse moves at full speed: Tomas can't act or react.",
    })
    // Tomas did nothing in it, so his turn is not spent; but not a turn of his own either.
    expect(zones.zonesRound(t.turn())?.characters[t.tomas.id]?.spent).toBe(null)
    expect((await t.mira.ask({ kind: 'end-turn' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).ok).toBe(true)
    const declared = { choice: 'weapon-0', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'bandit', targetId: t.tomas.id, declared })).ok).toBe(
      true,
    )
    // Carried at full speed he can't react (no dodge, no counter), and nobody left may guard him: no
    // prompt, the blow lands at once.
    await eventually(() => t.entries().some((e) => e.kind === 'attack' && e.by === 'Bandit'), 'the blow')
    expect(t.prompts()).toEqual([])
    expect(t.hp(t.tomas.id)).toBe(8 - banditDamage(sheetOf('Tomas'), diceOf(t.entries().at(-1), 'damage'))) // The party's move again: Tomas takes no turn of his own, the Horse's was his.
    expect(await t.tomas.ask({ kind: 'act' })).toEqual({
      ok: false,
      error:
        'Tomas and Horse take their turn together, and Horse has taken it this round: Tomas may still react.',
    })
  })
})

describe('zones: chases ("Chases")', () => {
  it('Mira flees a long chase: her AGI save decides as the rules say, and once escaped she is out of the fight', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    expect((await t.mira.ask(step('flee', t.mira.id))).ok).toBe(true)
    await eventually(() => t.entries().length === 1, 'the chase')
    const entry = t.entries()[0] as LogEntry
    const face = diceOf(entry, 'AGI save to escape')[0] as number
    const chase = zones.resolveChase('even', [{ id: t.mira.id, agi: sheetOf('Mira').agi }], {
      [t.mira.id]: face,
    })
    const escaped = chase.escaped.includes(t.mira.id)
    expect(entry.detail).toBe(
      escaped
        ? 'Mira flees and escapes the pursuers: out of the fight. Left this turn: nothing.'
        : 'Mira flees, but the pursuers reach them. Left this turn: nothing.',
    )
    await eventually(
      () => zones.zonesRound(t.turn())?.characters[t.mira.id]?.out === escaped,
      'the round knows',
    )
    // Faster pursuers: escaping is impossible, and no die is rolled.
    expect(zones.resolveChase('pursuers-faster', [{ id: 'x', agi: 20 }]).caught).toEqual(['x'])
  })
})

describe('zones: gear degradation ("Combat gear degradation")', () => {
  it('ending the fight rolls durability for the gear used in it, logged; what fails is damaged as the rules say', async () => {
    const t = await zonesTable()
    await t.partyActs(t.mira)
    expect((await t.mira.ask(step('weapon-0', 'bandit'))).ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s answer')
    expect((await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the blow')
    expect((await t.gmAsk({ kind: 'end-combat' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'end-of-fight'), 'the durability rolls')
    const entry = t.entries().find((e) => e.kind === 'end-of-fight') as LogEntry
    // Only Mira's sword was used (the Bandit never swung, and nobody's armour was struck: they wear none).
    expect(entry.rolls?.map((r) => [r.sides, r.label])).toEqual([[6, "durability d6: Mira's Sword"]])
    const face = entry.rolls?.[0]?.face as number
    const rolled = zones.durabilityRolls(
      [{ id: 'sword', kind: 'weapon', used: true, damaged: false }],
      { sword: face },
      zones.DEFAULT_SETTINGS,
    )
    const damaged = rolled.items[0]?.damaged
    expect(t.state(t.mira.id).damagedGear).toEqual(damaged ? ['weapon-0'] : undefined)
    expect(entry.detail).toMatch(damaged ? /Damaged: Mira's Sword;/ : /Nothing is damaged\.$/)
    // Rolled once: ending again, or a new fight, rolls nothing more.
    expect((await t.gmAsk({ kind: 'new-fight' })).ok).toBe(true)
    await eventually(() => t.entries().length === 0, 'the log filed')
    expect(t.state(t.mira.id).used).toBeUndefined()
  })
})

describe('zones: when damage incapacitates ("Attacking"; the README: "incapacitation asked of the GM")', () => {
  /** Mira's sword on the Bandit (8 health), her d6 typed as a 4, and no reaction from the GM. */
  async function miraHitsBanditFor4(t: Awaited<ReturnType<typeof zonesTable>>) {
    await t.partyActs(t.mira)
    const struck = await t.mira.ask({ ...step('weapon-0', 'bandit'), faces: [4] })
    if (!struck.ok) throw new Error(struck.error)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s prompt')
    const answered = await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })
    expect(answered.ok).toBe(true)
    await eventually(() => t.hp('bandit') === 4, 'the Bandit at 4')
  }

  it('"He rolls a 4, reducing his health from 8 to 4 and incapacitating him": the GM is asked, and rules it so', async () => {
    const t = await zonesTable('ask-gm')
    await miraHitsBanditFor4(t)
    await eventually(() => t.prompts().some((p) => p.question), 'the GM’s question')
    const question = t.prompts().find((p) => p.question) as PendingDefense
    expect(question.question).toMatch(/^Does the blow incapacitate Bandit\?/)
    expect(question.options.map((o) => o.id)).toEqual(['bandit', 'none'])
    // No health in its words: every phone holds the table's prompts.
    expect(JSON.stringify(question)).not.toMatch(/health of|\b4\b.*\b8\b/)
    // A player cannot answer it, and her turn waits for it.
    expect(await t.mira.ask({ kind: 'defend', promptId: question.id, choice: 'bandit' })).toEqual({
      ok: false,
      error: 'Only the GM answers this.',
    })
    expect(await t.mira.ask(step('weapon-0', 'bandit'))).toEqual({
      ok: false,
      error: 'Mira’s last action waits for the GM’s answer.',
    })
    expect(await t.gmAsk({ kind: 'act', combatantId: 'bandit' })).toEqual({
      ok: false,
      error: 'Mira’s attack on Bandit waits for the GM’s answer.',
    })
    expect((await t.gmAsk({ kind: 'defend', promptId: question.id, choice: 'bandit' })).ok).toBe(true)
    await eventually(() => t.state('bandit').down === 'incapacitated', 'the Bandit incapacitated')
    expect(t.entries().at(-1)?.detail).toBe('The GM rules Bandit incapacitated by the blow.')
  })

  it('is the GM’s alone: declared as an attack, the ruling is refused before any die', async () => {
    const t = await zonesTable()
    expect(
      await t.gmAsk({
        kind: 'attack',
        attackerId: 'bandit',
        targetId: t.mira.id,
        declared: { choice: 'gm-ruling:incapacitated', toggles: [] },
      }),
    ).toEqual({
      ok: false,
      error: 'Only the GM rules whether a blow incapacitates, when the room asks.',
    })
    expect(t.entries()).toEqual([])
  })

  it('a blow of typed dice held for the GM’s approval: Mira takes nothing more of her turn until the verdict', async () => {
    const t = await zonesTable('at-zero', 'approve')
    await t.partyActs(t.mira)
    const struck = await t.mira.ask({ ...step('weapon-0', 'bandit'), faces: [4] })
    if (!struck.ok) throw new Error(struck.error)
    await eventually(() => t.prompts().length === 1, 'the Bandit’s prompt')
    expect((await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.status === 'pending'), 'the blow held')
    // What the blow spends of her turn is written only once approved: meanwhile she takes no other step.
    expect(await t.mira.ask(step('move', t.mira.id))).toEqual({
      ok: false,
      error: 'Mira’s last dice wait for the GM’s approval.',
    })
  })

  it('set to 0 health, asks nothing: the Bandit at 4 fights on', async () => {
    const t = await zonesTable('at-zero')
    await miraHitsBanditFor4(t)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the blow logged')
    expect(t.prompts()).toEqual([])
    expect(t.state('bandit').down).toBeUndefined()
  })
})
