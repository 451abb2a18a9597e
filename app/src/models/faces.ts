/** Faces a player typed from their own dice, checked before they are sent: an error says what to fix. */
import { QUICK_ROLL_SIDES, type QuickRoll } from '@fray/protocol'
import { fail, isFace, notAFace, type Outcome, ok } from '@fray/rules'

/** Checks the face of a quick-roll die typed in by a player; an error says what to fix. */
export function validateFace(die: QuickRoll, text: string): Outcome<number> {
  const face = Number(text.trim())
  const sides = QUICK_ROLL_SIDES[die]
  if (text.trim() === '' || !Number.isInteger(face)) return fail(`Type the number your ${die} shows.`)
  if (!isFace(face, sides)) return fail(notAFace(face, sides))
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
    if (!isFace(face, n)) return fail(notAFace(face, n))
    faces.push(face)
  }
  return ok(faces)
}
