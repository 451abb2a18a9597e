/** Initiative: d6 per player and per group of foes, ties simultaneous, haste, reach, charges, and who strikes first. */
import { isFace } from '../../dice/faces.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type OdndOptions, withDefaults } from './options.ts'

/** One initiative roller: a player, or one group of foes ("a group of skeletons, an evil wizard ..."). */
export interface InitiativeEntry {
  id: string
  side: 'party' | 'foes'
  /** The d6; with the one-roll party option, party entries take the party's roll instead. */
  roll?: number
  /** "Magically HASTED creatures move twice as fast and always have initiative". */
  hasted?: boolean
  /** "Fighters with multiple attacks will attack first and last in the melee round". */
  multipleAttacks?: boolean
}

/** One beat of the round: everyone in it acts at once ("anyone killed in that round still gets their attack"). */
export interface InitiativeStep {
  ids: string[]
  simultaneous: boolean
  why: string
  /** The d6 this beat acts on, in the count from 6 down (not the hasted's or multiple attacks' beats). */
  roll?: number
}

/**
 * The order of a round. Hasted creatures go first (among several, by their rolls, ties together);
 * fighters with multiple attacks then strike first, everyone else follows highest roll first with ties
 * simultaneous, and the multi-attack fighters strike again last.
 */
export function initiativeOrder(
  entries: readonly InitiativeEntry[],
  partyRoll?: number,
  options: Partial<OdndOptions> = {},
): Outcome<InitiativeStep[]> {
  const opts = withDefaults(options)
  const ids = new Set<string>()
  for (const e of entries) {
    if (ids.has(e.id)) throw new Error(`initiative entry ${e.id} appears twice`)
    ids.add(e.id)
  }
  if (opts.partyInitiative === 'one-roll' && entries.some((e) => e.side === 'party') && !isFace(partyRoll, 6))
    return fail('Roll one d6 for the whole party.')
  const rolled: Array<InitiativeEntry & { roll: number }> = []
  for (const e of entries) {
    const roll = opts.partyInitiative === 'one-roll' && e.side === 'party' ? partyRoll : e.roll
    if (!isFace(roll, 6)) return fail(`${e.id} needs an initiative d6 from 1 to 6.`)
    rolled.push({ ...e, roll })
  }
  const byRoll = (group: typeof rolled, why: string, counted: boolean): InitiativeStep[] => {
    const rolls = [...new Set(group.map((e) => e.roll))].sort((x, y) => y - x)
    return rolls.map((r) => {
      const ids = group.filter((e) => e.roll === r).map((e) => e.id)
      return { ids, simultaneous: ids.length > 1, why: `${why} ${r}`, ...(counted ? { roll: r } : {}) }
    })
  }
  const hasted = rolled.filter((e) => e.hasted)
  const multi = rolled.filter((e) => !e.hasted && e.multipleAttacks)
  const rest = rolled.filter((e) => !e.hasted && !e.multipleAttacks)
  const steps: InitiativeStep[] = [...byRoll(hasted, 'Hasted, initiative', false)]
  if (multi.length)
    steps.push({
      ids: multi.map((e) => e.id),
      simultaneous: multi.length > 1,
      why: 'Multiple attacks: first',
    })
  steps.push(...byRoll(rest, 'Initiative', true))
  if (multi.length)
    steps.push({ ids: multi.map((e) => e.id), simultaneous: multi.length > 1, why: 'Multiple attacks: last' })
  return ok(steps)
}

/** What decides who strikes first between two foes in melee. */
export interface Striker {
  id: string
  /** Initiative d6 (the side's or group's roll). */
  roll: number
  /** Reach in feet of the weapon in hand. */
  reach: number
  hasted?: boolean
  surprised?: boolean
  charging?: boolean
  mounted?: boolean
  /** A spear or pike set against this charge. */
  setSpear?: boolean
}

export interface FirstStrike {
  first: string | 'simultaneous'
  why: string
  rule: string
}

/**
 * Who strikes first in one melee pairing, by the text's precedence: surprise; a charge meets set spears
 * or longer reach ("the opponent with the longer weapon reach attacks first"); haste; reach in the first
 * round of melee ("regardless of who has the initiative"); then initiative, ties simultaneous.
 */
export function whoStrikesFirst(a: Striker, b: Striker, meleeRound: number): FirstStrike {
  if (a.surprised !== b.surprised) {
    const first = a.surprised ? b.id : a.id
    return { first, why: 'the other is surprised', rule: 'SURPRISE' }
  }
  const charger = a.charging && !b.charging ? a : b.charging && !a.charging ? b : null
  if (charger) {
    const other = charger === a ? b : a
    if (other.setSpear && !charger.mounted)
      return {
        first: other.id,
        why: 'a set spear strikes an unmounted charger first',
        rule: 'CHARGING ATTACKS',
      }
    if (other.reach > charger.reach)
      return { first: other.id, why: 'the longer weapon meets the charge first', rule: 'CHARGING ATTACKS' }
    if (other.setSpear && other.reach === charger.reach)
      return {
        first: 'simultaneous',
        why: 'a charge onto set spears of equal reach',
        rule: 'CHARGING ATTACKS',
      }
    return {
      first: charger.id,
      why: 'initiative is not checked at the end of a charge',
      rule: 'CHARGING ATTACKS',
    }
  }
  if (a.hasted !== b.hasted)
    return { first: a.hasted ? a.id : b.id, why: 'hasted', rule: 'ENCOUNTER ORDER: haste' }
  if (meleeRound === 1 && a.reach !== b.reach) {
    const first = a.reach > b.reach ? a.id : b.id
    return { first, why: 'reach advantage in the first round of melee', rule: 'Melee Weapon Reach' }
  }
  if (a.roll === b.roll) return { first: 'simultaneous', why: 'tied initiative', rule: 'ENCOUNTER ORDER 6' }
  return { first: a.roll > b.roll ? a.id : b.id, why: 'higher initiative', rule: 'ENCOUNTER ORDER 6' }
}
