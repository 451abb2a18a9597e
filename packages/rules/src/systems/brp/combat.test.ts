import { describe, expect, it } from 'vitest'
import { defensesDeclared, previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import { readSheet } from '../../engine/sheet.ts'
import type { Fighter } from '../../engine/types.ts'
import { brp, type Outcome, percent, SYSTEMS, toFloat } from '../../index.ts'
import { fighter, scripted } from '../test-support.ts'
import { SAME_SLOT } from './combat.ts'
import { brpCombat as rules } from './room-combat.ts'

/** The value of an outcome that must be ok, failing the test with its error otherwise. */
function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.error)
  return outcome.value
}

/** Melee Weapon (Sword) 55% with a short sword (1D6+1+db, 5.9); no damage bonus at STR+SIZ 20. */
const swordsman = (id: string, sheet: Record<string, unknown> = {}, live = {}) =>
  fighter(
    'brp',
    id,
    'pc',
    {
      weapons: [{ weapon: 'sword-short' }],
      weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Sword', chance: 55 }],
      ...sheet,
    },
    live,
  )

/** A defender with Dodge 30%, a short sword at 50% and a round shield at Shield 40%. */
const guard = (live = {}) =>
  fighter(
    'brp',
    'guard',
    'foe',
    {
      dodge: 30,
      shieldSkill: 40,
      shield: 'round',
      weapons: [{ weapon: 'sword-short' }],
      weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Sword', chance: 50 }],
    },
    live,
  )

const sword = { choice: 'sword-short', toggles: [] }

describe('brp choices and toggles', () => {
  it('gives the default sheet Brawl (25%, 1D3+db, 5.9), and First Aid (30%) to help instead of attacking', () => {
    expect(value(rules.choices(fighter('brp', 'a', 'pc')))).toEqual([
      { id: 'brawl', label: 'Brawl · 25% · 1D3+db' },
      { id: 'first-aid', label: 'First Aid · 30% · heals 1D3', aid: true, verb: 'Roll First Aid' },
      { id: 'awaken', label: 'Wake them up', aid: true, verb: 'Wake them up' },
    ])
  })

  it('lists each mode of a carried weapon, the shield bash and Brawl (5.4 "more than one range")', () => {
    const a = fighter('brp', 'a', 'pc', { weapons: [{ weapon: 'dagger' }], shield: 'round' })
    expect(value(rules.choices(a)).map((c) => c.id)).toEqual([
      'dagger',
      'dagger-thrown',
      'shield-round',
      'brawl',
      'first-aid',
      'awaken',
    ])
  })

  it('refuses an unconscious attacker', () => {
    const out = rules.choices(swordsman('a', {}, { state: { unconscious: true } }))
    expect(out).toEqual({ ok: false, error: 'a is unconscious and cannot attack.' })
  })

  it('offers range bands only to missile weapons and "unaware" only where a defense was possible', () => {
    const ids = (a: Fighter, choice: string) => rules.toggles(a, guard(), choice).map((t) => t.id)
    expect(ids(swordsman('a'), 'sword-short')).toEqual(['difficult', 'defender-unaware'])
    const gunner = fighter('brp', 'g', 'pc', { weapons: [{ weapon: 'pistol' }, { weapon: 'bow-long' }] })
    expect(ids(gunner, 'bow-long')).toEqual(['difficult', 'range-double', 'range-triple', 'defender-unaware'])
    // Firearms can be neither parried nor dodged (5.6, 5.7), so an unaware target changes nothing.
    expect(ids(gunner, 'pistol')).toEqual(['difficult', 'range-double', 'range-triple'])
  })
})

