const minute = 60 * 1000

/**
 * The time limits of a WorldMap sign-in, in milliseconds. One table, so the
 * checks in `exchangeCustomToken` and the purge of spent nonces agree.
 *
 * - `clockSkewMs`: how far a phone's or another server's clock may be off.
 *   World App stamps `Issued At` with the phone's clock; five minutes absorbs
 *   ordinary drift (the usual JWT/Kerberos allowance).
 * - `maxMessageAgeMs`: a SIWE message is accepted for 10 minutes after its
 *   `Issued At`. The sign-in takes seconds; a message older than this was
 *   kept aside, and is what a phishing page would replay.
 * - `maxMessageLifetimeMs`: `Expiration Time` is required and may be at most
 *   7 days (+ clockSkew) after now (the app asks for exactly 7 days): no
 *   signed message lives on indefinitely.
 * - `maxSignedNonceAgeMs`: a signed nonce from `POST /api/sign-nonce` is good
 *   for 10 minutes after it was issued.
 * - `spentNonceRetentionMs`: how long `/nonces/{nonce}` must be kept after the
 *   spend. A message accepted at spend time S was issued no later than
 *   S + clockSkew, and every request carrying it must arrive within
 *   maxMessageAge of that issue time, so after S + clockSkew + maxMessageAge
 *   no request can present the nonce again. (The signed nonce's own expiry
 *   does not bound this: `/api/sign-nonce` signs any nonce, any time.) One
 *   more minute covers a request checked just before that bound that spends
 *   its nonce later, within the function's 60 s timeout.
 *
 * @example
 * ```ts
 * if (nowMs - issuedAtMs > signInLimits.maxMessageAgeMs) return 'issued_too_long_ago'
 * ```
 */
export const signInLimits = {
  clockSkewMs: 5 * minute,
  maxMessageAgeMs: 10 * minute,
  maxMessageLifetimeMs: 7 * 24 * 60 * minute,
  maxSignedNonceAgeMs: 10 * minute,
  spentNonceRetentionMs: 10 * minute + 5 * minute + 1 * minute,
} as const
