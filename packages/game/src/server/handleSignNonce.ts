import { type SignNonceErrorCode, type SignNonceReply, signNonceRequestSchema } from '../contract/signInContract.js'
import type { HttpResult } from './HttpResult.js'
import { signNonce } from './signNonce.js'

/** Stable error codes of `POST /api/sign-nonce` (the sign-in contract's). */
export type HandleSignNonceErrorCode = SignNonceErrorCode

/** The request as the HTTP wrapper hands it over. */
export interface HandleSignNonceRequest {
  method: string
  /** The raw body text, or the body a framework already parsed (untrusted either way). */
  body: unknown
}

/** Dependencies of {@link handleSignNonce}. */
export interface HandleSignNonceDependencies {
  /** The HMAC secret shared with the functions (`WORLDMAP_NONCE_SECRET`). */
  secret: string
  /** Clock stamped into the signed nonce (ms since the epoch). @default Date.now */
  now?: () => number
}

export type HandleSignNonceResult = HttpResult<SignNonceReply> | HttpResult<{ error: HandleSignNonceErrorCode; message: string }>

/** A `{nonce}` body is ~80 bytes; anything past this is not a sign-nonce request. */
const maxBodyBytes = 1024

const messages: Record<HandleSignNonceErrorCode, string> = {
  method_not_allowed: 'Use POST.',
  payload_too_large: `Body must be at most ${maxBodyBytes} bytes.`,
  invalid_json: 'Body is not valid JSON.',
  invalid_body: 'Body must be {"nonce": string}, a UUID without its dashes (32 lowercase hex digits).',
}

function fail(status: number, error: HandleSignNonceErrorCode, headers?: Record<string, string>): HandleSignNonceResult {
  return { status, ...(headers ? { headers } : {}), body: { error, message: messages[error] } }
}

/**
 * `POST /api/sign-nonce`: sign the app's fresh nonce and the current time with
 * the shared secret, so `onRequestCustomToken` can later tell it was issued by
 * WorldMap, and when (it refuses signed nonces older than 10 minutes). The
 * `signedNonce` is `{issuedAtMs}.{hex HMAC}` (see `signNonce`), URL-safe; the
 * client passes it back opaquely. Never throws; never echoes the nonce in an error.
 *
 * | Case                                   | Status | `error`              |
 * | -------------------------------------- | ------ | -------------------- |
 * | `{nonce}`, a UUID without its dashes    | 200    | — (`{status: 'OK', signedNonce}`) |
 * | method other than POST                 | 405    | `method_not_allowed` |
 * | raw body over 1 KiB                    | 413    | `payload_too_large`  |
 * | raw body is not JSON                   | 400    | `invalid_json`       |
 * | anything else                          | 400    | `invalid_body`       |
 *
 * @example
 * ```ts
 * const result = handleSignNonce({ method: req.method, body: req.rawBody.toString() }, { secret })
 * res.status(result.status).set(result.headers ?? {}).json(result.body)
 * ```
 */
export function handleSignNonce(
  request: HandleSignNonceRequest,
  dependencies: HandleSignNonceDependencies,
): HandleSignNonceResult {
  if (typeof request?.method !== 'string' || request.method.toUpperCase() !== 'POST') {
    return fail(405, 'method_not_allowed', { allow: 'POST' })
  }

  let body: unknown = request.body
  if (typeof body === 'string') {
    if (Buffer.byteLength(body, 'utf8') > maxBodyBytes) return fail(413, 'payload_too_large')
    try {
      body = JSON.parse(body)
    } catch {
      return fail(400, 'invalid_json')
    }
  }

  const parsed = signNonceRequestSchema.safeParse(body)
  if (!parsed.success) return fail(400, 'invalid_body')
  // Whole milliseconds: the issue time is part of the signed text, spelled one way only.
  const issuedAtMs = Math.floor((dependencies.now ?? Date.now)())
  // The same reading as the signature's: the app's first look at server time (its phone's clock may be off).
  return {
    status: 200,
    body: { status: 'OK', signedNonce: signNonce(parsed.data.nonce, dependencies.secret, issuedAtMs), serverTime: issuedAtMs },
  }
}
