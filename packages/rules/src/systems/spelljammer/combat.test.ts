/**
 * The spelljammer combat adapter. Numbers come from rules/spelljammer.txt (section in each comment). The
 * default sheet: Longsword SC 100, 1d8, rank 1; DEF 20, PROT 0, CON 12, one attack a round.
 */

import { describe, expect, it } from 'vitest'
import { defensesDeclared, previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import { IDLE_TURN } from '../../engine/turn.ts'
import type { Declared, Fighter, Resolution } from '../../engine/types.ts'
import { type Outcome, spelljammer } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { spelljammerCombat as combat } from './room-combat.ts'
import { SHORTBOW } from './test-support.ts'
import { spelljammerTurns } from './turn-model.ts'

const unwrap = <T>(o: Outcome<T>): T => {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** A fighter at 30 of 30 hit points unless told otherwise. */
const sj = (
  id: string,
  side: 'pc' | 'foe',
  sheet: Record<string, unknown> = {},
  live: Partial<Pick<Fighter, 'hp' | 'maxHp' | 'state'>> = {},
) => fighter('spelljammer', id, side, sheet, { hp: 30, maxHp: 30, ...live })

const bow = SHORTBOW
const sword: Declared = { choice: 'weapon-0', toggles: [] }
const shot: Declared = { choice: 'weapon-0-shot', toggles: [] }

/** The fighter after a resolution's change to it. */
function after(f: Fighter, r: Resolution): Fighter {
  const change = r.changes[f.id] ?? {}
  return { ...f, hp: change.hp ?? f.hp, state: change.state ?? f.state }
}

function attack(a: Fighter, t: Fighter, declared: Declared, defense: string | null, ...faces: number[]) {
  const roll = scripted(...faces)
  const result = unwrap(resolveDeclared(combat, a, t, declared, defense, roll))
  return { result, roll, attacker: after(a, result), target: after(t, result) }
}

const ids = (list: ReadonlyArray<{ id: string }>) => list.map((x) => x.id)

describe('spelljammer combat: choices and toggles', () => {
  it('offers each weapon on the sheet; a bow can shoot or be used in melee', () => {
    expect(unwrap(combat.choices(sj('mira', 'pc')))).toEqual([
      { id: 'weapon-0', label: 'Longsword (SC 100, 1d8)' },
      expect.objectContaining({ id: 'withdraw', verb: 'Withdraw from melee' }),
      expect.objectContaining({ id: 'pick-up', self: true }),
      expect.objectContaining({ id: 'free-action', self: true }),
    ])
    expect(ids(unwrap(combat.choices(sj('ari', 'pc', { weapons: [bow] }))))).toEqual([
      'weapon-0-shot',
      'weapon-0-melee',
      'withdraw',
      'pick-up',
      'free-action',
    ])
  })

  it('lists only the toggles for this kind of attack (Ranged Modifiers are for ranged attacks only)', () => {
    const melee = ids(combat.toggles(sj('mira', 'pc'), sj('orc', 'foe'), 'weapon-0'))
    expect(melee).toEqual(
      expect.arrayContaining(['surprise-in-combat', 'lighting-cave', 'free-attack', 'offhand']),
    )
    expect(melee).not.toEqual(expect.arrayContaining(['cover-hard']))
    expect(melee).not.toContain('careful-aim')
    const ranged = ids(combat.toggles(sj('ari', 'pc', { weapons: [bow] }), sj('orc', 'foe'), 'weapon-0-shot'))
    expect(ranged).toEqual(expect.arrayContaining(['cover-hard', 'target-running', 'careful-aim']))
    expect(ranged).not.toContain('free-attack')
  })

  it('leaves out what cannot apply: offhand for the ambidextrous, target stunned (applied by itself)', () => {
    const toggles = ids(
      combat.toggles(sj('mira', 'pc', { ambidextrous: true }), sj('orc', 'foe'), 'weapon-0'),
    )
    expect(toggles).not.toContain('offhand')
    expect(toggles).not.toContain('target-stunned')
  })
})

describe('spelljammer combat: preview', () => {
  it('is the rules package exact odds for the same declaration', () => {
    const a = sj('mira', 'pc')
    const t = sj('orc', 'foe', { def: 35, prot: 2 })
    const toggles = ['lighting-cloudy-night', 'target-encumbered']
    const round = (sheet: spelljammer.Sheet) =>
      unwrap(
        spelljammer.declareRound(sheet, {
          action: 'attack',
          weaponIndex: 0,
          stance: { kind: 'attack' },
          movement: 'normal',
        }),
      )
    const aSheet = unwrap(spelljammer.parseSheet(a.sheet))
    const tSheet = unwrap(spelljammer.parseSheet(t.sheet))
    const odds = unwrap(
      spelljammer.attackOdds({
        attacker: { sheet: aSheet, round: round(aSheet) },
        target: { sheet: tSheet, round: round(tSheet) },
        mode: 'melee',
        toggles,
      }),
    )
    expect(unwrap(previewDeclared(combat, a, t, { choice: 'weapon-0', toggles })).chance).toBe(
      odds.display.hit,
    )
  })

  it('SC 112 against DEF 40 hits on 72 or less, crits on 11, grievous on 4 (Hitting; Critical and Grievous Hits)', () => {
    const a = sj('mira', 'pc', { weapons: [{ name: 'Longsword', sc: 112, damage: '1d8+4' }] })
    const preview = unwrap(previewDeclared(combat, a, sj('ogre', 'foe', { def: 40 }), sword))
    expect(preview.chance).toBe(0.72)
    expect(preview.summary).toBe(
      'Hits on 72 or less on the d100 (72%); critical on 11 or less, grievous on 4 or less.',
    )
  })

  it('a stunned target gives +10 SC without a toggle (Melee Modifiers: Target Stunned)', () => {
    const stunned = sj('orc', 'foe', {}, { state: { stunned: 1 } })
    // 100 - 20 = 80, +10 = 90.
    expect(unwrap(previewDeclared(combat, sj('mira', 'pc'), stunned, sword)).chance).toBe(0.9)
  })

  it('counts the 96-100 automatic miss (Automatic Hits and Misses)', () => {
    const easy = sj('rat', 'foe', { def: -50 })
    expect(unwrap(previewDeclared(combat, sj('mira', 'pc'), easy, sword)).chance).toBe(0.95)
  })
})

describe('spelljammer combat: resolving', () => {
  it('a hit takes PROT off the damage (Taking Damage); a miss rolls no damage', () => {
    const t = sj('orc', 'foe', { prot: 2 })
    const hit = attack(sj('mira', 'pc'), t, sword, null, 50, 6)
    expect(hit.target.hp).toBe(26)
    expect(hit.result.summary).toBe('mira hits orc for 4 (PROT stopped 2).')
    const miss = attack(sj('mira', 'pc'), t, sword, null, 90)
    expect(miss.roll.asked).toEqual([{ sides: 100, label: 'to hit' }])
    expect(miss.result.changes.orc?.hp).toBeUndefined()
    expect(miss.result.summary).toBe('mira misses orc (rolled 90, needed 80 or less).')
  })

  it('a critical doubles damage, ignores PROT and stuns past CON (Critical Hits; Taking Damage)', () => {
    // Needs 80 or less: critical on 12 or less (77-83 row). 2 x 7 = 14 > CON 12.
    const { target, result } = attack(sj('mira', 'pc'), sj('orc', 'foe', { prot: 2 }), sword, null, 10, 7)
    expect(target.hp).toBe(16)
    expect(result.summary).toBe(
      'mira critically hits orc for 14 (double damage, no PROT): orc is Badly Wounded (-10); orc is stunned for the rest of the round.',
    )
    expect(combat.status(target)).toEqual(['Badly Wounded (-10)', 'Stunned (rest of the round)'])
  })

  it('a grievous hit takes 1 PROT off the armor until repaired (Critical and Grievous Hits)', () => {
    const mira = sj('mira', 'pc', { attacksPerRound: 2 })
    const first = attack(mira, sj('orc', 'foe', { prot: 2, con: 20 }), sword, null, 1, 3)
    expect(first.result.summary).toContain('grievous wound: the GM decides')
    expect(combat.status(first.target)).toContain('Armor PROT -1')
    // The next plain hit: 6 - PROT 1.
    const second = attack(first.attacker, first.target, sword, null, 50, 6)
    expect(second.target.hp).toBe(first.target.hp - 5)
  })

  it('0 hit points or less is down: no more attacks (the text is silent; the adapter reads it as down)', () => {
    const { target, result } = attack(sj('mira', 'pc'), sj('orc', 'foe', {}, { hp: 3 }), sword, null, 50, 6)
    expect(target.hp).toBe(-3)
    expect(result.summary).toBe('mira hits orc for 6: orc is down.')
    expect(combat.status(target)).toEqual(['Down (0 HP or less)'])
    expect(combat.choices(target)).toEqual({
      ok: false,
      error: 'orc is down (0 hit points or less) and cannot attack.',
    })
  })

  it('takes the wound modifier off the attacker SC (Wound Modifiers: Badly Wounded -10)', () => {
    const hurt = sj('mira', 'pc', {}, { hp: 20 })
    expect(unwrap(previewDeclared(combat, hurt, sj('orc', 'foe'), sword)).chance).toBe(0.7)
  })
})

/** The round's fact of the target's defense, as the room says what the Action Declaration held. */
const declaring = (
  declared: Declared,
  stance: string,
  whose: 'target' | 'attacker' = 'target',
): Declared => ({
  ...declared,
  round: [`${whose === 'target' ? 'target-' : ''}declared-stance:${stance}`],
})

describe('spelljammer combat: defending stances, declared at the beginning of the round', () => {
  // Rank 1: Defending gives up 5 SC for +2 DEF; Full Defense +3 +5; Desperate Defense +3 +20
  // (Melee Modifiers: Defending, Full Defense, Desperate Defense). The plain attack needs 80 or less.
  it.each([
    ['defending', 79, 78],
    ['full-defense', 75, 72],
    ['desperate-defense', 60, 57],
  ])('%s turns a d100 of %i into a miss (needs %i or less)', (defense, d100, needs) => {
    const plain = attack(sj('mira', 'pc'), sj('orc', 'foe'), sword, null, d100, 4)
    expect(plain.target.hp).toBe(26)
    const defended = attack(sj('mira', 'pc'), sj('orc', 'foe'), declaring(sword, defense), null, d100)
    expect(defended.result.summary).toMatch(`mira misses orc (rolled ${d100}, needed ${needs} or less)`)
    // The odds before the roll are the declared stance's, exactly: (needs) faces of 100 hit.
    const odds = unwrap(
      previewDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), declaring(sword, defense)),
    )
    expect(odds.chance).toBe(needs / 100)
  })

  it('"This decision must be made at the beginning of the round": an attack asks the target nothing', () => {
    // Declared none: not asked mid-round, and no stance is taken then.
    expect(unwrap(defensesDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), sword))).toEqual([])
    expect(
      resolveDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), sword, 'full-defense', scripted()),
    ).toEqual({
      ok: false,
      error:
        "orc declared this round's defense at its beginning; a defense is declared at the beginning of the round.",
    })
    // Declared Full Defense: nothing to choose either, and the attack meets it.
    const full = declaring(sword, 'full-defense')
    expect(unwrap(defensesDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), full))).toEqual([])
    const declined = attack(sj('mira', 'pc'), sj('orc', 'foe'), sword, null, 90)
    expect(combat.choices(declined.target).ok).toBe(true)
    const { target } = attack(sj('mira', 'pc'), sj('orc', 'foe'), full, null, 90)
    expect(combat.status(target)).toContain('Full Defense')
    // "cannot attack during the round but can stay with the attacker": what is not an attack stays offered.
    expect(ids(unwrap(combat.choices(target)))).toEqual(['withdraw', 'pick-up', 'free-action'])
    expect(resolveDeclared(combat, target, sj('mira', 'pc'), sword, null, scripted(10, 4))).toEqual({
      ok: false,
      error: 'orc declared Full Defense this round and cannot attack.',
    })
    // Declared but not yet attacked: the declaration alone keeps the orc from attacking.
    const first = resolveDeclared(
      combat,
      sj('orc', 'foe'),
      sj('mira', 'pc'),
      declaring(sword, 'full-defense', 'attacker'),
      null,
      scripted(10, 4),
    )
    expect(first).toEqual({ ok: false, error: 'orc declared Full Defense this round and cannot attack.' })
    expect(
      unwrap(
        resolveDeclared(combat, target, target, { choice: 'free-action', toggles: [] }, null, scripted()),
      ).summary,
    ).toMatch(/^orc takes a free action/)
  })

  it('Desperate Defense lets the attacker force a 10 ft move, hit or miss, from the first attack', () => {
    const { result } = attack(
      sj('mira', 'pc'),
      sj('orc', 'foe'),
      declaring(sword, 'desperate-defense'),
      null,
      50,
      6,
    )
    expect(result.summary).toBe('mira hits orc for 6: mira may force orc to move up to 10 ft.')
    const forcing = declaring({ choice: 'weapon-0', toggles: ['force-move'] }, 'desperate-defense')
    expect(attack(sj('mira', 'pc'), sj('orc', 'foe'), forcing, null, 50, 6).result.summary).toBe(
      'mira hits orc for 6: mira forces orc to move up to 10 ft (the GM says where it leads).',
    )
  })

  it('Defending costs the defender SC on their own attacks that round, before anyone attacks them', () => {
    // 100 - 5 given up - DEF 20 = 75.
    const own = declaring(sword, 'defending', 'attacker')
    expect(unwrap(previewDeclared(combat, sj('orc', 'foe'), sj('mira', 'pc'), own)).chance).toBe(0.75)
    const { target: orc } = attack(
      sj('mira', 'pc'),
      sj('orc', 'foe'),
      declaring(sword, 'defending'),
      null,
      90,
    )
    expect(unwrap(previewDeclared(combat, orc, sj('mira', 'pc'), sword)).chance).toBe(0.75)
  })
})

