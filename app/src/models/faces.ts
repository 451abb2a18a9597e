/** Faces a player typed from their own dice, checked before they are sent: an error says what to fix. */
import { QUICK_ROLL_SIDES, type QuickRoll } from '@fray/protocol'
import { fail, type Outcome, ok } from '@fray/rules'

/** Checks the face of a quick-roll die typed in by a player; an error says what to fix. */
export function validateFace(die: QuickRoll, text: string): Outcome<number> {
  const face = Number(text.trim())
  const sides = QUICK_ROLL_SIDES[die]
  if (text.trim() === '' || !Number.isInteger(face)) return fail(`Type the number your ${die} shows.`)
  if (face < 1 || face > sides) return fail(`A ${die} shows 1 to ${sides}, not ${face}.`)
  return ok(face)
}

/**
 * Checks typed initiative faces against the dice the turn asks for (`sides`, one entry per die): an
 * error names the die and the faces it can show, so the player fixes the one they typed.
 */
export function checkFaces(sides: readonly number[], typed: readonly string[]): Outcome<number[]> {
  const faces: number[] = []
  for (const [i, n] of sides.entries()) {
    const text = (typed[i] ?? '').trim()
    const face = Number(text)
    const which = sides.length > 1 ? ` for attack ${i + 1}` : ''
    if (text === '' || !Number.isInteger(face)) return fail(`Type the number your d${n}${which} shows.`)
    if (face < 1 || face > n) return fail(`A d${n} shows 1 to ${n}, not ${face}.`)
    faces.push(face)
  }
  return ok(faces)
}
