import { timeZoneFormatter } from './timeZoneFormatter.js'

/** Longest zone name accepted: the longest IANA name is 32 characters. */
export const MAX_TIME_ZONE_LENGTH = 64

// IANA names only ("Area/Location", "UTC", "Etc/GMT+5"): no offsets like "+05:30", no junk.
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/

/**
 * Whether `timeZone` is an IANA time zone name this runtime knows, as a
 * client sends it (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 * Never throws.
 *
 * @example
 * ```ts
 * isValidTimeZone('Asia/Singapore') // true
 * isValidTimeZone('Mars/Olympus_Mons') // false
 * ```
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > MAX_TIME_ZONE_LENGTH) return false
  if (!TIME_ZONE_NAME.test(timeZone)) return false
  try {
    timeZoneFormatter(timeZone)
    return true
  } catch {
    return false
  }
}
