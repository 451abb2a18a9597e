/** How the table says numbers in words: one way to write a chance, everywhere. */

/** A chance as a percentage: whole where it is whole, else to a tenth ("55%", "47.5%", "33.3%"). */
export function percent(p: number): string {
  return `${Math.round(p * 1000) / 10}%`
}
