import { collectDropContract } from '@worldmap/game/contract'
import { type CallFailure, screenCodeOf } from '../../lib/firebase/callContract.js'
import { CollectDropError, type CollectDropErrorCode } from './CollectDropError.js'

/** The sheet's code for a call that failed without a refusal of the server's. */
const FAILURES: Readonly<Record<CallFailure, CollectDropErrorCode>> = {
  offline: 'offline',
  network: 'network',
  timeout: 'timeout',
  unavailable: 'unavailable',
  malformed_reply: 'unknown',
  unknown: 'unknown',
}

/**
 * Map whatever the `collectDrop` call threw to a {@link CollectDropError}:
 * the row's refusal (`refusalOf`: the server's `details.code`, or the first
 * refusal the row lists for its callable code) as its own code, with the
 * server's wait when the refusal
 * lifts with time; a call that failed as the sheet's own code. Read
 * duck-typed so the map feature never imports Firebase.
 *
 * @example
 * ```ts
 * try {
 *   return await callContract(collectDropContract, request)
 * } catch (error) {
 *   throw toCollectDropError(error)
 * }
 * ```
 */
export function toCollectDropError(error: unknown): CollectDropError {
  if (error instanceof CollectDropError) return error
  const { code, refusal } = screenCodeOf(collectDropContract, error, FAILURES)
  return new CollectDropError(code, { cause: refusal.cause ?? error, retryAfterMs: refusal.retryAfterMs })
}
