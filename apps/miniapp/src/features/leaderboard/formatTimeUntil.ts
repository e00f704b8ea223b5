const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * How long until a moment, in the largest whole unit, for "Resets … · in 2
 * days". Always rounded down (2 days 23 hours is "in 2 days"): the board
 * never resets earlier than it said. `null` once the moment has passed.
 *
 * @example
 * ```ts
 * formatTimeUntil(2.5 * 86_400_000) // 'in 2 days'
 * formatTimeUntil(90 * 60_000)      // 'in 1 hour'
 * formatTimeUntil(30_000)           // 'in under a minute'
 * formatTimeUntil(0)                // null
 * ```
 */
export function formatTimeUntil(ms: number): string | null {
  if (!Number.isFinite(ms) || ms <= 0) return null
  if (ms >= DAY) return `in ${plural(Math.floor(ms / DAY), 'day')}`
  if (ms >= HOUR) return `in ${plural(Math.floor(ms / HOUR), 'hour')}`
  if (ms >= MINUTE) return `in ${Math.floor(ms / MINUTE)} min`
  return 'in under a minute'
}
