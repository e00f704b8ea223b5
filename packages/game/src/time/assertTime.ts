import { InvalidTimeError } from '../errors/InvalidTimeError.js'

/** The last millisecond of year 9999: four-digit years keep `YYYY-MM-DD` keys sortable. */
export const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/**
 * Checks that `time` is a timestamp the calendar functions handle: finite,
 * not before 1970 (no era or sign in a year) and not after 9999.
 *
 * @throws {InvalidTimeError} otherwise.
 *
 * @example
 * ```ts
 * assertTime(Date.now())
 * ```
 */
export function assertTime(time: number): void {
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0 || time > MAX_TIME) {
    throw new InvalidTimeError({ details: String(time) })
  }
}