describe('brp preview', () => {
  it("equals the rules package's exact odds for the same declaration", () => {
    const a = swordsman('a')
    const t = guard()
    const declared = { choice: 'sword-short', toggles: ['difficult'] }
    const settings = brp.DEFAULT_SETTINGS
    const side = (f: Fighter) => {
      const sheet = value(readSheet(SYSTEMS.brp.sheet, f)) as brp.Sheet
      return { sheet, state: brp.initialState(sheet, settings) }
    }
    const [attacker, defender] = [side(a), side(t)]
    const attack = value(
      brp.declareAttack(
        attacker.sheet,
        attacker.state,
        { weapon: 'sword-short', toggles: ['difficult'] },
        settings,
      ),
    )
    const odds = brp.exchangeOdds(attack, null, defender.sheet, defender.state, settings)
    expect(value(previewDeclared(rules, a, t, declared)).chance).toBe(toFloat(odds.hit))
  })

  it('halves a Difficult 55% to 28% (5.5, rounded up) and quarters a bow at three times range (5.9)', () => {
    const difficult = value(
      previewDeclared(rules, swordsman('a'), guard(), { choice: 'sword-short', toggles: ['difficult'] }),
    )
    expect(difficult.chance).toBe(0.28)
    expect(difficult.summary).toMatch(/^Hits on 28 or less on d100 \(28%\), special on 6 or less\./)
    const archer = fighter('brp', 'b', 'pc', {
      weapons: [{ weapon: 'bow-long' }],
      weaponSkills: [{ skill: 'Missile Weapon', specialty: 'Bow', chance: 50 }],
    })
    expect(
      value(previewDeclared(rules, archer, guard(), { choice: 'bow-long', toggles: ['range-triple'] }))
        .chance,
    ).toBe(0.13)
  })

  it('refuses a range band for a melee weapon, and a target already dead', () => {
    expect(
      previewDeclared(rules, swordsman('a'), guard(), { choice: 'sword-short', toggles: ['range-double'] }),
    ).toEqual({
      ok: false,
      error: 'Sword, Short is a melee weapon: range does not apply.',
    })
    expect(previewDeclared(rules, swordsman('a'), guard({ state: { dead: true } }), sword)).toEqual({
      ok: false,
      error: 'guard is already dead.',
    })
  })
})

