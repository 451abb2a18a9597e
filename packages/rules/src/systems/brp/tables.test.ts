import { describe, expect, it } from 'vitest'
import {
  ARMOR,
  type ArmorRow,
  formatDamage,
  MELEE_WEAPONS,
  MISSILE_WEAPONS,
  SHIELDS,
  type ShieldRow,
  shieldMissileChance,
  velocityOf,
  WEAPONS,
  type WeaponRow,
  weaponModes,
} from './tables.ts'

// The table lines exactly as brp.txt prints them, cells run together. Each row of data must render
// back to its printed line, so a transcription slip in any cell fails the test of that row.
const PRINTED_WEAPONS = [
  'Axe, BattleMelee WeaponAxe151D8+2+db1H15',
  'Axe, GreatMelee WeaponAxe152D6+2+db2H15',
  'Axe, HandMelee WeaponAxe151D6+1+db1H12',
  'BrawlBrawl251D3+db1Hn/a',
  'Club, HeavyMelee WeaponClub251D8+db2H22',
  'Club, LightMelee WeaponClub251D6+db1H15',
  'DaggerMelee WeaponDagger251D4+db1H15',
  'HalberdMelee WeaponPolearm153D6+db2H25',
  'HammerMelee WeaponHammer251D6+db1H15',
  'Hammer, GreatMelee WeaponHammer251D10+3+db2H15',
  'KnifeMelee WeaponDagger251D3+1+db1H15',
  'Mace, HeavyMelee WeaponMace251D8+2+db2H10',
  'Mace, LightMelee WeaponMace251D6+2+db1H6',
  'PikeMelee WeaponPolearm151D10+2+db2H12',
  'Staff, Quarter-Melee WeaponStaff251D8+db2H8',
  'Spear, LongMelee WeaponSpear151D10+db2H10',
  'Sword, BroadMelee WeaponSword151D8+1+db1H12',
  'Sword, GreatMelee WeaponSword052D8+db2H12',
  'Sword, ShortMelee WeaponSword151D6+1+db1H12',
  'Axe, Hand (thrown)Missile WeaponThrowing Axe101D6+½db1H1220 meters',
  'Bow, LongMissile WeaponBow051D8+1+½db2H1090 meters',
  'Crossbow, Heavy*Missile WeaponCrossbow252D6+22H1855 meters',
  'Crossbow, Light*Missile WeaponCrossbow251D6+22H1040 meters',
  'Dagger (thrown)Missile WeaponThrowing Dagger151D4+½db1H1510 meters',
  'Knife, (thrown)Missile WeaponThrowing Dagger151d3+1+½db1H1010 meters',
  'Pistol**FirearmPistol201D81H820 meters',
  'Pistol, Laser**Energy WeaponLaser Pistol201D81H1420 meters',
  'Rifle**FirearmRifle252D62H1280 meters',
  'Rifle, Laser**Energy WeaponLaser Rifle152D82H20100 meters',
  'Rock (thrown)ThrowThrowThrow1D2+½db1Hn/a20 meters',
  'SlingMissile WeaponSling051D8+½db2H280 meters',
]
const PRINTED_ARMOR = [
  'Bulletproof Vest8−5% to physical skills',
  'Chain7−20% to physical skills',
  'Flak Jacket4−10% to physical skills',
  'Clothing, Heavy1None',
  'Helmet, Heavy+2−50% to perception skills',
  'Helmet, Light+1−15% to perception skills',
  'Hoplite Panoply6−20% to physical skills',
  'Leather, Soft1None',
  'Leather, Hard2−10% to physical skills',
  'Plate, Full8−25% to physical skills',
  'Quilted2−5% to physical skills',
  'Riot Gear12/6−10% to physical skills',
]
const PRINTED_SHIELDS = [
  'Heater15%Shield121D3+db',
  'Hoplite15%Shield161D4+db',
  'Kite15%Shield161D4+db',
  'Riot15%Shield161D3+db',
  'Round15%Shield121D3+db',
  'Target15%Shield121D2+db',
]

const renderWeapon = (w: WeaponRow): string =>
  [
    w.name,
    w.skill,
    w.specialty,
    typeof w.base === 'number' ? String(w.base).padStart(2, '0') : w.base,
    formatDamage(w.damage),
    `${w.hands}H`,
    w.hitPoints ?? 'n/a',
    w.range === null ? '' : `${w.range} meters`,
  ].join('')

const renderArmor = (a: ArmorRow): string =>
  [
    a.name,
    a.helmet ? `+${a.points}` : a.points,
    a.alternatePoints === undefined ? '' : `/${a.alternatePoints}`,
    a.modifier === null ? 'None' : `\u2212${-a.modifier.value}% to ${a.modifier.skills} skills`,
  ].join('')

