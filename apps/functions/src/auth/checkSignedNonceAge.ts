import { signInLimits } from './signInLimits.js'

/**
 * Is a signed nonce still good? It must have been issued at most
 * `maxSignedNonceAge` (10 min) ago, and not more than `clockSkew` (5 min)
 * ahead of this server's clock (the app server signs it with its own clock).
 * Returns `'nonce_expired'` otherwise, `null` when fresh.
 *
 * `issuedAtMs` is trusted: it comes from {@link verifySignedNonce}, whose HMAC covers it.
 *
 * @example
 * ```ts
 * const verified = verifySignedNonce(nonce, signedNonce, secret)
 * if (verified && checkSignedNonceAge(verified.issuedAtMs, Date.now())) return fail(401, 'nonce_expired')
 * ```
 */
export function checkSignedNonceAge(issuedAtMs: number, nowMs: number): 'nonce_expired' | null {
  const age = nowMs - issuedAtMs
  return age <= signInLimits.maxSignedNonceAgeMs && age >= -signInLimits.clockSkewMs ? null : 'nonce_expired'
}
