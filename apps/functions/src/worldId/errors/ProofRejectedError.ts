import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * The verifier rejected the World ID proof. `reason` is the verifier's
 * code (e.g. `invalid_proof`, `max_verifications_reached`); the proof itself
 * is never included.
 *
 * @example
 * ```ts
 * if (error instanceof ProofRejectedError) console.log(error.reason) // 'invalid_proof'
 * ```
 */
export class ProofRejectedError extends GameError {
  override name = 'ProofRejectedError'
  override readonly code = 'proof_rejected'
  /** The verifier's failure code. */
  readonly reason: string

  constructor(parameters: GameErrorParameters & { reason: string }) {
    const { reason, ...rest } = parameters
    super('World ID proof was rejected.', { ...rest, metaMessages: [`Reason: ${reason}`] })
    this.reason = reason
  }
}
