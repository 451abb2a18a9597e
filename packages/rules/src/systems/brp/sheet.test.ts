import { describe, expect, it } from 'vitest'
import { brpSettings } from './settings.ts'
import {
  damageBonusFor,
  damageBonusOf,
  maxHitPoints,
  parseSheet,
  SHEET_FIELDS,
  SPECIALTY_SKILLS,
  sheetOf,
} from './sheet.ts'
import { sheetNotes } from './sheet-notes.ts'
import { WEAPONS } from './tables.ts'

describe('the brp sheet', () => {
  it('fills every field with its default when given nothing', () => {
    const parsed = parseSheet({})
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    for (const field of SHEET_FIELDS)
      expect(parsed.value[field.key as keyof typeof parsed.value], field.key).toEqual(field.default)
  })

  it('names the field that is wrong and what it must be', () => {
    expect(parseSheet({ dex: 0 })).toEqual({
      ok: false,
      error: 'DEX must be a whole number from 1 to 100; got 0.',
    })
    expect(parseSheet({ con: 'tough' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^CON must be/),
    })
    expect(parseSheet({ dodge: 12.5 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Dodge % must be/),
    })
    expect(parseSheet({ shield: 'pavise' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Shield must be one of/),
    })
    expect(parseSheet('a goblin')).toEqual({ ok: false, error: 'A sheet must be a set of named fields.' })
  })

  it('names the list entry that is wrong', () => {
    const parsed = parseSheet({
      weaponSkills: [
        { specialty: 'Sword', chance: 50 },
        { specialty: 'Axe', chance: -1 },
      ],
    })
    expect(parsed).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Weapon skills, entry 2: Chance % must be/),
    })
  })

  it('accepts numbers typed as text, as a form sends them', () => {
    expect(parseSheet({ dex: '14' })).toMatchObject({ ok: true, value: { dex: 14 } })
  })

  it('refuses two body armors or two helmets, but allows a helmet over armor', () => {
    expect(parseSheet({ armor: [{ armor: 'chain' }, { armor: 'leather-hard' }] })).toMatchObject({
      ok: false,
    })
    expect(parseSheet({ armor: [{ armor: 'helmet-light' }, { armor: 'helmet-heavy' }] })).toMatchObject({
      ok: false,
    })
    expect(parseSheet({ armor: [{ armor: 'chain' }, { armor: 'helmet-heavy' }] })).toMatchObject({ ok: true })
  })

  it('refuses the same weapon or weapon skill listed twice', () => {
    expect(parseSheet({ weapons: [{ weapon: 'dagger' }, { weapon: 'dagger' }] })).toMatchObject({ ok: false })
    const skill = { skill: 'Melee Weapon', specialty: 'Sword', chance: 40 }
    expect(parseSheet({ weaponSkills: [skill, { ...skill, specialty: 'sword' }] })).toMatchObject({
      ok: false,
    })
  })

  it('derives hit points from the average of CON and SIZ, rounding up unless the room says down (5.12)', () => {
    expect(maxHitPoints({ con: 12, siz: 12 }, brpSettings())).toBe(12)
    expect(maxHitPoints({ con: 11, siz: 14 }, brpSettings())).toBe(13)
    expect(maxHitPoints({ con: 11, siz: 14 }, brpSettings({ hitPoints: 'down' }))).toBe(12)
  })

  it.each([
    [2, '-1D6'],
    [12, '-1D6'],
    [13, '-1D4'],
    [16, '-1D4'],
    [17, 'none'],
    [24, 'none'],
    [25, '+1D4'],
    [32, '+1D4'],
    [33, '+1D6'],
    [40, '+1D6'],
    [41, '+2D6'],
    [56, '+2D6'],
    [57, '+3D6'],
    [72, '+3D6'],
    [73, '+4D6'],
  ])('gives STR+SIZ %i a damage bonus of %s', (sum, bonus) => {
    expect(damageBonusFor(sum)).toBe(bonus)
  })

  it('uses a fixed damage bonus over the one from STR+SIZ', () => {
    expect(damageBonusOf(sheetOf({ str: 16, siz: 16 }))).toEqual({ sign: 1, count: 1, sides: 4 })
    expect(damageBonusOf(sheetOf({ str: 16, siz: 16, damageBonus: 'none' }))).toBeNull()
    expect(damageBonusOf(sheetOf({ damageBonus: '-1D6' }))).toEqual({ sign: -1, count: 1, sides: 6 })
  })
})

