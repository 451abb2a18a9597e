/** Shooting into melee: the d100 that decides whether a shot targets a friend or a foe. */
import { isFace } from '../../dice/faces.ts'
import { type Fraction, fraction } from '../../dice/fraction.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { RULE } from './sections.ts'
import type { Sheet, Weapon } from './sheet.ts'
import { SHOOTING_INTO_MELEE_ALWAYS_FRIEND, SHOOTING_INTO_MELEE_TABLE } from './tables.ts'

export interface IntoMeleeResult {
  /** Whom the attack is made against: a foe, or a friend (chosen at random among several). */
  targets: 'friend' | 'foe'
  total: number
  friendOn: number
  /** The raw roll was at or under the always-a-friend threshold for this specialization. */
  alwaysFriend: boolean
  breakdown: BreakdownLine[]
}

/** The threshold for a mix of friends and foes, or a refusal for a mix the text does not list. */
export function intoMeleeThreshold(friends: number, foes: number): Outcome<number> {
  const row = SHOOTING_INTO_MELEE_TABLE.find((r) => r.friends === friends && r.foes === foes)
  if (!row)
    return fail(
      `The rules give no chance for ${friends} ${friends === 1 ? 'friend' : 'friends'} and ${foes} ${foes === 1 ? 'foe' : 'foes'}: the GM decides whom the shot targets.`,
    )
  return ok(row.friendOn)
}

/**
 * Rolls 1d100 + weapon rank + Master Bowman rank x 2 (+5 specialist, +10 double specialist) against the
 * table. 05 or less on the die always targets a friend (03 for specialists, 01 for double specialists).
 */
export function shootIntoMelee(
  shooter: Pick<Sheet, 'masterBowmanRank'>,
  weapon: Pick<Weapon, 'rank' | 'specialization'>,
  friends: number,
  foes: number,
  d100: number,
): Outcome<IntoMeleeResult> {
  if (!isFace(d100, 100)) return fail(`A d100 shows 1 to 100 (00 is 100), not ${d100}.`)
  const threshold = intoMeleeThreshold(friends, foes)
  if (!threshold.ok) return threshold
  const breakdown: BreakdownLine[] = [
    { label: 'd100', value: d100, rule: RULE.shootingIntoMelee },
    { label: 'Weapon rank', value: weapon.rank, rule: RULE.shootingIntoMelee },
  ]
  if (shooter.masterBowmanRank)
    breakdown.push({
      label: 'Master Bowman rank x 2',
      value: shooter.masterBowmanRank * 2,
      rule: RULE.shootingIntoMelee,
    })
  if (weapon.specialization === 'specialist')
    breakdown.push({ label: 'Specialist', value: 5, rule: RULE.shootingIntoMelee })
  if (weapon.specialization === 'double-specialist')
    breakdown.push({ label: 'Double specialist', value: 10, rule: RULE.shootingIntoMelee })
  const total = breakdown.reduce((n, l) => n + l.value, 0)
  const alwaysFriend = d100 <= SHOOTING_INTO_MELEE_ALWAYS_FRIEND[weapon.specialization]
  return ok({
    targets: alwaysFriend || total <= threshold.value ? 'friend' : 'foe',
    total,
    friendOn: threshold.value,
    alwaysFriend,
    breakdown,
  })
}

/** The exact chance a shot into melee targets a friend, by counting the 100 faces of the d100. */
export function chanceTargetsFriend(
  shooter: Pick<Sheet, 'masterBowmanRank'>,
  weapon: Pick<Weapon, 'rank' | 'specialization'>,
  friends: number,
  foes: number,
): Outcome<Fraction> {
  let friendly = 0
  for (let d100 = 1; d100 <= 100; d100++) {
    const r = shootIntoMelee(shooter, weapon, friends, foes, d100)
    if (!r.ok) return r
    if (r.value.targets === 'friend') friendly++
  }
  return ok(fraction(friendly, 100))
}