describe('spelljammer combat: a 02 at the table (Automatic Hits and Misses, reading 3)', () => {
  it('"02 is always a crit": where the table\'s grievous band is 01 (20 to hit), a 02 is a critical hit', () => {
    // SC 100 - DEF 80 = 20: the 17-23 row, grievous on 01, critical on 03 or less.
    const { result } = attack(sj('mira', 'pc'), sj('orc', 'foe', { def: 80 }), sword, null, 2, 4)
    expect(result.summary).toBe('mira critically hits orc for 8 (double damage, no PROT).')
  })

  it('"If you roll a 4 or less, it is a grievous hit": a 02 inside the grievous band stays grievous, and says why', () => {
    // SC 100 - DEF 20 = 80: the 77-83 row, grievous on 4 or less. "02 is always a crit" is a floor.
    const { result } = attack(sj('mira', 'pc'), sj('orc', 'foe'), sword, null, 2, 4)
    expect(result.summary).toMatch(/^mira lands a grievous hit on orc for 8/)
    expect(result.lines).toContainEqual({
      label:
        'Automatic: 2 is always a crit, at least; the table makes it a grievous hit (grievous on 4 or less)',
      value: 2,
      rule: spelljammer.RULE.automatic,
      note: true,
    })
  })
})

describe('spelljammer combat: end of round and status', () => {
  it('a stun lasts the rest of the round and expires at its end', () => {
    const { target: orc } = attack(sj('mira', 'pc'), sj('orc', 'foe'), sword, null, 10, 7)
    // "Stunned combatants lose all remaining attacks for the round": the attacks, not withdrawing.
    expect(ids(unwrap(combat.choices(orc)))).toEqual(['withdraw', 'pick-up', 'free-action'])
    expect(resolveDeclared(combat, orc, sj('mira', 'pc'), sword, null, scripted(10, 4))).toEqual({
      ok: false,
      error: "orc is stunned and loses the rest of this round's attacks.",
    })
    const end = unwrap(combat.endOfRound([orc], 1, scripted()))
    expect(end.summary).toBe('End of round 1: orc is no longer stunned.')
    const next = after(orc, end)
    expect(combat.status(next)).toEqual(['Badly Wounded (-10)'])
    expect(combat.choices(next).ok).toBe(true)
  })

  it('a critical arrow sticks and bleeds 1 a round (Ranged Modifiers: Critical or Grievous Hits)', () => {
    // Shortbow SC 90 - DEF 20 = 70: critical on 11 or less (70-76 row). 2 x 5 = 10, not over CON 12.
    const { target: orc } = attack(sj('ari', 'pc', { weapons: [bow] }), sj('orc', 'foe'), shot, null, 8, 5)
    expect(orc.hp).toBe(20)
    expect(combat.status(orc)).toContain('Arrow stuck: -2 DEX, bleeds 1 a round')
    const end = unwrap(combat.endOfRound([orc], 2, scripted()))
    expect(end.summary).toBe('End of round 2: orc bleeds 1 (arrow stuck).')
    expect(after(orc, end).hp).toBe(19)
  })

  it('clears the round: attacks used, stances and careful aim; nothing left to say', () => {
    const ari = sj('ari', 'pc', { weapons: [bow] })
    const aimed = attack(
      ari,
      sj('orc', 'foe'),
      { choice: 'weapon-0-shot', toggles: ['careful-aim'] },
      null,
      90,
    )
    expect(combat.status(aimed.attacker)).toEqual(['Careful aim'])
    // Anyone attacking the aimer gets +10 (Careful Aim): 100 + 10 - 20 = 90.
    expect(unwrap(previewDeclared(combat, sj('orc', 'foe'), aimed.attacker, sword)).chance).toBe(0.9)
    const end = unwrap(combat.endOfRound([aimed.attacker], 3, scripted()))
    expect(end.summary).toBe('End of round 3: nothing else happens.')
    expect(after(aimed.attacker, end).state).toEqual({})
  })
})

