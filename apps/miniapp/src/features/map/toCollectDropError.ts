import { collectDropContract } from '@worldmap/game/contract'
import { readCallableError, wordsOf } from '../../lib/errors/readCallableError.js'
import { CollectDropError, type CollectDropErrorCode } from './CollectDropError.js'

/** Fallback by callable code, for errors whose `details.code` is missing (older servers, proxies). */
const byCallableCode: Record<string, CollectDropErrorCode> = {
  unauthenticated: 'unauthenticated',
  'permission-denied': 'not_verified',
  'invalid-argument': 'invalid_location',
  'not-found': 'drop_not_found',
  'already-exists': 'already_collected',
  'out-of-range': 'out_of_reach',
  'resource-exhausted': 'rate_limited',
  unavailable: 'unavailable',
  'deadline-exceeded': 'timeout',
}

/**
 * The Firebase client's reading of "no HTTP answer at all" (fetch rejected:
 * offline, connection refused, CORS): `functions/internal` with its own
 * default message, `internal [0]` (HTTP status 0), and no details.
 */
const isNoAnswer = (error: unknown, callableCode: string) =>
  callableCode === 'internal' && error instanceof Error && /\[0\]$/.test(error.message)

/**
 * Map whatever the `collectDrop` callable threw to a {@link CollectDropError}.
 * The server sends an `HttpsError` whose `details.code` is a stable reason
 * (`out_of_reach`, `rate_limited`…), read as the words key
 * `collectDropContract` gives it, and, when waiting helps,
 * `details.retryAfterMs`; the Firebase client surfaces it as a
 * `FunctionsError` with `code: 'functions/<callable code>'`. Read duck-typed
 * so the map feature never imports Firebase.
 *
 * @example
 * ```ts
 * try {
 *   return (await collectDrop({ dropId, ...fix })).data
 * } catch (error) {
 *   throw toCollectDropError(error)
 * }
 * ```
 */
export function toCollectDropError(error: unknown): CollectDropError {
  if (error instanceof CollectDropError) return error
  const { callableCode, reason, retryAfterMs } = readCallableError(error)
  const options = { cause: error, retryAfterMs }
  const words = wordsOf(collectDropContract, reason)
  if (words) return new CollectDropError(words, options)
  if (isNoAnswer(error, callableCode)) return new CollectDropError('network', options)
  const mapped = byCallableCode[callableCode]
  if (mapped) return new CollectDropError(mapped, options)
  // fetch() rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return new CollectDropError('network', { cause: error })
  return new CollectDropError('unknown', { cause: error })
}
