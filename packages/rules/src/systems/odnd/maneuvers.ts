/** Follow-ups of special attacks: disarm, dismount and whip saves, and the grappling contest by hit dice. */
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { Sheet } from './sheet.ts'
import { abilityBonus } from './tables.ts'

/** "For every 3 XP levels the [target] is above the attacker's level, add a +1 to the roll." */
export function levelGapBonus(targetLevel: number, attackerLevel: number): number {
  return Math.floor(Math.max(0, targetLevel - attackerLevel) / 3)
}

export interface SaveResult {
  saved: boolean
  total: number
  needed: number
  breakdown: BreakdownLine[]
  summary: string
}

const isD20 = (n: number) => Number.isInteger(n) && n >= 1 && n <= 20

function save(
  who: Sheet,
  d20: number,
  extra: BreakdownLine[],
  rule: string,
  onSave: string,
  onFail: string,
): Outcome<SaveResult> {
  if (!isD20(d20)) return fail('A d20 shows a whole number from 1 to 20.')
  const breakdown: BreakdownLine[] = [
    { label: `${who.name} save vs Paralysis d20`, value: d20, rule },
    ...extra,
  ]
  const total = breakdown.reduce((s, l) => s + l.value, 0)
  const saved = total >= who.saveParalysis
  breakdown.push({ label: `needs ${who.saveParalysis}`, value: who.saveParalysis, rule: 'sheet' })
  return ok({ saved, total, needed: who.saveParalysis, breakdown, summary: saved ? onSave : onFail })
}

/** After a disarming hit: the target saves vs Paralysis (+1 per 3 levels above the attacker) or drops the weapon. */
export function disarmSave(target: Sheet, attacker: Sheet, d20: number): Outcome<SaveResult> {
  const bonus = levelGapBonus(target.level, attacker.level)
  const extra = bonus ? [{ label: '+1 per 3 levels above the attacker', value: bonus, rule: 'Disarm' }] : []
  return save(target, d20, extra, 'Disarm', `${target.name} keeps the weapon.`, `${target.name} is disarmed.`)
}

/** After a dismounting polearm hit: the rider saves vs Paralysis (+1 per 3 levels above the attacker) to stay mounted. */
export function dismountSave(rider: Sheet, attacker: Sheet, d20: number): Outcome<SaveResult> {
  const bonus = levelGapBonus(rider.level, attacker.level)
  const extra = bonus ? [{ label: '+1 per 3 levels above the attacker', value: bonus, rule: 'Dismount' }] : []
  return save(rider, d20, extra, 'Dismount', `${rider.name} stays mounted.`, `${rider.name} is dismounted.`)
}

/**
 * After a whip hit: the WIELDER saves vs Paralysis, minus the target's STR bonus, to entangle the chosen
 * area: the target may be yanked off its feet, or the weapon or held item pulled away.
 */
export function entangleSave(
  wielder: Sheet,
  target: Sheet,
  aim: 'target' | 'weapon',
  d20: number,
): Outcome<SaveResult> {
  const str = abilityBonus(target.str)
  const extra = str ? [{ label: `${target.name} STR bonus subtracted`, value: -str, rule: 'Whip' }] : []
  const what =
    aim === 'target'
      ? `${target.name} is entangled and may be yanked off their feet.`
      : `${target.name}'s weapon is pulled away.`
  return save(wielder, d20, extra, 'Whip', what, 'The whip fails to entangle.')
}

/** A grappler or the one grappled: their hit dice and the d6 they rolled, one per hit die. */
export interface Grappler {
  name: string
  hitDice: number
  faces: readonly number[]
}

export interface GrappleResult {
  attackersTotal: number
  defenderTotal: number
  /** Pinned helplessly; struggling on their feet unable to use a weapon; or thrown off. */
  result: 'pinned' | 'struggling' | 'thrown-off'
  /** Rounds the attackers are stunned when thrown off: the hero's roll minus their combined rolls. */
  stunRounds: number
  breakdown: BreakdownLine[]
  summary: string
}

/** d6 per hit die; a creature under 1 HD still rolls one. */
export const grappleDice = (hitDice: number): number => Math.max(1, Math.floor(hitDice))

/**
 * The grappling contest once some foes have hit: each rolls a d6 per hit die, combined, against the
 * defender's d6 per hit die. Less: pinned. Equal: struggling. More: thrown off, the grapplers stunned for
 * the difference in rounds (5 orcs, 2 hit: 2 + 5 = 7 against the hero's 11 is 4 rounds).
 */
export function resolveGrapple(defender: Grappler, grapplers: readonly Grappler[]): Outcome<GrappleResult> {
  if (grapplers.length === 0) return fail('Nobody has grappled: no contest to roll.')
  const breakdown: BreakdownLine[] = []
  for (const g of [...grapplers, defender]) {
    if (g.faces.length !== grappleDice(g.hitDice))
      return fail(`${g.name} rolls ${grappleDice(g.hitDice)}d6 (one per hit die), not ${g.faces.length}.`)
    if (!g.faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)) return fail('A d6 shows 1 to 6.')
    for (const f of g.faces) breakdown.push({ label: `${g.name} d6`, value: f, rule: 'Grappling attacks' })
  }
  const sum = (g: Grappler) => g.faces.reduce((a, b) => a + b, 0)
  const attackersTotal = grapplers.reduce((s, g) => s + sum(g), 0)
  const defenderTotal = sum(defender)
  const result =
    defenderTotal < attackersTotal ? 'pinned' : defenderTotal === attackersTotal ? 'struggling' : 'thrown-off'
  const stunRounds = result === 'thrown-off' ? defenderTotal - attackersTotal : 0
  const summary =
    result === 'pinned'
      ? `${defender.name} is pinned helplessly (${defenderTotal} against ${attackersTotal}).`
      : result === 'struggling'
        ? `${defender.name} is on their feet and struggling, unable to defend with a weapon (${defenderTotal} each).`
        : `${defender.name} throws them off (${defenderTotal} against ${attackersTotal}): they are stunned for ${stunRounds} rounds; roll initiative again.`
  return ok({ attackersTotal, defenderTotal, result, stunRounds, breakdown, summary })
}