describe('brp defenses', () => {
  it('offers none, dodge and each parry against a blow, with the roll to succeed (5.6, 5.7, 5.11)', () => {
    const options = value(defensesDeclared(rules, swordsman('a'), guard(), sword))
    expect(options.map((o) => [o.id, o.chance])).toEqual([
      ['none', null],
      ['dodge', 0.3],
      ['parry-shield', 0.4],
      ['parry-sword-short', 0.5],
      ['shield-cover', null],
    ])
  })

  it('parries a thrown dagger only with the shield, 60% or 90% kneeling behind a large one; dodges at half (5.7, 5.11)', () => {
    const thrower = fighter('brp', 'k', 'pc', { weapons: [{ weapon: 'dagger' }] })
    const hoplite = fighter('brp', 'h', 'foe', {
      dodge: 30,
      shield: 'hoplite',
      weapons: [{ weapon: 'sword-short' }],
    })
    const options = value(defensesDeclared(rules, thrower, hoplite, { choice: 'dagger-thrown', toggles: [] }))
    expect(options.map((o) => [o.id, o.chance])).toEqual([
      ['none', null],
      ['dodge', 0.15],
      ['parry-shield', 0.6],
      ['parry-shield-kneeling', 0.9],
      ['shield-cover', null],
    ])
  })

  it('gives no choice against a pistol: it can be neither parried nor dodged (5.6, 5.7)', () => {
    const gunner = fighter('brp', 'g', 'pc', { weapons: [{ weapon: 'pistol' }] })
    const target = fighter('brp', 't', 'foe', { dodge: 60 })
    expect(value(defensesDeclared(rules, gunner, target, { choice: 'pistol', toggles: [] }))).toEqual([])
    expect(
      resolveDeclared(rules, gunner, target, { choice: 'pistol', toggles: [] }, 'dodge', scripted()),
    ).toEqual({
      ok: false,
      error: 'It is impossible to dodge firearms or high-velocity weapons (5.7).',
    })
  })

  it('gives no choice to an unaware target (5.6 "must be aware of and able to see the attack")', () => {
    expect(
      value(
        defensesDeclared(rules, swordsman('a'), guard(), {
          choice: 'sword-short',
          toggles: ['defender-unaware'],
        }),
      ),
    ).toEqual([])
  })

  // The same attack roll, 30 against 55% (a success), meets each defense; the defense rolls 20.
  const exchange = (defense: string | null, ...faces: number[]) => {
    const dice = scripted(30, ...faces)
    const out = value(resolveDeclared(rules, swordsman('a'), guard({ hp: 12 }), sword, defense, dice))
    return { out, asked: dice.asked.map((d) => d.label) }
  }

  it('lands with no defense: 1D6 4 + 1 = 5 damage (5.8 Success/Failure)', () => {
    const { out, asked } = exchange('none', 4)
    expect(asked).toEqual(['to hit', 'Weapon d6'])
    expect(out.changes.guard?.hp).toBe(7)
    expect(out.summary).toBe('a hits guard for 5.')
  })

  it('is blocked by a dodge or a parry that succeeds (5.8 Success/Success)', () => {
    expect(exchange('dodge', 20).out.summary).toBe("guard dodges a's attack.")
    const parried = exchange('parry-sword-short', 20)
    expect(parried.asked).toEqual(['to hit', 'parry with sword, short'])
    expect(parried.out.changes.guard).toBeUndefined()
  })

  it("costs the attacker's sword 1 point on a special parry (5.8 Success/Special)", () => {
    // Shield 40%: special on 8 or less (1/5, 5.5).
    const { out } = exchange('parry-shield', 8)
    expect(out.summary).toBe("guard parries a's attack. a's Sword, Short takes 1.")
    expect(out.changes.a?.state?.items).toEqual({ 'sword-short': { damage: 1 } })
  })

  it("adds an immobile shield's 12 armor points to stop the blow (5.11)", () => {
    const { out } = exchange('shield-cover', 6)
    expect(out.summary).toBe('a hits guard for 0 (armor stopped 7).')
  })

  it('turns a special attack into a normal hit on a successful parry, the shield taking 2 (5.8 Special/Success)', () => {
    const dice = scripted(5, 20, 4)
    const out = value(resolveDeclared(rules, swordsman('a'), guard({ hp: 12 }), sword, 'parry-shield', dice))
    expect(out.summary).toBe("guard partly parries: a hits guard for 5. guard's Round shield takes 2.")
    expect(out.changes.guard?.hp).toBe(7)
    expect(out.changes.guard?.state?.items).toMatchObject({ shield: { damage: 2 } })
  })
})

describe('brp resolve', () => {
  /** The 5.12 example: 12 hit points in hard leather (2 points). */
  const leather = (live = {}) =>
    fighter('brp', 't', 'foe', { armor: [{ armor: 'leather-hard' }] }, { hp: 12, ...live })

  it('takes 6 damage less 2 for hard leather: 12 hit points become 8 (5.12 example)', () => {
    const out = value(resolveDeclared(rules, swordsman('a'), leather(), sword, null, scripted(40, 5)))
    expect(out.changes.t?.hp).toBe(8)
    expect(out.changes.t?.state?.injuries).toEqual([{ id: 1, damage: 4, healed: 0, firstAidApplied: false }])
    expect(out.summary).toBe('a hits t for 4 (armor stopped 2).')
  })

  it('misses on a roll over the chance and rolls nothing else (5.5)', () => {
    const dice = scripted(56)
    const out = value(resolveDeclared(rules, swordsman('a'), leather(), sword, null, dice))
    expect(dice.asked).toHaveLength(1)
    expect(out.changes).toEqual({})
    expect(out.summary).toBe('a misses t.')
  })

  it('deals 7 + 4 + 2 = 13 on a special success with a short sword and +1D4 (5.13 example)', () => {
    const a = swordsman('a', { damageBonus: '+1D4' })
    const t = fighter('brp', 't', 'foe', {}, { hp: 20 })
    const out = value(resolveDeclared(rules, a, t, sword, null, scripted(11, 3, 2)))
    expect(out.changes.t?.hp).toBe(7)
    expect(out.summary).toBe('a hits t with a special success for 13.')
  })

  it('knocks out at 2 hit points or less for 1D6 hours (5.12)', () => {
    const dice = scripted(40, 3, 5)
    const out = value(resolveDeclared(rules, swordsman('a'), leather({ hp: 4 }), sword, null, dice))
    expect(dice.asked.at(-1)).toEqual({ sides: 6, label: 'unconscious 1D6 hours' })
    expect(out.changes.t?.hp).toBe(2)
    expect(out.summary).toBe('a hits t for 2 (armor stopped 2): t falls unconscious.')
    const after = { ...leather({ hp: 2 }), state: out.changes.t?.state ?? {} }
    expect(rules.status(after)).toEqual(['Unconscious (5 hours)', 'Wounds: 2'])
  })

  it('refuses to parry a missile with a sword: a shield is needed (5.6)', () => {
    const thrower = fighter('brp', 'k', 'pc', { weapons: [{ weapon: 'dagger' }] })
    const out = resolveDeclared(
      rules,
      thrower,
      guard(),
      { choice: 'dagger-thrown', toggles: [] },
      'parry-sword-short',
      scripted(),
    )
    expect(out).toEqual({ ok: false, error: 'One needs a shield to parry missile weapons (5.6).' })
  })
})