const renderShield = (s: ShieldRow): string => `${s.name}${s.base}%Shield${s.points}${formatDamage(s.damage)}`

describe('the weapon tables', () => {
  it('hold every printed row, melee then missile, in the printed order', () => {
    expect(WEAPONS.length).toBe(PRINTED_WEAPONS.length)
    expect(MELEE_WEAPONS.length).toBe(19)
    expect(MISSILE_WEAPONS.length).toBe(12)
  })

  // The text prints the thrown knife's damage with a lower-case "d" ("1d3+1+½db"); the cells are
  // otherwise compared exactly.
  it.each(WEAPONS.map((w, i) => [w.name, w, PRINTED_WEAPONS[i] ?? ''] as const))(
    '%s renders back to its printed line',
    (_name, row, printed) => {
      expect(renderWeapon(row)).toBe(printed.replace('1d3', '1D3'))
    },
  )

  it('reads the run-together cells as the README says: heavy crossbow 18 hit points and 55 meters', () => {
    const row = WEAPONS.find((w) => w.id === 'crossbow-heavy')
    expect(row).toMatchObject({
      base: 25,
      hitPoints: 18,
      range: 55,
      damage: { count: 2, sides: 6, bonus: 2, db: 'none' },
    })
  })

  it('reads the sling as 2 hit points and 80 meters, and the laser rifle as 20 and 100', () => {
    expect(WEAPONS.find((w) => w.id === 'sling')).toMatchObject({ hitPoints: 2, range: 80, base: 5 })
    expect(WEAPONS.find((w) => w.id === 'rifle-laser')).toMatchObject({ hitPoints: 20, range: 100, base: 15 })
  })

  it('marks crossbows as a round to reload, and guns and lasers with 6 shots or 20 charges', () => {
    const reload = WEAPONS.filter((w) => w.reloadRound).map((w) => w.id)
    expect(reload).toEqual(['crossbow-heavy', 'crossbow-light'])
    const magazines = Object.fromEntries(WEAPONS.filter((w) => w.magazine).map((w) => [w.id, w.magazine]))
    expect(magazines).toEqual({
      pistol: { size: 6, unit: 'shots' },
      'pistol-laser': { size: 20, unit: 'charges' },
      rifle: { size: 6, unit: 'shots' },
      'rifle-laser': { size: 20, unit: 'charges' },
    })
  })

  it('treats firearms and energy weapons as high-velocity and other missiles as low-velocity', () => {
    const byVelocity = (v: string) => WEAPONS.filter((w) => velocityOf(w) === v).map((w) => w.id)
    expect(byVelocity('high-velocity')).toEqual(['pistol', 'pistol-laser', 'rifle', 'rifle-laser'])
    expect(byVelocity('melee')).toHaveLength(19)
  })

  it('lets a dagger, a knife and a hand axe be used in melee or thrown, and nothing else', () => {
    const multi = [...new Set(WEAPONS.map((w) => w.item))].filter((item) => weaponModes(item).length > 1)
    expect(multi.sort()).toEqual(['axe-hand', 'dagger', 'knife'])
  })

  it('gives every weapon a unique id', () => {
    expect(new Set(WEAPONS.map((w) => w.id)).size).toBe(WEAPONS.length)
  })
})

describe('the armor table', () => {
  it.each(ARMOR.map((a, i) => [a.name, a, PRINTED_ARMOR[i] ?? ''] as const))(
    '%s renders back to its printed line',
    (_name, row, printed) => {
      expect(renderArmor(row)).toBe(printed)
    },
  )

  it('holds every printed row', () => {
    expect(ARMOR.length).toBe(PRINTED_ARMOR.length)
  })
})

describe('the shields table', () => {
  it.each(SHIELDS.map((s, i) => [s.name, s, PRINTED_SHIELDS[i] ?? ''] as const))(
    '%s renders back to its printed line',
    (_name, row, printed) => {
      expect(renderShield(row)).toBe(printed)
    },
  )

  it('holds every printed row', () => {
    expect(SHIELDS.length).toBe(PRINTED_SHIELDS.length)
  })

  it('gives the straight missile parry of 5.11: target 15%, full 30%, large 60%, kneeling behind large 90%', () => {
    const bySize = Object.fromEntries(SHIELDS.map((s) => [s.id, shieldMissileChance(s.size, false)]))
    expect(bySize).toEqual({ heater: 30, hoplite: 60, kite: 30, riot: 60, round: 30, target: 15 })
    expect(shieldMissileChance('large', true)).toBe(90)
    expect(shieldMissileChance('full', true)).toBe(30)
  })
})
