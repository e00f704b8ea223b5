import { BridgeResponseError } from '../errors/bridge/BridgeResponseError.js'
import type { VerificationLevel } from '../protocol/verificationLevels.js'
import { type CredentialType, verificationLevelToCredentialTypes } from '../protocol/verificationLevels.js'
import { walletErrorSchema, walletSuccessSchema } from './bridgeSchemas.js'
import { AppErrorCodes } from './constants.js'

/** A World ID proof as the wallet returns it through the bridge (IDKit's `ISuccessResult`). */
export interface BridgeSuccessResult {
  proof: string
  merkle_root: string
  nullifier_hash: string
  verification_level: VerificationLevel
  /** Sent by older wallets instead of `verification_level`, which is then derived from it. */
  credential_type?: CredentialType
}

/**
 * How a completed request ended. `errorCode` is the wallet's code when it
 * sent one (kept as is, even if newer than {@link AppErrorCodes}), else the
 * session's own; `error` explains failures the session detected itself.
 */
export type BridgeOutcome =
  | { status: 'confirmed'; result: BridgeSuccessResult }
  | { status: 'failed'; errorCode: AppErrorCodes | (string & {}); error: BridgeResponseError | null }

const unexpected = (shortMessage: string, details?: string, cause?: unknown): BridgeOutcome => ({
  status: 'failed',
  errorCode: AppErrorCodes.UnexpectedResponse,
  error: new BridgeResponseError(shortMessage, { details, cause }),
})

/**
 * Interpret the decrypted wallet answer. An `error_code` wins (as in IDKit);
 * otherwise it must be a proof. A legacy `credential_type` gets its
 * `verification_level`. A proof from a credential the session did not ask
 * for fails with `credential_unavailable` — the check the official React
 * widget does in its component, moved here so every UI gets it.
 * Never throws: every problem is a failed outcome.
 *
 * @example
 * ```ts
 * parseBridgeResult('{"error_code":"verification_rejected"}', 'orb')
 * // { status: 'failed', errorCode: 'verification_rejected', error: null }
 * ```
 */
export function parseBridgeResult(plaintext: string, requestedLevel: VerificationLevel): BridgeOutcome {
  let data: unknown
  try {
    data = JSON.parse(plaintext)
  } catch (cause) {
    return unexpected('The wallet response is not JSON.', undefined, cause)
  }
  const failure = walletErrorSchema.safeParse(data)
  if (failure.success) return { status: 'failed', errorCode: failure.data.error_code, error: null }
  const success = walletSuccessSchema.safeParse(data)
  if (!success.success) {
    return unexpected(
      'The wallet response has an unexpected shape.',
      success.error.issues.map((i) => i.path.join('.')).join(', '),
    )
  }
  // Verification levels and credential types share their names one to one.
  const level = success.data.verification_level ?? success.data.credential_type
  if (level === undefined) return unexpected('The wallet response has an unexpected shape.', 'verification_level')
  if (!verificationLevelToCredentialTypes(requestedLevel).includes(level)) {
    return {
      status: 'failed',
      errorCode: AppErrorCodes.CredentialUnavailable,
      error: new BridgeResponseError('Credential type received from wallet does not match configured credential_types.', {
        details: `Requested ${requestedLevel}, received ${level}.`,
      }),
    }
  }
  return { status: 'confirmed', result: { ...success.data, verification_level: level } as BridgeSuccessResult }
}