describe('brp end of round', () => {
  it('kills a character still at 0 or less when the round ends (5.12)', () => {
    const t = fighter('brp', 't', 'foe', {}, { hp: 3, maxHp: 10 })
    const hit = value(resolveDeclared(rules, swordsman('a'), t, sword, null, scripted(40, 4, 1)))
    const down = { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} }
    expect(down.hp).toBe(-2)
    expect(rules.status(down)).toEqual(['Unconscious (1 hour)', 'Dying: First Aid this round', 'Wounds: 5'])
    const end = value(rules.endOfRound([down, swordsman('a')], 1, scripted()))
    expect(end.summary).toBe(
      'End of round 1: t dies (still at 0 hit points or less at the end of the round).',
    )
    // The hit points are in a line marked as showing t's health (a room hiding them shows it to the GM).
    expect(end.lines.filter((l) => l.health === 't').map((l) => l.value)).toEqual([-2])
    expect(rules.status({ ...down, state: end.changes.t?.state ?? {} })).toEqual(['Dead'])
    expect(end.changes.a).toBeUndefined()
  })

  it('First Aid in the round brings a dying fighter back to 1, once per wound, or fails and bandages it (5.14)', () => {
    const t = fighter('brp', 't', 'pc', {}, { hp: 3, maxHp: 10 })
    const hit = value(
      resolveDeclared(rules, swordsman('a', {}, { side: 'foe' }), t, sword, null, scripted(40, 4, 1)),
    )
    const down = { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} }
    expect(down.hp).toBe(-2)
    const healer = fighter('brp', 'h', 'pc', { name: 'Mira' })
    const aid = { choice: 'first-aid', toggles: [] }
    // The odds before the roll: a success at First Aid 30%, a special included; no defense to choose.
    const preview = value(previewDeclared(rules, healer, down, aid))
    expect(preview.chance).toBeCloseTo(0.3)
    expect(preview.summary).toBe(
      "First Aid on a wound of 5: heals 1D3, at most 3; t lives the round's end 10% (brought to 1 hit point or more).",
    )
    expect(value(defensesDeclared(rules, healer, down, aid))).toEqual([])
    // d100 10 against 30: a success; 1D3 shows 3: -2 + 3 = 1.
    const roll = scripted(10, 3)
    const saved = value(resolveDeclared(rules, healer, down, aid, null, roll))
    expect(roll.asked.map((d) => d.label)).toEqual(['First Aid', 'First Aid 1D3'])
    expect(saved.summary).toBe("Mira's First Aid on t heals 3 hit points: t is at 1 hit point and will live.")
    const after = { ...down, hp: saved.changes.t?.hp ?? 0, state: saved.changes.t?.state ?? {} }
    expect(after.hp).toBe(1)
    expect(value(rules.endOfRound([after], 1, scripted())).summary).not.toMatch(/dies/)
    // Still knocked out (at 2 or less): another character may wake him, with no roll (5.12); not while dying.
    const wake = { choice: 'awaken', toggles: [] }
    expect(rules.out(after)).toBe('t is unconscious.')
    expect(previewDeclared(rules, healer, down, wake)).toEqual({
      ok: false,
      error: 't: At 0 hit points or less they cannot be awakened: First Aid first.',
    })
    expect(value(previewDeclared(rules, healer, after, wake)).chance).toBe(1)
    const noDice = scripted()
    const woken = value(resolveDeclared(rules, healer, after, wake, null, noDice))
    expect([woken.summary, noDice.asked]).toEqual(['Mira wakes t up.', []])
    const awake = { ...after, state: woken.changes.t?.state ?? {} }
    expect(rules.out(awake)).toBeNull()
    expect(rules.status(awake)).not.toContainEqual(expect.stringMatching(/Unconscious/))
    // That wound has had its First Aid.
    expect(previewDeclared(rules, healer, after, aid)).toEqual({
      ok: false,
      error: 't has no wound First Aid can treat: each wound takes it once, and only what it took.',
    })
    // A failed roll (80 against 30) rolls no 1D3, bandages the wound, and leaves them dying.
    const failed = value(resolveDeclared(rules, healer, down, aid, null, scripted(80)))
    expect(failed.summary).toBe(
      "Mira's First Aid on t fails: the wound is bandaged and cleaned: t is still at -2 and dies at the end of the round.",
    )
    expect(failed.changes.t?.hp).toBeUndefined()
  })

  it('leaves someone brought back to 1 by First Aid alive (5.14)', () => {
    const saved = fighter('brp', 't', 'foe', {}, { hp: 1, state: { unconscious: true } })
    expect(value(rules.endOfRound([saved], 2, scripted())).changes).toEqual({})
  })

  it("counts a pistol's shots: 6 in the magazine (5.9 **)", () => {
    const gunner = fighter('brp', 'g', 'pc', { weapons: [{ weapon: 'pistol' }] })
    const shot = value(
      resolveDeclared(rules, gunner, guard(), { choice: 'pistol', toggles: [] }, null, scripted(90)),
    )
    expect(rules.status({ ...gunner, state: shot.changes.g?.state ?? {} })).toEqual(['Pistol: 5 shots left'])
  })

  it("reloads a crossbow only as the round's action, so it fires at most every other round (5.9 *)", () => {
    const crossbowman = (state: Record<string, unknown> = {}) =>
      fighter(
        'brp',
        'x',
        'pc',
        { weapons: [{ weapon: 'crossbow-light' }, { weapon: 'sword-short' }] },
        { state },
      )
    const bolt = { choice: 'crossbow-light', toggles: [] }
    const reload = { choice: 'reload:crossbow-light', toggles: [] }
    // Loaded, it offers no reload.
    expect(value(rules.choices(crossbowman())).map((c) => c.id)).toEqual([
      'crossbow-light',
      'sword-short',
      'brawl',
      'first-aid',
      'awaken',
    ])
    const fired = value(resolveDeclared(rules, crossbowman(), guard(), bolt, null, scripted(99)))
    let x = crossbowman(fired.changes.x?.state)
    expect(rules.status(x)).toEqual(['Crossbow, Light unloaded'])
    expect(previewDeclared(rules, x, guard(), bolt)).toEqual({
      ok: false,
      error: 'The Crossbow, Light is not loaded: reloading it takes a full combat round (Reload).',
    })
    // A round spent on the sword does not load it: the round passing reloads nothing.
    expect(value(rules.endOfRound([x], 1, scripted())).changes).toEqual({})
    // The reload is a declaration about oneself, the round's one action, with no dice.
    const choices = value(rules.choices(x))
    expect(choices.map((c) => c.id)).toEqual([
      'sword-short',
      'brawl',
      'reload:crossbow-light',
      'first-aid',
      'awaken',
    ])
    expect(choices[2]).toEqual({
      id: 'reload:crossbow-light',
      label: 'Reload Crossbow, Light · the whole round',
      self: true,
      verb: 'Reload',
    })
    expect(value(previewDeclared(rules, x, x, reload))).toEqual({
      chance: 1,
      summary: 'Reloads the Crossbow, Light: the whole combat round. It can fire next round.',
      lines: [
        {
          label: 'Reload Crossbow, Light: the whole combat round',
          value: 1,
          rule: '5.9 Weapons and Damage (*)',
          note: true,
        },
      ],
      dice: false,
    })
    expect(value(defensesDeclared(rules, x, x, reload))).toEqual([])
    // It names its declarer only: reloading is no attack on another.
    expect(previewDeclared(rules, x, guard(), reload)).toEqual({
      ok: false,
      error: 'x reloads their own weapon: choose x.',
    })
    const done = value(resolveDeclared(rules, x, x, reload, null, scripted()))
    expect(done.summary).toBe('x reloads the Crossbow, Light (the whole combat round).')
    x = crossbowman(done.changes.x?.state)
    expect(rules.status(x)).toEqual([])
    expect(previewDeclared(rules, x, guard(), bolt).ok).toBe(true)
    expect(previewDeclared(rules, x, x, reload)).toEqual({
      ok: false,
      error: 'The Crossbow, Light is loaded.',
    })
  })

  it('reloads a gun when its player chooses, full or not (5.9 **), and everything after a fight', () => {
    const gunner = fighter('brp', 'g', 'pc', { weapons: [{ weapon: 'pistol' }] })
    const shot = value(
      resolveDeclared(rules, gunner, guard(), { choice: 'pistol', toggles: [] }, null, scripted(90)),
    )
    const fired = { ...gunner, state: shot.changes.g?.state ?? {} }
    expect(value(rules.choices(fired)).map((c) => c.label)).toEqual([
      'Pistol · 20% · 1D8',
      'Brawl · 25% · 1D3+db',
      'Reload Pistol · the whole round',
      'First Aid · 30% · heals 1D3',
      'Wake them up',
    ])
    const done = value(
      resolveDeclared(rules, fired, fired, { choice: 'reload:pistol', toggles: [] }, null, scripted()),
    )
    expect(done.summary).toBe('g reloads the Pistol (the whole combat round): 6 shots.')
    expect(rules.status({ ...gunner, state: done.changes.g?.state ?? {} })).toEqual([])
    // Between fights there is time enough: the fight's end reloads what was fired.
    const endOfFight = rules.endOfFight ?? expect.fail('brp reloads at the end of a fight')
    const after = value(endOfFight([fired], scripted()))
    expect(after.summary).toBe("After the fight, everyone reloads: g's Pistol.")
    expect(rules.status({ ...gunner, state: after.changes.g?.state ?? {} })).toEqual([])
    expect(value(endOfFight([gunner], scripted())).changes).toEqual({})
  })
})