// Issue #54: "brp's weapon 'Specialty' must be the category word ('Sword'); every tester typed the weapon's
// name and got half the chance (60% became 30%, a bow skill 5%) without a word". Build: "choices where
// the text has a list (brp's weapon categories from its table), the chance shown as it will be used
// before saving"; and "brp's weapon names keep the table's asterisks".
describe('the brp weapon skill’s specialty', () => {
  const specialtyField = () => {
    const skills = SHEET_FIELDS.find((f) => f.key === 'weaponSkills')
    return skills?.kind === 'list' ? skills.of.find((f) => f.key === 'specialty') : undefined
  }

  it('is a choice of the specialties the weapon tables name (5.9 "The skill and specialty used")', () => {
    const field = specialtyField()
    expect(field?.kind).toBe('choice')
    const offered = field?.kind === 'choice' ? field.options.map((o) => o.value) : []
    const named = new Set(
      WEAPONS.filter((w) => SPECIALTY_SKILLS.some((s) => s === w.skill)).map((w) => w.specialty),
    )
    expect(new Set(offered)).toEqual(named)
    expect(offered).toContain('Sword')
    expect(offered).toContain('Bow')
    expect(offered).not.toContain('Sword, Short')
  })

  it('reads an old room’s typed specialty: a category in any case is it; another word is kept as typed', () => {
    expect(sheetOf({ weaponSkills: [{ specialty: ' sword ', chance: 60 }] }).weaponSkills[0]?.specialty).toBe(
      'Sword',
    )
    expect(
      sheetOf({ weaponSkills: [{ specialty: 'Short Sword', chance: 60 }] }).weaponSkills[0]?.specialty,
    ).toBe('Short Sword')
  })

  it('shows under each weapon the chance it will be used at, and asks to pick a specialty for a typed one', () => {
    const values = {
      weaponSkills: [
        { skill: 'Melee Weapon', specialty: 'Sword', chance: 60 },
        { skill: 'Missile Weapon', specialty: 'Long Bow', chance: 60 },
      ],
      weapons: [{ weapon: 'sword-short' }, { weapon: 'bow-long' }, { weapon: 'axe-battle' }],
    }
    const notes = sheetNotes(values)
    expect(notes['weapons.0.weapon']?.text).toMatch(/^Attacks at 60%: Melee Weapon \(Sword\) skill/)
    // "Long Bow" is no specialty of the table: the bow is used at the related specialty's half, as 5.5 says.
    expect(notes['weapons.1.weapon']?.text).toMatch(/^Attacks at 30%/)
    expect(notes['weapons.2.weapon']?.text).toMatch(/^Attacks at 30%/)
    expect(notes['weaponSkills.0.specialty']).toBeUndefined()
    expect(notes['weaponSkills.1.specialty']).toEqual({
      text: '“Long Bow” is not a specialty of the weapon tables: pick one (a Bow, Long is used with Bow).',
      error: true,
    })
    // With the category picked, the bow's chance is the skill's own.
    const picked = sheetNotes({
      ...values,
      weaponSkills: [{ skill: 'Missile Weapon', specialty: 'Bow', chance: 60 }],
    })
    expect(picked['weapons.1.weapon']?.text).toMatch(/^Attacks at 60%: Missile Weapon \(Bow\) skill/)
    expect(picked['weaponSkills.0.specialty']).toBeUndefined()
  })

  it('says when a specialty is another skill’s', () => {
    const notes = sheetNotes({ weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Bow', chance: 60 }] })
    expect(notes['weaponSkills.0.specialty']).toEqual({
      text: 'Bow is a Missile Weapon specialty: choose Missile Weapon as the skill.',
      error: true,
    })
  })

  it('names weapons without the table’s asterisks, their notes in words', () => {
    const weapons = SHEET_FIELDS.find((f) => f.key === 'weapons')
    const field = weapons?.kind === 'list' ? weapons.of[0] : undefined
    const labels = field?.kind === 'choice' ? field.options.map((o) => o.label) : []
    expect(labels.filter((l) => l.includes('*'))).toEqual([])
    expect(labels).toContain('Crossbow, Heavy (a full round to reload)')
    expect(labels).toContain('Pistol (6 shots)')
    expect(labels).toContain('Rifle, Laser (charges for 20 shots)')
  })
})
