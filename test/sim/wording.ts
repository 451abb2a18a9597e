/**
 * Words a player reads wrong (#54: "Kestrel rolled 1d6: 7 (5)"; "Captain Vex rolled 1d10 + 1d8: 10 (5, 2)",
 * 10 being the first segment, not a sum; "all 1 attacks"; "Attacker's sword-short takes damage", an id).
 * Judged from the text and the log entry's own fields, never by asking the code that wrote them: a roll's
 * total is added up again here from its faces and the numbers its notation adds.
 */
import type { LogEntry } from '@fray/protocol'

/** What a program value looks like where words should be ("undefined", "NaN", "[object Object]"). */
const PROGRAM = /undefined|NaN|\[object/

/** An id in lower case joined by hyphens or underscores ("sword-short", "first_aid"), or a uuid's head. */
const ID = /(?<![\p{L}\d'’-])[a-z][a-z\d]*(?:[-_][a-z\d]+)+(?![\p{L}\d-])|\b[\da-f]{8}-[\da-f]{4}\b/gu

/**
 * Hyphened words of English the table's texts use, which read like ids but are words. Only words: a
 * weapon's or a choice's id that happens to be one would still read right.
 */
const HYPHENED = new Set([
  'one-handed',
  'two-handed',
  'two-weapon',
  'hand-to-hand',
  'full-round',
  'half-move',
  'hit-and-run',
  'non-magical',
  'short-range',
  'medium-range',
  'long-range',
  'end-of-round',
  'follow-up',
  'first-aid',
  'semi-automatic',
  'self-loading',
  'low-velocity',
  'high-velocity',
  'well-armed',
  'non-lethal',
  'to-hit',
  'always-on',
  're-engages',
  'unaware-target',
])

/**
 * Nouns a count goes with: "1 attacks" is wrong, "1 attack" right. Not a name's number ("Goblin 1 turns
 * their back", "Rat 1 hit points"), a negative ("dead at -1 hit points") or the end of a range ("from 3 to
 * 1 hit points"), where the plural is English.
 */
const COUNTED =
  /(?<![\d.,-]|\p{Lu}\p{Ll}*\s|from -?\d+ to\s)\b(1|[Oo]ne) (attacks|rounds|segments|turns|actions|hit points|points|dice|faces|wounds|foes|hours|minutes|shots|zones|times|levels|monsters|combatants|arrows|bolts|spells|characters|men)\b/u

/** What is wrong with a line of text, or null. */
export function textFlaw(text: string): string | null {
  if (PROGRAM.test(text)) return 'a program value where words should be'
  for (const m of text.matchAll(ID)) {
    const word = m[0]
    if (!HYPHENED.has(word)) return `"${word}" is an id, not a word`
  }
  const count = text.match(COUNTED)
  if (count) return `"${count[0]}": one takes the singular`
  return sumFlaw(text)
}

/** The numbers a part of a sum says: its last number, or the faces of a list in brackets added up. */
function partValue(part: string): number | null {
  const list = part.match(/\(([-\d, ]+)\)\s*$/)
  if (list?.[1]) {
    const faces = list[1].split(',').map((s) => Number(s.trim()))
    return faces.every(Number.isFinite) ? faces.reduce((a, b) => a + b, 0) : null
  }
  // Dice ("2d6 = 7") are what was rolled, not a number to add.
  if (/\d*d\d+\s*$/i.test(part)) return null
  const last = part.match(/(-?\d+)\s*$/)
  return last?.[1] ? Number(last[1]) : null
}

/**
 * A sum written out ("d6 shows 5 + DEX bonus 2 = 7", "2d6 (5, 3) + 1 = 9") whose parts do not add up to
 * what it says. A part with no number of its own ends the sum: only what is written out is added.
 */
export function sumFlaw(text: string): string | null {
  for (const m of text.matchAll(/([^:;=.]*?)\s=\s(-?\d+)(?!\d)/g)) {
    const said = Number(m[2])
    const parts = (m[1] ?? '').split(/\s([+-])\s/)
    let sum = 0
    let sign = 1
    let read = true
    for (const [i, part] of parts.entries()) {
      if (i % 2 === 1) {
        sign = part === '-' ? -1 : 1
        continue
      }
      const value = partValue(part)
      if (value === null) {
        read = false
        break
      }
      sum += sign * value
    }
    if (read && sum !== said) return `"${m[0].trim()}" adds up to ${sum}, not ${said}`
  }
  return null
}

/** A notation read here, on its own: each "NdS" (or "dS") and each number added or taken away. */
function readNotation(notation: string): { sides: number[]; constant: number } | null {
  const sides: number[] = []
  let constant = 0
  const terms = notation.replace(/\s+/g, '').match(/[+-]?[^+-]+/g) ?? []
  for (const term of terms) {
    const sign = term.startsWith('-') ? -1 : 1
    const body = term.replace(/^[+-]/, '')
    const dice = body.match(/^(\d*)d(\d+)$/i)
    if (dice) {
      const count = dice[1] ? Number(dice[1]) : 1
      for (let i = 0; i < count; i++) sides.push(Number(dice[2]))
      continue
    }
    if (!/^\d+$/.test(body)) return null
    constant += sign * Number(body)
  }
  return { sides, constant }
}

/**
 * A plain roll as the log states it, "<by> rolled <notation>: <total> (<faces>)": the faces must be the
 * notation's dice, and the total their sum with what the notation adds. Dice rolled apart ("1d10+5, 1d8+5:
 * 10, 7 (5, 2)") state each one's total, each its own die and what its part adds. Outcomes (an attack, an
 * end of round) say their result in their own sentence, and a sealed roll before its reveal states nothing.
 */
export function rollFlaw(e: LogEntry): string | null {
  if (e.kind || (e.sealed && !e.sealed.revealed)) return null
  const parts = e.notation.split(',')
  const said = `${e.by} rolled ${e.notation}: ${(e.totals ?? [e.total]).join(', ')} (${e.faces.join(', ')})`
  if (parts.length > 1 && e.totals?.length !== parts.length)
    return `${said}: ${parts.length} rolls apart, ${e.totals?.length ?? 'no'} totals of them`
  const totals = e.totals ?? [e.total]
  let face = 0
  for (const [i, part] of parts.entries()) {
    const read = readNotation(part)
    if (!read) return `${said}: "${part.trim()}" does not read as dice`
    const faces = e.faces.slice(face, face + read.sides.length)
    face += read.sides.length
    if (faces.length !== read.sides.length)
      return `${said}: more dice named than the ${e.faces.length} faces shown`
    const bad = faces.findIndex((f, j) => !Number.isInteger(f) || f < 1 || f > (read.sides[j] ?? 0))
    if (bad !== -1) return `${said}: a d${read.sides[bad]} does not show ${faces[bad]}`
    const sum = faces.reduce((a, b) => a + b, 0) + read.constant
    if (sum !== totals[i]) return `${said}: ${part.trim()} and its faces make ${sum}, not ${totals[i]}`
  }
  if (face !== e.faces.length) return `${said}: ${face} dice named, ${e.faces.length} faces shown`
  return null
}

/** Every text of a log entry a player or the GM reads: its sentence, its breakdown, who it is by. */
export function entryTexts(e: LogEntry): string[] {
  return [
    e.by,
    e.detail ?? '',
    ...(e.lines ?? []).flatMap((l) => [l.label, l.rule ?? '']),
    ...(e.rolls ?? []).map((r) => r.label),
  ].filter((t) => t !== '')
}

/** What is wrong with a log entry's words or numbers, or null. */
export function entryFlaw(e: LogEntry): string | null {
  const roll = rollFlaw(e)
  if (roll) return roll
  for (const text of entryTexts(e)) {
    const wrong = textFlaw(text)
    if (wrong) return `${wrong}, in "${text}"`
  }
  return null
}
