/**
 * Shooting Into Melee at the table: a shot at a foe in melee with friends says the mix in one tap (the
 * six the text prints); the attack sheet gives the exact chance the shot goes at a friend, and the room
 * rolls the d100 before the attack. A shot that goes at a friend is the GM's to place ("determine
 * randomly") and to roll against that friend: the log says so with the text's words. The d100 itself
 * (`intoMeleeRoll`) is resolving's, in resolve-parts.ts.
 */

import { toFloat } from '../../dice/fraction.ts'
import type { Declared } from '../../engine/types.ts'
import { plural } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { ModifierToggle } from '../../system.ts'
import * as spelljammer from './screen-rules.ts'

const RULE = spelljammer.RULE

/** One toggle per printed mix, exclusive: "Into melee: 1 friend, 2 foes". */
export const INTO_MELEE_TOGGLES: ReadonlyArray<ModifierToggle & { friends: number; foes: number }> =
  spelljammer.SHOOTING_INTO_MELEE_TABLE.map(({ friends, foes, friendOn }) => ({
    id: `into-melee-${friends}-${foes}`,
    label: `Into melee: ${plural(friends, 'friend')}, ${plural(foes, 'foe')}`,
    effect: `at a friend on ${friendOn} or less (d100 + rank and bonuses)`,
    rule: RULE.shootingIntoMelee,
    friends,
    foes,
  }))

const isIntoMelee = (id: string) => id.startsWith('into-melee-')

/** The declared toggles without the mix, and the mix itself (refused when two are set). */
export function intoMeleeOf(
  declared: Declared,
): Outcome<{ toggles: string[]; mix: { friends: number; foes: number } | null }> {
  const set = INTO_MELEE_TOGGLES.filter((t) => declared.toggles.includes(t.id))
  if (set.length > 1) return fail(`Choose only one of "${set[0]?.label}" and "${set[1]?.label}".`)
  const mix = set[0] ? { friends: set[0].friends, foes: set[0].foes } : null
  return ok({ toggles: declared.toggles.filter((id) => !isIntoMelee(id)), mix })
}

export type Shooter = Pick<spelljammer.Sheet, 'masterBowmanRank'>
export type Bow = Pick<spelljammer.Weapon, 'rank' | 'specialization'>

/** The chance the shot goes at a friend, exactly, as a number. */
export function friendChance(shooter: Shooter, weapon: Bow, mix: { friends: number; foes: number }) {
  const p = spelljammer.chanceTargetsFriend(shooter, weapon, mix.friends, mix.foes)
  return p.ok ? ok(toFloat(p.value)) : p
}
