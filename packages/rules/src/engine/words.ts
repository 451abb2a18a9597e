/** How the table says numbers in words: one way to write a chance, a count or a modifier, everywhere. */

/** A chance as a percentage: whole where it is whole, else to a tenth ("55%", "47.5%", "33.3%"). */
export function percent(p: number): string {
  return `${Math.round(p * 1000) / 10}%`
}

/** A count and its word, plural unless there is one: "1 round", "3 hit points". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** A modifier with its sign, zero as a plus: "+2", "-1", "+0". */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`
}
