/** Who adds STR, who adds DEX, and who adds a flat +1: the class and weapon bonuses of COMBAT. */
import type { BreakdownLine } from '../../system.ts'
import type { OdndOptions } from './options.ts'
import { isFighterType, type Sheet, type Weapon } from './sheet.ts'
import { abilityBonus } from './tables.ts'

/** Melee or missile: a spear can be either, a bow only the second. */
export type AttackMode = 'melee' | 'ranged'

/** Swashbucklers: "Fighters(and PIRATES) who are wearing light armor and using one-handed weapons". */
export function canSwashbuckle(sheet: Sheet, weapon: Weapon): boolean {
  return (
    isFighterType(sheet) &&
    (sheet.armor === 'none' || sheet.armor === 'light') &&
    weapon.kind === 'one-handed'
  )
}

/** What the ability bonus is for: the text gives to-hit and damage in parallel but not identical lists. */
export type BonusUse = 'to-hit' | 'damage'

export interface AbilityContext {
  attacker: Sheet
  weapon: Weapon
  mode: AttackMode
  use: BonusUse
  /** The swashbuckler chose DEX instead of STR (checked by the caller). */
  swashbuckler: boolean
  /** Attacks as a 'Normal Man' (untrained weapon): the "all others" rule. */
  asNormalMan: boolean
}

/** The ability line and which ability it came from: a charge drops a DEX bonus to hit, never STR. */
export interface AbilityLine {
  line: BreakdownLine
  ability: 'STR' | 'DEX' | 'flat'
}

const line = (ability: AbilityLine['ability'], label: string, value: number, rule: string): AbilityLine => ({
  line: { label, value, rule },
  ability,
})

/**
 * The one ability line an attack or damage roll gets, or null when none applies. Following the text:
 * melee and thrown weapons go by class (fighter types STR, thieves DEX, others +1 at STR 16+), bows by
 * DEX, great bows by STR; crossbows and firearms get nothing unless the room says otherwise.
 */
export function abilityLine(ctx: AbilityContext, options: OdndOptions): AbilityLine | null {
  const { attacker, weapon, mode, use } = ctx
  const str = abilityBonus(attacker.str)
  const dex = abilityBonus(attacker.dex)
  const what = use === 'to-hit' ? 'to hit' : 'damage'
  const section =
    mode === 'melee'
      ? use === 'to-hit'
        ? 'Melee Attack'
        : 'Melee Damage'
      : use === 'to-hit'
        ? 'Ranged Attack'
        : 'Ranged Damage'
  const byClass = (): AbilityLine | null => {
    if (ctx.asNormalMan || !(isFighterType(attacker) || attacker.class === 'thief')) {
      return attacker.str >= 16 ? line('flat', `STR 16+ (${what})`, 1, `${section}: all others`) : null
    }
    if (attacker.class === 'thief')
      return line('DEX', `DEX bonus (${what}, thief)`, dex, `${section}: thieves`)
    if (ctx.swashbuckler && mode === 'melee')
      return line('DEX', `DEX bonus (${what}, swashbuckler)`, dex, `${section}: swashbuckler types`)
    return line('STR', `STR bonus (${what})`, str, `${section}: fighters`)
  }
  if (mode === 'melee') return byClass()
  switch (weapon.kind) {
    case 'great-bow':
      return line('STR', `STR bonus (${what}, great bow)`, str, `${section}: Great Bows`)
    case 'bow':
      return line('DEX', `DEX bonus (${what}, bow)`, dex, `${section}: bows`)
    case 'crossbow':
    case 'firearm':
      return options.dexForCrossbowsAndFirearms
        ? line('DEX', `DEX bonus (${what}, room setting)`, dex, 'room setting')
        : null
    default:
      // Thrown weapons (and slings, read as thrown): DEX to hit for everyone, damage by class.
      return use === 'to-hit'
        ? line('DEX', `DEX bonus (to hit, thrown)`, dex, `${section}: thrown weapons`)
        : byClass()
  }
}
