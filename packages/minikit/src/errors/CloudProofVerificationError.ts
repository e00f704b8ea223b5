import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * Raised when `verifyCloudProof` gets no verdict from the Developer Portal:
 * it runs in a browser (the check belongs on the server), the portal cannot
 * be reached, or it answers with an error body that is not its JSON. A proof
 * the portal rejects is not an error: it resolves `{ success: false, … }`.
 *
 * @example
 * ```ts
 * try {
 *   const result = await verifyCloudProof(proof, appId, action)
 *   if (!result.success) return reply(400, result.detail)
 * } catch (error) {
 *   if (error instanceof CloudProofVerificationError) return reply(503)
 *   throw error
 * }
 * ```
 */
export class CloudProofVerificationError extends BaseError {
  override name = 'CloudProofVerificationError'
  override readonly code = 'cloud_proof_verification_error'
  /** HTTP status, when the portal answered. */
  declare readonly status: number | undefined
  constructor(shortMessage: string, parameters: BaseErrorParameters & { status?: number } = {}) {
    super(shortMessage, { docsPath: '#cloudproofverificationerror', ...parameters })
    this.status = parameters.status
  }
}

/** {@link CloudProofVerificationError}, with its name as a literal so a union of error types narrows on `name`. */
export type CloudProofVerificationErrorType = CloudProofVerificationError & { name: 'CloudProofVerificationError' }
