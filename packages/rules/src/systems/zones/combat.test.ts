/**
 * The zones adapter against zones.txt: every number below comes from the text (section named in the
 * comment) or from the README's reading that a save passes on a d20 equal to or under the stat.
 */

import { describe, expect, it } from 'vitest'
import { defensesDeclared, previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import { IDLE_TURN } from '../../engine/turn.ts'
import type { Declared, Fighter, Resolution } from '../../engine/types.ts'
import { type Outcome, zones } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { whoIsHitFirst } from './defenses.ts'
import { zonesCombat as rules } from './room-combat.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** The fighter as the room would store it after a resolution. */
function after(f: Fighter, r: Resolution): Fighter {
  const change = r.changes[f.id]
  return change ? { ...f, hp: change.hp ?? f.hp, state: change.state ?? f.state } : f
}

const pc = (id: string, sheet: Record<string, unknown> = {}, hp = 8) =>
  fighter('zones', id, 'pc', sheet, { hp })
const foe = (id: string, sheet: Record<string, unknown> = {}, hp = 8) =>
  fighter('zones', id, 'foe', sheet, { hp })

const weapon = (name: string, damage: string, range = 0) => ({ name, damage, range })
const attack = (choice: string, ...toggles: string[]): Declared => ({ choice, toggles })
const SWORD = attack('weapon-0')

describe('zones: ways to attack and their toggles', () => {
  it('offers the default sheet its sword, an unarmed blow and the three non-lethal attacks', () => {
    expect(must(rules.choices(pc('Balthasar')))).toEqual([
      { id: 'weapon-0', label: 'Sword (d6)' },
      { id: 'unarmed', label: 'Unarmed (d4 impaired)' },
      { id: 'disarm', label: 'Disarm' },
      { id: 'shove', label: 'Shove' },
      { id: 'grapple', label: 'Grapple' },
    ])
  })

  it('lists only the toggles that apply to the choice', () => {
    const archer = pc('Archer', { weapons: [weapon('Sword', 'd6'), weapon('Bow', 'd6', 8)] })
    const ids = (attacker: Fighter, target: Fighter, choice: string) =>
      rules.toggles(attacker, target, choice).map((t) => t.id)
    const bandit = foe('Bandit')
    // Ranged only: "beyond half range, or the attack is made while moving" (Attacking).
    expect(ids(archer, bandit, 'weapon-1')).toEqual(
      expect.arrayContaining(['attacker-moving', 'beyond-half-range']),
    )
    expect(ids(archer, bandit, 'weapon-0')).not.toContain('beyond-half-range')
    // Unarmed is already impaired, so holding back changes nothing.
    expect(ids(archer, bandit, 'unarmed')).not.toContain('held-back')
    // A death blow only on an incapacitated target (Attacking).
    expect(ids(archer, bandit, 'weapon-0')).not.toContain('death-blow')
    const down = { ...bandit, hp: 0, state: { down: 'incapacitated' } }
    expect(ids(archer, down, 'weapon-0')).toContain('death-blow')
    expect(ids(archer, bandit, 'grapple')).toEqual(['target-unaware', 'concealed-attacker'])
  })
})

describe('zones: preview', () => {
  const bandit = pc('Bandit', { weapons: [weapon('Bow', 'd6', 8)], wit: 7 })
  const balthasar = foe('Balthasar')

  it('gives the rules package exact odds for the same declaration', () => {
    const declared = attack('weapon-0', 'beyond-half-range')
    const plan = must(
      zones.planAttack({
        attacker: makeSheet({ wit: 7 }),
        target: makeSheet(),
        weapon: makeWeapon({ name: 'Bow', range: 8 }),
        nearby: false,
        toggles: ['beyond-half-range'],
      }),
    )
    const preview = must(previewDeclared(rules, bandit, balthasar, declared))
    expect(preview.chance).toBe(zones.attackOdds(plan, 7).hit.probability)
    // Hand-computed: the bow beyond half range needs a WIT save (Attacking); with WIT 7 it passes on
    // 1-7 of a d20, 7/20.
    expect(preview.chance).toBe(0.35)
    expect(preview.summary).toContain('WIT save, 7 or under on a d20 (35%)')
  })

  it('hits automatically when no WIT save is called for ("Typically, attacks automatically hit")', () => {
    expect(must(previewDeclared(rules, balthasar, bandit, SWORD)).chance).toBe(1)
  })
})

describe('zones: resolving an attack', () => {
  it("hits for the weapon's damage minus armour, and misses on a failed WIT save", () => {
    // Attacking: "A bandit shoots Balthasar with a bow ... He rolls 5 on a d20, a pass".
    const bandit = foe('Bandit', { weapons: [weapon('Bow', 'd6', 8)] })
    const balthasar = pc('Balthasar', { armor: 1 })
    const roll = scripted(5, 4)
    const hit = must(
      resolveDeclared(rules, bandit, balthasar, attack('weapon-0', 'beyond-half-range'), null, roll),
    )
    expect(roll.asked.map((d) => d.label)).toEqual(['WIT save to hit', 'damage d6'])
    expect(hit.changes.Balthasar?.hp).toBe(8 - (4 - 1))
    expect(hit.summary).toBe('Bandit hits: Balthasar takes 3.')
    // "Theobald attacks a nearby bandit with his sword ... in complete darkness ... He rolls a 20 ... a miss".
    const miss = must(
      resolveDeclared(
        rules,
        pc('Theobald'),
        foe('Bandit'),
        attack('weapon-0', 'target-not-visible'),
        null,
        scripted(20),
      ),
    )
    expect(miss.changes.Bandit?.hp).toBe(8)
    expect(miss.summary).toBe('Theobald misses Bandit.')
  })

  it('counts one the GM set to 0 health or less as incapacitated: the chip, no attack, a death blow allowed', () => {
    const bandit = foe('Bandit', {}, 4)
    const set = { ...bandit, hp: -2 }
    expect(rules.status(set)).toEqual(['Incapacitated'])
    expect(rules.choices(set)).toEqual({ ok: false, error: "Bandit is incapacitated and can't act." })
    expect(rules.toggles(pc('Sybilla'), set, 'weapon-0').map((t) => t.id)).toContain('death-blow')
    expect(rules.status(bandit)).toEqual([])
  })

  it('incapacitates at 0 health, and a death blow kills a nearby incapacitated target', () => {
    // Attacking: the sword's 4 on a bandit; the adapter plays 'at-zero' (README: "critical damage" is undefined).
    const balthasar = pc('Balthasar')
    const bandit = after(
      foe('Bandit', {}, 4),
      must(resolveDeclared(rules, balthasar, foe('Bandit', {}, 4), SWORD, null, scripted(4))),
    )
    expect(bandit.hp).toBe(0)
    expect(rules.status(bandit)).toEqual(['Incapacitated'])
    expect(rules.choices(bandit)).toEqual({ ok: false, error: "Bandit is incapacitated and can't act." })
    // "Sybilla later attacks the same bandit with a dagger ... she slits his throat": no roll at all.
    const sybilla = pc('Sybilla', { weapons: [weapon('Dagger', 'd4')] })
    const blow = must(
      resolveDeclared(rules, sybilla, bandit, attack('weapon-0', 'death-blow'), null, scripted()),
    )
    expect(rules.status(after(bandit, blow))).toEqual(['Dead'])
  })

  it('refuses what the text forbids, in the player’s words', () => {
    const archer = pc('Sybilla', { weapons: [weapon('Musket', 'd8', 6)] })
    expect(previewDeclared(rules, archer, foe('Bandit'), attack('weapon-0', 'target-not-visible'))).toEqual({
      ok: false,
      error: 'Bandit is not visible: a ranged attack is impossible.',
    })
    expect(previewDeclared(rules, archer, foe('Bandit'), attack('weapon-0', 'death-blow'))).toEqual({
      ok: false,
      error: '"Death blow" doesn\'t apply to this attack.',
    })
  })
})

describe('zones: reactions', () => {
  // Reacting to an attack: "Sybilla attacks a bandit (AGI 8) with her musket (d8 damage)".
  const sybilla = pc('Sybilla', { weapons: [weapon('Musket', 'd8', 6)] })
  const bandit = foe('Bandit', { agi: 8 })
  const musket = attack('weapon-0')

  it('offers dodge with its AGI odds, a counter per melee attack when nearby, hiding and a guard', () => {
    const options = must(defensesDeclared(rules, sybilla, bandit, musket))
    // The musket shoots from afar: the bandit's sword and fists can't reach to counter; with nobody else
    // on the table, there is nobody to hide behind and nobody to guard.
    expect(options.map((o) => o.id)).toEqual(['dodge', 'none'])
    const ally = foe('Bandit 2')
    const table = { turn: IDLE_TURN, fighters: [sybilla, bandit, ally] }
    expect(must(defensesDeclared(rules, sybilla, bandit, musket, table)).map((o) => o.id)).toEqual([
      'dodge',
      'hide:Bandit 2',
      'hide:Bandit 2:dodge',
      'guard:Bandit 2',
      'none',
    ])
    // AGI 8: a pass on 1-8 of a d20.
    expect(options[0]?.chance).toBe(8 / 20)
    const melee = must(defensesDeclared(rules, pc('Theobald'), bandit, SWORD)).map((o) => o.id)
    // Non-lethal attacks "can be used to counter" a nearby one too.
    expect(melee).toEqual([
      'dodge',
      'counter:weapon-0',
      'counter:unarmed',
      'counter:disarm',
      'counter:shove',
      'counter:grapple',
      'none',
    ])
  })

  it('changes the outcome: no reaction takes the damage, a passed dodge makes it miss', () => {
    const none = must(resolveDeclared(rules, sybilla, bandit, musket, null, scripted(6)))
    expect(none.changes.Bandit?.hp).toBe(2)
    // "He rolls a 2 on a d20, lower than their AGI, so the attack misses."
    const roll = scripted(2)
    const dodged = must(resolveDeclared(rules, sybilla, bandit, musket, 'dodge', roll))
    expect(roll.asked.map((d) => d.label)).toEqual(['AGI save to dodge'])
    expect(dodged.changes.Bandit?.hp).toBe(8)
    expect(dodged.summary).toBe("Bandit dodges Sybilla's attack.")
    // Choosing not to react is the same blow as no reaction offered, and keeps the bandit's turn.
    const declined = must(resolveDeclared(rules, sybilla, bandit, musket, 'none', scripted(6)))
    expect(declined).toEqual(none)
    expect(rules.status({ ...bandit, ...dodged.changes.Bandit })).toContain('Reacted (1 round)')
    expect(rules.status({ ...bandit, ...declined.changes.Bandit })).not.toContain('Reacted (1 round)')
  })

  it('resolves a counter: whoever suffers more after armour is hit first, and the other blow never lands', () => {
    // "Theobald attacks the bandit leader with his spear (d6) ... counter with his battleaxe (d8) ...
    // Theobald inflicts 4 ... the leader 5 ... armour value of 2 ... the bandit leader is hit for 4 first."
    const theobald = pc('Theobald', { weapons: [weapon('Spear', 'd6')], armor: 1, shield: true })
    const leader = foe('Leader', { weapons: [weapon('Battleaxe', 'd8')] }, 4)
    const counter = must(defensesDeclared(rules, theobald, leader, attack('weapon-0'))).find(
      (o) => o.id === 'counter:weapon-0',
    )
    expect(counter?.label).toBe('Counter: Battleaxe (d8)')
    const roll = scripted(4, 5)
    const r = must(resolveDeclared(rules, theobald, leader, attack('weapon-0'), 'counter:weapon-0', roll))
    expect(roll.asked.map((d) => d.label)).toEqual(['damage d6', 'counter damage d8'])
    expect(r.changes.Leader?.hp).toBe(0)
    expect(r.changes.Theobald?.hp).toBe(8)
    expect(r.summary).toContain('the other blow never lands')
  })

  it("gives a counter the rules package's chance that the attacker is hit first", () => {
    const theobald = pc('Theobald', { weapons: [weapon('Spear', 'd6')], armor: 1, shield: true })
    const leader = foe('Leader', { weapons: [weapon('Battleaxe', 'd8')] })
    const spear = must(
      zones.planAttack({
        attacker: makeSheet(),
        target: makeSheet(),
        weapon: makeWeapon({ name: 'Spear' }),
        nearby: true,
      }),
    )
    const axe = must(
      zones.planAttack({
        attacker: makeSheet(),
        target: makeSheet({ armor: 1, shield: true }),
        weapon: makeWeapon({ name: 'Battleaxe', damage: { count: 1, sides: 8 } }),
        nearby: true,
      }),
    )
    const odds = whoIsHitFirst(spear.damage, axe.damage)
    const counter = must(defensesDeclared(rules, theobald, leader, attack('weapon-0'))).find(
      (o) => o.id === 'counter:weapon-0',
    )
    expect(counter?.chance).toBe(odds?.attackerFirst.probability)
    // By hand ("Whoever suffers the most damage, after reductions, is hit first"): the axe's d8 minus
    // Theobald's armour 2 gives 0, 0, 1..6; it beats the spear's 1..6 in 0+1+2+3+4+5 = 15 of 48 rolls.
    expect(counter?.chance).toBe(15 / 48)
  })

  it('lets nobody but a guard answer for a target who has already taken their turn (README)', () => {
    const sybilla = pc('Sybilla')
    const bandit = foe('Bandit')
    const first = must(resolveDeclared(rules, sybilla, bandit, SWORD, null, scripted(1)))
    const [s1, b1] = [after(sybilla, first), after(bandit, first)]
    // Alone, nobody can answer for her; a standing ally may still guard her (his reaction, not hers).
    expect(must(defensesDeclared(rules, b1, s1, SWORD))).toEqual([])
    const tomas = pc('Tomas')
    const table = { turn: IDLE_TURN, fighters: [s1, b1, tomas] }
    expect(must(defensesDeclared(rules, b1, s1, SWORD, table)).map((o) => o.id)).toEqual([
      'guard:Tomas',
      'none',
    ])
    expect(resolveDeclared(rules, b1, s1, SWORD, 'dodge', scripted())).toEqual({
      ok: false,
      error: 'No reaction: Sybilla has already taken their turn this round.',
    })
  })

  it('turns the attack on the one hidden behind: they take the musket shot, and the target spent a reaction', () => {
    const ally = foe('Bandit 2')
    const table = { turn: IDLE_TURN, fighters: [sybilla, bandit, ally] }
    const r = must(resolveDeclared(rules, sybilla, bandit, musket, 'hide:Bandit 2', scripted(5), table))
    expect(r.changes.Bandit?.hp).toBe(8)
    // The musket's d8 shows 5; Bandit 2 has no armour.
    expect(r.changes['Bandit 2']?.hp).toBe(8 - 5)
    expect(r.summary).toBe(
      'Bandit hides behind Bandit 2, who takes the attack. Sybilla hits: Bandit 2 takes 5.',
    )
    expect(rules.status(after(bandit, r))).toContain('Reacted (1 round)')
  })

  it('lets an ally guard: the guard takes the blow, spends a reaction, and neither dodges nor counters', () => {
    const ally = foe('Bandit 2', { armor: 1 })
    const table = { turn: IDLE_TURN, fighters: [sybilla, bandit, ally] }
    const r = must(
      resolveDeclared(rules, pc('Theobald'), bandit, SWORD, 'guard:Bandit 2', scripted(4), table),
    )
    // d6 shows 4, minus the guard's armour 1 ("Guarding": they become the new target).
    expect(r.changes['Bandit 2']?.hp).toBe(8 - 3)
    expect(r.changes.Bandit?.hp).toBe(8)
    expect(rules.status(after(ally, r))).toContain('Reacted (1 round)')
  })
})

describe('zones: non-lethal attacks', () => {
  // Non-lethal attacks: "Theobald attempts to grab a bandit. The bandit reacts by countering with his
  // axe, inflicting d6 damage: he rolls a 1, just a scratch! ... the bandit must now attempt a STR save
  // to avoid being grabbed, but fails."
  const theobald = pc('Theobald', {
    weapons: [weapon('Spear', 'd6'), weapon('Dagger', 'd4')],
    armor: 1,
    shield: true,
  })
  const bandit = foe('Bandit', { weapons: [weapon('Axe', 'd6')] })

  it('previews the chance the target fails its STR save, as the rules package counts it', () => {
    const plan = must(
      zones.planNonLethal({
        kind: 'grapple',
        attacker: makeSheet(),
        target: makeSheet(),
        nearby: true,
      }),
    )
    const chance = must(previewDeclared(rules, theobald, bandit, attack('grapple'))).chance
    expect(chance).toBe(zones.nonLethalOdds(plan, 10).takesEffect.probability)
    expect(chance).toBe(10 / 20) // STR 10 passes on 1-10: the grab works on 11-20.
  })

  it('plays the printed grapple: the counter lands first, then the failed STR save, then breaking free', () => {
    const roll = scripted(1, 15)
    const grab = must(resolveDeclared(rules, theobald, bandit, attack('grapple'), 'counter:weapon-0', roll))
    expect(roll.asked.map((d) => d.label)).toEqual(['counter damage d6', 'STR save to resist the grapple'])
    expect(grab.changes.Theobald?.hp).toBe(8) // 1 minus armour 2: just a scratch
    const grabbed = after(bandit, grab)
    expect(rules.status(grabbed)).toContain('Grabbed by Theobald')

    // "On his next turn, Theobald attacks the bandit with a dagger ... The bandit can't react since he is grabbed".
    const round = must(rules.endOfRound([after(theobald, grab), grabbed], 1, scripted()))
    const [t2, b2] = [after(after(theobald, grab), round), after(grabbed, round)]
    expect(must(defensesDeclared(rules, t2, b2, attack('weapon-1')))).toEqual([])
    const stabbed = after(b2, must(resolveDeclared(rules, t2, b2, attack('weapon-1'), null, scripted(3))))
    expect(stabbed.hp).toBe(5)

    // "On his turn, he can only attempt to break free by passing a STR save. He succeeds".
    expect(must(rules.choices(stabbed))).toEqual([{ id: 'break-free', label: 'Break free (STR save)' }])
    const free = must(resolveDeclared(rules, stabbed, t2, attack('break-free'), null, scripted(4)))
    expect(rules.status(after(stabbed, free)).filter((c) => c.startsWith('Grabbed'))).toEqual([])
    expect(free.summary).toBe('Bandit breaks free of Theobald.')
  })
})

describe('zones: a grab by a larger character', () => {
  it('leaves the smaller one held nothing to do on its turn: it cannot break free, only an ally frees it', () => {
    // "Smaller characters ... can't free themselves from a grab with a STR save" (Non-lethal attacks).
    const ogre = foe('Ogre', { size: 'large', weapons: [weapon('Club', 'd8')] })
    const grab = must(resolveDeclared(rules, ogre, pc('Mira'), attack('grapple'), null, scripted(15)))
    const mira = after(pc('Mira'), grab)
    const view = { turn: IDLE_TURN, fighters: [ogre, mira] }
    expect(rules.choices(mira, view)).toEqual({
      ok: false,
      error:
        'Mira is held by a larger character and can’t break free with a STR save: only an ally can free them.',
    })
    expect(resolveDeclared(rules, mira, ogre, attack('break-free'), null, scripted(1))).toEqual({
      ok: false,
      error: "Mira can't break free of a larger character's grab with a STR save.",
    })
    // Held by one her size, she may try.
    const bandit = foe('Bandit')
    const held = after(
      pc('Mira'),
      must(resolveDeclared(rules, bandit, pc('Mira'), attack('grapple'), null, scripted(15))),
    )
    expect(must(rules.choices(held, { turn: IDLE_TURN, fighters: [bandit, held] })).map((c) => c.id)).toEqual(
      ['break-free'],
    )
  })
})

describe('zones: gear', () => {
  it('knocks a weapon to the ground on a failed STR save, and it is back in hand once used', () => {
    // Non-lethal attacks, Disarm: "The target must pass a STR save or drop a weapon".
    const sybilla = pc('Sybilla')
    const bandit = foe('Bandit')
    const disarm = must(resolveDeclared(rules, sybilla, bandit, attack('disarm'), null, scripted(15)))
    const disarmed = after(bandit, disarm)
    expect(rules.status(disarmed)).toEqual(['Dropped: Sword'])
    expect(must(rules.choices(disarmed))[0]?.label).toBe(
      'Sword (d6): on the ground, picking it up is a bonus action',
    )
    const picked = must(resolveDeclared(rules, disarmed, sybilla, SWORD, null, scripted(2)))
    expect(rules.status(after(disarmed, picked))).toEqual(['Took their turn (1 round)'])
  })

  it('destroys a damaged weapon that rolls a 1 on its damage die (Combat gear degradation)', () => {
    const old = pc('Theobald', { weapons: [{ ...weapon('Old sword', 'd6'), damaged: true }] })
    const r = must(resolveDeclared(rules, old, foe('Bandit'), SWORD, null, scripted(1)))
    expect(r.summary).toBe("Theobald hits: Bandit takes 1. Theobald's damaged weapon breaks.")
    const broken = after(old, r)
    expect(rules.status(broken)).toContain('Destroyed: Old sword')
    const end = must(rules.endOfRound([broken], 1, scripted()))
    expect(must(rules.choices(after(broken, end))).map((c) => c.id)).not.toContain('weapon-0')
  })
})

describe('zones: the end of the fight (Combat gear degradation)', () => {
  it('rolls durability for each weapon and armour used at least once, damaging what fails as the rules do', () => {
    // Theobald: "holding a shield and wearing light armour ... an armour value of 2"; his spear hits the
    // bandit, whose axe is never swung. The bandit's blow on Theobald uses his armour and shield.
    const theobald = pc('Theobald', { armor: 1, shield: true, weapons: [weapon('Spear', 'd6')] })
    const bandit = foe('Bandit', { weapons: [weapon('Axe', 'd6')] })
    const hit = must(resolveDeclared(rules, theobald, bandit, SWORD, null, scripted(4)))
    const struck = must(resolveDeclared(rules, bandit, after(theobald, hit), SWORD, null, scripted(5)))
    const fighters = [after(after(theobald, hit), struck), after(bandit, struck)]
    // The room's dice: the spear a 1, the armour a 6, the shield a 1; the bandit's axe a 3.
    const roll = scripted(1, 6, 1, 3)
    const end = must(rules.endOfFight?.(fighters, roll) ?? { ok: false, error: 'no end of fight' })
    expect(roll.asked.map((d) => d.label)).toEqual([
      "durability d6: Theobald's Spear",
      "durability d6: Theobald's armour",
      "durability d6: Theobald's shield",
      "durability d6: Bandit's Axe",
    ])
    // The rules' own rolls over the same faces: a d6 damaged on a 1 (the room setting).
    const rolled = zones.durabilityRolls(
      [
        { id: 'spear', kind: 'weapon', used: true, damaged: false },
        { id: 'armor', kind: 'armor', used: true, damaged: false },
        { id: 'shield', kind: 'shield', used: true, damaged: false },
      ],
      { spear: 1, armor: 6, shield: 1 },
      zones.DEFAULT_SETTINGS,
    )
    expect(rolled.items.map((i) => i.damaged)).toEqual([true, false, true])
    const worn = after(fighters[0] as Fighter, end)
    // The round the fight ended in is over too: its turn no longer counts.
    expect(rules.status(worn)).toEqual(['Damaged: Spear', 'Damaged: shield'])
    expect(end.summary).toBe(
      "After the fight, durability rolls: a d6 for each weapon and armour used, damaged on a 1 (the room's reading: the text does not describe the roll). Damaged: Theobald's Spear, Theobald's shield; damaged weapons break on a 1, damaged shields and armour at 8+ damage.",
    )
    // Damaged, the spear now breaks on a 1 and the shield goes to an 8+ blow; nothing is rolled twice.
    const next = must(resolveDeclared(rules, worn, bandit, SWORD, null, scripted(1)))
    expect(rules.status(after(worn, next))).toContain('Destroyed: Spear')
    expect(must(rules.endOfFight?.([worn], scripted()) ?? { ok: false, error: '' }).changes).toEqual({})
  })
})

describe('zones: the end of the round', () => {
  it('keeps a reaction for the rest of the round, then lets it expire', () => {
    const sybilla = pc('Sybilla')
    const bandit = foe('Bandit')
    const r = must(resolveDeclared(rules, sybilla, bandit, SWORD, 'dodge', scripted(3)))
    const [s1, b1] = [after(sybilla, r), after(bandit, r)]
    expect(rules.status(b1)).toEqual(['Reacted (1 round)'])
    expect(rules.status(s1)).toEqual(['Took their turn (1 round)'])
    // "A reaction takes the whole turn".
    expect(rules.choices(b1)).toEqual({
      ok: false,
      error: 'Bandit reacted this round: a reaction takes the whole turn.',
    })
    const end = must(rules.endOfRound([s1, b1], 1, scripted()))
    expect(rules.status(after(b1, end))).toEqual([])
    expect(rules.choices(after(b1, end)).ok).toBe(true)
  })

  it('has a group reduced to half its numbers in the round make a WIT save each (Morale)', () => {
    // "Groups must make a morale check if they were reduced to half or less their original numbers in
    // the past round. Make a group WIT save: those who fail must surrender or retreat".
    const down = { down: 'incapacitated' }
    const bandits = [
      foe('Bandit 1', {}, 0),
      foe('Bandit 2', {}, 0),
      foe('Bandit 3'),
      foe('Bandit 4', { fearImmune: true }),
    ]
    bandits[0] = { ...(bandits[0] as Fighter), state: down }
    bandits[1] = { ...(bandits[1] as Fighter), state: down }
    const party = [pc('Sybilla'), pc('Theobald')]
    const roll = scripted(15)
    const end = must(rules.endOfRound([...party, ...bandits], 2, roll))
    // Bandit 4 is immune to fear, so only Bandit 3 rolls: 15 against WIT 10 fails.
    expect(roll.asked).toEqual([{ sides: 20, label: 'morale WIT save: Bandit 3' }])
    expect(end.summary).toBe('End of round 2: Bandit 3 must surrender or retreat.')
    const after2 = bandits.map((b) => after(b, end))
    expect(rules.status(after2[2] as Fighter)).toEqual(['Broken: surrender or retreat'])
    expect(rules.choices(after2[2] as Fighter).ok).toBe(false)
    // Already at half when the next round began: no new check.
    expect(
      must(
        rules.endOfRound(
          [...party, ...after2].map((f) => after(f, end)),
          3,
          scripted(),
        ),
      ).summary,
    ).toBe('End of round 3.')
  })

  it('has a character fighting alone check when the round took them to half their health', () => {
    const ogre = fighter('zones', 'Ogre', 'foe', { wit: 12 }, { hp: 5, maxHp: 10 })
    const end = must(rules.endOfRound([pc('Sybilla'), ogre], 1, scripted(12)))
    // 12 against WIT 12 passes: steady for the rest of the stretch.
    expect(rules.status(after(ogre, end))).toEqual(['Steady'])
  })
})

describe('zones: who is out of the fight', () => {
  it('counts one the GM set to 0 health or less as out, as well as the incapacitated and the dead', () => {
    const tomas = (hp: number, state = {}) =>
      fighter('zones', 't', 'pc', { name: 'Tomas' }, { hp, maxHp: 8, state })
    expect(rules.out(tomas(3))).toBeNull()
    // At 0 health a character is incapacitated ("Attacking"), however the health got there.
    expect(rules.out(tomas(0))).toBe('Tomas is incapacitated.')
    expect(rules.out(tomas(-2))).toBe('Tomas is incapacitated.')
    expect(rules.out(tomas(3, { down: 'incapacitated' }))).toBe('Tomas is incapacitated.')
  })
})

describe('zones: attack stunts', () => {
  // Attack stunts: "Balthasar attacks a bandit with 3 health left with his sword (d6 damage). He doesn't
  // want to kill him, so he proposes an attack stunt ... the bandit happily accepts."
  const balthasar = pc('Balthasar')
  const bandit = foe('Bandit', {}, 3)
  const stunt: Declared = { choice: 'weapon-0', toggles: ['stunt'] }

  it('offers the target to accept, before any reaction; accepting rolls no damage and takes none', () => {
    const options = must(defensesDeclared(rules, balthasar, bandit, stunt)).map((o) => o.id)
    expect(options[0]).toBe('accept-stunt')
    expect(options).toContain('dodge')
    const roll = scripted()
    const r = must(resolveDeclared(rules, balthasar, bandit, stunt, 'accept-stunt', roll))
    expect(roll.asked).toEqual([])
    expect(r.changes.Bandit?.hp).toBe(3)
    expect(r.summary).toBe(
      "Bandit accepts Balthasar's stunt: no damage; the effect Balthasar proposed applies, as the GM approved it.",
    )
    // Accepting is no reaction: the bandit keeps his turn.
    expect(rules.status(after(bandit, r))).not.toContain('Reacted (1 round)')
  })

  it('refused, the attack resolves as normal: the d6 lands', () => {
    const r = must(resolveDeclared(rules, balthasar, bandit, stunt, 'none', scripted(2)))
    expect(r.changes.Bandit?.hp).toBe(1)
  })
})

describe('zones: effects of size in the preview', () => {
  it('tells a larger attacker its melee dice may be split among smaller targets, as the wyrm may', () => {
    // "Its bite attack inflicts 2d8 damage against a single medium-sized character ... it could be
    // targeted at multiple smaller characters" (Effects of size in combat).
    const wyrm = foe('Wyrm', { size: 'large', weapons: [weapon('Bite', 'd8')] })
    const preview = must(previewDeclared(rules, wyrm, pc('Balthasar'), SWORD))
    expect(preview.summary).toContain('2d8 damage')
    expect(preview.summary).toContain('these 2 dice may be split among several smaller nearby targets')
    // A medium attacker has nothing to split.
    expect(must(previewDeclared(rules, pc('Theobald'), foe('Bandit'), SWORD)).summary).not.toContain('split')
  })
})

describe('zones: conditions stored by rooms before the engine kept them', () => {
  it('reads, shows and ticks a stored list as it did, and the fight’s end clears the counted ones', () => {
    const stored = JSON.parse(
      '{"conditions":[{"id":"acted","label":"Took their turn","rounds":1},{"id":"reacted","label":"Reacted","rounds":2}]}',
    )
    const mira = fighter('zones', 'Mira', 'pc', {}, { hp: 8, state: stored })
    expect(rules.status(mira)).toEqual(['Took their turn (1 round)', 'Reacted (2 rounds)'])
    const end = must(rules.endOfRound([mira], 1, scripted()))
    expect(end.changes.Mira?.state?.conditions).toEqual([{ id: 'reacted', label: 'Reacted', rounds: 1 }])
    const fight = must(rules.endOfFight?.([mira], scripted()) ?? { ok: false, error: 'no end of fight' })
    expect(fight.changes.Mira?.state).toBeDefined()
    expect(fight.changes.Mira?.state?.conditions).toBeUndefined()
  })
})
