/**
 * The odnd combat adapter against the text (rules/odnd.txt) and the rules package's own odds. Sections
 * are cited by the text's headings. The room's to-hit table is the default one: target = THAC0 - AC.
 */

import { describe, expect, it } from 'vitest'
import { defensesDeclared, previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import type { Fighter, Resolution } from '../../engine/types.ts'
import { odnd } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { odndCombat as rules } from './room-combat.ts'
import { apply, declared, errorOf, ok } from './test-support.ts'

const SWORD = { name: 'Sword', kind: 'one-handed', damage: 'd6+1' }
/** A short spear, as long as Mira's sword: neither strikes first by reach (that is moves.test.ts's). */
const SPEAR = { name: 'Spear', kind: 'spear', damage: 'd6', reach: 3, throwable: true }
const CROSSBOW = { name: 'Crossbow', kind: 'crossbow', damage: 'd6' }

/** Mira: a 1st-level fighter, STR 10 (no bonus), THAC0 19, with a sword. */
const mira = (state: Record<string, unknown> = {}) =>
  fighter('odnd', 'mira', 'pc', { name: 'Mira', weapons: [SWORD] }, { hp: 8, state })
/** A goblin: a 1 HD monster, AC 6, with a spear. */
const goblin = (id = 'g1', hp = 8, state: Record<string, unknown> = {}) =>
  fighter(
    'odnd',
    id,
    'foe',
    { name: `Goblin ${id}`, role: 'monster', class: 'monster', ac: 6, weapons: [SPEAR] },
    { hp, maxHp: 8, state },
  )

const attack = declared

const after = (f: Fighter, r: Resolution): Fighter => apply([f], r)[0] as Fighter

/** The rules package's exact odds for the same declaration, straight from the stored sheets. */
const packageOdds = (a: Fighter, d: Fighter, toggles: odnd.Toggles) => {
  const parse = (f: Fighter) => ok(odnd.parseSheet(f.sheet))
  return ok(odnd.attackOdds({ attacker: parse(a), defender: parse(d), weapon: 0, toggles })).probabilities.hit
}

describe('odnd choices', () => {
  it('offers empty hands, pulled punches and grappling to the default sheet (Empty Hand Attacks; Grappling attacks)', () => {
    const ids = ok(rules.choices(fighter('odnd', 'p', 'pc'))).map((c) => c.id)
    expect(ids).toEqual(['hands', 'hands-pull', 'grapple', 'run'])
  })

  it('lists each weapon with what it can do: a sword disarms, a spear is thrown', () => {
    expect(ok(rules.choices(mira())).map((c) => c.label)).toEqual([
      'Sword (d6+1)',
      'Sword, to subdue',
      'Sword: disarm',
      'Empty hands (d4)',
      'Empty hands, pulling punches',
      'Grapple',
      'Run · the full move, no attack this round',
    ])
    expect(ok(rules.choices(goblin())).map((c) => c.id)).toEqual([
      'w1',
      'w1-thrown',
      'w1-subdue',
      'grapple',
      'run',
    ])
  })
})

describe('odnd toggles', () => {
  const ids = (choice: string) => rules.toggles(mira(), goblin(), choice).map((t) => t.id)

  it('gives a melee sword the melee situations and not the missile ones', () => {
    expect(ids('w1')).toEqual(expect.arrayContaining(['swashbuckler', 'high-ground', 'flanking', 'charging']))
    for (const id of ['short-range', 'into-melee', 'set-spear', 'backstab', 'defender-stationary'])
      expect(ids('w1')).not.toContain(id)
  })

  it('gives a thrown spear the range bands and no charge (Ranged Attack)', () => {
    const thrown = rules.toggles(goblin(), mira(), 'w1-thrown').map((t) => t.id)
    expect(thrown).toEqual(expect.arrayContaining(['short-range', 'long-range', 'into-melee']))
    expect(thrown).not.toContain('charging')
    expect(rules.toggles(goblin(), mira(), 'w1').map((t) => t.id)).toContain('set-spear')
  })

  it('leaves out what the adapter reads from state: parrying and the round after an attack from behind', () => {
    for (const id of ['defender-parrying', 'behind-second-round', 'surprised-second-round'])
      expect(ids('w1')).not.toContain(id)
  })
})

describe('odnd preview', () => {
  it('is the hand-computed chance: THAC0 19 against AC 6 needs 13, so 8 faces of 20 (COMBAT)', () => {
    const preview = ok(previewDeclared(rules, mira(), goblin(), attack('w1')))
    expect(preview.chance).toBe(8 / 20)
    expect(preview.summary).toBe(
      'Hits on a natural 13 or more on a d20 (40%); 4.5 damage per hit on average.',
    )
    expect(preview.lines.at(-1)).toMatchObject({ label: 'Against AC 6, the d20 needs', value: 13 })
  })

  it.each([
    [[], {}],
    [['high-ground'], { 'high-ground': true }],
    [['flanking', 'cover-50'], { flanking: true, 'cover-50': true }],
    [['from-behind'], { 'from-behind': true }],
  ])('with %j equals the rules package exact odds', (toggles, asToggles) => {
    const preview = ok(previewDeclared(rules, mira(), goblin(), attack('w1', ...toggles)))
    expect(preview.chance).toBe(packageOdds(mira(), goblin(), asToggles))
  })

  it('needing 22, only a natural 20 hits, 2 points off damage (Natural 20)', () => {
    const knight = fighter('odnd', 'k', 'foe', { name: 'Knight', ac: -3 })
    const preview = ok(previewDeclared(rules, mira(), knight, attack('w1')))
    expect(preview.chance).toBe(1 / 20)
    expect(preview.summary).toContain('natural 20 or more on a d20, damage -2')
  })
})

describe('odnd parry (Melee combatants may parry: +2 to defense, no attacks that round)', () => {
  it('is offered against melee, not against a thrown spear, and not once the defender has attacked', () => {
    expect(ok(defensesDeclared(rules, mira(), goblin(), attack('w1'))).map((d) => d.id)).toEqual([
      'parry',
      'none',
    ])
    expect(ok(defensesDeclared(rules, goblin(), mira(), attack('w1-thrown')))).toEqual([])
    expect(ok(defensesDeclared(rules, mira(), goblin('g1', 8, { hasAttacked: true }), attack('w1')))).toEqual(
      [],
    )
  })

  it('is not offered against an attack from behind or by surprise: "SURPRISED and unable to return the attack"', () => {
    expect(ok(defensesDeclared(rules, mira(), goblin(), attack('w1', 'from-behind')))).toEqual([])
    expect(
      errorOf(resolveDeclared(rules, mira(), goblin(), attack('w1', 'from-behind'), 'parry', scripted(13))),
    ).toBe(
      'Goblin g1 cannot parry an attack from behind or by surprise: it is surprised by it (Attacking From Behind).',
    )
  })

  it('gives the odds of both answers: Take it leaves AC 6 (13+ of 20 hits, 40%), Parry makes it AC 4 (15+, 30%)', () => {
    // By hand (COMBAT): THAC0 19 - AC 6 = 13, so 8 faces of 20 hit; the parry's +2 to defense needs 15, 6 faces.
    const [parry, take] = ok(defensesDeclared(rules, mira(), goblin(), attack('w1')))
    expect(parry?.effect).toBe(
      '+2 to AC for the rest of the round, but no attacks this round: Mira would hit 30% of the time',
    )
    expect(parry?.hits).toBe(6 / 20)
    expect(take).toEqual({
      id: 'none',
      label: 'Take it',
      chance: null,
      hits: 8 / 20,
      effect: 'No parry: keep your attacks this round; Mira hits 40% of the time',
    })
    // The same odds as the attack's own preview, from the rules package's exact odds.
    expect(ok(previewDeclared(rules, mira(), goblin(), attack('w1'))).chance).toBe(8 / 20)
  })

  it('turns a 13, a hit on AC 6, into a miss on AC 4, and costs the parrier its attacks', () => {
    const hit = ok(resolveDeclared(rules, mira(), goblin(), attack('w1'), 'none', scripted(13, 3)))
    expect(hit.changes.g1?.hp).toBe(8 - 4)
    const parried = ok(resolveDeclared(rules, mira(), goblin(), attack('w1'), 'parry', scripted(13)))
    expect(parried.summary).toMatch(/^Mira misses Goblin g1: Goblin g1 parries/)
    const parrier = after(goblin(), parried)
    expect(rules.status(parrier)).toEqual(['Parrying (1 round)', 'In melee with Mira'])
    // "no attacks are possible": the parry takes the attacks, not the moves of melee.
    expect(ok(rules.choices(parrier)).map((c) => c.id)).toEqual(['withdraw', 'retreat'])
    expect(errorOf(resolveDeclared(rules, parrier, mira(), attack('w1'), null, scripted(20)))).toBe(
      'Goblin g1 is parrying this round: no attacks are possible.',
    )
    const withdrawn = ok(resolveDeclared(rules, parrier, parrier, attack('withdraw'), null, scripted()))
    expect(withdrawn.summary).toMatch(/^Goblin g1 /)
  })

  it('a parrying caster is offered no spell: a spell is no move of melee', () => {
    const caster = fighter(
      'odnd',
      'w',
      'pc',
      { name: 'Wen', class: 'magic-user', weapons: [SWORD] },
      { hp: 8 },
    )
    expect(ok(rules.choices(caster)).map((c) => c.id)).toContain('cast')
    const parried = ok(resolveDeclared(rules, goblin(), caster, attack('w1'), 'parry', scripted(2)))
    const parrier = after(caster, parried)
    expect(ok(rules.choices(parrier)).map((c) => c.id)).toEqual(['withdraw', 'retreat'])
    expect(errorOf(resolveDeclared(rules, parrier, parrier, attack('cast'), null, scripted()))).toBe(
      'Wen is parrying this round: no attacks are possible.',
    )
  })

  it('a monster with no attack on its sheet still moves, and its sheet says why it has no attack', () => {
    const unarmed = fighter(
      'odnd',
      'b',
      'foe',
      { name: 'Blob', role: 'monster', class: 'monster' },
      { hp: 5 },
    )
    expect(ok(rules.choices(unarmed)).map((c) => c.id)).toEqual(['run'])
    expect(errorOf(previewDeclared(rules, unarmed, mira(), attack('w1')))).toBe(
      'Blob has no attack listed: add a weapon or natural attack to the sheet.',
    )
  })
})

describe('odnd resolve', () => {
  it('rolls to hit then the weapon die: 15 hits AC 6, d6 4 + 1 is 5 off the goblin (Melee Damage)', () => {
    const dice = scripted(15, 4)
    const r = ok(resolveDeclared(rules, mira(), goblin(), attack('w1'), null, dice))
    expect(dice.asked.map((d) => d.label)).toEqual(['to hit', 'damage d6'])
    expect(r.changes.g1?.hp).toBe(3)
    expect(r.summary).toBe('Mira hits Goblin g1 for 5.')
  })

  it('a miss rolls no damage (odnd armor works on the to-hit roll only)', () => {
    const dice = scripted(12)
    const r = ok(resolveDeclared(rules, mira(), goblin(), attack('w1'), null, dice))
    expect(r.summary).toBe('Mira misses Goblin g1.')
    expect(r.changes.g1?.hp).toBe(8)
  })

  it('real damage to 0 is death by default (Empty Hand Attacks: "When someone reaches 0hp")', () => {
    const target = goblin('g1', 4)
    const r = ok(resolveDeclared(rules, mira(), target, attack('w1'), null, scripted(15, 3)))
    expect(r.summary).toBe('Mira hits Goblin g1 for 4: Goblin g1 is dead.')
    expect(rules.status(after(target, r))).toEqual(['Dead'])
  })

  it('empty hands are temporary on the first roll and knock out at 0 (Empty Hand Attacks)', () => {
    const target = goblin('g1', 3)
    // Already in melee with it: the goblin's spear does not outreach her fists first (Melee Weapon Reach).
    const inMelee = mira({ engaged: [{ id: 'g1', name: 'Goblin g1' }] })
    const r = ok(resolveDeclared(rules, inMelee, target, attack('hands'), null, scripted(15, 3)))
    expect(r.changes.g1).toEqual({ hp: 3, state: { temporary: 3, attackedBy: ['mira'] } })
    expect(r.summary).toBe(
      'Mira hits Goblin g1 for 3 temporary damage, which wears off: Goblin g1 is knocked out.',
    )
    expect(rules.status(after(target, r))).toEqual(['Knocked out'])
  })

  it('a natural 1 rolls the fumble d20, a fumble above level 1 (Natural 1)', () => {
    const dice = scripted(1, 6)
    const r = ok(resolveDeclared(rules, mira(), goblin(), attack('w1'), null, dice))
    expect(dice.asked.map((d) => d.label)).toEqual(['to hit', 'fumble'])
    expect(r.summary).toBe(
      'Mira misses Goblin g1: Critical fumble (d20 6 above level 1): the fumble table is not in the text; GM, rule the effect.',
    )
  })
})

describe('odnd attacks and maneuvers', () => {
  it('a 3rd-level fighter gets 3 attacks a round against normal men, then is refused (MISC COMBAT RULES)', () => {
    let hero = fighter('odnd', 'hero', 'pc', { name: 'Hero', level: 3, weapons: [SWORD] })
    for (let i = 0; i < 3; i++)
      hero = after(hero, ok(resolveDeclared(rules, hero, goblin(), attack('w1'), null, scripted(2))))
    expect(errorOf(previewDeclared(rules, hero, goblin(), attack('w1')))).toBe(
      'Hero has made all 3 attacks of the round (level 3 fighter type against normal men).',
    )
    hero = after(hero, ok(rules.endOfRound([hero], 1, scripted())))
    expect(ok(previewDeclared(rules, hero, goblin(), attack('w1'))).chance).toBe(8 / 20)
  })

  it('a disarming hit makes the target save vs Paralysis (14); failing, it loses its sword (Disarm)', () => {
    const bandit = fighter('odnd', 'b', 'foe', { name: 'Bandit', ac: 6, weapons: [SWORD] })
    const dice = scripted(15, 9)
    const r = ok(resolveDeclared(rules, mira(), bandit, attack('w1-disarm'), null, dice))
    expect(dice.asked.map((d) => d.label)).toEqual(['to hit', 'save vs paralysis'])
    expect(r.summary).toBe('Mira hits Bandit: Bandit is disarmed.')
    const disarmed = after(bandit, r)
    expect(rules.status(disarmed)).toEqual(['Disarmed', 'In melee with Mira'])
    expect(ok(rules.choices(disarmed)).map((c) => c.id)).toEqual([
      'hands',
      'hands-pull',
      'grapple',
      'withdraw',
      'retreat',
    ])
    expect(errorOf(previewDeclared(rules, disarmed, mira(), attack('w1')))).toBe(
      'Bandit has been disarmed of the Sword.',
    )
  })

  it("a monster's natural 20 brings its special attack, for the GM to apply (Natural 20)", () => {
    const owlbear = fighter('odnd', 'o', 'foe', {
      name: 'Owlbear',
      role: 'monster',
      class: 'monster',
      level: 5,
      thac0: 15,
      specialOn: 20,
      special: 'crushing hug',
      weapons: [{ name: 'Claw', kind: 'natural', damage: 'd6' }],
    })
    const r = ok(resolveDeclared(rules, owlbear, mira(), attack('w1'), null, scripted(20, 2)))
    expect(r.summary).toContain('Owlbear hits, critically, Mira for 2')
    expect(r.summary).toContain('special attack (crushing hug): GM, apply it')
  })
})

describe('odnd conditions and the end of the round', () => {
  it('an attack from behind surprises for the round, then gives Advantage and Disadvantage for one more (Attacking From Behind)', () => {
    let [m, g] = [mira(), goblin()]
    const r = ok(resolveDeclared(rules, m, g, attack('w1', 'from-behind'), null, scripted(5)))
    ;[m, g] = apply([m, g], r) as [Fighter, Fighter]
    expect(rules.status(g)).toEqual(['Surprised (1 round)', 'In melee with Mira'])
    expect(errorOf(rules.choices(g))).toBe('Goblin g1 is surprised and cannot act this round.')

    // The goblin listed first: the Advantage it gives Mira must not be ticked away the round it starts.
    const end1 = ok(rules.endOfRound([g, m], 1, scripted()))
    expect(end1.summary).toBe(
      'End of round 1: Goblin g1 is no longer surprised; next round Mira attacks Goblin g1 with Advantage, Goblin g1 attacks back with Disadvantage.',
    )
    ;[m, g] = apply([m, g], end1) as [Fighter, Fighter]
    expect(rules.status(g)).toEqual(['Disadvantage (1 round)', 'In melee with Mira'])
    expect(rules.status(m)).toEqual(['Advantage (1 round)', 'In melee with Goblin g1'])
    // Advantage is two d20 keep the higher: 1 - (12/20)^2 for a 13+; the same as the package's odds.
    expect(ok(previewDeclared(rules, m, g, attack('w1'))).chance).toBeCloseTo(1 - (12 / 20) ** 2, 12)
    expect(ok(previewDeclared(rules, m, g, attack('w1'))).chance).toBe(
      packageOdds(m, g, { 'behind-second-round': true }),
    )

    const end2 = ok(rules.endOfRound([m, g], 2, scripted()))
    ;[m, g] = apply([m, g], end2) as [Fighter, Fighter]
    expect([rules.status(m), rules.status(g)]).toEqual([['In melee with Goblin g1'], ['In melee with Mira']])
  })

  const orc = (id: string, hp = 5) =>
    fighter('odnd', id, 'foe', { name: id, role: 'monster', class: 'monster', weapons: [SWORD] }, { hp })
  /** The orcs' grapples all land (a natural 18 hits AC 9), in turn. */
  const grappled = (table: Fighter[], ...ids: string[]) =>
    ids.reduce((t, id) => {
      const grappler = t.find((f) => f.id === id) as Fighter
      return apply(
        t,
        ok(resolveDeclared(rules, grappler, t[0] as Fighter, attack('grapple'), 'none', scripted(18))),
      )
    }, table)

  it('grapplers thrown off are stunned for the difference, ticking down each round (Grappling attacks: 11 - 7 = 4)', () => {
    const hero = fighter('odnd', 'hero', 'pc', { name: 'Hero', level: 3 }, { hp: 15 })
    let table = grappled([hero, orc('orc1'), orc('orc2')], 'orc1', 'orc2')
    // Each orc rolls 1d6 (2 and 5), the 3rd-level hero 3d6 (11).
    const end = ok(rules.endOfRound(table, 1, scripted(2, 5, 4, 4, 3)))
    expect(end.summary).toContain('Hero throws them off (11 against 7): they are stunned for 4 rounds')
    table = apply(table, end)
    expect(rules.status(table[1] as Fighter)).toEqual(['Stunned (4 rounds)', 'In melee with Hero'])
    expect(errorOf(rules.choices(table[1] as Fighter))).toBe('orc1 is stunned for 4 more round(s).')
    table = apply(table, ok(rules.endOfRound(table, 2, scripted())))
    expect(rules.status(table[2] as Fighter)).toEqual(['Stunned (3 rounds)', 'In melee with Hero'])
  })

  it('a pinned hero cannot attack until the grappler holding them falls (Grappling attacks: "pinned helplessly")', () => {
    const hero = fighter('odnd', 'hero', 'pc', { name: 'Hero' }, { hp: 6 })
    let table = grappled([hero, orc('orc1')], 'orc1')
    table = apply(table, ok(rules.endOfRound(table, 1, scripted(5, 2))))
    expect(rules.status(table[0] as Fighter)).toEqual(['Pinned', 'In melee with orc1'])
    expect(errorOf(rules.choices(table[0] as Fighter))).toBe('Hero is pinned helplessly.')
    table = apply(table, ok(rules.endOfRound(table, 2, scripted())))
    expect(rules.status(table[0] as Fighter)).toEqual(['Pinned', 'In melee with orc1'])
    const orcFalls = table.map((f) => (f.id === 'orc1' ? { ...f, hp: 0 } : f))
    // The orc's death is also the foes' first death, and half of them down: two morale rolls.
    const end = ok(rules.endOfRound(orcFalls, 3, scripted(3, 3, 3, 3)))
    expect(end.summary).toContain('Hero is free of the grapple')
    expect(rules.status(after(table[0] as Fighter, end))).toEqual([])
  })

  it('a crossbow is ready again two rounds later (Crossbows fire every other round)', () => {
    let archer = fighter('odnd', 'a', 'pc', { name: 'Archer', weapons: [CROSSBOW] })
    archer = after(archer, ok(resolveDeclared(rules, archer, goblin(), attack('w1'), null, scripted(2))))
    archer = after(archer, ok(rules.endOfRound([archer], 1, scripted())))
    expect(rules.status(archer)).toEqual(['Reloading (1 round)'])
    expect(errorOf(previewDeclared(rules, archer, goblin(), attack('w1')))).toBe(
      'Crossbows fire every other round: this one is ready next round.',
    )
    archer = after(archer, ok(rules.endOfRound([archer], 2, scripted())))
    expect(ok(rules.choices(archer)).map((c) => c.id)).toContain('w1')
  })

  it('checks foes morale on 2d6 after the first death and at 50% down, once each (Check monster morale)', () => {
    const foes = [goblin('g1', 0), goblin('g2')]
    const end = ok(rules.endOfRound([mira(), ...foes], 1, scripted(3, 4, 6, 6)))
    expect(end.summary).toBe(
      "End of round 1: the foes' morale after the first death: 2d6 = 7 (GM: does it hold?); the foes' morale with half of them down: 2d6 = 12 (GM: does it hold?).",
    )
    const later = apply([mira(), ...foes], end)
    expect(ok(rules.endOfRound(later, 2, scripted())).summary).toBe('End of round 2.')
  })
})

describe('odnd refusals', () => {
  it.each([
    [
      'one attack a round (sheet: attacks per round)',
      mira({ attacks: 1 }),
      goblin(),
      attack('w1'),
      'Mira has made their one attack of the round (attacks per round on the sheet).',
    ],
    [
      'a modifier that does not fit the weapon',
      mira(),
      goblin(),
      attack('w1', 'short-range'),
      '"short-range" does not apply to this attack.',
    ],
    [
      'a disarm against a spear (Disarm)',
      mira(),
      goblin(),
      attack('w1-disarm'),
      'Disarming needs a one-handed weapon against a foe who also wields a one-handed weapon.',
    ],
    ['a dead target', mira(), goblin('g1', 0), attack('w1'), 'Goblin g1 is already dead.'],
  ])('refuses %s', (_why, a, d, declared, message) => {
    expect(errorOf(previewDeclared(rules, a, d, declared))).toBe(message)
    expect(errorOf(resolveDeclared(rules, a, d, declared, null, scripted()))).toBe(message)
  })
})

describe('odnd: attacks the GM makes before the fight is started (ENCOUNTER ORDER 7)', () => {
  it('count against no round: the first round finds the goblin’s attack afresh, its melee and charge kept', () => {
    const g = goblin()
    const m = mira()
    const charge = ok(resolveDeclared(rules, g, m, attack('w1', 'charging'), null, scripted(15, 3)))
    const [g1, m1] = apply([g, m], charge) as [Fighter, Fighter]
    // As it stands, the goblin's one attack is spent.
    expect(errorOf(previewDeclared(rules, g1, m1, attack('w1')))).toBe(
      'Goblin g1 has made their one attack of the round (attacks per round on the sheet).',
    )
    const start = ok(rules.startOfFight?.([g1, m1]) ?? { ok: false, error: 'no start' })
    expect(start.summary).toBe(
      "The fight begins: the attacks Goblin g1 made before it count against no round; everyone's attacks of the first round are afresh (ENCOUNTER ORDER 7).",
    )
    const [g2, m2] = apply([g1, m1], start) as [Fighter, Fighter]
    expect(previewDeclared(rules, g2, m2, attack('w1')).ok).toBe(true)
    expect(g2.state.engaged).toEqual(g1.state.engaged)
    expect(g2.state.chargeWait).toBe(g1.state.chargeWait)
    expect(g2.state.chargeWait).toBeGreaterThan(0)
    expect(m2.state.attackedBy).toBeUndefined()
    // Nobody did anything: nothing to say.
    expect(ok(rules.startOfFight?.([goblin(), mira()]) ?? { ok: false, error: '' })).toEqual({
      lines: [],
      summary: '',
      changes: {},
    })
  })
})

describe('conditions stored by rooms before the engine kept them', () => {
  it('reads, shows and ticks a stored list of conditions as it did', () => {
    const stored = JSON.parse('{"conditions":[{"id":"stunned","rounds":2},{"id":"fleeing","rounds":null}]}')
    const m = mira(stored)
    expect(rules.status(m)).toEqual(['Stunned (2 rounds)', 'Fleeing'])
    const end = ok(rules.endOfRound([m], 1, scripted()))
    expect(end.changes.mira?.state?.conditions).toEqual([
      { id: 'stunned', rounds: 1 },
      { id: 'fleeing', rounds: null },
    ])
  })
})
