import { verifyHumanContract } from '@worldmap/game/contract'
import { refusalOf } from '../../lib/firebase/callContract.js'
import { VerifyHumanError, type VerifyHumanErrorCode } from './VerifyHumanError.js'

/** The player's words for a call that failed without a refusal of the server's. */
const FAILURE_WORDS: Readonly<Record<string, VerifyHumanErrorCode>> = {
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
  const refusal = refusalOf(verifyHumanContract, error)
  const refused = (verifyHumanContract.refusals as readonly string[]).includes(refusal.code)
  const code = refused ? (refusal.code as VerifyHumanErrorCode) : (FAILURE_WORDS[refusal.code] ?? 'unknown')
  return new VerifyHumanError(code, { cause: refusal.cause ?? error })
}
