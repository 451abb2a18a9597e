/**
 * Die faces typed in at the table or handed over by a roller, checked before anything reads them, so a
 * player who types a 7 on a d6 gets a sentence, not a crash.
 */

/** Whether `value` is a face of a d`sides`: a whole number from 1 to `sides`. */
export function isFace(value: unknown, sides: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= sides
}

/** "A d6 shows 1 to 6, not 7.": the sentence for a face its die cannot show. */
export function notAFace(value: number, sides: number): string {
  return `A d${sides} shows 1 to ${sides}, not ${value}.`
}
