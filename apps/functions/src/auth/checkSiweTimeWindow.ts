import type { SiweMessage } from '@worldmap/minikit/siwe'
import { signInLimits } from './signInLimits.js'

/** Why a sign-in message's times are refused; see {@link checkSiweTimeWindow}. */
export type SiweTimeWindowErrorCode = 'device_clock_wrong' | 'missing_expiration' | 'expired' | 'expiration_too_far'

/**
 * The time rules of a WorldMap sign-in message, stricter than SIWE's own
 * (which accepts a message without `Expiration Time`, issued at any time in
 * the past), for a phone whose clock may be off by up to
 * `deviceClockTolerance` (12 h, T): in order,
 *
 * 1. `Issued At` at most T ahead of now, and at most T + `maxMessageAge`
 *    (10 min) ago → else `device_clock_wrong` (a phone's clock further off
 *    than T; a message signed earlier and kept aside is refused the same way);
 * 2. `Expiration Time` present → else `missing_expiration`;
 * 3. `Expiration Time` after now → else `expired`;
 * 4. `Expiration Time` at most `maxMessageLifetime` + T (7 days + 12 h) after
 *    now → else `expiration_too_far`.
 *
 * Returns `null` when all hold. Timestamps are RFC 3339 (as `parseSiweMessage`
 * guarantees); the comparisons are written so that an unparsable one fails.
 *
 * Why a phone's word on time is enough here: the nonce is spent on first use
 * and the token names the wallet that signed, so a client that lies about
 * `Issued At` can only sign itself in. `Issued At` bounds one thing, how long
 * a signed message that was never exchanged stays usable (at most
 * 2 T + 10 min), and T is chosen in the contract with that in mind.
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
  const { deviceClockToleranceMs, maxMessageAgeMs, maxMessageLifetimeMs } = signInLimits
  const issuedAt = Date.parse(message.issued_at)
  // `!(a <= b)` rather than `a > b`: NaN fails these checks instead of passing them.
  if (!(issuedAt <= nowMs + deviceClockToleranceMs)) return 'device_clock_wrong'
  if (!(nowMs - issuedAt <= deviceClockToleranceMs + maxMessageAgeMs)) return 'device_clock_wrong'
  if (message.expiration_time === undefined) return 'missing_expiration'
  const expiresAt = Date.parse(message.expiration_time)
  if (!(expiresAt > nowMs)) return 'expired'
  if (!(expiresAt <= nowMs + maxMessageLifetimeMs + deviceClockToleranceMs)) return 'expiration_too_far'
  return null
}
