import { CLOCK_SKEW_TOLERANCE_MS } from '@worldmap/game/contract'

const minute = 60 * 1000

/**
 * The time limits of a WorldMap sign-in, in milliseconds. One table, so the
 * checks in `exchangeCustomToken` and the purge of spent nonces agree.
 *
 * - `clockSkewMs`: how far our own servers' clocks may disagree (the app
 *   server stamps the signed nonce, the functions check it): five minutes.
 * - `deviceClockToleranceMs`: how far a phone's clock may be off (the
 *   contract's `CLOCK_SKEW_TOLERANCE_MS`, 12 hours, argued there). World App
 *   stamps `Issued At` with the phone's clock, so a phone 2 h ahead signs a
 *   message "issued" 2 h in the future. Beyond it: `device_clock_wrong`.
 * - `maxMessageAgeMs`: a SIWE message is accepted for 10 minutes after its
 *   `Issued At`, read on the phone's clock: the sign-in takes seconds. With
 *   the tolerance, a message is accepted while its `Issued At` lies between
 *   `deviceClockTolerance + maxMessageAge` ago and `deviceClockTolerance`
 *   ahead of now.
 * - `maxMessageLifetimeMs`: `Expiration Time` is required and may be at most
 *   7 days (+ deviceClockTolerance: an app that reads the expiry off a phone
 *   ahead) after now (the app asks for 7 days in server time): no signed
 *   message lives on indefinitely.
 * - `maxSignedNonceAgeMs`: a signed nonce from `POST /api/sign-nonce` is good
 *   for 10 minutes after it was issued.
 * - `spentNonceRetentionMs`: how long `/nonces/{nonce}` must be kept after the
 *   spend. A message accepted at spend time S was issued no later than
 *   S + deviceClockTolerance, and every request carrying it must arrive within
 *   deviceClockTolerance + maxMessageAge of that issue time, so after
 *   S + 2 × deviceClockTolerance + maxMessageAge no request can present the
 *   nonce again. (The signed nonce's own expiry does not bound this:
 *   `/api/sign-nonce` signs any nonce, any time.) One more minute covers a
 *   request checked just before that bound that spends its nonce later,
 *   within the function's 60 s timeout.
 *
 * @example
 * ```ts
 * if (issuedAt > nowMs + signInLimits.deviceClockToleranceMs) return 'device_clock_wrong'
 * ```
 */
export const signInLimits = {
  clockSkewMs: 5 * minute,
  deviceClockToleranceMs: CLOCK_SKEW_TOLERANCE_MS,
  maxMessageAgeMs: 10 * minute,
  maxMessageLifetimeMs: 7 * 24 * 60 * minute,
  maxSignedNonceAgeMs: 10 * minute,
  spentNonceRetentionMs: 2 * CLOCK_SKEW_TOLERANCE_MS + 10 * minute + 1 * minute,
} as const
