/** Missiles That Miss (17.0.12): a missed shot into a melee with the shooter's allies may hit one of them. */

import { d20Check } from '../../dice/d20.ts'
import { checkDice, checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { weaponDamage } from './attack.ts'
import { damageFrom } from './attack-roll.ts'
import type { OsrSettings } from './settings.ts'
import { isGrenadeLike, type Sheet, type Weapon } from './sheet.ts'

const RULE = 'Missiles That Miss (17.0.12)'

export interface StrayTarget {
  id: string
  name: string
  ac: number
}

export interface StrayRoll {
  id: string
  lines: BreakdownLine[]
  total: number
  ac: number
  hit: boolean
}

/**
 * The GM picks which allies may be hit and rolls an attack against each in turn, with the shooter's
 * normal attack bonus, until one is hit or all are exhausted. Grenade-like missiles never stray. The
 * rolls are the GM's, never the player's: `rolls` are the GM's d20s in order.
 */
export function strayMissile(
  shooter: Sheet,
  weapon: Weapon,
  allies: ReadonlyArray<StrayTarget>,
  rolls: ReadonlyArray<number>,
): Outcome<{ rolls: StrayRoll[]; hitId: string | null; note: string }> {
  if (isGrenadeLike(weapon)) return fail('Grenade-like missiles scatter instead; use the scatter diagram.')
  const out: StrayRoll[] = []
  for (const [i, ally] of allies.entries()) {
    const d20 = checkDie(rolls[i], 20, `GM’s stray-missile roll against ${ally.name}`)
    if (!d20.ok) return d20
    const lines: BreakdownLine[] = [
      { label: 'd20 (GM)', value: d20.value, rule: RULE },
      { label: 'attack bonus', value: shooter.attackBonus, rule: RULE },
      { label: 'DEX bonus', value: shooter.dexBonus, rule: RULE },
    ]
    const total = lines.reduce((t, l) => t + l.value, 0)
    const hit = d20.value === 20 || (d20.value !== 1 && total >= ally.ac)
    out.push({ id: ally.id, lines, total, ac: ally.ac, hit })
    if (hit)
      return ok({ rolls: out, hitId: ally.id, note: `The missile strikes ${ally.name}; roll its damage.` })
  }
  return ok({ rolls: out, hitId: null, note: 'The missile misses everyone and is lost.' })
}

/**
 * The chance that the GM's roll against an ally hits (docs reading 22): d20 + the shooter's attack bonus
 * + DEX against the ally's AC, a natural 20 always and a natural 1 never, as `strayMissile` rolls it.
 */
export function strayChance(shooter: Sheet, ac: number): number {
  const modifier = shooter.attackBonus + shooter.dexBonus
  return d20Check({ modifier, target: ac, natural1Fails: true, natural20Succeeds: true }).probability
}

/** A stray missile that hits an ally does the weapon's own damage, as any shot of it (17.0.15). */
export function strayDamage(
  shooter: Sheet,
  weapon: Weapon,
  faces: ReadonlyArray<number>,
  settings: Partial<OsrSettings> = {},
): Outcome<{ lines: BreakdownLine[]; total: number }> {
  const plan = weaponDamage(shooter, weapon, 'missile')
  const rolled = checkDice(faces, plan.dice.count, plan.dice.sides, 'stray missile’s damage')
  if (!rolled.ok) return rolled
  return ok(
    damageFrom(
      plan,
      'regular',
      rolled.value.reduce((t, f) => t + f, 0),
      settings,
    ),
  )
}