describe('spelljammer combat: refusals', () => {
  it('refuses a toggle that does not apply, in the player words', () => {
    expect(
      previewDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), {
        choice: 'weapon-0',
        toggles: ['cover-hard'],
      }),
    ).toEqual({
      ok: false,
      error: '"Hard cover" does not apply to this attack.',
    })
  })

  it('refuses an attack beyond the round: one attack a round by default', () => {
    const { attacker } = attack(sj('mira', 'pc'), sj('orc', 'foe'), sword, null, 90)
    expect(previewDeclared(combat, attacker, sj('orc', 'foe'), sword)).toEqual({
      ok: false,
      error: 'mira has no attacks left this round.',
    })
  })

  it('refuses careful aim while running (Careful Aim: "standing still")', () => {
    const declared = { choice: 'weapon-0-shot', toggles: ['careful-aim', 'run-and-attack'] }
    expect(previewDeclared(combat, sj('ari', 'pc', { weapons: [bow] }), sj('orc', 'foe'), declared)).toEqual({
      ok: false,
      error: 'Careful aim needs you standing still: you cannot move and attack with it.',
    })
  })
})

describe('spelljammer combat: Multiple Attackers', () => {
  const scLine = (a: Fighter, t: Fighter, declared: Declared) =>
    unwrap(previewDeclared(combat, a, t, declared)).lines.find(
      (l) => l.rule === spelljammer.RULE.multipleAttackers,
    )

  it('three on one target: the third attacker gets +20 as the room counts the other two (Melee Modifiers: Multiple Attackers)', () => {
    const [mira, tomas, sela] = [sj('mira', 'pc'), sj('tomas', 'pc'), sj('sela', 'pc')]
    let orc = sj('orc', 'foe')
    expect(spelljammerTurns.known?.(IDLE_TURN, mira, orc)).toEqual([])
    orc = attack(mira, orc, sword, null, 99).target
    orc = attack(tomas, orc, sword, null, 99).target
    // Mira's second attack counts Tomas only; Sela counts both.
    expect(spelljammerTurns.known?.(IDLE_TURN, mira, orc)).toEqual(['others-1'])
    const known = spelljammerTurns.known?.(IDLE_TURN, sela, orc) ?? []
    expect(known).toEqual(['others-2'])
    const line = scLine(sela, orc, { choice: 'weapon-0', toggles: known })
    expect(line?.value).toBe(20)
    // SC 100 + 20 - DEF 20: roll 100 or less, but 96-100 always miss.
    expect(unwrap(previewDeclared(combat, sela, orc, { choice: 'weapon-0', toggles: known })).chance).toBe(
      0.95,
    )
    expect(unwrap(previewDeclared(combat, sela, orc, sword)).lines.at(-3)?.value).toBe(80)
    // The round's end forgets who attacked.
    const ended = unwrap(combat.endOfRound([orc], 1, scripted()))
    expect(ended.changes.orc?.state).not.toHaveProperty('attackers')
  })

  it('the first attacker may count the others still to come in one tap: +10 each', () => {
    expect(
      scLine(sj('mira', 'pc'), sj('orc', 'foe'), { choice: 'weapon-0', toggles: ['others-2'] })?.value,
    ).toBe(20)
    expect(
      previewDeclared(combat, sj('mira', 'pc'), sj('orc', 'foe'), {
        choice: 'weapon-0',
        toggles: ['others-1', 'others-2'],
      }),
    ).toEqual({ ok: false, error: expect.stringMatching(/Choose only one/) })
  })

  it('a roper with six tentacles outnumbers its target 3 to 1 on its own: +20', () => {
    const roper = sj('roper', 'foe', { tentacles: 6 })
    expect(scLine(roper, sj('mira', 'pc'), sword)?.value).toBe(20)
    expect(scLine(sj('rat', 'foe', { tentacles: 1 }), sj('mira', 'pc'), sword)).toBeUndefined()
  })

  it('the target’s Range of Field takes the GM’s figure off the bonus, never below 0', () => {
    const wary = sj('orc', 'foe', { rangeOfField: 5 })
    expect(scLine(sj('mira', 'pc'), wary, { choice: 'weapon-0', toggles: ['others-2'] })?.value).toBe(15)
    const warier = sj('orc', 'foe', { rangeOfField: 50 })
    expect(scLine(sj('mira', 'pc'), warier, { choice: 'weapon-0', toggles: ['others-1'] })?.value).toBe(0)
  })
})

