/**
 * A wait the server asked for (`details.retryAfterMs`) in plain words for a
 * sentence like "Try again in 2 min": seconds under a minute, minutes under
 * an hour, then hours and minutes. Always rounded up, so the player is never
 * told to come back before the server will say yes. `null` when there is no
 * usable wait (missing, zero, negative or not a number).
 *
 * @example
 * ```ts
 * formatWait(90_000) // '2 min'
 * formatWait(12_300) // '13 s'
 * formatWait(7_196_500) // '2 h'
 * formatWait(undefined) // null
 * ```
 */
export function formatWait(ms: number | undefined): string | null {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return null
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.ceil(ms / 60_000)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
