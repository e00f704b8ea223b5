import { createHmac, timingSafeEqual } from 'node:crypto'
import * as z from 'zod'

/**
 * A sign-in nonce as WorldMap issues it: 8–64 ASCII letters or digits (the
 * app sends a UUID with its dashes removed). Anything else is refused before
 * it reaches the HMAC, the SIWE check or the database (`/nonces/{nonce}` keys
 * must not contain `.`, `#`, `$`, `/`, `[` or `]`).
 */
export const nonceSchema = z.string().regex(/^[A-Za-z0-9]{8,64}$/)

const signedNoncePattern = /^[0-9a-f]{64}$/

/**
 * Sign a nonce with the server secret shared by the app server and the
 * functions: the lowercase hex HMAC-SHA256 of the nonce.
 *
 * @example
 * ```ts
 * const signedNonce = signNonce('a1b2c3d4e5f60718', process.env.WORLDMAP_NONCE_SECRET!)
 * // '3f…' (64 hex characters)
 * ```
 */
export function signNonce(nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(nonce, 'utf8').digest('hex')
}

/**
 * Check that `signedNonce` is {@link signNonce}`(nonce, secret)`, comparing in
 * constant time. Anything that is not 64 hex characters is simply `false`.
 *
 * @example
 * ```ts
 * if (!verifySignedNonce(nonce, signedNonce, secret)) return { status: 403, body: { error: 'invalid_signed_nonce' } }
 * ```
 */
export function verifySignedNonce(nonce: string, signedNonce: string, secret: string): boolean {
  if (typeof signedNonce !== 'string') return false
  const candidate = signedNonce.toLowerCase()
  if (!signedNoncePattern.test(candidate)) return false
  const expected = Buffer.from(signNonce(nonce, secret), 'hex')
  return timingSafeEqual(expected, Buffer.from(candidate, 'hex'))
}