describe('brp defenses at the table come from the rules package', () => {
  it('offers what previewAttack offers, with its odds, plus the shield as cover', () => {
    const a = swordsman('a')
    const t = guard()
    const options = value(defensesDeclared(rules, a, t, sword))
    const read = (f: Fighter) => {
      const sheet = value(readSheet({ fields: brp.SHEET_FIELDS, parse: brp.parseSheet }, f)) as brp.Sheet
      return { sheet, state: brp.initialState(sheet, brp.DEFAULT_SETTINGS) }
    }
    const preview = value(
      brp.previewAttack(read(a), read(t), { weapon: 'sword-short' }, brp.DEFAULT_SETTINGS),
    )
    const allowed = preview.defenses.filter((d) => d.allowed)
    // Kneeling behind a shield is against missiles (5.11): a sword leaves the cover alone.
    expect(options.map((o) => o.label)).toEqual([
      ...allowed.map((d) => d.label),
      'Shelter behind the shield as immobile cover',
    ])
    // Each says how often the attack lands against it, as the rules package's exact odds have it.
    for (const d of allowed) {
      const option = options.find((o) => o.label === d.label)
      expect(option?.effect, d.label).toContain(`the attack lands ${percent(toFloat(d.odds.hit))}`)
    }
  })
})

describe('brp between fights: a week of rest (5.14)', () => {
  it('heals each wounded fighter 1D3, 3 in a hospital, up to maximum hit points; the hale and the dead not', () => {
    const mira = fighter('brp', 'mira', 'pc', { name: 'Mira' }, { hp: 4, maxHp: 10 })
    const tomas = fighter('brp', 'tomas', 'pc', { name: 'Tomas' }, { hp: 9, maxHp: 10 })
    const hale = fighter('brp', 'hale', 'pc', { name: 'Hale' }, { hp: 10, maxHp: 10 })
    const dead = fighter('brp', 'dead', 'pc', { name: 'Dead' }, { hp: -3, maxHp: 10, state: { dead: true } })
    const rest = rules.rest
    if (!rest) throw new Error('brp rests')
    // Mira rolls 2 on her 1D3; Tomas is in a hospital: 3, but only 1 is missing.
    const week = value(rest([mira, tomas, hale, dead], scripted(2), ['tomas']))
    expect(week.changes.mira?.hp).toBe(6)
    expect(week.changes.tomas?.hp).toBe(10)
    expect(Object.keys(week.changes).sort()).toEqual(['mira', 'tomas'])
    expect(week.summary).toBe(
      'A week of rest: Mira heals 2 hit points, Tomas heals 1 hit point in a hospital.',
    )
    expect(week.lines.map((l) => [l.label, l.value])).toEqual([
      ['Mira: A week of rest: 1D3', 2],
      ['Tomas: Hospital: maximum healing', 3],
      ['Tomas: Up to maximum hit points', -2],
    ])
    expect(rest([hale, dead], scripted(), [])).toEqual({
      ok: false,
      error: 'Nobody here is wounded: a week of rest would heal nothing.',
    })
  })

  it('lets one left dying when the fight was called off die, not heal: that round ended first (5.12)', () => {
    const t = fighter('brp', 't', 'pc', { name: 'Tomas' }, { hp: 2, maxHp: 10 })
    const hit = value(
      resolveDeclared(rules, swordsman('a', {}, { side: 'foe' }), t, sword, null, scripted(40, 3, 4)),
    )
    const dying = { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} }
    expect(dying.hp).toBe(-2)
    const mira = fighter('brp', 'mira', 'pc', { name: 'Mira' }, { hp: 4, maxHp: 10 })
    const roll = scripted(2)
    const week = value(rules.rest?.([dying, mira], roll, ['t']) ?? { ok: false, error: 'brp rests' })
    expect(week.summary).toBe(
      'A week of rest: Tomas dies (still at 0 hit points or less when that round ended), Mira heals 2 hit points.',
    )
    expect(roll.asked.map((d) => d.label)).toEqual(['Mira: a week of rest 1D3'])
    expect(week.changes.t?.hp).toBeUndefined()
    expect(rules.status({ ...dying, state: week.changes.t?.state ?? {} })).toEqual(['Dead'])
  })

  it('wakes the knocked out: a week outlasts their 1D6 hours (5.12)', () => {
    const t = fighter('brp', 't', 'pc', { name: 'Tomas' }, { hp: 5, maxHp: 10 })
    const hit = value(
      resolveDeclared(rules, swordsman('a', {}, { side: 'foe' }), t, sword, null, scripted(40, 3, 4)),
    )
    const out = { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} }
    expect(rules.status(out)).toContain('Unconscious (4 hours)')
    const week = value(rules.rest?.([out], scripted(1), []) ?? { ok: false, error: 'brp rests' })
    expect(week.summary).toBe('A week of rest: Tomas heals 1 hit point and is awake.')
    const rested = { ...out, hp: week.changes.t?.hp ?? 0, state: week.changes.t?.state ?? {} }
    expect(rules.out(rested)).toBeNull()
    expect(rules.status(rested)).not.toContainEqual(expect.stringMatching(/Unconscious/))
  })
})