describe('spelljammer combat: Withdrawing From Melee', () => {
  // Mira: DEF 30, 10 of it from her shield, which the free attack's target may not use.
  const mira = sj('mira', 'pc', { def: 30, defFromShield: 10 })
  const leave = (toggles: string[] = [], segment = 5): Declared => ({
    choice: 'withdraw',
    toggles,
    round: [`segment:${segment}`],
  })

  it('the opponent gets a free attack, against DEF from DEX but no shield: its odds before she goes', () => {
    const orc = sj('orc', 'foe')
    // Orc SC 100 - (30 - 10) = 80: 80 of the 100 faces hit.
    const preview = unwrap(previewDeclared(combat, mira, orc, leave()))
    expect(preview.chance).toBe(0.8)
    expect(preview.summary).toMatch(/^orc gets a free attack as you go: it hits you 80%/)
    expect(preview.lines.find((l) => l.label === 'vs Free attack: no shield')?.value).toBe(10)
  })

  it('rolls it on the opponent’s dice at once: the damage is hers, and it takes none of the orc’s attacks', () => {
    const orc = sj('orc', 'foe')
    const { result, roll, attacker, target } = attack(mira, orc, leave(), null, 30, 6)
    expect(roll.asked.map((d) => d.label)).toEqual(['free attack to hit', 'free attack damage d8'])
    expect(result.summary).toBe(
      'mira withdraws from melee with orc, who gets a free attack: orc hits mira for 6.',
    )
    expect(attacker.hp).toBe(24)
    expect(attacker.state.attacks).toBe(1)
    expect(target.state.attacks).toBeUndefined()
  })

  it('none from an opponent in Full or Desperate Defense; a Defending one strikes at its SC given up', () => {
    const full = sj('orc', 'foe', {}, { state: { stance: { kind: 'full-defense' } } })
    expect(unwrap(previewDeclared(combat, mira, full, leave())).summary).toBe(
      'orc gets no free attack: an opponent in full or desperate defense gets no free attack.',
    )
    const none = attack(mira, full, leave(), null)
    expect(none.roll.asked).toEqual([])
    const defending = sj('orc', 'foe', {}, { state: { stance: { kind: 'defending', sacrifice: 5 } } })
    expect(unwrap(previewDeclared(combat, mira, defending, leave())).chance).toBe(0.75)
  })

  it('the text’s exceptions in one tap: maneuvering is no withdrawal, two on one and flying are the GM’s call', () => {
    const orc = sj('orc', 'foe')
    expect(unwrap(previewDeclared(combat, mira, orc, leave(['withdraw-maneuvering']))).chance).toBe(0)
    const ally = attack(mira, orc, leave(['withdraw-ally-engaged']), null)
    expect(ally.roll.asked).toEqual([])
    expect(ally.result.summary).toMatch(
      /^mira withdraws from melee with orc: the GM decides whether orc gets a free attack/,
    )
    // Before initiative 10 nobody has moved: attacks then are normal, and no free attack.
    expect(unwrap(previewDeclared(combat, mira, orc, leave([], 12))).summary).toMatch(
      /gets no free attack: before initiative 10/,
    )
  })
})

