import { createHmac, timingSafeEqual } from 'node:crypto'

/** A signed nonce from `POST /api/sign-nonce`, once its HMAC checked out. */
export interface VerifiedSignedNonce {
  /** When the app server signed it (ms since the epoch, its clock). */
  issuedAtMs: number
}

/**
 * `{issuedAtMs}.{hmac}`: a canonical decimal (no leading zeros, so each issue
 * time has exactly one spelling) and 64 hex digits. Only URL-safe characters.
 */
const signedNoncePattern = /^(0|[1-9][0-9]{0,15})\.([0-9a-fA-F]{64})$/

/**
 * The HMAC input. The nonce is letters and digits only (the contract's
 * `nonceSchema`, checked by every caller before signing), so `|` cannot occur
 * in it and the pair is unambiguous; it also keeps these MACs apart from the
 * old format's HMAC(nonce), which was only ever computed over letters and digits.
 */
const mac = (nonce: string, issuedAtMs: number, secret: string) =>
  createHmac('sha256', secret).update(`${nonce}|${issuedAtMs}`, 'utf8').digest()

/**
 * Sign a nonce and its issue time with the server secret shared by the app
 * server and the functions: `{issuedAtMs}.{hex HMAC-SHA256 of "nonce|issuedAtMs"}`.
 * The client passes it back unchanged; the functions read the issue time
 * from it (and trust it, because of the HMAC) to refuse stale nonces.
 *
 * @throws {RangeError} when `issuedAtMs` is not a non-negative safe integer (a bug in the caller).
 *
 * @example
 * ```ts
 * const signedNonce = signNonce('9f86d081884c4d659a2feaa0c55ad015', process.env.WORLDMAP_NONCE_SECRET!, Date.now())
 * // '1750000000000.3f…' (the issue time, a dot, 64 hex characters)
 * ```
 */
export function signNonce(nonce: string, secret: string, issuedAtMs: number): string {
  if (!Number.isSafeInteger(issuedAtMs) || issuedAtMs < 0) {
    throw new RangeError('signNonce: issuedAtMs must be a non-negative integer (ms since the epoch)')
  }
  return `${issuedAtMs}.${mac(nonce, issuedAtMs, secret).toString('hex')}`
}

/**
 * Check that `signedNonce` is {@link signNonce}`(nonce, secret, t)` for some
 * issue time `t`, comparing the HMAC in constant time, and return `t`.
 * Anything malformed (including the old bare-HMAC format, which carried no
 * issue time) is simply `null`. How old `t` may be is the caller's rule.
 *
 * @example
 * ```ts
 * const verified = verifySignedNonce(nonce, signedNonce, secret)
 * if (!verified) return { status: 403, body: { error: 'invalid_signed_nonce' } }
 * if (Date.now() - verified.issuedAtMs > 10 * 60_000) return { status: 401, body: { error: 'nonce_expired' } }
 * ```
 */
export function verifySignedNonce(nonce: string, signedNonce: string, secret: string): VerifiedSignedNonce | null {
  if (typeof signedNonce !== 'string') return null
  const match = signedNoncePattern.exec(signedNonce)
  if (!match) return null
  const issuedAtMs = Number(match[1])
  if (!Number.isSafeInteger(issuedAtMs)) return null
  const expected = mac(nonce, issuedAtMs, secret)
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex')) ? { issuedAtMs } : null
}
