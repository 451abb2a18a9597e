/**
 * The osr combat adapter at the table. Numbers come from chapter 17 of rules/osr.txt with the default
 * sheet: attack bonus +1, STR and DEX 0, AC 11, a Sword (1d8, melee); `fighter` starts at 10 hit points.
 */

import { describe, expect, it } from 'vitest'
import { defensesDeclared, previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import { IDLE_TURN } from '../../engine/turn.ts'
import type { Declared, Fighter } from '../../engine/types.ts'
import { osr, toFloat } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { osrCombat as rules } from './room-combat.ts'
import { osrTurns } from './turn-model.ts'

const pc = (sheet: Record<string, unknown> = {}, live: Parameters<typeof fighter>[4] = {}) =>
  fighter('osr', 'mira', 'pc', { name: 'Mira', ...sheet }, live)
const foe = (sheet: Record<string, unknown> = {}, live: Parameters<typeof fighter>[4] = {}) =>
  fighter('osr', 'gob', 'foe', { name: 'Goblin', ...sheet }, live)

const SWORD: Declared = { choice: 'weapon-0-melee', toggles: [] }
const weapon = (name: string, kind: string, damage: string, more: Record<string, unknown> = {}) => ({
  name,
  kind,
  damage,
  ...more,
})
const BOW = weapon('Longbow', 'bow', '1d6', { shortRange: 70, mediumRange: 140, longRange: 210 })
const SPEAR = weapon('Spear', 'melee-thrown', '1d6', {
  chargeable: true,
  settable: true,
  shortRange: 10,
  mediumRange: 20,
  longRange: 30,
})

/** Resolves and returns the outcome, failing the test on a refusal. */
function resolve(attacker: Fighter, target: Fighter, declared: Declared, ...faces: number[]) {
  const dice = scripted(...faces)
  const r = resolveDeclared(rules, attacker, target, declared, null, dice)
  if (!r.ok) throw new Error(r.error)
  expect(dice.asked).toHaveLength(faces.length) // every scripted die was asked for
  return { ...r.value, asked: dice.asked }
}

/** A fighter after a change the adapter returned. */
const after = (
  f: Fighter,
  change: { hp?: number; state?: Record<string, unknown> } | undefined,
): Fighter => ({
  ...f,
  hp: change?.hp ?? f.hp,
  state: change?.state ?? f.state,
})

const endRound = (...fighters: Fighter[]) => {
  const r = rules.endOfRound(fighters, 1, scripted())
  if (!r.ok) throw new Error(r.error)
  return fighters.map((f) => after(f, r.value.changes[f.id]))
}

const MISSILE: Declared = { choice: 'weapon-0-missile', toggles: ['short-range'] }

/** The rounds, from 1, on which the table lets this shooter loose its first weapon, shooting when it may. */
function firedOn(shooter: Fighter, rounds: number): number[] {
  const fired: number[] = []
  let now = shooter
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) [now] = endRound(now) as [Fighter]
    if (!rules.choices(now).ok) continue
    fired.push(round)
    now = after(now, resolve(now, foe(), MISSILE, 5).changes.mira)
  }
  return fired
}

describe('choices', () => {
  it('holds the action for another, with no dice and no change: the turn model moves the holder (17.0.1.6)', () => {
    const hold = { choice: 'hold', toggles: [] }
    expect(rules.toggles(pc(), foe(), 'hold')).toEqual([])
    const preview = previewDeclared(rules, pc(), foe(), hold)
    expect(preview.ok && preview.value.summary).toBe(
      'Mira waits for Goblin and acts on their number, at the same time: Hold Action (17.0.1.6).',
    )
    const r = resolve(pc(), foe(), hold)
    expect(r.summary).toBe('Mira waits for Goblin and acts on their number, at the same time.')
    expect(r.changes).toEqual({})
    expect(previewDeclared(rules, pc(), pc(), hold)).toEqual({
      ok: false,
      error: 'Hold your action for someone else: the one you wait for.',
    })
  })

  it('lists the sword, then punch, kick and grapple for the default sheet', () => {
    expect(rules.choices(pc())).toEqual({
      ok: true,
      value: [
        { id: 'weapon-0-melee', label: 'Sword (1d8)' },
        { id: 'punch', label: 'Punch' },
        { id: 'kick', label: 'Kick' },
        { id: 'grapple', label: 'Grapple' },
        {
          id: 'hold',
          label: 'Hold action · act on their number, with them',
          verb: 'Wait for them',
          waits: true,
        },
        {
          id: 'parry-dodge',
          label: 'Parry or dodge · +2 AC this round, no attack',
          self: true,
          verb: 'Parry and dodge this round',
        },
        {
          id: 'run-away',
          label: 'Run away · double movement, no attack',
          self: true,
          verb: 'Run away this round',
        },
        {
          id: 'move-away',
          label: 'Move away · turn your back, walk your movement',
          self: true,
          verb: 'Move away',
        },
        {
          id: 'feat',
          label: 'Perform a feat · the GM decides how it goes',
          self: true,
          verb: 'Attempt the feat',
        },
      ],
    })
  })

  it('declares parry and dodge for oneself: +2 AC against every attack this round, and no attack (17.0.1.4)', () => {
    const mira = pc()
    const parry = { choice: 'parry-dodge', toggles: [] }
    expect(previewDeclared(rules, mira, foe(), parry)).toEqual({
      ok: false,
      error: 'Parry or dodge is declared for oneself, not at another.',
    })
    // No die: what the text gives, at once.
    const declared = resolve(mira, mira, parry)
    expect(declared.summary).toBe('Mira parries and dodges this round: +2 AC, no attack.')
    const defending = { ...mira, state: declared.changes.mira?.state ?? {} }
    expect(rules.status(defending)).toContain('Parrying or dodging (+2 AC)')
    expect([rules.defense(mira), rules.defense(defending)]).toEqual(['AC 11', 'AC 13'])
    // The goblin's sword needs 2 more to hit her; she has no attack left this round.
    const sword = { choice: 'weapon-0-melee', toggles: [] }
    const needs = (t: typeof mira) => {
      const p = previewDeclared(rules, foe(), t, sword)
      return Number(p.ok ? /on (\d+) or more/.exec(p.value.summary)?.[1] : Number.NaN)
    }
    expect(needs(mira)).toBeGreaterThan(1)
    expect(needs(defending)).toBe(needs(mira) + 2)
    expect(rules.choices(defending)).toEqual({
      ok: false,
      error: 'Parrying or dodging this round: no attack (+2 AC instead).',
    })
  })

  it('offers a spear both in melee and thrown, and a bow only as a missile', () => {
    const r = rules.choices(pc({ weapons: [SPEAR, BOW] }))
    expect(r.ok && r.value.slice(0, 3)).toEqual([
      { id: 'weapon-0-melee', label: 'Spear (melee, 1d6)' },
      { id: 'weapon-0-missile', label: 'Spear (thrown, 1d6)' },
      { id: 'weapon-1-missile', label: 'Longbow (1d6)' },
    ])
  })

  it('shows the AC an attacker must beat', () => {
    expect(rules.defense(pc({ ac: 14 }))).toBe('AC 14')
  })

  it('drops the primary weapon while disarmed (17.0.3 condition chart, 1)', () => {
    const r = rules.choices(pc({}, { state: { conditions: [{ kind: 'disarmed' }] } }))
    expect(r.ok && r.value.map((c) => c.id)).toEqual([
      'punch',
      'kick',
      'grapple',
      'hold',
      'parry-dodge',
      'run-away',
      'move-away',
      'feat',
    ])
  })
})

describe('toggles', () => {
  const ids = (attacker: Fighter, choice: string, target = foe()) =>
    rules.toggles(attacker, target, choice).map((t) => t.id)
  const COVER = ['concealed-25', 'concealed-50', 'concealed-75', 'concealed-90']

  it('a sword: melee modifiers only, no range bands, no charge', () => {
    const got = ids(pc(), 'weapon-0-melee')
    expect(got).toEqual(
      expect.arrayContaining(['parting-shot', 'from-behind', 'flanking', 'non-lethal', ...COVER]),
    )
    for (const id of ['charge', 'set-vs-charge', 'short-range', 'target-engaged', 'sneak-attack', 'punch'])
      expect(got).not.toContain(id)
  })

  it('a bow: range bands and shooting into melee, no flanking or flat of the blade', () => {
    const got = ids(pc({ weapons: [BOW] }), 'weapon-0-missile')
    expect(got).toEqual(
      expect.arrayContaining(['short-range', 'medium-range', 'long-range', 'beyond-range', 'target-engaged']),
    )
    for (const id of ['flanking', 'non-lethal', 'charge', 'parting-shot']) expect(got).not.toContain(id)
  })

  it('a spear may charge; it is set against a charge in the defender’s prompt, never as a toggle after it', () => {
    const spear = pc({ weapons: [SPEAR] })
    expect(ids(spear, 'weapon-0-melee')).toContain('charge')
    expect(ids(spear, 'weapon-0-melee')).not.toContain('set-vs-charge')
    const charger = foe({}, { state: { conditions: [{ kind: 'charging' }] } })
    expect(ids(spear, 'weapon-0-melee', charger)).not.toContain('set-vs-charge')
  })
})