describe('spelljammer combat: Picking Up a Dropped Weapon', () => {
  // DEX 12: 4x DEX is 48 or less, 1x DEX 12 or less.
  const mira = sj('mira', 'pc', { attacksPerRound: 2 })
  const on = (segment: number): Declared => ({
    choice: 'pick-up',
    toggles: [],
    round: [`segment:${segment}`],
  })
  const pick = (segment: number, d100: number) => attack(mira, mira, on(segment), null, d100)

  it('the odds before the roll: 4x DEX gets it back (48%), 1x DEX (12%) leaves one attack 5 segments later', () => {
    const preview = unwrap(previewDeclared(combat, mira, mira, on(8)))
    expect(preview.chance).toBe(0.48)
    expect(preview.summary).toBe(
      "mira gets the weapon back on 4x DEX (48 or less); 1x DEX (12 or less, 12%) also leaves one attack this round, on segment 3; -15 DEF to the round's end.",
    )
  })

  it('1x DEX: one attack left, on its own segment; 4x: back in hand but no attack; worse: not retrieved', () => {
    const one = pick(8, 12).attacker
    expect(one.state.pickingUp).toEqual({ attackOn: 3 })
    expect(one.state.attacks).toBe(1)
    const four = pick(8, 48)
    expect(four.result.summary).toMatch(
      /^mira picks up the weapon \(rolled 48, 4x DEX 48\): no attack this round/,
    )
    expect(four.attacker.state).toMatchObject({ pickingUp: {}, attacks: 2 })
    expect(previewDeclared(combat, four.attacker, sj('orc', 'foe'), sword)).toEqual({
      ok: false,
      error: 'mira has no attacks left this round.',
    })
    expect(pick(8, 49).result.summary).toMatch(
      /^mira fails to pick up the weapon \(rolled 49, needed 48 or less\)/,
    )
    // Picked up on -1: the attack would fall on -6 and is lost.
    expect(pick(-1, 5).attacker.state.pickingUp).toEqual({})
  })

  it('attacks on one picking up take -15 DEF to the round’s end, as the round stands', () => {
    const picking = pick(8, 30).attacker
    const orc = sj('orc', 'foe')
    expect(spelljammerTurns.known?.(IDLE_TURN, orc, picking)).toEqual(['target-picking-up-weapon'])
    const ended = unwrap(combat.endOfRound([picking], 1, scripted()))
    expect(ended.changes.mira?.state).not.toHaveProperty('pickingUp')
  })
})

