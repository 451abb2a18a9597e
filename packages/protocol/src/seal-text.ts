/**
 * What a sealed roll's commitment is the SHA-256 of, and how anyone checks it without this app: no hashing
 * in here, so every log view can show it while the hashing (`seal.ts`) loads only where it runs.
 */

/** A sealed roll's result, as the GM's document keeps it until the reveal. */
export interface SealedResult {
  faces: number[]
  total: number
  /** How it adds up, and what it was for. */
  detail?: string
  /** 128 random bits, hex: without it, nobody can try every result against the commitment. */
  salt: string
}

/** The text hashed: one line, each part in a fixed order, so the room and every device hash the same bytes. */
export function sealText(r: SealedResult): string {
  return ['fray-seal-v1', r.salt, r.faces.join(','), String(r.total), r.detail ?? ''].join('|')
}

/**
 * A line for a terminal that prints the SHA-256 of the text hashed, to compare with the commitment:
 * `printf '%s' '<text>' | sha256sum` (the text single-quoted, each quote in it written `'\''`).
 */
export function sealCommand(r: SealedResult): string {
  return `printf '%s' '${sealText(r).replaceAll("'", "'\\''")}' | sha256sum`
}