describe('preview', () => {
  it('equals the rules package’s exact odds for the same declaration', () => {
    const declared: Declared = { choice: 'weapon-0-melee', toggles: ['flanking', 'concealed-50'] }
    const p = previewDeclared(rules, pc(), foe(), declared)
    const a = osr.parseSheet({ name: 'Mira' })
    const t = osr.parseSheet({ name: 'Goblin' })
    if (!a.ok || !t.ok) throw new Error('default sheets')
    const odds = osr.attackOdds({
      attacker: a.value,
      target: t.value,
      weapon: 0,
      mode: 'melee',
      toggles: ['flanking', 'concealed-50'],
    })
    expect(odds.ok && p.ok && p.value.chance).toBe(odds.ok && toFloat(odds.value.hit))
  })

  it('hand-computed: d20 + 1 against AC 11 hits on 10 to 20, 11 faces in 20 (17.0.1.2)', () => {
    const p = previewDeclared(rules, pc(), foe(), SWORD)
    expect(p.ok && p.value.chance).toBe(11 / 20)
    expect(p.ok && p.value.summary).toMatch(/^Hits on 10 or more on a d20 \(55%\) against AC 11/)
    // Flanking is +1 on melee attacks (17.0.6): 9 to 20.
    const flanked = previewDeclared(rules, pc(), foe(), { ...SWORD, toggles: ['flanking'] })
    expect(flanked.ok && flanked.value.chance).toBe(12 / 20)
  })

  it('lists each to-hit modifier, and what changes the target’s AC (17.0.3: prone is -4 AC in melee)', () => {
    const prone = foe({}, { state: { conditions: [{ kind: 'prone' }] } })
    const p = previewDeclared(rules, pc(), prone, { ...SWORD, toggles: ['from-behind'] })
    expect(p.ok && p.value.lines.map((l) => [l.label, l.value])).toEqual([
      ['attack bonus', 1],
      ['STR bonus', 0],
      ['from behind', 2],
      ['AC: target prone', -4],
    ])
    // d20 + 3 against AC 7: 4 to 20 hit, 17 faces in 20.
    expect(p.ok && p.value.chance).toBe(17 / 20)
  })

  it('refuses a target beyond long range (17.0.7)', () => {
    const p = previewDeclared(rules, pc({ weapons: [BOW] }), foe(), {
      choice: 'weapon-0-missile',
      toggles: ['beyond-range'],
    })
    expect(p).toEqual({ ok: false, error: 'The target is beyond long range and cannot be hit.' })
  })

  it('refuses a charge with a sword (17.0.1.8)', () => {
    const p = previewDeclared(rules, pc(), foe(), { ...SWORD, toggles: ['charge'] })
    expect(p).toEqual({
      ok: false,
      error: 'A charge needs a weapon suitable for charging, such as a spear, lance or pole arm.',
    })
  })

  it('refuses an attack by a combatant who is down', () => {
    const down = pc({}, { hp: 0, state: { status: 'unconscious', nonLethalTaken: true, conditions: [] } })
    expect(previewDeclared(rules, down, foe(), SWORD)).toEqual({
      ok: false,
      error: 'Mira is unconscious. They cannot attack.',
    })
  })
})

describe('defenses', () => {
  it('gives the defender no reaction: parry and dodge is an action declared instead of an attack (17.0.1.4)', () => {
    expect(defensesDeclared(rules, pc(), foe(), SWORD)).toEqual({ ok: true, value: [] })
    expect(resolveDeclared(rules, pc(), foe(), SWORD, 'parry', scripted()).ok).toBe(false)
  })

  it('a target who declared parry or dodge has +2 AC: 10 + 1 hits AC 11 but not AC 13', () => {
    const parrying = foe({}, { state: { conditions: [{ kind: 'defending' }] } })
    expect(resolve(pc(), foe(), SWORD, 10, 4).changes.gob?.hp).toBe(6)
    const r = resolve(pc(), parrying, SWORD, 10)
    expect(r.summary).toMatch(/misses Goblin with the Sword \(11 against AC 13\)/)
    expect(r.changes).toEqual({})
  })
})

