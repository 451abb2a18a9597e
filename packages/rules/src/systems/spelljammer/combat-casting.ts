/**
 * Casting at the table (Casting Cleric Spells, Casting Mage Spells, Action Declaration): a caster begins
 * a spell on their place in the round ("roll initiative normally to determine when you begin casting"),
 * and it goes off its casting time later, on a segment the turn model adds to the round; too late for
 * this round, it begins on 10 of the next. Meanwhile the caster has no DEF from DEX, Defense or Shield,
 * and a hit loses the spell and the caster's action for the round. The room tells the rules the segment
 * of each attack (`segmentFact`, the turn model's fact); the spell's effect is the GM's, since the text
 * gives spells none.
 */

import type { AttackChoice, Declared, Fighter, Preview } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import type { BreakdownLine } from '../../system.ts'
import * as spelljammer from './screen-rules.ts'

const RULE = spelljammer.RULE

/** A spell being cast: the sheet's spell, when it began and when it goes off. */
export interface Casting {
  spell: number
  startsOn: number
  goesOffOn: number
  /** Too late for the round it was declared in: it begins on 10 of the next round. */
  next?: boolean
}

const SEGMENT = 'segment:'

/** The fact the turn model gives an attack made on a segment of the countdown. */
export const segmentFact = (at: number) => `${SEGMENT}${at}`

/** The segment an attack is made on, as the room said; null outside a running round. */
export function segmentOf(declared: Declared): number | null {
  const fact = declared.round?.find((f) => f.startsWith(SEGMENT))
  const at = fact === undefined ? Number.NaN : Number(fact.slice(SEGMENT.length))
  return Number.isInteger(at) ? at : null
}

const CAST = /^cast-(\d+)$/
export const RELEASE = 'release'

const ruleOf = (spell: spelljammer.Spell) =>
  spell.caster === 'cleric' ? RULE.clericCasting : RULE.mageCasting

/** Whether the caster is mid-casting when an attack lands on `segment` (null: the segment is not known). */
export function castingNow(casting: Casting | undefined, segment: number | null): boolean {
  if (!casting || casting.next) return false
  return segment === null || (segment <= casting.startsOn && segment > casting.goesOffOn)
}

/** The casting choices of a fighter: a spell to begin, or the one under way going off. */
export function castingChoices(sheet: spelljammer.Sheet, casting?: Casting): AttackChoice[] {
  if (casting) {
    const spell = sheet.spells[casting.spell]
    if (!spell || casting.next) return []
    return [{ id: RELEASE, label: `${spell.name} goes off`, verb: `${spell.name} goes off` }]
  }
  return sheet.spells.map((spell, i) => ({
    id: `cast-${i}`,
    label: `Cast ${spell.name} (casting time ${spelljammer.castingTime(spell)})`,
    self: true,
    verb: `Begin casting ${spell.name}`,
  }))
}

/** Why a caster who is casting cannot do anything else, or null. */
export function busyCasting(f: Fighter, sheet: spelljammer.Sheet, casting?: Casting): string | null {
  const spell = casting && sheet.spells[casting.spell]
  if (!casting || !spell) return null
  return casting.next
    ? `${f.name} begins casting ${spell.name} on 10 of the next round: nothing else this round.`
    : `${f.name} is casting ${spell.name}: it goes off on segment ${casting.goesOffOn}, and that is all this round.`
}

/** What a cast or a release the attacker chose does, worked out before anything changes. */
export interface CastingStep {
  /** The caster's casting after it (undefined: none). */
  casting: Casting | undefined
  summary: string
  lines: BreakdownLine[]
}

/** Whether a choice is a cast or a release (`castingChoices`). */
export const isCasting = (choice: string) => CAST.test(choice) || choice === RELEASE

/** Beginning a spell, or the one under way going off (`isCasting`). */
export function castingStep(
  caster: Fighter,
  target: Fighter,
  sheet: spelljammer.Sheet,
  declared: Declared,
  casting: Casting | undefined,
): Outcome<CastingStep> {
  const cast = CAST.exec(declared.choice)
  const segment = segmentOf(declared)
  if (segment === null) return fail('A spell is cast on your place in the round: it needs the round running.')
  if (declared.choice === RELEASE) {
    const spell = casting && !casting.next ? sheet.spells[casting.spell] : undefined
    if (!casting || !spell) return fail(`${caster.name} is not casting a spell to go off.`)
    if (segment > casting.goesOffOn)
      return fail(`${spell.name} goes off on segment ${casting.goesOffOn}, not before.`)
    return ok({
      casting: undefined,
      summary: `${caster.name}’s ${spell.name} goes off on ${target.name} (segment ${segment}): the GM applies what the spell does.`,
      lines: [{ label: `${spell.name} goes off on segment`, value: segment, rule: ruleOf(spell) }],
    })
  }
  if (casting) return fail(busyCasting(caster, sheet, casting) ?? 'Already casting.')
  if (target.id !== caster.id)
    return fail('A spell is begun by its caster: its target comes when it goes off.')
  const index = Number(cast?.[1])
  const spell = sheet.spells[index]
  if (!spell) return fail('Choose a spell from your sheet to cast.')
  const plan = spelljammer.planCasting(spell, segment)
  const next = plan.round === 'next'
  const words = next
    ? plan.castingTime >= spelljammer.ONE_ROUND
      ? `a 1-round spell begins on 10, so it begins on 10 of the next round and goes off on ${plan.goesOffOn}`
      : `it would go off on ${segment - plan.castingTime}, past -5, so it begins on 10 of the next round and goes off on ${plan.goesOffOn}`
    : `it goes off on segment ${plan.goesOffOn}${plan.startsOn !== segment ? ` (a 1-round spell begins on ${plan.startsOn})` : ''}`
  return ok({
    casting: { spell: index, startsOn: plan.startsOn, goesOffOn: plan.goesOffOn, ...(next && { next }) },
    summary: `${caster.name} begins casting ${spell.name} on segment ${segment} (casting time ${plan.castingTime}): ${words}; until then no DEF from DEX, Defense or Shield, and a hit loses the spell.`,
    lines: plan.breakdown,
  })
}

/** The attack sheet's words for a cast or a release: no roll, the plan is the odds. */
export function castingPreview(step: CastingStep): Preview {
  return { chance: 1, summary: step.summary, lines: step.lines, dice: false }
}

/** At the round's end: a spell begun too late starts on 10 now; one that never went off is lost. */
export function castingAtRoundEnd(
  f: Fighter,
  sheet: spelljammer.Sheet | null,
  casting: Casting | undefined,
): { casting: Casting | undefined; event: string | null } {
  if (!casting) return { casting, event: null }
  const spell = sheet?.spells[casting.spell]?.name ?? 'spell'
  if (casting.next) {
    const { next: _next, ...now } = casting
    return {
      casting: now,
      event: `${f.name} begins casting ${spell} on 10; it goes off on ${casting.goesOffOn}`,
    }
  }
  return { casting: undefined, event: `${f.name}’s ${spell} never went off: it is lost` }
}

/** The chip of a caster. */
export function castingChip(sheet: spelljammer.Sheet | null, casting: Casting | undefined): string | null {
  if (!casting) return null
  const spell = sheet?.spells[casting.spell]?.name ?? 'a spell'
  return casting.next
    ? `Casting ${spell} next round (goes off on ${casting.goesOffOn})`
    : `Casting ${spell} (goes off on ${casting.goesOffOn})`
}
