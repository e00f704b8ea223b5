import { verifyHumanContract } from '@worldmap/game/contract'
import { type CallFailure, screenCodeOf } from '../../lib/firebase/callContract.js'
import { VerifyHumanError, type VerifyHumanErrorCode } from './VerifyHumanError.js'

/** The player's words for a call that failed without a refusal of the server's. */
const FAILURE_WORDS: Readonly<Partial<Record<CallFailure, VerifyHumanErrorCode>>> = {
  offline: 'network',
  network: 'network',
  timeout: 'network',
  malformed_reply: 'unknown',
  unknown: 'unknown',
}

/**
 * Map whatever the `verifyHuman` call threw to a {@link VerifyHumanError}:
 * the row's refusal (`refusalOf`: the server's `details.code`, or the one
 * refusal the row lists for its callable code) as its own code; a lost or
 * late call as `network`; anything
 * else `unknown`. Read duck-typed, so this module never imports Firebase.
 *
 * @example
 * ```ts
 * try {
 *   await callVerifyHuman(proof)
 * } catch (error) {
 *   throw toVerifyHumanError(error)
 * }
 * ```
 */
export function toVerifyHumanError(error: unknown): VerifyHumanError {
  if (error instanceof VerifyHumanError) return error
  const { code, refusal } = screenCodeOf(verifyHumanContract, error, FAILURE_WORDS)
  return new VerifyHumanError(code, { cause: refusal.cause ?? error })
}