describe('spelljammer combat: Shooting Into Melee', () => {
  // Shortbow rank 2, SC 90: against DEF 20 it hits on 70 or less.
  const ari = sj('ari', 'pc', { weapons: [bow] })
  const orc = sj('orc', 'foe')
  const into = (mix: string): Declared => ({ choice: 'weapon-0-shot', toggles: [`into-melee-${mix}`] })

  it('offers the six printed mixes on a shot only, and the odds count the shots that go at a friend', () => {
    const offered = ids(combat.toggles(ari, orc, 'weapon-0-shot')).filter((id) => id.startsWith('into-melee'))
    expect(offered).toEqual([
      'into-melee-1-1',
      'into-melee-1-2',
      'into-melee-1-3',
      'into-melee-2-1',
      'into-melee-3-1',
      'into-melee-3-2',
    ])
    expect(ids(combat.toggles(ari, orc, 'weapon-0-melee'))).not.toContain('into-melee-1-1')
    // "1 friend and 1 opponent - on a 30 or less": d100 + rank 2 <= 30 is 28 faces of 100.
    const preview = unwrap(previewDeclared(combat, ari, orc, into('1-1')))
    expect(preview.chance).toBeCloseTo(0.7 * 0.72, 10)
    expect(preview.summary).toMatch(
      /^Into the melee, the shot goes at a friend 28% of the time, so it hits orc 50\.4%/,
    )
  })

  it('a d100 first: at a friend, the GM places and rolls it; at the foe, the attack as ever', () => {
    const friend = attack(ari, orc, into('2-1'), null, 38)
    expect(friend.result.summary).toBe(
      'ari shoots into the melee at orc: the shot goes at one of the friends, the GM determines which at random (40, 40 or less): the GM rolls this attack against them.',
    )
    expect(friend.roll.asked.map((d) => d.label)).toEqual(['into melee'])
    expect(friend.attacker.state.attacks).toBe(1)
    const foe = attack(ari, orc, into('1-1'), null, 29, 40, 3)
    expect(foe.result.summary).toBe('ari hits orc for 3.')
    expect(foe.target.hp).toBe(27)
  })

  it('05 or less always goes at a friend (03 for a specialist), whatever the total', () => {
    const master = sj('ari', 'pc', { weapons: [{ ...bow, rank: 30, specialization: 'specialist' }] })
    const r = attack(master, orc, into('1-1'), null, 3)
    expect(r.result.summary).toMatch(/\(a 3 on the die always goes at a friend\)/)
    expect(
      previewDeclared(combat, ari, orc, {
        choice: 'weapon-0-shot',
        toggles: ['into-melee-1-1', 'into-melee-1-2'],
      }),
    ).toEqual({
      ok: false,
      error: 'Choose only one of "Into melee: 1 friend, 1 foe" and "Into melee: 1 friend, 2 foes".',
    })
  })
})

