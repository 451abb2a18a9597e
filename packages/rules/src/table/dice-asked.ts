/**
 * Attacks rolled on the player's own dice: which dice the attack asks for, in order, given the faces
 * typed so far, and what those faces would do. The phone asks die by die; the room checks them again.
 */
import type { CombatRules, Declared, Fighter } from './types.ts'

export interface DiceAsked {
  /** Each die the attack asks for so far: the typed ones, then the next one still to type. */
  asked: Array<{ sides: number; label: string }>
  /** Every die the attack needs (before any defense) is typed. */
  complete: boolean
  /** With `complete`, what these dice would do, or why they cannot. */
  outcome?: { ok: true; summary: string } | { ok: false; error: string }
}

class NextDie extends Error {}

export function diceAsked(
  rules: CombatRules,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  typed: readonly number[],
): DiceAsked {
  const asked: DiceAsked['asked'] = []
  const roll = (sides: number, label: string) => {
    const face = typed[asked.length]
    asked.push({ sides, label })
    if (face === undefined) throw new NextDie()
    if (!Number.isInteger(face) || face < 1 || face > sides)
      throw new RangeError(`Your die for ${label} is a d${sides}: it shows 1 to ${sides}, not ${face}.`)
    return face
  }
  try {
    const resolved = rules.resolve(attacker, target, declared, null, roll)
    return {
      asked,
      complete: true,
      outcome: resolved.ok ? { ok: true, summary: resolved.value.summary } : resolved,
    }
  } catch (error) {
    if (error instanceof NextDie) return { asked, complete: false }
    if (error instanceof RangeError)
      return { asked, complete: true, outcome: { ok: false, error: error.message } }
    throw error
  }
}