describe('resolve', () => {
  // Armor in this text is Armor Class alone (17.0.1.2): nothing comes off the damage after a hit.
  it('a hit: d20 15 + 1 = 16 against AC 11, then 1d8 = 5 off 10 hit points (17.0.1.2, 17.0.15)', () => {
    const r = resolve(pc(), foe(), SWORD, 15, 5)
    expect(r.asked.map((d) => [d.sides, d.label])).toEqual([
      [20, 'to hit'],
      [8, 'damage d8'],
    ])
    expect(r.changes.gob?.hp).toBe(5)
    expect(r.summary).toMatch(/^Mira hits Goblin with the Sword \(16 against AC 11\); 5 damage\.$/)
  })

  it('a miss: d20 8 + 1 = 9 against AC 11, no damage die', () => {
    const r = resolve(pc(), foe(), SWORD, 8)
    expect(r.changes).toEqual({})
    expect(r.summary).toMatch(/misses/)
  })

  it('a natural 20, special 20: 1d8 + maximum 8, and the target is prone (17.0.3)', () => {
    // d20 20; special d20 20 + 1 = 21 reads as the 20 row; condition d4 3 = prone; 1d8 shows 3: 3 + 8 = 11.
    const r = resolve(pc(), foe({}, { hp: 20 }), SWORD, 20, 20, 3, 3)
    expect(r.changes.gob?.hp).toBe(9)
    expect(rules.status(after(foe({}, { hp: 20 }), r.changes.gob))).toEqual(['Prone'])
  })

  it('a charge with a spear: +2 to hit, double damage, and -2 AC for the rest of the round (17.0.1.8)', () => {
    const spear = pc({ weapons: [SPEAR] })
    // d20 8 + 1 + 2 = 11 hits AC 11; 1d6 = 4, doubled = 8.
    const r = resolve(spear, foe(), { choice: 'weapon-0-melee', toggles: ['charge'] }, 8, 4)
    expect(r.changes.gob?.hp).toBe(2)
    const charger = after(spear, r.changes.mira)
    expect(rules.status(charger)).toEqual(['Charging (-2 AC)'])
    // The goblin strikes back: 8 + 1 = 9 hits the charger's AC 11 - 2 = 9.
    expect(resolve(foe(), charger, SWORD, 8, 1).changes.mira?.hp).toBe(9)
  })

  it('punching someone in metal armor without metal armor of your own hurts the puncher (17.0.17)', () => {
    const r = resolve(pc(), foe({ armor: 'metal' }), { choice: 'punch', toggles: [] }, 15, 2)
    expect(r.changes).toEqual({
      mira: { hp: 8, state: { conditions: [], nonLethalTaken: true, status: 'up' } },
    })
  })

  it("a thrown flask that misses scatters by 1d10, each number a 10' square (17.0.9)", () => {
    const flask = weapon('Flask of oil', 'grenade', '1d8', { shortRange: 10, mediumRange: 30, longRange: 50 })
    const declared = { choice: 'weapon-0-missile', toggles: ['short-range'] }
    // d20 5 + 1 + 1 = 7 misses AC 11; the scatter d10 shows 8: "behind".
    const r = resolve(pc({ weapons: [flask] }), foe(), declared, 5, 8)
    expect(r.asked.map((d) => [d.sides, d.label])).toEqual([
      [20, 'to hit'],
      [10, 'scatter'],
    ])
    expect(r.summary).toMatch(/the flask lands behind \(in 10' squares from Goblin/)
  })

  it('a flask of oil lit on impact: 1d8 fire, then the target burns; putting it out takes the round (17.0.10)', () => {
    const flask = weapon('Flask of oil', 'grenade', '1d8', { shortRange: 10, mediumRange: 30, longRange: 50 })
    const thrower = pc({ weapons: [flask] })
    // d20 15 + 1 + 1 = 17 hits AC 11: the flask breaks on the Goblin, 1d8 = 5 fire damage.
    const r = resolve(thrower, foe(), { choice: 'weapon-0-missile', toggles: ['short-range'] }, 15, 5)
    expect(r.asked.map((d) => [d.sides, d.label])).toEqual([
      [20, 'to hit'],
      [8, 'oil on Goblin'],
    ])
    const goblin = after(foe(), r.changes.gob)
    expect(goblin.hp).toBe(foe().hp - 5)
    expect(r.summary).toMatch(/Goblin takes 5 fire damage; Goblin is burning: another 1d8 next round/)
    expect(rules.status(goblin)).toEqual(['Burning (next round)'])
    // Its next round: "Put out the flames" is offered to the one burning, and ends the burning.
    const choices = rules.choices(goblin)
    expect(choices.ok && choices.value.some((c) => c.id === 'put-out')).toBe(true)
    const rules0 = rules.choices(foe())
    expect(rules0.ok && rules0.value.some((c) => c.id === 'put-out')).toBe(false)
    const putOut = previewDeclared(rules, goblin, goblin, { choice: 'put-out', toggles: [] })
    expect(putOut.ok && putOut.value.summary).toMatch(/\(Oil \(17\.0\.10\)\)\.$/)
    const out = resolve(goblin, goblin, { choice: 'put-out', toggles: [] })
    expect(rules.status(after(goblin, out.changes.gob))).toEqual([])
    expect(out.summary).toMatch(/Goblin spends the round putting out the flames/)
  })

  it('oil lit with a fuse adds the 1d6 splash to the one hit, with no save, and asks the GM for the rest', () => {
    const flask = weapon('Flask of oil', 'grenade', '1d8', { shortRange: 10, mediumRange: 30, longRange: 50 })
    const declared = { choice: 'weapon-0-missile', toggles: ['short-range', 'oil-fuse'] }
    const r = resolve(pc({ weapons: [flask] }), foe({}, { hp: 20, maxHp: 20 }), declared, 15, 3, 4)
    expect(after(foe({}, { hp: 20, maxHp: 20 }), r.changes.gob).hp).toBe(13)
    expect(r.summary).toMatch(/GM: The oil splashes: all others within 5 feet of the impact take 1d6/)
    // Not a toggle for a sword.
    expect(rules.toggles(pc(), foe(), 'weapon-0-melee').some((t) => t.id === 'oil-fuse')).toBe(false)
  })

  it('holy water: 1d8 to an undead hit directly, nothing to the living (17.0.11)', () => {
    const water = weapon('Holy water', 'holy-water', '1d8', {
      shortRange: 10,
      mediumRange: 30,
      longRange: 50,
    })
    const declared = { choice: 'weapon-0-missile', toggles: ['short-range'] }
    const skeleton = foe({ undead: true }, { hp: 9, maxHp: 9 })
    const r = resolve(pc({ weapons: [water] }), skeleton, declared, 15, 6)
    expect(after(skeleton, r.changes.gob).hp).toBe(3)
    expect(r.summary).toMatch(/GM: Each undead within 5 feet of the impact takes 1d6 holy water splash/)
    const living = resolve(pc({ weapons: [water] }), foe(), declared, 15)
    expect(living.changes.gob).toBeUndefined()
    expect(living.summary).toMatch(/Holy water only harms undead creatures/)
  })

  it('a shot that misses into a melee with allies asks the GM to roll against them (17.0.12)', () => {
    const bow = weapon('Short bow', 'bow', '1d6', { shortRange: 50, mediumRange: 100, longRange: 150 })
    const declared = { choice: 'weapon-0-missile', toggles: ['short-range', 'into-melee'] }
    // d20 3 + 1 + 1 = 5 misses AC 11.
    const missed = resolve(pc({ weapons: [bow] }), foe(), declared, 3)
    expect(missed.summary).toMatch(/GM: Mira’s missed shot may hit an ally in the melee: the GM chooses who/)
    const hit = resolve(pc({ weapons: [bow] }), foe(), declared, 15, 4)
    expect(hit.summary).not.toMatch(/missed shot/)
    expect(rules.toggles(pc(), foe(), 'weapon-0-melee').some((t) => t.id === 'into-melee')).toBe(false)
    expect(
      previewDeclared(rules, pc(), foe(), { choice: 'weapon-0-melee', toggles: ['into-melee'] }),
    ).toEqual({
      ok: false,
      error: 'A shot into a melee applies to missile attacks only.',
    })
  })

  it('a grapple: the touch attack hits, then both grapple checks decide the hold (17.0.18)', () => {
    const r = resolve(pc(), foe(), { choice: 'grapple', toggles: [] }, 12, 15, 9)
    expect(r.asked.map((d) => d.label)).toEqual([
      'to hit',
      'grapple check of Mira',
      'grapple check of Goblin',
    ])
    expect(rules.status(after(foe(), r.changes.gob))).toEqual(['Grappled'])
  })
})

describe('injury (17.0.16)', () => {
  it('at 0 or fewer hit points a combatant is dead', () => {
    const r = resolve(pc(), foe({}, { hp: 4 }), SWORD, 15, 6)
    const goblin = after(foe({}, { hp: 4 }), r.changes.gob)
    expect(goblin.hp).toBe(-2)
    expect(rules.status(goblin)).toEqual(['Dead'])
    expect(r.summary).toMatch(/Goblin is reduced to zero hit points: dead\.$/)
    expect(previewDeclared(rules, pc(), goblin, SWORD)).toEqual({
      ok: false,
      error: 'Goblin is already dead.',
    })
  })

  it('after non-lethal damage a combatant falls unconscious instead, and further damage kills', () => {
    // Flat of the blade: 18 + 1 - 4 = 15 hits; 1d8 = 8, halved = 4; then 1d4 turns and 2d10 rounds.
    const target = foe({}, { hp: 4 })
    const r = resolve(pc(), target, { ...SWORD, toggles: ['non-lethal'] }, 18, 8, 2, 3, 4)
    const out = after(target, r.changes.gob)
    expect(out.hp).toBe(0)
    expect(rules.status(out)).toEqual(['Unconscious (revivable in 7 rounds)'])
    const kicked = resolve(pc(), out, { choice: 'kick', toggles: [] }, 15, 1)
    expect(rules.status(after(out, kicked.changes.gob))).toEqual(['Dead'])
  })
})

describe('end of round', () => {
  it('a dropped weapon: no attack next round, then the condition expires (17.0.4)', () => {
    // Natural 1; fumble d20 12: "Drop weapon, no attack next round".
    const r = resolve(pc(), foe(), SWORD, 1, 12)
    const mira = after(pc(), r.changes.mira)
    expect(rules.status(mira)).toEqual(['No attack (next round)'])
    const [next] = endRound(mira)
    expect(rules.status(next as Fighter)).toEqual(['No attack (1 round)'])
    // "No attack": what is not an attack stays hers to do (17.0.1.4-7), no punch, kick or grapple either.
    const blocked = rules.choices(next as Fighter)
    expect(blocked.ok && blocked.value.map((c) => c.id)).toEqual([
      'parry-dodge',
      'run-away',
      'move-away',
      'feat',
      'hold',
    ])
    const nextMira = next as Fighter
    expect(resolve(nextMira, nextMira, { choice: 'parry-dodge', toggles: [] }).summary).toBe(
      'Mira parries and dodges this round: +2 AC, no attack.',
    )
    for (const choice of ['weapon-0-melee', 'punch', 'grapple'])
      expect(resolveDeclared(rules, nextMira, foe(), { choice, toggles: [] }, null, scripted(10, 5))).toEqual(
        {
          ok: false,
          error: 'No attack this round: the weapon was dropped last round.',
        },
      )
    // Burning, she may still put the flames out; a caster may still cast.
    const burning = after(nextMira, {
      state: {
        ...nextMira.state,
        conditions: [...(nextMira.state.conditions as unknown[]), { kind: 'burning', rounds: 2 }],
      },
    })
    const put = rules.choices(burning)
    expect(put.ok && put.value.map((c) => c.id)).toContain('put-out')
    const [later] = endRound(next as Fighter)
    expect(rules.status(later as Fighter)).toEqual([])
    expect(rules.choices(later as Fighter).ok).toBe(true)
  })

  it('a light crossbow fires once every two rounds: the next round is spent reloading (17.0.9)', () => {
    const bow = weapon('Light crossbow', 'crossbow', '1d6', {
      shortRange: 60,
      mediumRange: 120,
      longRange: 180,
      firesEvery: 2,
    })
    const shooter = pc({ weapons: [bow] })
    const r = resolve(shooter, foe(), { choice: 'weapon-0-missile', toggles: ['short-range'] }, 5)
    const [reloading] = endRound(after(shooter, r.changes.mira))
    expect(rules.choices(reloading as Fighter).ok).toBe(false)
    const [ready] = endRound(reloading as Fighter)
    expect(rules.choices(ready as Fighter).ok).toBe(true)
  })

  it('a siege engine of 1/6 fires on rounds 1 and 7, its rate and its reloading shown (17.0.9)', () => {
    const ballista = weapon('Ballista', 'siege', '1d10', {
      shortRange: 100,
      mediumRange: 200,
      longRange: 300,
      firesEvery: 6,
    })
    const crew = pc({ weapons: [ballista] })
    const c = rules.choices(crew)
    expect(c.ok && c.value[0]?.label).toBe('Ballista (1d10, fires 1/6)')
    const shot = { choice: 'weapon-0-missile', toggles: ['short-range'] }
    const p = previewDeclared(rules, crew, foe(), shot)
    // The round's move, split around the shot (17.0.1.1), then the reloading.
    expect(p.ok && p.value.summary).toMatch(
      /; move up to 30 ft too, split before and after the attack; then 5 rounds of reloading, doing nothing else\.$/,
    )
    const charge = previewDeclared(rules, pc({ weapons: [SPEAR] }), foe(), {
      choice: 'weapon-0-melee',
      toggles: ['charge'],
    })
    expect(charge.ok && charge.value.summary).toMatch(/; the charge runs 10 to 60 ft straight at Goblin\.$/)
    expect(rules.status(after(crew, resolve(crew, foe(), shot, 5).changes.mira))).toEqual([
      'Reloading (next 5 rounds)',
    ])
    expect(firedOn(crew, 7)).toEqual([1, 7])
  })

  it('shoots as 17.0.9 times it: a bow every round, crossbows every 2 or 3, a 1/6 engine every 6', () => {
    const range = { shortRange: 60, mediumRange: 120, longRange: 180 }
    const shooter = (name: string, kind: string, firesEvery: number) =>
      pc({ weapons: [weapon(name, kind, '1d6', { ...range, firesEvery })] })
    expect(firedOn(shooter('Longbow', 'bow', 1), 4)).toEqual([1, 2, 3, 4])
    expect(firedOn(shooter('Light crossbow', 'crossbow', 2), 6)).toEqual([1, 3, 5])
    expect(firedOn(shooter('Heavy crossbow', 'crossbow', 3), 7)).toEqual([1, 4, 7])
    expect(firedOn(shooter('Catapult', 'siege', 6), 13)).toEqual([1, 7, 13])
    // A rate is the whole rounds between shots: the sheet takes 6 for "1/6", not the fraction.
    expect(
      osr.parseSheet({ weapons: [weapon('Catapult', 'siege', '1d10', { ...range, firesEvery: '2/3' })] }),
    ).toEqual({ ok: false, error: 'Weapons 1: Fires every N rounds must be a number.' })
    // Reloading takes the whole round: the reloader's condition blocks attacking.
    const heavy = shooter('Heavy crossbow', 'crossbow', 3)
    const [reloading] = endRound(after(heavy, resolve(heavy, foe(), MISSILE, 5).changes.mira))
    expect(rules.status(reloading as Fighter)).toEqual(['Reloading (2 rounds)'])
    expect(rules.choices(reloading as Fighter).ok).toBe(false)
  })

  it('charging ends with the round (17.0.1.8: "for the remainder of the round")', () => {
    const charging = pc({}, { state: { conditions: [{ kind: 'charging' }] } })
    const [next] = endRound(charging)
    expect(rules.status(next as Fighter)).toEqual([])
  })

  it('burning oil deals another 1d8 unless put out (17.0.10)', () => {
    const burning = foe({}, { state: { conditions: [{ kind: 'burning', rounds: 1, fresh: false }] } })
    const dice = scripted(6)
    const r = rules.endOfRound([burning], 2, dice)
    expect(r.ok && r.value.changes.gob?.hp).toBe(4)
    expect(r.ok && r.value.summary).toBe('End of round 2: Goblin burns for 6.')
  })

  it('a knocked-out combatant can be revived once the 2d10 rounds have passed (17.0.16)', () => {
    const out = foe(
      {},
      {
        hp: 0,
        maxHp: 10,
        state: {
          status: 'unconscious',
          nonLethalTaken: true,
          conditions: [],
          knockout: { wakesAfterTurns: 2, revivableIn: 1 },
        },
      },
    )
    const r = rules.endOfRound([out], 3, scripted())
    expect(r.ok && r.value.summary).toMatch(/Goblin can now be revived/)
    const next = after(out, r.ok ? r.value.changes.gob : undefined)
    expect(rules.status(next)).toEqual(['Unconscious (wakes in 2 turns)'])
  })

  it('fire-resistant creatures take no damage from burning oil, and roll no die (17.0.10)', () => {
    const state = { conditions: [{ kind: 'burning', rounds: 1, fresh: false }] }
    const r = rules.endOfRound([foe({ fireResistant: true }, { state })], 2, scripted())
    expect(r.ok && r.value.changes.gob).toEqual({
      state: { conditions: [], nonLethalTaken: false, status: 'up' },
    })
    expect(r.ok && r.value.summary).toMatch(/resistant to fire/)
  })

  it('changes nothing for a fighter with nothing to tick', () => {
    const r = rules.endOfRound([pc(), foe()], 1, scripted())
    expect(r.ok && r.value.changes).toEqual({})
  })
})

describe('spell casting at the table (17.0.1.3, 17.0.13)', () => {
  const CAST: Declared = { choice: 'cast', toggles: [] }
  const mage = (live: Parameters<typeof fighter>[4] = {}) => pc({ spellcaster: true }, live)
  const early: Declared = { ...SWORD, round: [osr.ACTS_LATER] }

  it('is offered to a spellcaster only', () => {
    const ids = (f: Fighter) => {
      const c = rules.choices(f)
      return c.ok ? c.value.map((x) => x.id) : []
    }
    expect(ids(mage())).toContain('cast')
    expect(ids(pc())).not.toContain('cast')
    expect(previewDeclared(rules, pc(), pc(), CAST)).toEqual({
      ok: false,
      error: 'Mira’s sheet does not cast spells.',
    })
  })

  it('an attack before the caster’s number marks them, even a miss; on the same number it does not', () => {
    // d20 2 + 1 = 3 misses AC 11: still an attack during the casting.
    const missed = resolve(foe(), mage(), early, 2)
    expect(missed.summary).toMatch(
      /Mira was attacked before their number: a spell cast this round needs a save/,
    )
    expect(rules.status(after(mage(), missed.changes.mira))).toEqual(['Attacked before casting'])
    // Simultaneous (no fact from the round), or a target who casts no spells: nothing to mark.
    expect(resolve(foe(), mage(), SWORD, 2).changes).toEqual({})
    expect(resolve(foe(), pc(), early, 2).changes).toEqual({})
  })

  it('a struck caster saves vs Spells (16): 5 faces in 20 keep the spell, and the log says which', () => {
    const struck = after(mage(), resolve(foe(), mage(), early, 2).changes.mira)
    const preview = previewDeclared(rules, struck, struck, CAST)
    // d20 >= 16: faces 16 to 20, 5 of 20.
    expect(preview.ok && preview.value.chance).toBe(5 / 20)
    expect(preview.ok && preview.value.summary).toBe(
      'Attacked before your number: the spell holds on a save vs Spells of 16 or more on a d20 (25%), else it is lost (Spell Casting (17.0.13)); move up to 30 ft too, split before and after the spell.',
    )
    const lost = resolve(struck, struck, CAST, 15)
    const sheetOf = osr.parseSheet(struck.sheet)
    if (!sheetOf.ok) throw new Error(sheetOf.error)
    const rulesSay = osr.spellDisruption(sheetOf.value, [], 15)
    expect(rulesSay.ok && rulesSay.value.lost).toBe(true)
    expect(lost.summary).toBe(
      'Mira casts a spell, attacked before their number: save 15 against 16: the spell is disrupted and lost.',
    )
    expect(rules.status(after(struck, lost.changes.mira))).toEqual([])
    expect(resolve(struck, struck, CAST, 16).summary).toMatch(/save 16 against 16: the spell goes off\.$/)
  })

  it('a caster nobody attacked first casts with no roll; a gagged one cannot', () => {
    expect(resolve(mage(), mage(), CAST).summary).toBe(
      'Mira casts a spell: it goes off on their number (GM: its effect, e.g. area damage from the tablet).',
    )
    const gagged = mage({ state: { conditions: [{ kind: 'gagged-or-bound' }] } })
    expect(previewDeclared(rules, gagged, gagged, CAST)).toEqual({
      ok: false,
      error:
        'A bound or gagged spellcaster cannot cast: casting needs one hand free and the ability to speak.',
    })
  })
})

describe('running away, fatigue and feats (17.0.1.7, 17.0.1.5)', () => {
  const RUN: Declared = { choice: 'run-away', toggles: [] }
  /** Runs `rounds` rounds in a row, each a new round (the round's "running" ends between them). */
  function runFor(f: Fighter, rounds: number): Fighter {
    let now = f
    for (let i = 0; i < rounds; i++) {
      now = after(now, resolve(now, now, RUN).changes[now.id])
      ;[now] = endRound(now) as [Fighter]
    }
    return now
  }

  it('counts the rounds run against 3 x CON: with CON 2, the 6th leaves the runner fatigued', () => {
    const mira = pc({ constitution: 2 })
    expect(osr.runLimit({ constitution: 2 })).toBe(6)
    const five = runFor(mira, 5)
    const preview = previewDeclared(rules, five, five, RUN)
    // The sheet says what this round's run does: the 6th of 6 tires her.
    expect(preview.ok && preview.value.summary).toBe(
      'Mira runs away this round: double movement, no attack (Run Away (17.0.1.7)); that is 6 rounds run (3 x CON): Mira is fatigued and walks only until 3 turns of rest; turning your back, each opponent within 5 ft with a ready weapon gets a parting shot at +2 (17.0.2).',
    )
    const first = previewDeclared(rules, mira, mira, RUN)
    expect(first.ok && first.value.summary).toMatch(
      /; 5 of 6 rounds of running left \(3 x CON\); turning your back/,
    )
    expect(resolve(five, five, RUN).summary).toBe(
      'Mira runs away this round: double movement, no attack; that is 6 rounds run (3 x CON): Mira is fatigued and walks only until 3 turns of rest.',
    )
    const six = runFor(five, 1)
    expect(rules.status(six)).toEqual(['Fatigued (walks only)'])
    // Fatigued: no more running, no charge; the GM ends it once rested, and the count starts again.
    expect(previewDeclared(rules, six, six, RUN)).toEqual({
      ok: false,
      error: 'Fatigued characters must rest for at least 3 turns before running again.',
    })
    const spear = pc({ constitution: 2, weapons: [SPEAR] }, { state: six.state })
    expect(previewDeclared(rules, spear, foe(), { choice: 'weapon-0-melee', toggles: ['charge'] })).toEqual({
      ok: false,
      error: 'Fatigued characters may only walk at the normal encounter rate.',
    })
    const rested = rules.clear?.(six, 'fatigued')
    if (!rested?.ok) throw new Error('the GM could not end the fatigue')
    const fresh = after(six, rested.value.changes.mira)
    const again = previewDeclared(rules, fresh, fresh, RUN)
    expect(again.ok && again.value.summary).toMatch(/5 of 6 rounds of running left/)
  })

  it('a feat is declared for the round, and the log asks the GM to decide it', () => {
    expect(resolve(pc(), pc(), { choice: 'feat', toggles: [] }).summary).toBe(
      'Mira attempts a feat this round (GM: Perform a Feat: the text gives no rule for feats; the GM decides how it resolves.).',
    )
  })
})

describe('a grapple kept: hurting the one held, breaking free (17.0.18)', () => {
  const GRAPPLE: Declared = { choice: 'grapple', toggles: [] }
  // Equal checks (d20 + 0 each, medium): the grappler wins when their d20 is higher, 190 of 400 pairs.
  const KEPT = 190 / 400

  /** Mira grabs the Goblin: touch attack 15 + 1 against AC 11, grapple checks 12 against 5. */
  function grabbed() {
    const r = resolve(pc(), foe(), GRAPPLE, 15, 12, 5)
    expect(r.summary).toMatch(/grapple check 12 against 5: the hold is kept/)
    return { mira: after(pc(), r.changes.mira), goblin: after(foe(), r.changes.gob) }
  }

  it('the touch attack shows the hold’s odds, and a kept hold gives Mira a way to hurt the Goblin', () => {
    const p = previewDeclared(rules, pc(), foe(), GRAPPLE)
    expect(p.ok && p.value.summary).toMatch(
      /a hit grabs Goblin, and the grapple check keeps the hold 47\.5%;/,
    )
    const { mira, goblin } = grabbed()
    expect(rules.status(goblin)).toEqual(['Grappled'])
    const c = rules.choices(mira)
    expect(c.ok && c.value.map((x) => x.id)).toContain('squeeze')
    const c2 = rules.choices(goblin)
    expect(c2.ok && c2.value.map((x) => x.id)).toContain('break-free')
  })

  it('hurting the held: both checks again; kept (10 against 3), 1d3 = 2 non-lethal; the odds are the hold’s', () => {
    const { mira, goblin } = grabbed()
    const squeeze = { choice: 'squeeze', toggles: [] }
    const p = previewDeclared(rules, mira, goblin, squeeze)
    expect(p.ok && p.value.chance).toBeCloseTo(KEPT, 10)
    expect(p.ok && p.value.summary).toBe(
      'Both make the grapple check: the hold is kept 47.5%, then 1d3 + STR non-lethal damage; else it is broken.',
    )
    const r = resolve(mira, goblin, squeeze, 10, 3, 2)
    expect(r.summary).toBe(
      'Mira’s grapple check 10 against Goblin’s 3; the hold is kept; 2 non-lethal damage.',
    )
    expect(r.changes.gob?.hp).toBe(8)
    // Another than the one held is refused.
    expect(previewDeclared(rules, mira, foe({ name: 'Orc' }), squeeze)).toEqual({
      ok: false,
      error: 'Mira does not hold Orc: choose the one you hold.',
    })
  })

  it('breaking free: the Goblin’s 18 against Mira’s 4 breaks the hold, and both are free of it', () => {
    const { mira, goblin } = grabbed()
    const free = { choice: 'break-free', toggles: [] }
    const p = previewDeclared(rules, goblin, mira, free)
    expect(p.ok && p.value.chance).toBeCloseTo(1 - KEPT, 10)
    const r = resolve(goblin, mira, free, 18, 4)
    expect(r.summary).toBe('Mira’s grapple check 4 against Goblin’s 18; the hold is broken: Goblin is free.')
    expect(rules.status(after(goblin, r.changes.gob))).toEqual([])
    const c = rules.choices(after(mira, r.changes.mira))
    expect(c.ok && c.value.map((x) => x.id)).not.toContain('squeeze')
  })
})

describe('a grapple with no attack this round (17.0.4, 17.0.18)', () => {
  const GRAPPLE: Declared = { choice: 'grapple', toggles: [] }
  const noAttack = (f: Fighter): Fighter => ({
    ...f,
    state: {
      ...f.state,
      conditions: [
        ...((f.state.conditions as unknown[]) ?? []),
        { kind: 'no-attack', reason: 'weapon dropped' },
      ],
    },
  })
  const grabbed = () => {
    const r = resolve(pc(), foe(), GRAPPLE, 15, 12, 5)
    return { mira: after(pc(), r.changes.mira), goblin: after(foe(), r.changes.gob) }
  }

  it('the held may still break free (a grapple check, not an attack); the holder may not hurt them', () => {
    const { mira, goblin } = grabbed()
    const held = noAttack(goblin)
    const c = rules.choices(held)
    expect(c.ok && c.value.map((x) => x.id)).toEqual([
      'break-free',
      'parry-dodge',
      'run-away',
      'move-away',
      'feat',
      'hold',
    ])
    expect(resolve(held, mira, { choice: 'break-free', toggles: [] }, 18, 4).summary).toMatch(
      /the hold is broken/,
    )
    const holder = noAttack(mira)
    const h = rules.choices(holder)
    expect(h.ok && h.value.map((x) => x.id)).not.toContain('squeeze')
    expect(
      resolveDeclared(rules, holder, goblin, { choice: 'squeeze', toggles: [] }, null, scripted(10, 3, 2)),
    ).toEqual({
      ok: false,
      error: 'No attack this round: the weapon was dropped last round.',
    })
  })

  it('one reloading may neither break free, hurt the held, nor hold an action ("no other action")', () => {
    const { mira, goblin } = grabbed()
    const reloading = (f: Fighter): Fighter => ({
      ...f,
      state: {
        ...f.state,
        conditions: [...((f.state.conditions as unknown[]) ?? []), { kind: 'reloading', rounds: 1 }],
      },
    })
    const why = 'Reloading takes the whole round: no other action, not even moving.'
    for (const [who, other, choice] of [
      [reloading(goblin), mira, 'break-free'],
      [reloading(mira), goblin, 'squeeze'],
      [reloading(mira), goblin, 'hold'],
    ] as const)
      expect(resolveDeclared(rules, who, other, { choice, toggles: [] }, null, scripted(10, 3, 2))).toEqual({
        ok: false,
        error: why,
      })
  })
})

describe('ground fire (17.0.10)', () => {
  const OIL = weapon('Flask of oil', 'grenade', '1d8', { shortRange: 10, mediumRange: 30, longRange: 50 })
  const SPILL: Declared = { choice: 'spill-oil', toggles: [] }

  it('oil spilled and lit burns 10 rounds: each round’s end asks the GM for 1d6 on those in it, no save', () => {
    expect(previewDeclared(rules, pc(), pc(), SPILL)).toEqual({
      ok: false,
      error: 'Mira carries no flask of oil.',
    })
    const carrier = pc({ weapons: [weapon('Sword', 'melee', '1d8'), OIL] })
    // The odds before it name its section, as its log line does.
    const odds = previewDeclared(rules, carrier, carrier, SPILL)
    expect(odds.ok && odds.value.summary).toBe(
      'Mira spills a flask of oil on the ground and lights it: it burns 10 rounds, 1d6 fire each round to any creature standing in or moving through it, no save (Oil (17.0.10)) (GM: area damage from the tablet, 1d6, for those in the flames).',
    )
    const spilled = resolve(carrier, carrier, SPILL)
    expect(spilled.summary).toBe(
      'Mira spills a flask of oil on the ground and lights it: it burns 10 rounds, 1d6 fire each round to any creature standing in or moving through it, no save (GM: area damage from the tablet, 1d6, for those in the flames).',
    )
    let now = after(carrier, spilled.changes.mira)
    expect(rules.status(now)).toEqual(['Oil fire on the ground (10 rounds)'])
    const asked: string[] = []
    for (let round = 1; round <= 12; round++) {
      const r = rules.endOfRound([now], round, scripted())
      if (!r.ok) throw new Error(r.error)
      if (/the oil Mira spilled burns/.test(r.value.summary)) asked.push(r.value.summary)
      now = after(now, r.value.changes.mira)
    }
    // As many rounds as the rules package burns it: 10, the last one saying it has burnt out.
    let fire: osr.GroundFire | null = osr.igniteGround()
    let burns = 0
    for (; fire; fire = osr.groundFireEndOfRound(fire)) burns++
    expect(asked).toHaveLength(burns)
    expect(burns).toBe(10)
    expect(asked[0]).toMatch(/no save, 9 rounds left \(GM: area damage/)
    expect(asked[9]).toMatch(/no save, and has now burnt out \(GM: area damage/)
    expect(rules.status(now)).toEqual([])
  })
})

describe('striking first: a weapon set against a charge (17.0.1.9), a long reach against one closing (17.0.1.6)', () => {
  const spearman = (more: Record<string, unknown> = {}) => pc({ weapons: [{ ...SPEAR, ...more }] })
  const charger = () => foe({ weapons: [SPEAR] })
  const CHARGE: Declared = { choice: 'weapon-0-melee', toggles: ['charge'] }
  const quick = [osr.YET_TO_ACT, osr.AS_QUICK]
  const options = (attacker: Fighter, target: Fighter, declared: Declared) => {
    const d = defensesDeclared(rules, attacker, target, declared)
    if (!d.ok) throw new Error(d.error)
    return d.value
  }
  /** Dice that say whose each die is: the defender's blow is theirs, never the charger's typed faces. */
  const owned = (...faces: number[]) => {
    const dice = scripted(...faces)
    const owners: string[] = []
    const roll = ((sides: number, label: string, owner?: string) => {
      owners.push(owner ?? 'attacker')
      return dice(sides, label)
    }) as typeof dice
    return { roll, owners, asked: dice.asked }
  }

  it('a charge at one with equal or better initiative who has not acted asks them to set the spear, with its odds', () => {
    const asked = options(charger(), spearman(), { ...CHARGE, round: quick })
    expect(asked.map((o) => o.id)).toEqual(['set-0', 'let-come'])
    // The charger takes -2 AC for the round (17.0.1.8): AC 11 - 2 = 9; d20 + 1 >= 9 on faces 8 to 20.
    expect(asked[0]?.chance).toBe(13 / 20)
    // The mean as the rules package counts it, critical hits included, doubled (17.0.1.9).
    const [setter, charging] = [osr.parseSheet(spearman().sheet), osr.parseSheet(charger().sheet)]
    if (!setter.ok || !charging.ok) throw new Error('sheets')
    const odds = osr.attackOdds({
      attacker: setter.value,
      target: charging.value,
      targetConditions: [{ kind: 'charging' }],
      weapon: 0,
      mode: 'melee',
      toggles: ['set-vs-charge'],
      initiative: { attacker: 4, target: 4 },
    })
    if (!odds.ok) throw new Error(odds.error)
    expect(toFloat(odds.value.hit)).toBe(13 / 20)
    expect(asked[0]?.effect).toBe(
      `On Goblin’s number, at the same time: hits 65%, double damage, ${toFloat(odds.value.expectedDamage).toFixed(1)} on average; it spends your action this round (Set Weapon Against Charge (17.0.1.9)).`,
    )
    // Worse initiative, or the action already used: no setting the spear.
    expect(options(charger(), spearman(), { ...CHARGE, round: [osr.YET_TO_ACT] })).toEqual([])
    expect(options(charger(), spearman(), { ...CHARGE, round: [] })).toEqual([])
    // A sword is not set against a charge; a plain blow is not a charge.
    expect(options(charger(), pc(), { ...CHARGE, round: quick })).toEqual([])
    expect(options(charger(), spearman(), { ...SWORD, round: quick })).toEqual([])
  })

  it('refuses at once what rolling would refuse (two cover levels), so the room asks no dry run first', () => {
    const twoCovers: Declared = { ...CHARGE, toggles: ['charge', 'cover-75', 'cover-90'], round: quick }
    const asked = defensesDeclared(rules, charger(), spearman(), twoCovers)
    expect(asked).toEqual({ ok: false, error: 'Choose only one cover level.' })
    expect(resolveDeclared(rules, charger(), spearman(), twoCovers, null, scripted())).toEqual(asked)
    expect(rules.defensesCheckResolve).toBe(true)
  })

  it('set, both strike on the charger’s number: the spear does double damage and spends the setter’s action', () => {
    const dice = owned(10, 3, 12, 4)
    const r = resolveDeclared(rules, charger(), spearman(), { ...CHARGE, round: quick }, 'set-0', dice.roll)
    if (!r.ok) throw new Error(r.error)
    // The charge: 10 + 1 + 2 = 13 against AC 11, 1d6 3 doubled (17.0.1.8) = 6 on Mira (10 -> 4).
    // The set spear: 12 + 1 = 13 against AC 11 - 2 = 9, 1d6 4 doubled (17.0.1.9) = 8 on the Goblin (10 -> 2).
    expect(r.value.summary).toBe(
      'Goblin hits Mira with the Spear (13 against AC 11); 6 damage; at the same time Mira sets the Spear against the charge: Mira hits Goblin with the Spear (13 against AC 9); 8 damage.',
    )
    expect(r.value.changes.mira?.hp).toBe(4)
    expect(r.value.changes.gob?.hp).toBe(2)
    expect(r.value.spent).toEqual(['mira'])
    // The Goblin's two dice are the attacker's; Mira's two are hers.
    expect(dice.owners).toEqual(['attacker', 'attacker', 'target', 'target'])
  })

  it('simultaneous: a charge that fells the setter still takes the spear', () => {
    const frail = pc({ weapons: [SPEAR] }, { hp: 2 })
    const r = resolveDeclared(
      rules,
      charger(),
      frail,
      { ...CHARGE, round: quick },
      'set-0',
      scripted(10, 3, 12, 4),
    )
    if (!r.ok) throw new Error(r.error)
    expect(r.value.changes.mira?.hp).toBe(-4)
    expect(r.value.changes.gob?.hp).toBe(2)
  })

  it('a long reach strikes one closing on their number, even after a lower initiative roll', () => {
    const reach = spearman({ longReach: true, settable: false })
    const asked = options(foe(), reach, { ...SWORD, round: [osr.YET_TO_ACT] })
    expect(asked.map((o) => o.id)).toEqual(['reach-0', 'let-come'])
    // AC 11: d20 + 1 >= 11 on faces 10 to 20.
    expect(asked[0]?.chance).toBe(11 / 20)
    const r = resolveDeclared(
      rules,
      foe(),
      reach,
      { ...SWORD, round: [osr.YET_TO_ACT] },
      'reach-0',
      scripted(5, 15, 5),
    )
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toBe(
      'Goblin misses Mira with the Sword (6 against AC 11); at the same time Mira strikes first with the Spear: Mira hits Goblin with the Spear (16 against AC 11); 5 damage.',
    )
    expect(r.value.changes.gob?.hp).toBe(5)
    expect(r.value.spent).toEqual(['mira'])
    // Against a charge with a worse initiative roll, the long reach still strikes, at single damage.
    const both = spearman({ longReach: true })
    expect(options(charger(), both, { ...CHARGE, round: [osr.YET_TO_ACT] })[0]?.id).toBe('reach-0')
  })

  it('on the round’s own numbers: a long reach even after rolling lower, a set spear only as quick', () => {
    // Initiative 5 (Plain), 3 (Quick, with a spear of long reach that can be set), 1 (the Orc); Plain acts.
    const spear = { ...SPEAR, longReach: true }
    const quickOne = fighter('osr', 'quick', 'pc', { name: 'Quick', dexBonus: 2, weapons: [spear] })
    const plain = fighter('osr', 'plain', 'foe', { name: 'Plain', weapons: [SPEAR] })
    const orc = fighter('osr', 'orc', 'foe', { name: 'Orc', dexBonus: -1, weapons: [SPEAR] })
    const rolled = (total: number) => ({ total, faces: [total], detail: '' })
    const turn = {
      ...IDLE_TURN,
      status: 'running' as const,
      round: 1,
      order: [
        { ids: ['plain'], label: 'Initiative 5', at: 5 },
        { ids: ['quick'], label: 'Initiative 3', at: 3 },
        { ids: ['orc'], label: 'Initiative 1', at: 1 },
      ],
      initiative: { plain: rolled(5), quick: rolled(3), orc: rolled(1) },
    }
    const asked = (attacker: Fighter, target: Fighter, declared: Declared) =>
      options(attacker, target, { ...declared, round: osrTurns.facts?.(turn, attacker, target) ?? [] }).map(
        (o) => o.id,
      )
    // Quick strikes Plain closing on Plain's number, though Quick rolled lower; the Orc's spear has no reach.
    expect(asked(plain, quickOne, SWORD)).toEqual(['reach-0', 'let-come'])
    expect(asked(plain, orc, SWORD)).toEqual([])
    // Quick (3) may set the spear against the Orc's (1) charge, not against Plain's (5): there the reach.
    expect(asked(orc, quickOne, CHARGE)).toEqual(['set-0', 'let-come'])
    expect(asked(plain, quickOne, CHARGE)).toEqual(['reach-0', 'let-come'])
  })

  it('let them come: the attack alone, nothing spent; an answer not offered is refused in words', () => {
    const r = resolveDeclared(
      rules,
      charger(),
      spearman(),
      { ...CHARGE, round: quick },
      'let-come',
      scripted(10, 3),
    )
    expect(r.ok && r.value.summary).toBe(
      'Goblin hits Mira with the Spear (13 against AC 11); 6 damage; Mira lets them come.',
    )
    expect(r.ok && r.value.spent).toBeUndefined()
    expect(
      resolveDeclared(rules, charger(), spearman(), { ...CHARGE, round: quick }, 'reach-0', scripted()),
    ).toEqual({
      ok: false,
      error:
        'That answer is not open to the defender now: in these rules only a long reach, or a weapon set against a charge, strikes first, before one has acted this round.',
    })
  })

  it('the charger’s odds line says what the target may strike first with', () => {
    const turn = {
      status: 'running' as const,
      round: 1,
      order: [{ ids: ['gob', 'mira'], label: 'Initiative 4', at: 4 }],
      current: 0,
      acted: [],
      initiative: {
        gob: { total: 4, faces: [4], detail: '' },
        mira: { total: 4, faces: [4], detail: '' },
      },
    }
    const p = previewDeclared(rules, charger(), spearman(), CHARGE, {
      turn,
      fighters: [charger(), spearman()],
    })
    expect(p.ok && p.value.summary).toMatch(
      /; Mira may set the Spear against your charge first: hits you 65%, double damage\.$/,
    )
  })
})

describe('a missile that misses into a melee with allies (17.0.12)', () => {
  const bow = weapon('Short bow', 'bow', '1d6', { shortRange: 50, mediumRange: 100, longRange: 150 })
  const archer = () => pc({ weapons: [bow] })
  const tomas = fighter('osr', 'tomas', 'pc', { name: 'Tomas' })
  const bea = fighter('osr', 'bea', 'pc', { name: 'Bea', ac: 15 })
  const dead = fighter('osr', 'ded', 'pc', { name: 'Ded' }, { hp: 0, state: { status: 'dead' } })
  const SHOT: Declared = { choice: 'weapon-0-missile', toggles: ['short-range', 'into-melee'] }
  const view = () => ({ turn: IDLE_TURN, fighters: [archer(), foe(), tomas, bea, dead] })

  it('a miss asks the GM which allies it could hit, each with the chance the roll hits them', () => {
    // d20 3 + 1 + 1 (short range) = 5 misses AC 11.
    const r = resolveDeclared(rules, archer(), foe(), SHOT, null, scripted(3), view())
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toBe(
      'Mira misses Goblin with the Short bow (5 against AC 11); the missed shot may hit one of Mira’s allies in the melee: the GM chooses who could be, and the room rolls.',
    )
    const asks = r.value.asks
    expect(asks?.many).toBe(true)
    expect(asks?.declared).toEqual({ choice: 'stray:weapon-0-missile', toggles: [] })
    // "normal attack bonus" (reading 22): d20 + 1 against AC 11 on 10 to 20; against AC 15 on 14 to 20.
    expect(asks?.options.map((o) => [o.id, o.chance])).toEqual([
      ['tomas', 11 / 20],
      ['bea', 7 / 20],
      ['none', null],
    ])
    // A hit asks nothing.
    expect(resolveDeclared(rules, archer(), foe(), SHOT, null, scripted(15, 4), view()).ok).toBe(true)
    const hit = resolveDeclared(rules, archer(), foe(), SHOT, null, scripted(15, 4), view())
    expect(hit.ok && hit.value.asks).toBeUndefined()
  })

  it('the room rolls against each chosen ally in the GM’s order until one is hit, who takes the bow’s damage', () => {
    const stray: Declared = { choice: 'stray:weapon-0-missile', toggles: [] }
    // 5 + 1 = 6 misses Bea (AC 15); 12 + 1 = 13 hits Tomas (AC 11); 1d6 4.
    const r = resolveDeclared(rules, archer(), foe(), stray, 'bea+tomas', scripted(5, 12, 4), view())
    if (!r.ok) throw new Error(r.error)
    const sheetOf = osr.parseSheet(archer().sheet)
    if (!sheetOf.ok) throw new Error(sheetOf.error)
    const ruled = osr.strayMissile(
      sheetOf.value,
      sheetOf.value.weapons[0] as osr.Weapon,
      [
        { id: 'bea', name: 'Bea', ac: 15 },
        { id: 'tomas', name: 'Tomas', ac: 11 },
      ],
      [5, 12],
    )
    expect(ruled.ok && ruled.value.hitId).toBe('tomas')
    expect(r.value.summary).toBe(
      'Mira’s missed shot strays into the melee: 6 against Bea’s AC 15: a miss; 13 against Tomas’s AC 11: a hit: Tomas takes 4 damage.',
    )
    expect(r.value.changes).toEqual({ tomas: { hp: 6 } })
    const none = resolveDeclared(rules, archer(), foe(), stray, 'none', scripted(), view())
    expect(none.ok && none.value.summary).toBe(
      'Mira’s missed shot strays into the melee: the GM chose nobody it could hit, and the missile is lost.',
    )
    const missed = resolveDeclared(rules, archer(), foe(), stray, 'tomas', scripted(2), view())
    expect(missed.ok && missed.value.summary).toMatch(/it hits none of them, and the missile is lost\.$/)
    // Only the GM's answer rolls it: never an attack declared by a player; nobody but an ally, once.
    expect(resolveDeclared(rules, archer(), foe(), stray, null, scripted(), view())).toEqual({
      ok: false,
      error: 'Only the GM rolls a missed shot against allies, choosing who could be hit (17.0.12).',
    })
    for (const bad of ['gob', 'ded', 'tomas+tomas'])
      expect(resolveDeclared(rules, archer(), foe(), stray, bad, scripted(), view())).toEqual({
        ok: false,
        error: 'Choose among Mira’s allies in the fight, each once, or nobody.',
      })
  })
})

describe('parting shots at one who runs away (17.0.2)', () => {
  const sheetOf = (f: Fighter) => {
    const s = osr.parseSheet(f.sheet)
    if (!s.ok) throw new Error(s.error)
    return s.value
  }
  const RUN: Declared = { choice: 'run-away', toggles: [] }
  const PARTING: Declared = { choice: 'parting-shots', toggles: [] }
  const orc = fighter('osr', 'orc', 'foe', { name: 'Orc', weapons: [] })
  const ded = fighter('osr', 'ded', 'foe', { name: 'Ded' }, { hp: 0, state: { status: 'dead' } })
  const tomas = fighter('osr', 'tomas', 'pc', { name: 'Tomas' })
  const view = () => ({ turn: IDLE_TURN, fighters: [pc(), foe(), orc, ded, tomas] })

  it('running asks the GM who is within 5 ft: each opponent with a ready weapon, at +2', () => {
    const r = resolveDeclared(rules, pc(), pc(), RUN, null, scripted(), view())
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toMatch(/; the GM says who is within 5 ft of them for a parting shot\.$/)
    // The Goblin's Sword: d20 + 1 + 2 (parting shot) against AC 11 hits on 8 to 20. The Orc has no weapon,
    // the dead take none, and an ally is no opponent.
    const decl: osr.AttackDeclaration = {
      attacker: sheetOf(foe()),
      target: sheetOf(pc()),
      weapon: 0,
      mode: 'melee',
      toggles: ['parting-shot'],
    }
    const odds = osr.attackOdds(decl)
    if (!odds.ok) throw new Error(odds.error)
    expect(toFloat(odds.value.hit)).toBe(13 / 20)
    expect(r.value.asks?.many).toBe(true)
    expect(r.value.asks?.declared).toEqual(PARTING)
    expect(r.value.asks?.options.map((o) => [o.id, o.chance])).toEqual([
      ['gob', 13 / 20],
      ['none', null],
    ])
    // Nobody to take one: nothing is asked.
    const alone = resolveDeclared(rules, pc(), pc(), RUN, null, scripted(), {
      turn: IDLE_TURN,
      fighters: [pc(), orc],
    })
    expect(alone.ok && alone.value.asks).toBeUndefined()
  })

  it('go to each one beside her with a ready weapon when she turns her back, to none in a fighting withdrawal', () => {
    const ogre = fighter('osr', 'ogre', 'foe', { name: 'Ogre' })
    const unarmed = fighter('osr', 'unarmed goblin', 'foe', { name: 'Unarmed goblin', weapons: [] })
    const beside = { turn: IDLE_TURN, fighters: [pc(), ogre, unarmed] }
    const run = resolveDeclared(rules, pc(), pc(), RUN, null, scripted(), beside)
    expect(run.ok && run.value.asks?.options.map((o) => o.id)).toEqual(['ogre', 'none'])
    // Backing away still fighting (17.0.2): the blow's odds line says so, and the blow asks for none.
    const p = previewDeclared(rules, pc(), ogre, SWORD)
    expect(p.ok && p.value.summary).toContain('(a fighting withdrawal: no parting shots)')
    const blow = resolveDeclared(rules, pc(), ogre, SWORD, null, scripted(2), beside)
    expect(blow.ok && blow.value.asks).toBeUndefined()
  })

  it('a plain move away turns her back too: the same prompt, her walk as the sheet’s movement (17.0.2, 17.0.1.1)', () => {
    const MOVE: Declared = { choice: 'move-away', toggles: [] }
    const r = resolveDeclared(rules, pc(), pc(), MOVE, null, scripted(), view())
    if (!r.ok) throw new Error(r.error)
    const feet = osr.moveAllowance(sheetOf(pc()), 'move')
    if (!feet.ok) throw new Error(feet.error)
    expect(r.value.summary).toBe(
      `Mira turns their back and moves away up to ${feet.value} ft (Move, 17.0.1.1); the GM says who is within 5 ft of them for a parting shot.`,
    )
    expect(r.value.asks?.question).toMatch(/^Mira turns their back and moves away: tap each opponent/)
    expect(r.value.asks?.options.map((o) => [o.id, o.chance])).toEqual([
      ['gob', 13 / 20],
      ['none', null],
    ])
  })

  it('striking and then moving away, back turned, asks the same after the blow (17.0.1.1, 17.0.2)', () => {
    const THEN: Declared = { choice: 'weapon-0-melee', toggles: ['then-move-away'] }
    expect(rules.toggles(pc(), foe(), THEN.choice).map((t) => t.id)).toContain('then-move-away')
    // A 2 misses the Goblin: no damage die.
    const r = resolveDeclared(rules, pc(), foe(), THEN, null, scripted(2), view())
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toMatch(
      /; Mira moves away: the GM says who is within 5 ft of them for a parting shot\.$/,
    )
    expect(r.value.asks?.question).toMatch(/^Mira turns their back and moves away: tap each opponent/)
    expect(r.value.asks?.options.map((o) => [o.id, o.chance])).toEqual([
      ['gob', 13 / 20],
      ['none', null],
    ])
    // Without the toggle, the blow asks nothing.
    const stays = resolveDeclared(rules, pc(), foe(), { ...THEN, toggles: [] }, null, scripted(2), view())
    expect(stays.ok && stays.value.asks).toBeUndefined()
  })

  it('a blow that disarms the one beside her leaves it no parting shot: asked after the blow, not before', () => {
    const THEN: Declared = { choice: 'weapon-0-melee', toggles: ['then-move-away'] }
    // A natural 20, then 19 on the special roll: the condition chart's d4 1, "Enemy is Disarmed: Primary
    // weapon is knocked from enemy's grasp" (the Goblin's only weapon, its Sword), and 7 damage on the d8.
    const r = resolveDeclared(rules, pc(), foe(), THEN, null, scripted(20, 19, 1, 7), view())
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toContain('Enemy is Disarmed')
    // Nobody else beside her holds a ready weapon (the Orc has none): nothing to ask, nothing the room
    // would then refuse when the GM taps the Goblin.
    expect(r.value.asks).toBeUndefined()
    expect(r.value.summary).not.toContain('parting shot')
  })

  it('the room rolls each parting shot tapped, +2, and it leaves the runner hurt', () => {
    // 15 + 1 + 2 = 18 hits AC 11; 1d8 5.
    const r = resolveDeclared(rules, pc(), pc(), PARTING, 'gob', scripted(15, 5), view())
    if (!r.ok) throw new Error(r.error)
    expect(r.value.summary).toBe(
      'Parting shots at Mira: Goblin hits Mira with the Sword (18 against AC 11); 5 damage. (GM: Parting shot: opponents with attack routines choose one attack mode (a tiger could only claw once or bite once).)',
    )
    expect(r.value.lines.find((l) => l.label === 'parting shot' && !l.note)?.value).toBe(2)
    expect(r.value.changes).toEqual({ mira: { hp: 5 } })
    const none = resolveDeclared(rules, pc(), pc(), PARTING, 'none', scripted(), view())
    expect(none.ok && none.value.summary).toBe('Nobody takes a parting shot at Mira.')
    // Only the GM's answer rolls them; only opponents with a ready weapon, each once.
    expect(resolveDeclared(rules, pc(), pc(), PARTING, null, scripted(), view())).toEqual({
      ok: false,
      error:
        'Only the GM says who is within 5 ft of one who turns their back and moves away, for their parting shots (17.0.2).',
    })
    for (const bad of ['orc', 'ded', 'tomas', 'gob+gob'])
      expect(resolveDeclared(rules, pc(), pc(), PARTING, bad, scripted(), view())).toEqual({
        ok: false,
        error: 'Choose among Mira’s opponents with a ready weapon, each once, or nobody.',
      })
  })
})

describe('conditions stored by rooms before the engine kept them', () => {
  it('reads, shows, ticks and lets the GM end a stored list as it did', () => {
    const stored = JSON.parse(
      '{"conditions":[{"kind":"no-attack","reason":"weapon broke","rounds":1,"fresh":true},{"kind":"prone"},{"kind":"charging"}]}',
    )
    const mira = pc({}, { state: stored })
    expect(rules.status(mira)).toEqual(['No attack (next round)', 'Prone', 'Charging (-2 AC)'])
    expect(rules.clearable?.(mira)).toEqual([{ id: 'prone', label: 'Prone' }])
    const next = endRound(mira)[0] as Fighter
    expect(next.state.conditions).toEqual([
      { kind: 'no-attack', reason: 'weapon broke', rounds: 1, fresh: false },
      { kind: 'prone' },
    ])
  })
})