describe('spelljammer combat: Free Actions', () => {
  const free: Declared = { choice: 'free-action', toggles: [] }

  it('one a round, and it costs no attack: the turn still allows its attack, then one as ever', () => {
    const mira = sj('mira', 'pc')
    const taken = attack(mira, mira, free, null)
    expect(taken.result.summary).toBe(
      'mira takes a free action, the one of the round (it costs no attack); the GM judges what can be done in it.',
    )
    expect(spelljammerTurns.attacksPerTurn(taken.attacker)).toBe(2)
    // "Only one Free Action can be taken per round": a second is refused in the text's words.
    expect(resolveDeclared(combat, taken.attacker, taken.attacker, free, null, scripted())).toEqual({
      ok: false,
      error: 'Only one free action can be taken per round; declare any other as a regular action.',
    })
    expect(previewDeclared(combat, taken.attacker, taken.attacker, free)).toEqual({
      ok: false,
      error: 'Only one free action can be taken per round; declare any other as a regular action.',
    })
    const then = attack(taken.attacker, sj('orc', 'foe'), sword, null, 99).attacker
    expect(then.state).toMatchObject({ freeAction: 'used', attacks: 1 })
    expect(spelljammerTurns.attacksPerTurn(then)).toBe(1)
    expect(unwrap(combat.endOfRound([then], 1, scripted())).changes.mira?.state).not.toHaveProperty(
      'freeAction',
    )
  })
})

