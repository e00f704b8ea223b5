const DAY_MS = 86_400_000
// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: outside them
// `toISOString` writes six-digit signed years, which the fast path does not.
const MIN_MS = -62_167_219_200_000
const MAX_MS = 253_402_300_799_999

const pad = (n: number, width: number) => `${n | 0}`.padStart(width, '0')

/**
 * `new Date(ms).toISOString()`, computed with integer arithmetic.
 *
 * Every sign-in formats two or three timestamps, and V8's `toISOString`
 * costs about a microsecond each (it goes through the engine's date cache),
 * which made date formatting the largest part of a walletAuth round trip.
 * The civil-from-days conversion is Howard Hinnant's; a property test pins
 * the output to `toISOString` over the whole four-digit-year range, and
 * anything outside it (or not a finite time) takes `toISOString` itself,
 * including its `RangeError` for an invalid date.
 *
 * @example
 * ```ts
 * isoTimestamp(0) // '1970-01-01T00:00:00.000Z'
 * ```
 */
export function isoTimestamp(ms: number): string {
  if (!(ms >= MIN_MS && ms <= MAX_MS) || ms % 1) return new Date(ms).toISOString()
  const days = Math.floor(ms / DAY_MS)
  const time = ms - days * DAY_MS
  // `z` is negative only in early year 0; past `era` every quantity is non-negative, so `| 0` floors.
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0))
  const mp = ((5 * doy + 2) / 153) | 0
  const month = mp < 10 ? mp + 3 : mp - 9
  return `${pad(yoe + era * 400 + (month < 3 ? 1 : 0), 4)}-${pad(month, 2)}-${pad(doy - (((153 * mp + 2) / 5) | 0) + 1, 2)}T${pad(time / 3_600_000, 2)}:${pad((time / 60_000) % 60, 2)}:${pad((time / 1000) % 60, 2)}.${pad(time % 1000, 3)}Z`
}
