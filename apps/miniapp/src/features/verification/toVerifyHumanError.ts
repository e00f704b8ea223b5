import { VerifyHumanError, type VerifyHumanErrorCode, verifyHumanErrorMessages } from './VerifyHumanError.js'

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

type ServerCode = keyof typeof verifyHumanErrorMessages
const isServerCode = (code: unknown): code is ServerCode =>
  typeof code === 'string' && Object.hasOwn(verifyHumanErrorMessages, code)

/**
 * Map whatever the `verifyHuman` callable threw to a {@link VerifyHumanError}.
 * The server sends an `HttpsError` whose `details.code` is the stable code
 * (`proof_rejected`, `human_already_linked`…); the Firebase client surfaces
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
  const record = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: unknown }
  const details = (typeof record.details === 'object' && record.details !== null ? record.details : {}) as { code?: unknown }
  if (isServerCode(details.code)) return new VerifyHumanError(details.code, { cause: error })
  const callable = typeof record.code === 'string' ? record.code.replace(/^functions\//, '') : ''
  const mapped = byCallableCode[callable]
  if (mapped) return new VerifyHumanError(mapped, { cause: error })
  // fetch() rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return new VerifyHumanError('network', { cause: error })
  return new VerifyHumanError('unknown', { cause: error })
}
