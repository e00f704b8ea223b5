const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date: consecutive dates differ by
 * exactly 1, whatever the month or year. `NaN` for anything that is not a
 * real date (`2026-02-30`, `26-1-1`).
 *
 * @example
 * ```ts
 * dayNumberOf('2026-03-01') - dayNumberOf('2026-02-28') // 1
 * ```
 */
export function dayNumberOf(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return Number.NaN
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const value = new Date(0)
  value.setUTCFullYear(year, month - 1, date)
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date) return Number.NaN
  return value.getTime() / DAY_MS
}
