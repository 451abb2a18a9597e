/**
 * A log entry in words, as every screen shows it. An attack's or an end of round's `detail` is the rules'
 * whole sentence, which already names who acted ("Sela hits Goblin 1 for 3."), so the name in `by` is
 * never put in front of it again: the sentence is shown alone, its opening name in bold when it has one.
 */
import type { LogEntry } from '@fray/protocol'

export const SOURCE: Record<LogEntry['source'], string> = {
  crypto: 'server dice',
  seeded: 'seeded dice',
  physical: 'own dice',
}

export const STATUS: Record<NonNullable<LogEntry['status']>, string> = {
  pending: 'waiting for the GM',
  approved: 'approved by the GM',
  rejected: 'rejected by the GM',
}

/** An outcome's sentence, split into the name it opens with (set in bold) and the rest. */
export function outcomeWords(e: LogEntry): { lead: string; rest: string } {
  const sentence = e.detail?.trim() || e.by
  return sentence.startsWith(e.by)
    ? { lead: e.by, rest: sentence.slice(e.by.length) }
    : { lead: '', rest: sentence }
}

/** Where an outcome's dice came from, said only when it rolled any (an end of round may roll none). */
export function outcomeSource(e: LogEntry): string | null {
  return e.faces.length > 0 ? SOURCE[e.source] : null
}

/**
 * An initiative roll as a sum a player reads at a glance: "d6 shows 5 + DEX bonus 2 = 7" (the rules'
 * breakdown, each die saying what it shows), or null for any other roll.
 */
export function initiativeSum(e: LogEntry): string | null {
  // Dice rolled apart (spelljammer's, one an attack) make no one sum: the rules' detail says each.
  if (!e.initiative || !e.detail || e.totals) return null
  const parts = e.detail
    .replace(/^Initiative:\s*/, '')
    .split(' + ')
    .map((part) => part.replace(/^(\d*d\d+) (-?\d+)$/, '$1 shows $2'))
  return `${parts.join(' + ')} = ${e.total}`
}

/** What a screen reader says when a roll lands: who, the total, and the dice (or, for an outcome, its sentence). */
export function announce(e: LogEntry): string {
  if (e.kind) {
    const { lead, rest } = outcomeWords(e)
    return `${lead}${rest}`
  }
  if (e.sealed && !e.sealed.revealed)
    return `${e.by} rolled ${e.notation} in secret. ${e.detail ?? ''}`.trim()
  const status = e.status ? `, ${STATUS[e.status]}` : ''
  return `${e.by} rolled ${e.notation}: ${rollTotal(e)} (${e.faces.join(', ')})${status}.${e.detail ? ` ${e.detail}` : ''}`
}

/** A roll's result as a screen states it: its total, or each die's where they were rolled apart. */
export function rollTotal(e: LogEntry): string {
  return e.totals ? e.totals.join(', ') : String(e.total)
}

/** What a sealed roll's mark says: secret, being checked, or whether its reveal matches its seal. */
export function sealWords(e: LogEntry, verified: boolean | undefined): string | null {
  if (!e.sealed) return null
  if (!e.sealed.revealed) return 'sealed: the result is kept until the GM reveals it'
  if (verified === undefined) return 'revealed, checking its seal…'
  return verified
    ? 'revealed, verified against its seal'
    : 'revealed, and it does NOT match its seal: changed after the roll'
}
