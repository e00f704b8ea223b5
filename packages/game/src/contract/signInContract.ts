import type { SiweVerificationErrorCode } from '@worldmap/minikit/siwe'
import * as z from 'zod/mini'

/**
 * A sign-in nonce as spec §5 has it: a UUID with its dashes removed, what
 * `crypto.randomUUID()` makes (version 4: the 13th digit is `4`, the 17th one
 * of `8 9 a b`), in lowercase, so one nonce has one spelling (it is also the
 * `/nonces/{nonce}` key that marks it spent). Letters and digits only, so it
 * is a safe database key and `|` never occurs in it (the HMAC input).
 */
export const NONCE_PATTERN = /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/

/** Schema of {@link NONCE_PATTERN}: checked by the app server before signing, by the functions before exchanging. */
export const nonceSchema = z.string().check(z.regex(NONCE_PATTERN))

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * A fresh sign-in nonce: `crypto.randomUUID()` without its dashes. Outside a
 * secure context (plain `http://` to a LAN address) the platform has no
 * `randomUUID`; the same version-4 UUID is then made from `getRandomValues`
 * (RFC 9562 §5.4: version and variant bits set, 122 random bits).
 *
 * @example
 * ```ts
 * createNonce() // '9f86d081884c4d659a2feaa0c55ad015'
 * ```
 */
export function createNonce(
  random: Partial<Pick<Crypto, 'randomUUID'>> & Pick<Crypto, 'getRandomValues'> = globalThis.crypto,
): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID().replace(/-/g, '')
  const bytes = random.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  return hexOf(bytes)
}

/**
 * The SIWE statement a WorldMap sign-in asks the wallet to sign (spec §7),
 * and the only one the functions accept.
 *
 * @example
 * ```ts
 * signInStatement('9f86d081884c4d659a2feaa0c55ad015') // 'Authenticate (9f86d081884c4d659a2feaa0c55ad015).'
 * ```
 */
export function signInStatement(nonce: string): string {
  return `Authenticate (${nonce}).`
}

/** `POST /api/sign-nonce`'s body. */
export const signNonceRequestSchema = z.object({ nonce: nonceSchema })

/**
 * `POST /api/sign-nonce`'s 200 reply; the client passes `signedNonce` back
 * opaquely. `serverTime` is the server's clock when it signed (ms since the
 * epoch): the app's first reading of server time, so a phone whose clock is
 * off asks the wallet for a message valid in server time, and knows before
 * the wallet opens that its clock is too far off to sign in. Optional: a
 * reply without it still signs in, on the device's clock.
 */
export const signNonceReplySchema = z.object({
  status: z.literal('OK'),
  signedNonce: z.string().check(z.minLength(1)),
  serverTime: z.optional(z.int().check(z.nonnegative())),
})

/**
 * How far a phone's clock may be from the server's and still sign in, ms
 * (12 hours). World App stamps the sign-in message's `Issued At` with the
 * phone's clock, and phones are often hours off (a time zone picked by
 * hand, a trip, daylight saving). A clock further off than this is not
 * drift but a wrong date, and the player is told to fix it
 * (`device_clock_wrong`) rather than left with a failure.
 *
 * Why 12 hours and not more: `Issued At` is what bounds a signed message
 * that was kept aside and never exchanged — `/api/sign-nonce` signs any
 * nonce at any time, so a fresh signed nonce does not prove the message is
 * fresh. Every hour of tolerance is an hour more in which a leaked, unused
 * payload of a real sign-in can still be exchanged (the nonce is spent on
 * first use, so a used one never can). Twelve hours keeps that bounded to a
 * day's half while covering every plain time-zone mistake of a phone
 * showing its local time; a whole day off is a wrong date, fixed in one
 * setting. A client that lies about its time gains nothing else: the token
 * names the wallet that signed, and every game rule reads server time.
 *
 * @example
 * ```ts
 * Math.abs(serverTime - Date.now()) > CLOCK_SKEW_TOLERANCE_MS // the phone's clock is wrong
 * ```
 */