describe('spelljammer combat: the Desperate Defense forced move', () => {
  it('against one in Desperate Defense only, the attacker forces the 10 ft move in one tap, hit or miss', () => {
    const mira = sj('mira', 'pc')
    const orc = sj('orc', 'foe')
    expect(ids(combat.toggles(mira, orc, 'weapon-0'))).not.toContain('force-move')
    const desperate = sj('orc', 'foe', {}, { state: { stance: { kind: 'desperate-defense' } } })
    expect(ids(combat.toggles(mira, desperate, 'weapon-0'))).toContain('force-move')
    const forcing: Declared = { choice: 'weapon-0', toggles: ['force-move'] }
    // DEF 20 + 20 + rank 1 x 2.5 rounded up (3) = 43: SC 100 needs 57 or less.
    expect(attack(mira, desperate, forcing, null, 99).result.summary).toBe(
      'mira misses orc (rolled 99, needed 57 or less); mira forces orc to move up to 10 ft (the GM says where it leads).',
    )
    expect(attack(mira, desperate, sword, null, 99).result.summary).toMatch(
      /mira may force orc to move up to 10 ft\.$/,
    )
    expect(previewDeclared(combat, mira, orc, forcing)).toEqual({
      ok: false,
      error: 'orc is not in Desperate Defense: only a desperate defender can be forced to move.',
    })
  })
})

describe('spelljammer combat: what a wounded monster’s attack shows', () => {
  it('marks its wound modifier as its health, for a room that keeps that from the players', () => {
    // 8 of 30 hit points: Very Badly Wounded, -20 to all actions (Wounds).
    const orc = sj('orc', 'foe', {}, { hp: 8 })
    const { result } = attack(orc, sj('mira', 'pc'), sword, null, 50, 6)
    const wound = result.lines.find((l) => l.label.includes('Very Badly Wounded'))
    expect(wound).toMatchObject({ value: -20, health: 'orc' })
    // The weapon's own SC is no one's health.
    expect(result.lines.find((l) => l.label === 'Longsword SC')?.health).toBeUndefined()
  })
})
