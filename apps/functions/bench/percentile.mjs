/**
 * Nearest-rank percentile, rounded to a whole number: the bench's latency figures (ms). `null` for no values, so
 * the report says "none" rather than 0.
 *
 * @param {number[]} values
 * @param {number} p  0–100
 * @returns {number | null}
 * @example
 * percentile([30, 10, 20], 50) // 20
 */
export function percentile(values, p) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)])
}
