/**
 * Movement and disengaging at the table (MISC COMBAT RULES: moving and attacking, running, "in melee",
 * fighting withdrawal, retreat, free disengage, moving through a line, charges, firing on the run),
 * through the combat adapter the room resolves with. Numbers are worked from the text.
 */

import { describe, expect, it } from 'vitest'
import { previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import { IDLE_TURN as IDLE } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { odnd } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { cleanGetaway } from './moves.ts'
import { odndCombat as rules } from './room-combat.ts'
import { apply, declared, errorOf, ok } from './test-support.ts'
import { odndTurns as turn } from './turn-model.ts'

/** The table as the room passes it: everyone on it, with no round running. */
const seen = (fighters: Fighter[]) => ({ turn: IDLE, fighters })

const SWORD = { name: 'Sword', kind: 'one-handed', damage: 'd6' }
/** A short spear, as long as Mira's sword: neither strikes first by reach but where a test says so. */
const SPEAR = { name: 'Spear', kind: 'spear', damage: 'd6', reach: 3 }
const PIKE = { name: 'Pike', kind: 'polearm', damage: 'd8', reach: 12 }
const BOW = { name: 'Bow', kind: 'bow', damage: 'd6' }

/** Mira: a 1st-level fighter, AC 9 with a shield (8), THAC0 19, DEX 10 (no bonus). */
const mira = (extra: Record<string, unknown> = {}) =>
  fighter('odnd', 'mira', 'pc', { name: 'Mira', shield: true, weapons: [SWORD], ...extra }, { hp: 8 })
const goblin = (id: string, extra: Record<string, unknown> = {}) =>
  fighter(
    'odnd',
    id,
    'foe',
    { name: `Goblin ${id}`, role: 'monster', class: 'monster', ac: 6, weapons: [SPEAR], ...extra },
    { hp: 8 },
  )

const act = declared
const byId = (t: Fighter[], id: string) => t.find((f) => f.id === id) as Fighter

/** Mira's retreat from the table `t`, on `dice`, with her `toggles`: its resolution. */
const retreats = (t: Fighter[], dice: ReturnType<typeof scripted>, ...toggles: string[]) =>
  ok(
    resolveDeclared(rules, byId(t, 'mira'), byId(t, 'mira'), act('retreat', ...toggles), null, dice, seen(t)),
  )

/** Mira and the goblins after each goblin's spear thrust at her missed, the next round begun. */
function inMelee(...goblins: Fighter[]): Fighter[] {
  let t: Fighter[] = [mira(), ...goblins]
  for (const g of goblins) {
    // A miss with a 2: no damage, but the two are now "in melee".
    t = apply(t, ok(resolveDeclared(rules, byId(t, g.id), byId(t, 'mira'), act('w1'), 'none', scripted(2))))
  }
  // A new round: the attacks of the last one are spent.
  return apply(t, ok(rules.endOfRound(t, 1, scripted())))
}

describe('who is in melee ("within 10 feet of each other")', () => {
  it('a melee attack puts both in melee, shown on each; a shot from afar does not', () => {
    const t = inMelee(goblin('g1'))
    expect(rules.status(byId(t, 'mira'))).toEqual(['In melee with Goblin g1'])
    expect(rules.status(byId(t, 'g1'))).toEqual(['In melee with Mira'])
    const archer = fighter('odnd', 'a', 'foe', { name: 'Archer', weapons: [BOW] })
    const shot = ok(resolveDeclared(rules, archer, mira(), act('w1', 'short-range'), null, scripted(2)))
    expect(rules.status(apply([mira()], shot)[0] as Fighter)).toEqual([])
  })

  it('once engaged, running is refused and the ways out are a withdrawal or a retreat', () => {
    const t = inMelee(goblin('g1'))
    const ids = ok(rules.choices(byId(t, 'mira'))).map((c) => c.id)
    expect(ids).toEqual(expect.arrayContaining(['withdraw', 'retreat']))
    expect(ids).not.toContain('run')
    expect(
      errorOf(resolveDeclared(rules, byId(t, 'mira'), byId(t, 'mira'), act('run'), null, scripted())),
    ).toBe('Mira is in melee: once engaged, only a fighting withdrawal or a retreat gets you out.')
  })

  it('the GM parts two who are no longer within 10 feet', () => {
    const t = inMelee(goblin('g1'))
    const m = byId(t, 'mira')
    expect(rules.clearable?.(m)).toEqual([{ id: 'melee:g1', label: 'In melee with Goblin g1' }])
    const parted = ok(rules.clear?.(m, 'melee:g1') ?? { ok: false, error: 'no clear' })
    expect(rules.status(apply([m], parted)[0] as Fighter)).toEqual([])
  })
})

describe('Retreat: "roll an initiative die (D6) ... Add each combatant\'s DEX bonus"', () => {
  it('rolling highest, Mira ducks away with no parting shot; the 2d6 for pursuit are rolled for the GM', () => {
    const t = inMelee(goblin('g1'))
    const dice = scripted(5, 3, 4, 2)
    const r = retreats(t, dice)
    expect(dice.asked.map((d) => d.label)).toEqual([
      'retreat d6',
      'retreat d6 (Goblin g1)',
      'pursuit 2d6',
      'pursuit 2d6',
    ])
    expect(r.summary).toBe(
      'Mira retreats: d6 + DEX 5: Mira ducks away without a parting shot; GM: 2d6 = 6 for whether Mira is pursued (a low score pursues, a high one does not: the text prints no table); a pursuer attacks at +2 each round until Mira turns and re-engages.',
    )
    const after = apply(t, r)
    expect(rules.status(byId(after, 'mira'))).toEqual(['Ran: no other action (1 round)', 'Fleeing'])
    expect(rules.status(byId(after, 'g1'))).toEqual([])
    expect(errorOf(rules.choices(byId(after, 'mira')))).toBe(
      'Mira ran this round: no attack or other action (Running).',
    )
  })

  it('rolling lower, the goblin gets a free attack at +2 past her shield: a natural 8 hits AC 8 (9 with the shield)', () => {
    const t = inMelee(goblin('g1'))
    // THAC0 19 against AC 9 needs 10; the parting shot's +2 brings it to 8; the shield does not count.
    const r = retreats(t, scripted(2, 4, 8, 4, 6, 6))
    expect(r.summary).toContain(
      'Goblin g1 gets a parting shot at +2, past the shield; Goblin g1 hits Mira for 4',
    )
    expect(r.changes.mira?.hp).toBe(8 - 4)
    // The same 8 as an ordinary thrust misses: 8 against 11 (AC 8 with the shield).
    const plain = ok(resolveDeclared(rules, byId(t, 'g1'), byId(t, 'mira'), act('w1'), 'none', scripted(8)))
    expect(plain.summary).toBe('Goblin g1 misses Mira.')
    // A free attack: the goblin's own attacks this round are untouched.
    expect(r.changes.g1?.state).not.toHaveProperty('attacks')
  })

  it('a tie is not "rolls highest": the foe takes its shot (room reading retreatTie)', () => {
    const t = inMelee(goblin('g1'))
    const r = retreats(t, scripted(3, 3, 2, 6, 6))
    expect(r.summary).toContain('Goblin g1 gets a parting shot')
  })

  it('a foe busy with another lets her go without a roll (disengage "without penalty")', () => {
    let t = inMelee(goblin('g1'))
    const tomas = fighter('odnd', 'tomas', 'pc', { name: 'Tomas', weapons: [SWORD] })
    t = apply([...t, tomas], ok(resolveDeclared(rules, tomas, byId(t, 'g1'), act('w1'), 'none', scripted(2))))
    const dice = scripted(1, 6, 6)
    const r = retreats(t, dice)
    expect(dice.asked.map((d) => d.label)).toEqual(['retreat d6', 'pursuit 2d6', 'pursuit 2d6'])
    expect(r.summary).toContain('Goblin g1 is busy with Tomas: no free attack')
    // The goblin stays in melee with Tomas only.
    expect(rules.status(byId(apply(t, r), 'g1'))).toEqual(['In melee with Tomas'])
  })

  it('the odds of a clean getaway are exact: 15/36 against one goblin, 55/216 against two', () => {
    const one = inMelee(goblin('g1'))
    // Her d6 must beat each foe's d6 (a tie gives the shot): sum over m of ((m - 1)/6)^n / 6.
    expect(cleanGetaway(byId(one, 'mira'), [byId(one, 'g1')])).toBeCloseTo(15 / 36, 12)
    const two = inMelee(goblin('g1'), goblin('g2'))
    const preview = ok(
      previewDeclared(rules, byId(two, 'mira'), byId(two, 'mira'), act('retreat'), seen(two)),
    )
    expect(preview.chance).toBeCloseTo(55 / 216, 12)
    expect(preview.summary).toBe(
      'Away clean 25.5%; your d6 +0 against Goblin g1 (d6 +0), Goblin g2 (d6 +0); each who rolls higher gets a parting shot at +2, past your shield.',
    )
    // A DEX 16 goblin (+2) is harder to shake: she needs 3 more than its die.
    const quick = inMelee(goblin('g1', { dex: 16 }))
    expect(cleanGetaway(byId(quick, 'mira'), [byId(quick, 'g1')])).toBeCloseTo(6 / 36, 12)
  })

  it('passing other foes asks the GM for their rolls, with her score', () => {
    const t = inMelee(goblin('g1'))
    const r = retreats(t, scripted(5, 3, 1, 1), 'passes-foes')
    expect(r.summary).toContain(
      'GM: each foe Mira passes within 10 feet who is not in melee rolls d6 + DEX against 5; each who rolls higher gets a free attack at +2, past the shield (Retreat)',
    )
  })

  it('a retreat is for oneself and needs a foe in melee', () => {
    const m = mira()
    expect(
      errorOf(resolveDeclared(rules, m, goblin('g1'), act('retreat'), null, scripted(), seen([m]))),
    ).toBe('A move is declared for oneself, not at another.')
    expect(errorOf(resolveDeclared(rules, m, m, act('retreat'), null, scripted(), seen([m])))).toBe(
      'Mira is not in melee with anyone: there is nothing to retreat from.',
    )
  })
})

describe('Fighting Withdrawal: "1/2 speed and gain a +2 to their defense, while attacking with a penalty of -2"', () => {
  it('declared alone it takes the round; attacks on her need 2 more, as the rules package says', () => {
    const t = inMelee(goblin('g1'))
    const r = ok(
      resolveDeclared(rules, byId(t, 'mira'), byId(t, 'mira'), act('withdraw'), null, scripted(), seen(t)),
    )
    expect(r.summary).toBe(
      'Mira makes a fighting withdrawal: backs out up to 6" this round at +2 to AC (Fighting Withdrawal).',
    )
    const after = apply(t, r)
    const chance = ok(previewDeclared(rules, byId(after, 'g1'), byId(after, 'mira'), act('w1'))).chance
    // THAC0 19 against AC 8 (shield) needs 11 (10/20); withdrawing, 13 (8/20).
    expect(chance).toBe(8 / 20)
    const parse = (f: Fighter) => ok(odnd.parseSheet(f.sheet))
    const pkg = odnd.attackOdds({
      attacker: parse(byId(t, 'g1')),
      defender: parse(byId(t, 'mira')),
      weapon: 0,
      toggles: { 'defender-withdrawing': true },
    })
    expect(chance).toBe(ok(pkg).probabilities.hit)
  })

  it('as an attack toggle, the -2 comes with the +2 AC for the rest of the round', () => {
    const t = inMelee(goblin('g1'))
    const r = ok(
      resolveDeclared(rules, byId(t, 'mira'), byId(t, 'g1'), act('w1', 'withdrawing'), 'none', scripted(3)),
    )
    const after = apply(t, r)
    expect(rules.status(byId(after, 'mira'))).toContain('Withdrawing (+2 AC) (1 round)')
    expect(ok(previewDeclared(rules, byId(after, 'g1'), byId(after, 'mira'), act('w1'))).chance).toBe(8 / 20)
  })
})

describe('Running and firing on the run', () => {
  it('a run takes the round: "NOT attack or take any further action"', () => {
    const m = mira()
    expect(ok(previewDeclared(rules, m, m, act('run'))).summary).toBe(
      'Up to 12" this round (the full Turn move); no attack or other action.',
    )
    const ran = apply([m], ok(resolveDeclared(rules, m, m, act('run'), null, scripted())))[0] as Fighter
    expect(errorOf(rules.choices(ran))).toBe('Mira ran this round: no attack or other action (Running).')
  })

  it('an elf shoots her bow on the run "with no penalty to hit"; a fighter has no such shot', () => {
    const elf = fighter('odnd', 'e', 'pc', { name: 'Ilse', race: 'elf', class: 'elf', weapons: [SWORD, BOW] })
    const target = goblin('g1')
    expect(rules.toggles(elf, target, 'w2').map((t) => t.id)).toContain('on-the-run')
    expect(rules.toggles(elf, target, 'w1').map((t) => t.id)).not.toContain('on-the-run')
    expect(rules.toggles(mira({ weapons: [BOW] }), target, 'w1').map((t) => t.id)).not.toContain('on-the-run')
    expect(ok(previewDeclared(rules, elf, target, act('w2', 'on-the-run'))).chance).toBe(
      ok(previewDeclared(rules, elf, target, act('w2'))).chance,
    )
    const shot = ok(resolveDeclared(rules, elf, target, act('w2', 'on-the-run'), null, scripted(2)))
    const ran = apply([elf], shot)[0] as Fighter
    expect(errorOf(rules.choices(ran))).toBe('Ilse ran this round: no attack or other action (Running).')
  })
})

describe('CHARGING ATTACKS: "no more than once per 10 minute Turn", "no DEX bonus to AC"', () => {
  it('a second charge waits ten rounds, counted down at each round end', () => {
    const m = mira()
    const g = goblin('g1', { weapons: [SWORD] }) // no spear to set against the charge
    const toggle = rules.toggles(m, g, 'w1').find((t) => t.id === 'charging')
    expect(toggle?.effect).toMatch(/^moved more than 6" up to 12": /)
    let t = apply([m, g], ok(resolveDeclared(rules, m, g, act('w1', 'charging'), 'none', scripted(2))))
    t = apply(t, ok(rules.endOfRound(t, 1, scripted())))
    const again = goblin('g2')
    // Still in melee with the goblin: no charge from there either.
    const parted = apply(t, ok(rules.clear?.(byId(t, 'mira'), 'melee:g1') ?? { ok: false, error: '' }))
    expect(errorOf(previewDeclared(rules, byId(parted, 'mira'), again, act('w1', 'charging')))).toBe(
      'A charge can be made only once per 10-minute Turn: Mira can charge again in 9 rounds (CHARGING ATTACKS).',
    )
    expect(errorOf(previewDeclared(rules, byId(t, 'mira'), again, act('w1')))).toBeNull()
  })

  it('attacks on one who charged this round ignore its DEX bonus to AC', () => {
    const quick = fighter('odnd', 'q', 'pc', { name: 'Quick', dex: 16, weapons: [SWORD] }, { hp: 8 })
    const g = goblin('g1', { weapons: [SWORD] })
    const before = ok(previewDeclared(rules, g, quick, act('w1'))).chance
    const t = apply(
      [quick, g],
      ok(resolveDeclared(rules, quick, g, act('w1', 'charging'), 'none', scripted(2))),
    )
    // DEX 16 is -2 to AC (AC 9 -> 7): THAC0 19 needs 12 (9/20); charging, AC 9 again: 10 (11/20).
    expect(before).toBe(9 / 20)
    expect(ok(previewDeclared(rules, byId(t, 'g1'), byId(t, 'q'), act('w1'))).chance).toBe(11 / 20)
  })

  it('one already in melee cannot charge', () => {
    const t = inMelee(goblin('g1'))
    expect(errorOf(previewDeclared(rules, byId(t, 'mira'), goblin('g2'), act('w1', 'charging')))).toBe(
      'Mira is in melee with Goblin g1: once engaged, a fighter can only withdraw or retreat, not charge.',
    )
  })
})

describe('Moving through a line: "MAY be subject to one free attack by all foes they pass"', () => {
  it("rolls the mover's d6 + DEX before the blow and asks the GM for the foes passed", () => {
    const m = mira()
    const dice = scripted(4, 2)
    const r = ok(resolveDeclared(rules, m, goblin('g2'), act('w1', 'through-line'), 'none', dice))
    expect(dice.asked.map((d) => d.label)).toEqual(['through the line d6', 'to hit'])
    expect(r.summary).toBe(
      'Mira misses Goblin g2: GM: each foe Mira passed within 10 feet may take one free attack at +2: d6 + DEX against 4 (Moving through a line; Retreat).',
    )
  })
})

describe('Empty Hand Attacks: "Temporary damage points are regained at a rate of 1 point times XP Level/HD per Turn"', () => {
  const bruised = (level: number, temporary: number) =>
    fighter('odnd', 'b', 'pc', { name: 'Bram', level }, { hp: 10, state: { temporary } })

  it('the GM gives a Turn of rest in one tap: a 3rd-level fighter regains 3', () => {
    const bram = bruised(3, 5)
    expect(rules.clearable?.(bram)).toEqual([
      { id: 'rest-turn', label: 'Temporary damage 5 (a Turn of rest: 3 back)' },
    ])
    const rested = ok(rules.clear?.(bram, 'rest-turn') ?? { ok: false, error: '' })
    expect(rested.summary).toBe('Bram rests a Turn and regains 3 temporary damage (2 left).')
    const again = apply([bram], rested)[0] as Fighter
    const done = apply(
      [again],
      ok(rules.clear?.(again, 'rest-turn') ?? { ok: false, error: '' }),
    )[0] as Fighter
    expect(done.state).not.toHaveProperty('temporary')
    expect(rules.clearable?.(done)).toEqual([])
  })

  it('in a long fight, every tenth round is a Turn: a knocked-out 1st-level fighter regains 1 and wakes', () => {
    // 10 hit points, 10 temporary: knocked out; a Turn later 9 temporary, on their feet again.
    const out = bruised(1, 10)
    expect(rules.out(out)).toBe('Bram is knocked out.')
    expect(ok(rules.endOfRound([out], 9, scripted())).summary).toBe('End of round 9.')
    const tenth = ok(rules.endOfRound([out], 10, scripted()))
    expect(tenth.summary).toBe('End of round 10: a Turn has passed: Bram regains 1 temporary damage.')
    expect(rules.out(apply([out], tenth)[0] as Fighter)).toBeNull()
  })
})

describe('Melee Weapon Reach: "strike first regardless of who has the initiative ... only ... the first round"', () => {
  const pikeman = (state: Record<string, unknown> = {}) =>
    fighter('odnd', 'p', 'foe', { name: 'Pikeman', ac: 6, weapons: [PIKE] }, { hp: 8, state })

  it("the pike meets Mira's first blow: its 12 on her AC 8 hits first, then her 15 hits AC 6", () => {
    const dice = scripted(12, 5, 15, 4)
    const r = ok(resolveDeclared(rules, mira(), pikeman(), act('w1'), 'none', dice))
    expect(dice.asked.map((d) => d.label)).toEqual([
      'Pikeman: to hit',
      'Pikeman: damage d8',
      'to hit',
      'damage d6',
    ])
    expect(r.summary).toBe(
      "Pikeman's Pike strikes first, reach advantage in the first round of melee (Melee Weapon Reach): Pikeman hits Mira for 5; then Mira hits Pikeman for 4.",
    )
    expect(r.changes.mira?.hp).toBe(8 - 5)
    expect(r.changes.p?.hp).toBe(8 - 4)
    expect(ok(previewDeclared(rules, mira(), pikeman(), act('w1'))).summary).toMatch(
      /; Pikeman's Pike strikes first, reach advantage in the first round of melee \(Melee Weapon Reach\)\.$/,
    )
    // Its blow of the round is spent; the two are in melee, so the next exchange is by initiative alone.
    const [m, p] = apply([mira(), pikeman()], r) as [Fighter, Fighter]
    expect(errorOf(previewDeclared(rules, p, m, act('w1')))).toBe(
      'Pikeman has made their one attack of the round (attacks per round on the sheet).',
    )
    const next = ok(rules.endOfRound([m, p], 1, scripted()))
    const [m2, p2] = apply([m, p], next) as [Fighter, Fighter]
    expect(ok(resolveDeclared(rules, m2, p2, act('w1'), 'none', scripted(2))).summary).toBe(
      'Mira misses Pikeman.',
    )
  })

  it('one who falls to the longer weapon never strikes', () => {
    const frail = fighter('odnd', 'mira', 'pc', { name: 'Mira', weapons: [SWORD] }, { hp: 3 })
    const r = ok(resolveDeclared(rules, frail, pikeman(), act('w1'), 'none', scripted(12, 5)))
    expect(r.summary).toMatch(/Pikeman hits Mira for 5: Mira is dead; Mira falls before striking\.$/)
    expect(r.changes.p?.hp).toBeUndefined()
  })

  it('a parrying or surprised defender does not strike first; nor does one outreached', () => {
    expect(ok(resolveDeclared(rules, mira(), pikeman(), act('w1'), 'parry', scripted(2))).summary).toMatch(
      /^Mira misses/,
    )
    const caught = pikeman({ conditions: [{ id: 'surprised', rounds: 1 }] })
    expect(ok(resolveDeclared(rules, mira(), caught, act('w1'), null, scripted(2))).summary).toBe(
      'Mira misses Pikeman.',
    )
    // The pikeman attacking Mira: her sword is the shorter, she does not strike first.
    expect(ok(resolveDeclared(rules, pikeman(), mira(), act('w1'), 'none', scripted(2))).summary).toBe(
      'Pikeman misses Mira.',
    )
  })

  it('a set spear meets an unmounted charge first at +2 with double damage (CHARGING ATTACKS)', () => {
    const spearman = goblin('g1')
    // Equal reach: only the set spear puts the goblin first. Its 8 + 2 on AC 8 needs 11 (19 - 8): a miss
    // without the +2, a hit with it; its d6 of 3 doubled is 6.
    const r = ok(resolveDeclared(rules, mira(), spearman, act('w1', 'charging'), 'none', scripted(9, 3, 2)))
    expect(r.summary).toMatch(
      /^Goblin g1's Spear strikes first, a set spear strikes an unmounted charger first \(CHARGING ATTACKS\): Goblin g1 hits Mira for 6/,
    )
  })
})

describe('Spell interruption: "A spellcaster hit and taking damage during the round"', () => {
  /** Ilse, a magic-user: saves vs Paralysis on 14, PSY bonus +1. */
  const ilse = (state: Record<string, unknown> = {}) =>
    fighter(
      'odnd',
      'ilse',
      'pc',
      { name: 'Ilse', class: 'magic-user', psyBonus: 1, weapons: [SWORD] },
      { hp: 9, state },
    )
  const hit = (toggles: string[], ...faces: number[]) =>
    ok(resolveDeclared(rules, goblin('g1'), ilse(), act('w1', ...toggles), 'none', scripted(...faces)))

  it('by one who won initiative: the spell is lost and no other this round; she may cast again next round', () => {
    const r = hit([], 15, 3)
    expect(r.summary).toBe(
      "Goblin g1 hits Ilse for 3: Ilse's spell, if one was being cast, is lost, and no other can be cast until the following round.",
    )
    const after = apply([ilse()], r)[0] as Fighter
    expect(rules.status(after)).toContain('Spell lost (1 round)')
    expect(errorOf(resolveDeclared(rules, after, after, act('cast'), null, scripted()))).toBe(
      'Ilse was hit and hurt before casting: the spell is lost, and no other can be cast until the following round (ENCOUNTER ORDER).',
    )
    const next = apply([after], ok(rules.endOfRound([after], 1, scripted())))[0] as Fighter
    expect(ok(resolveDeclared(rules, next, next, act('cast'), null, scripted())).summary).toBe(
      'Ilse casts a spell: it goes off as intended (ENCOUNTER ORDER: spellcasters); GM: its effect as the spell says (area damage from the tablet).',
    )
  })

  it('by one of the same initiative: d20 13 + PSY 1 makes the save of 14; 12 + 1 fails, and a d6 of 5 is a miscast for the GM', () => {
    expect(hit(['same-initiative'], 15, 3, 13).summary).toBe(
      'Goblin g1 hits Ilse for 3: Ilse saves: a spell being cast still goes off.',
    )
    const dice = scripted(15, 3, 12, 5)
    const r = ok(resolveDeclared(rules, goblin('g1'), ilse(), act('w1', 'same-initiative'), 'none', dice))
    expect(dice.asked.map((d) => d.label)).toEqual([
      'to hit',
      'damage d6',
      'save vs paralysis (the spell)',
      'spell lost or miscast d6',
    ])
    expect(r.summary).toBe(
      "Goblin g1 hits Ilse for 3: Ilse's spell, if one was being cast, is miscast: GM, rule what happens (the text gives no effect).",
    )
    expect(hit(['same-initiative'], 15, 3, 12, 4).summary).toBe(
      "Goblin g1 hits Ilse for 3: Ilse's spell, if one was being cast, is lost.",
    )
  })

  it('a miss, a fighter, or a caster who already cast this round: nothing to interrupt', () => {
    expect(hit([], 2).summary).toBe('Goblin g1 misses Ilse.')
    const cast = ok(resolveDeclared(rules, ilse(), ilse(), act('cast'), null, scripted()))
    const after = apply([ilse()], cast)[0] as Fighter
    expect(ok(resolveDeclared(rules, goblin('g1'), after, act('w1'), 'none', scripted(15, 3))).summary).toBe(
      'Goblin g1 hits Ilse for 3.',
    )
    expect(ok(resolveDeclared(rules, goblin('g1'), mira(), act('w1'), 'none', scripted(15, 3))).summary).toBe(
      'Goblin g1 hits Mira for 3.',
    )
    expect(ok(rules.choices(mira())).map((c) => c.id)).not.toContain('cast')
  })

  it('a fighter asking to cast anyway is told who casts, not that there is nothing to withdraw from', () => {
    const m = mira()
    expect(errorOf(resolveDeclared(rules, m, m, act('cast'), null, scripted()))).toBe(
      'Mira casts no spells: only clerics, magic-users and elves do (ENCOUNTER ORDER: spellcasters).',
    )
  })
})

describe('Surrounding: "Up to 6 ... can surround"; "more than 2 ... +1"; "A shield may only be used against 2 attackers"', () => {
  const band = (n: number) => Array.from({ length: n }, (_, i) => goblin(`g${i + 1}`))
  /** Each goblin in turn thrusts at Mira and misses. */
  const allOn = (goblins: Fighter[]) =>
    goblins.reduce(
      (m, g) => apply([m], ok(resolveDeclared(rules, g, m, act('w1'), 'none', scripted(2))))[0] as Fighter,
      mira(),
    )

  it('the third on her gets +1 and is past her shield, as the round stands: 9 in 20 becomes 12 in 20', () => {
    const [g1, g2, g3] = band(3) as [Fighter, Fighter, Fighter]
    const two = allOn([g1, g2])
    expect(turn.known?.(IDLE, g3, two)).toEqual(['surrounding', 'shield-engaged'])
    expect(turn.known?.(IDLE, g3, allOn([g1]))).toEqual([])
    // THAC0 19 against AC 8 (9 less her shield) needs 11: 10 in 20; surrounding +1 and no shield: 9, 12 in 20.
    expect(ok(previewDeclared(rules, g3, two, act('w1'))).chance).toBe(10 / 20)
    expect(ok(previewDeclared(rules, g3, two, act('w1', 'surrounding', 'shield-engaged'))).chance).toBe(
      12 / 20,
    )
    expect(rules.status(allOn([g1, g2, g3]))).toContain('Surrounded by 3 this round')
  })

  it('more than 2 attackers each get +1 until the target has its back to a wall', () => {
    const [g1, g2, g3] = band(3) as [Fighter, Fighter, Fighter]
    // The second on her gets no +1; the third does, as the round stands.
    expect(turn.known?.(IDLE, g2, allOn([g1]))).not.toContain('surrounding')
    expect(turn.known?.(IDLE, g3, allOn([g1, g2]))).toContain('surrounding')
    // Her back to a wall, the +1 is the toggle taken off the attack sheet.
    const surrounding = rules.toggles(g3, allOn([g1, g2]), 'w1').find((t) => t.id === 'surrounding')
    expect(surrounding?.effect).toBe('+1 to hit until the target gets its back to a wall')
  })

  it('a shield covers only 2 attackers', () => {
    const [g1, g2, g3, g4, g5] = band(5) as [Fighter, Fighter, Fighter, Fighter, Fighter]
    // The first and the second meet her shield; the third and the fifth are past it.
    expect(turn.known?.(IDLE, g1, mira())).not.toContain('shield-engaged')
    expect(turn.known?.(IDLE, g2, allOn([g1]))).not.toContain('shield-engaged')
    expect(turn.known?.(IDLE, g3, allOn([g1, g2]))).toContain('shield-engaged')
    expect(turn.known?.(IDLE, g5, allOn([g1, g2, g3, g4]))).toContain('shield-engaged')
  })

  it('a seventh man-sized foe finds no room; the round after, the ring is counted again', () => {
    const six = allOn(band(6))
    const seventh = goblin('g7')
    expect(errorOf(previewDeclared(rules, seventh, six, act('w1')))).toBe(
      '6 already fight Mira in melee this round: no room for another around a man-sized foe (Surrounding: up to 6).',
    )
    // One of the six strikes again: no new place taken.
    expect(errorOf(previewDeclared(rules, goblin('g1'), six, act('w1')))).toBeNull()
    // A missile is no part of the ring.
    const archer = fighter('odnd', 'a', 'foe', { name: 'Archer', weapons: [BOW] })
    expect(errorOf(previewDeclared(rules, archer, six, act('w1', 'short-range')))).toBeNull()
    const next = apply([six], ok(rules.endOfRound([six], 1, scripted())))[0] as Fighter
    expect(errorOf(previewDeclared(rules, seventh, next, act('w1')))).toBeNull()
  })

  it("around a large creature the text gives no number: the seventh is the GM's call, asked in the log", () => {
    const ogre = fighter('odnd', 'o', 'pc', { name: 'Ogre', size: 'large', weapons: [SWORD] }, { hp: 40 })
    const ring = band(7).reduce(
      (o, g) => apply([o], ok(resolveDeclared(rules, g, o, act('w1'), 'none', scripted(2))))[0] as Fighter,
      ogre,
    )
    expect(rules.status(ring)).toContain('Surrounded by 7 this round')
    const last = ok(resolveDeclared(rules, goblin('g8'), ring, act('w1'), 'none', scripted(2)))
    expect(last.summary).toContain('GM: 8 now fight Ogre; how many can surround a large foe is yours to say')
  })
})

describe("The text's quick kill estimate for normal men, beside the odds", () => {
  it('the 8th-level fighter of the text: 8 attacks needing 7 (70%), d6+1 against d6 hit points: 5.6 killed, 6 rounded up', () => {
    // THAC0 17 against AC 10 needs 7: the text's "needs to roll a 7 or better".
    const hero = fighter('odnd', 'h', 'pc', {
      name: 'Hero',
      level: 8,
      thac0: 17,
      weapons: [{ ...SWORD, damage: 'd6+1' }],
    })
    const humanoid = fighter('odnd', 'x', 'foe', {
      name: 'Humanoid',
      role: 'monster',
      class: 'monster',
      ac: 10,
    })
    const preview = ok(previewDeclared(rules, hero, humanoid, act('w1')))
    expect(preview.chance).toBe(14 / 20)
    expect(preview.summary).toContain(
      "Against a crowd of such normal men (d6 hit points), the text's quick reckoning: 8 attacks, 5.6 hits, about 5.6 killed a round (6 rounded up).",
    )
    // One attack a round (a 1st-level fighter) is no crowd reckoning; nor is a foe who is no normal man.
    expect(ok(previewDeclared(rules, mira(), humanoid, act('w1'))).summary).not.toContain('quick reckoning')
    const ogre = fighter('odnd', 'o', 'foe', { name: 'Ogre', role: 'monster', class: 'monster', level: 4 })
    expect(ok(previewDeclared(rules, hero, ogre, act('w1'))).summary).not.toContain('quick reckoning')
  })
})

describe('The rolls of the rules outside any attack (ENCOUNTER ORDER, EVASION AND PURSUIT)', () => {
  it("each is a die the room rolls, labelled to fit the log, with the text's words for its faces", () => {
    const rolls = rules.gmRolls ?? []
    expect(rolls.map((r) => r.notation)).toEqual(['2d6', '1d3', '2d6', '2d6', '1d6', '1d6', '1d6', '2d6'])
    for (const r of rolls) expect(r.label.length).toBeLessThanOrEqual(40)
    // The thresholds the text prints are in the labels the log keeps.
    const labels = rolls.map((r) => r.label).join(' | ')
    for (const face of ['1-5 they stop', '1-2 chase on', 'on a 1 they follow', 'low they chase'])
      expect(labels).toContain(face)
    expect(odnd.PURSUIT_CHANCES).toEqual({
      stopsForBait: 5,
      continuesPastCorner: 2,
      continuesPastSecretDoor: 1,
    })
  })
})

describe('Mass Combat: units "fought as one man"', () => {
  /** Ten men as one: 40 hit points (the text's example), AC 7. */
  const unit = (id: string, name: string, hp = 40) =>
    fighter(
      'odnd',
      id,
      id === 'b' ? 'foe' : 'pc',
      { name, role: 'npc', class: 'normal-man', men: 10, ac: 7, weapons: [SWORD] },
      { hp, maxHp: 40 },
    )

  it('one hit throw; a hit takes d6 x 10: a 3 is 30, leaving 10 of 40, three men of ten', () => {
    const dice = scripted(15, 3)
    const r = ok(resolveDeclared(rules, unit('b', 'Bandits'), unit('s', 'Soldiers'), act('w1'), 'none', dice))
    expect(dice.asked.map((d) => d.label)).toEqual(['to hit', 'unit hit d6'])
    expect(r.summary).toBe('Bandits hits Soldiers for 30.')
    const soldiers = apply([unit('s', 'Soldiers')], r)[0] as Fighter
    expect(soldiers.hp).toBe(10)
    expect(rules.status(soldiers)).toContain('3 of 10 men left')
    expect(
      ok(resolveDeclared(rules, unit('b', 'Bandits'), unit('s', 'Soldiers'), act('w1'), 'none', scripted(2)))
        .summary,
    ).toBe('Bandits misses Soldiers.')
  })

  it('"if the total original hit points for the group had been 40, then 4 points remaining ... one man left alive, 8 ... 2"', () => {
    expect(rules.status(unit('s', 'Soldiers', 4))).toContain('1 of 10 men left')
    expect(rules.status(unit('s', 'Soldiers', 8))).toContain('2 of 10 men left')
    expect(rules.status(unit('s', 'Soldiers', 0))).toContain('0 of 10 men left')
  })
})

describe('ENCOUNTER ORDER 6: "movement/combat is simultaneous (This means that anyone killed in that round still gets their attack for that round)"', () => {
  it('a goblin killed by one of the same initiative is owed its attack: the GM is asked; one who won initiative owes nothing', () => {
    const weak = fighter(
      'odnd',
      'g1',
      'foe',
      { name: 'Goblin', role: 'monster', class: 'monster', ac: 6, weapons: [SPEAR] },
      { hp: 2 },
    )
    const same = ok(
      resolveDeclared(rules, mira(), weak, act('w1', 'same-initiative'), 'none', scripted(15, 4)),
    )
    expect(same.summary).toBe(
      'Mira hits Goblin for 4: Goblin is dead; Goblin acts at the same initiative and still gets its attack this round, before leaving the fight (ENCOUNTER ORDER 6).',
    )
    expect(ok(resolveDeclared(rules, mira(), weak, act('w1'), 'none', scripted(15, 4))).summary).toBe(
      'Mira hits Goblin for 4: Goblin is dead.',
    )
  })
})

describe('"a sufficient reach advantage" at the table: 5 feet or more', () => {
  it('a sword (3 ft) does not outreach bare fists; a spear (8 ft) outreaches a sword', () => {
    const brawler = fighter('odnd', 'b', 'pc', { name: 'Brawler' })
    const swordsman = fighter('odnd', 's', 'foe', {
      name: 'Swordsman',
      ac: 6,
      weapons: [{ ...SWORD, reach: 3 }],
    })
    expect(ok(resolveDeclared(rules, brawler, swordsman, act('hands'), 'none', scripted(2))).summary).toBe(
      'Brawler misses Swordsman.',
    )
    const spearman = fighter('odnd', 'p', 'foe', {
      name: 'Spearman',
      ac: 6,
      weapons: [{ ...SPEAR, reach: 8 }],
    })
    expect(ok(resolveDeclared(rules, mira(), spearman, act('w1'), 'none', scripted(2, 2))).summary).toMatch(
      /^Spearman's Spear strikes first/,
    )
  })
})
