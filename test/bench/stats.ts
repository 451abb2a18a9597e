/** Small numeric helpers shared by the benches: percentiles, medians, formatting. */

/** The p-th percentile (0..100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] as number
}

export const median = (values: readonly number[]): number => percentile(values, 50)

export const ms = (n: number, digits = 1): string => (Number.isFinite(n) ? `${n.toFixed(digits)} ms` : 'n/a')

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`