describe('brp First Aid on a monster', () => {
  it('says it will live without naming its hit points, which a room may keep from the players', () => {
    const ogre = fighter('brp', 'o', 'foe', { name: 'Ogre' }, { hp: 3, maxHp: 10 })
    const hit = value(resolveDeclared(rules, swordsman('a'), ogre, sword, null, scripted(40, 4, 1)))
    const down = { ...ogre, hp: hit.changes.o?.hp ?? 0, state: hit.changes.o?.state ?? {} }
    expect(down.hp).toBe(-2)
    const aid = value(
      resolveDeclared(
        rules,
        swordsman('m', { name: 'Mira' }),
        down,
        { choice: 'first-aid', toggles: [] },
        null,
        scripted(10, 3),
      ),
    )
    expect(aid.changes.o?.hp).toBe(1)
    expect(aid.summary).toBe("Mira's First Aid on Ogre heals 3 hit points: Ogre will live.")
  })
})

describe('brp: the hours of unconsciousness, ended by the GM (5.12)', () => {
  it('offers the GM to end a knock-out once its 1D6 hours have passed, and wakes them as the rules do', () => {
    const t = fighter('brp', 't', 'pc', { name: 'Tomas' }, { hp: 5, maxHp: 10 })
    const hit = value(
      resolveDeclared(rules, swordsman('a', {}, { side: 'foe' }), t, sword, null, scripted(40, 3, 4)),
    )
    const out = { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} }
    expect(rules.clearable?.(out)).toEqual([
      {
        id: 'unconscious',
        label: 'Unconscious (4 hours)',
        when: 'when their 4 hours (1D6) have passed (5.12)',
      },
    ])
    const woken = value(rules.clear?.(out, 'unconscious') ?? { ok: false, error: 'brp clears' })
    expect(woken.summary).toBe('Tomas wakes: the hours of unconsciousness have passed, the GM says.')
    const awake = { ...out, state: woken.changes.t?.state ?? {} }
    // The same state as another character waking him (5.12 "until awakened by another character").
    const byHand = value(
      resolveDeclared(rules, swordsman('h'), out, { choice: 'awaken', toggles: [] }, null, scripted()),
    )
    expect(awake.state).toEqual(byHand.changes.t?.state)
    expect(rules.out(awake)).toBeNull()
    expect(rules.clearable?.(awake)).toEqual([])
    expect(rules.clear?.(awake, 'unconscious')).toEqual({ ok: false, error: 'Tomas is not unconscious now.' })
    // Dying at 0 or less, no hours end it: only First Aid (5.14).
    const dying = { ...out, hp: -1 }
    expect(rules.clearable?.(dying)).toEqual([])
  })
})