export const CLOCK_SKEW_TOLERANCE_MS = 12 * 60 * 60 * 1000

/** Stable error codes of `POST /api/sign-nonce` (`{ error, message }` bodies). */
export type SignNonceErrorCode = 'method_not_allowed' | 'payload_too_large' | 'invalid_json' | 'invalid_body'

/** `{issuedAtMs}.{64 hex}` is at most 81 characters; this only bounds junk before the constant-time check. */
export const MAX_SIGNED_NONCE_LENGTH = 128

/**
 * `onRequestCustomToken`'s query: the wallet's final payload as JSON, the
 * nonce and its signature, each exactly one string. The nonce is checked
 * against {@link nonceSchema} separately, so a bad one has its own code.
 */
export const customTokenQuerySchema = z.object({
  payload: z.string().check(z.minLength(1)),
  nonce: z.string(),
  signedNonce: z.string().check(z.minLength(1), z.maxLength(MAX_SIGNED_NONCE_LENGTH)),
})

/** `onRequestCustomToken`'s 200 reply. */
export const customTokenReplySchema = z.object({
  customToken: z.string().check(z.minLength(1)),
  /**
   * The name the game gives this player when their World username cannot be
   * shown (none, or one `displayNameOf` refuses): `generatedNameOf` of their
   * public id — the name the leaderboard shows for them. Optional: an older
   * server does not send it; a malformed one reads as missing.
   */
  generatedName: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(64))), undefined),
})

/**
 * The SDK's SIWE verdicts the exchange answers under their own names; the
 * other three become `invalid_payload`, `nonce_mismatch` and `chain_unavailable`.
 */
type ForwardedSiweCode = Exclude<SiweVerificationErrorCode, 'malformed_payload' | 'invalid_nonce' | 'verifier_unavailable'>

/** Stable error codes of `onRequestCustomToken` (`{ error, message }` bodies). */
export type CustomTokenErrorCode =
  | 'invalid_query'
  | 'payload_too_large'
  | 'invalid_nonce'
  | 'invalid_payload_json'
  | 'invalid_payload'
  | 'wallet_auth_failed'
  | 'invalid_signed_nonce'
  | 'nonce_expired'
  | ForwardedSiweCode
  | 'missing_expiration'
  | 'expiration_too_far'
  | 'nonce_already_used'
  /** The sign-in message's times are further from server time than {@link CLOCK_SKEW_TOLERANCE_MS}: the phone's clock is wrong. */
  | 'device_clock_wrong'
  | 'too_many_sign_ins'
  | 'chain_unavailable'
  /** A table switch is moving the player's records (503, `Retry-After`); the nonce is spent, so sign in again. */
  | 'player_moving'
  | 'internal'

/**
 * The sign-in contract between the app, its server and the functions
 * (spec §7 "Login sequence"), in one place: the nonce, the statement the
 * wallet signs, `POST /api/sign-nonce` and `onRequestCustomToken`.
 *
 * @example
 * ```ts
 * const nonce = signInContract.createNonce()
 * const reply = signInContract.signNonce.reply.safeParse(await response.json())
 * ```
 */
export const signInContract = {
  nonce: nonceSchema,
  createNonce,
  statement: signInStatement,
  signNonce: { request: signNonceRequestSchema, reply: signNonceReplySchema },
  customToken: { query: customTokenQuerySchema, reply: customTokenReplySchema },
} as const

/** `POST /api/sign-nonce`'s body. */
export type SignNonceRequest = z.infer<typeof signNonceRequestSchema>
/** `POST /api/sign-nonce`'s 200 reply. */
export type SignNonceReply = z.infer<typeof signNonceReplySchema>
/** `onRequestCustomToken`'s query. */
export type CustomTokenQuery = z.infer<typeof customTokenQuerySchema>
/** `onRequestCustomToken`'s 200 reply. */
export type CustomTokenReply = z.infer<typeof customTokenReplySchema>
