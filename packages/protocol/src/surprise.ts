/**
 * Surprise when a fight starts, as each system's text has it, driven by the rules package: who cannot act
 * in the first round, who may attack back only once, who starts concealed. The room rolls the dice.
 */
import { fail, type Outcome, odnd, ok, osr, type SystemId, spelljammer, unreachable } from '@fray/rules'
import { surpriseOptions, type Unaware } from './surprise-options.ts'
import { sheetOf, type TurnCombatant } from './turns.ts'

export { surpriseOptions, type Unaware }

/** The GM's call when starting: which side might be caught unaware, and whether the other lay in wait. */
export interface SurpriseSetup {
  unaware: Unaware
  /** osr: the other side is well hidden and prepared to ambush (+3 on the surprise roll). */
  ambush: boolean
}

export interface SurpriseRoll {
  by: string
  sides: number
  faces: number[]
  total: number
  detail: string
}

export interface SurpriseOutcome {
  /** Cannot act in the first round. */
  surprised: string[]
  /** spelljammer: may attack back only once in the first round (a 2x PER ambush roll). */
  oneAttack: string[]
  /** zones: concealed at the start, so they play a bonus round of their own. */
  concealed: string[]
  /** One entry per roll, for the log. */
  rolls: SurpriseRoll[]
}

const SIDE_NAME = { pc: 'the party', foe: 'the foes' } as const
const sidesOf = (unaware: Unaware): Array<'pc' | 'foe'> => (unaware === 'both' ? ['pc', 'foe'] : [unaware])

/** Checks surprise for a fight about to start; `roll(sides)` is the room's die. */
export function checkSurprise(
  system: SystemId,
  combatants: readonly TurnCombatant[],
  setup: SurpriseSetup,
  roll: (sides: number) => number,
): Outcome<SurpriseOutcome> {
  if (!surpriseOptions(system).includes(setup.unaware)) {
    return fail(
      system === 'brp'
        ? 'BRP has no surprise check: use “defender unaware” on the attacks instead.'
        : 'In this system one side lies in wait: choose the party or the foes as the unaware side.',
    )
  }
  const result: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [] }
  switch (system) {
    case 'osr':
      for (const side of sidesOf(setup.unaware)) {
        const members = combatants.filter((c) => c.side === side)
        if (members.length === 0) continue
        const sheets: osr.Sheet[] = []
        for (const c of members) {
          const sheet = sheetOf(system, c)
          if (!sheet.ok) return sheet
          sheets.push(sheet.value as osr.Sheet)
        }
        const d20 = roll(20)
        const checked = osr.checkSurprise(sheets, d20, setup.ambush)
        if (!checked.ok) return checked
        const first = checked.value[0]
        const verdicts = checked.value.map(
          (r, i) => `${members[i]?.name} ${r.surprised ? 'surprised' : 'not surprised'} (${r.dc}+)`,
        )
        checked.value.forEach((r, i) => {
          if (r.surprised) result.surprised.push(members[i]?.id as string)
        })
        result.rolls.push({
          by: `Surprise: ${SIDE_NAME[side]}`,
          sides: 20,
          faces: [d20],
          total: first?.total ?? d20,
          detail: `Surprise (one d20 for ${SIDE_NAME[side]}): ${first?.lines.map((l) => `${l.label} ${l.value}`).join(' + ')}: ${verdicts.join('; ')}`,
        })
      }
      return ok(result)
    case 'odnd': {
      const party = odnd.normalSide('The party')
      const foes = odnd.normalSide('The foes')
      const dice = { pc: 0, foe: 0 }
      for (const side of sidesOf(setup.unaware)) dice[side] = roll(6)
      const caught = { pc: false, foe: false }
      let summary: string
      if (setup.unaware === 'both') {
        const both = odnd.rollSurprise(party, foes, { a: dice.pc, b: dice.foe })
        if (!both.ok) return both
        caught.pc = both.value.aSurprised && !both.value.cancelled
        caught.foe = both.value.bSurprised && !both.value.cancelled
        summary = both.value.summary
      } else {
        const side = setup.unaware
        const range = odnd.surpriseRange(side === 'pc' ? foes : party, side === 'pc' ? party : foes)
        caught[side] = dice[side] <= range
        summary = `${SIDE_NAME[side]} ${caught[side] ? 'are surprised: the other side gets a free round' : 'are not surprised'} (1-${range} on a d6).`
      }
      for (const side of sidesOf(setup.unaware)) {
        result.rolls.push({
          by: `Surprise: ${SIDE_NAME[side]}`,
          sides: 6,
          faces: [dice[side]],
          total: dice[side],
          detail: `Surprise d6 ${dice[side]}: ${summary}`,
        })
      }
      for (const c of combatants) if (caught[c.side]) result.surprised.push(c.id)
      return ok(result)
    }
    case 'spelljammer': {
      // Each character of the ambushed side makes a PER roll; a 1x roll lets them shout a warning
      // that moves everyone down one tier.
      const members = combatants.filter((c) => c.side === setup.unaware)
      const rolled: Array<{ c: TurnCombatant; per: number; d100: number }> = []
      for (const c of members) {
        const sheet = sheetOf(system, c)
        if (!sheet.ok) return sheet
        rolled.push({ c, per: (sheet.value as spelljammer.Sheet).per, d100: roll(100) })
      }
      const first = rolled.map((r) => spelljammer.ambushResult(r.d100, r.per))
      const failed = first.find((r) => !r.ok)
      if (failed && !failed.ok) return failed
      const warned = spelljammer.canShoutWarning(first.flatMap((r) => (r.ok ? [r.value] : [])))
      for (const { c, per, d100 } of rolled) {
        const tier = spelljammer.ambushResult(d100, per, warned)
        if (!tier.ok) return tier
        const { attacksBack } = tier.value
        if (attacksBack === 0) result.surprised.push(c.id)
        if (attacksBack === 1) result.oneAttack.push(c.id)
        const back =
          attacksBack === 0 ? 'no attacks back' : attacksBack === 1 ? 'one attack back' : 'acts normally'
        result.rolls.push({
          by: c.name,
          sides: 100,
          faces: [d100],
          total: d100,
          detail: `Ambush PER roll: d100 ${d100} vs PER ${per}: ${tier.value.rolledTier}x${warned ? `, warned: ${tier.value.tier}x` : ''}, ${tier.value.summary} (${back})`,
        })
      }
      return ok(result)
    }
    case 'zones': {
      const hiding = combatants.filter((c) => c.side !== setup.unaware)
      result.concealed = hiding.map((c) => c.id)
      return ok(result)
    }
    case 'brp':
      return fail('BRP has no surprise check: use “defender unaware” on the attacks instead.')
    default:
      return unreachable(system)
  }
}

/** Reads a surprise setup a client sent; null when absent or not one. */
export function parseSurpriseSetup(value: unknown): SurpriseSetup | null {
  const v = value as { unaware?: unknown; ambush?: unknown } | null
  if (typeof v !== 'object' || v === null) return null
  if (v.unaware !== 'pc' && v.unaware !== 'foe' && v.unaware !== 'both') return null
  return { unaware: v.unaware, ambush: v.ambush === true }
}
