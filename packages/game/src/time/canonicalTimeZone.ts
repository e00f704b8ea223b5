import { isValidTimeZone } from './isValidTimeZone.js'
import { timeZoneFormatter } from './timeZoneFormatter.js'

/**
 * The runtime's canonical spelling of a valid zone (`asia/singapore` →
 * `Asia/Singapore`, `US/Eastern` → `America/New_York`), or `null` when it is
 * not a valid zone. Stored zones are canonical, so a respelling is never a
 * "change of zone".
 *
 * @example
 * ```ts
 * canonicalTimeZone('Etc/UTC') // 'UTC'
 * ```
 */
export function canonicalTimeZone(timeZone: unknown): string | null {
  if (!isValidTimeZone(timeZone)) return null
  return timeZoneFormatter(timeZone).resolvedOptions().timeZone
}
