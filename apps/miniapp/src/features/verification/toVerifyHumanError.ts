import { verifyHumanContract } from '@worldmap/game/contract'
import { readCallableError, wordsOf } from '../../lib/errors/readCallableError.js'
import { VerifyHumanError, type VerifyHumanErrorCode } from './VerifyHumanError.js'

/** Fallback by callable code, for errors without a known `details.code`. */
const byCallableCode: Record<string, VerifyHumanErrorCode> = {
  unauthenticated: 'unauthenticated',
  'invalid-argument': 'invalid_proof_payload',
  'permission-denied': 'proof_rejected',
  'already-exists': 'human_already_linked',
  unavailable: 'verifier_unavailable',
  'resource-exhausted': 'verify_rate_limited',
  'deadline-exceeded': 'network',
}

/**
 * Map whatever the `verifyHuman` callable threw to a {@link VerifyHumanError}.
 * The server sends an `HttpsError` whose `details.code` is the stable code
 * (`proof_rejected`, `human_already_linked`…), read as the words key
 * `verifyHumanContract` gives it; the Firebase client surfaces
 * it as a `FunctionsError` with `code: 'functions/<callable code>'`. Read
 * duck-typed, so this module never imports Firebase.
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
  const { callableCode, reason } = readCallableError(error)
  const words = wordsOf(verifyHumanContract, reason)
  if (words) return new VerifyHumanError(words, { cause: error })
  const mapped = byCallableCode[callableCode]
  if (mapped) return new VerifyHumanError(mapped, { cause: error })
  // fetch() rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return new VerifyHumanError('network', { cause: error })
  return new VerifyHumanError('unknown', { cause: error })
}