describe('brp 5.2: "If these are still tied, the actions occur simultaneously."', () => {
  const slotOf = (round: string[]) => ({ choice: 'sword-short', toggles: [], round })
  const felled = (round: string[]) => {
    const t = swordsman('t', {}, { hp: 3, maxHp: 10 })
    const hit = value(resolveDeclared(rules, swordsman('a'), t, slotOf(round), null, scripted(40, 4, 1)))
    return { hit, down: { ...t, hp: hit.changes.t?.hp ?? 0, state: hit.changes.t?.state ?? {} } }
  }

  it('one knocked out on the slot they share, yet to act, still takes their action; the round’s end clears it', () => {
    const { hit, down } = felled([SAME_SLOT])
    expect(hit.summary).toContain('"the actions occur simultaneously": t still takes this round\'s action')
    expect(rules.out(down)).toBe('t is unconscious.')
    // Their phone's choices are the living's: the attack is offered.
    expect(value(rules.choices(down)).map((c) => c.id)).toContain('sword-short')
    const end = value(rules.endOfRound([down], 1, scripted()))
    expect(end.changes.t?.state).not.toHaveProperty('strikesBack')
  })

  it('felled with no shared slot, they keep nothing, and cannot attack', () => {
    const { hit, down } = felled([])
    expect(hit.summary).not.toContain('simultaneously')
    expect(rules.choices(down)).toEqual({ ok: false, error: 't is unconscious and cannot attack.' })
  })
})
