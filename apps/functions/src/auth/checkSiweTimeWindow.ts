import type { SiweMessage } from '@worldmap/minikit/siwe'
import { signInLimits } from './signInLimits.js'

/** Why a sign-in message's times are refused; see {@link checkSiweTimeWindow}. */
export type SiweTimeWindowErrorCode =
  | 'issued_in_future'
  | 'issued_too_long_ago'
  | 'missing_expiration'
  | 'expired'
  | 'expiration_too_far'

/**
 * The time rules of a WorldMap sign-in message, stricter than SIWE's own
 * (which accepts a message without `Expiration Time`, issued at any time in
 * the past): in order,
 *
 * 1. `Issued At` at most `clockSkew` (5 min) ahead of now → else `issued_in_future`;
 * 2. `Issued At` at most `maxMessageAge` (10 min) ago → else `issued_too_long_ago`
 *    (a message signed earlier and kept aside — a phishing page's loot — is dead);
 * 3. `Expiration Time` present → else `missing_expiration`;
 * 4. `Expiration Time` after now → else `expired`;
 * 5. `Expiration Time` at most `maxMessageLifetime + clockSkew` (7 days + 5 min)
 *    after now → else `expiration_too_far`.
 *
 * Returns `null` when all hold. Timestamps are RFC 3339 (as `parseSiweMessage`
 * guarantees); the comparisons are written so that an unparsable one fails.
 *
 * @example
 * ```ts
 * const code = checkSiweTimeWindow(parseSiweMessage(payload.message), Date.now())
 * if (code) return fail(401, code)
 * ```
 */
export function checkSiweTimeWindow(
  message: Pick<SiweMessage, 'issued_at' | 'expiration_time'>,
  nowMs: number,
): SiweTimeWindowErrorCode | null {
  const { clockSkewMs, maxMessageAgeMs, maxMessageLifetimeMs } = signInLimits
  const issuedAt = Date.parse(message.issued_at)
  // `!(a <= b)` rather than `a > b`: NaN fails these checks instead of passing them.
  if (!(issuedAt <= nowMs + clockSkewMs)) return 'issued_in_future'
  if (!(nowMs - issuedAt <= maxMessageAgeMs)) return 'issued_too_long_ago'
  if (message.expiration_time === undefined) return 'missing_expiration'
  const expiresAt = Date.parse(message.expiration_time)
  if (!(expiresAt > nowMs)) return 'expired'
  if (!(expiresAt <= nowMs + maxMessageLifetimeMs + clockSkewMs)) return 'expiration_too_far'
  return null
}
