import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * The World ID proof payload is malformed (missing fields, not hex, unknown level).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidProofPayloadError) console.log(error.code) // 'invalid_proof_payload'
 * ```
 */
export class InvalidProofPayloadError extends GameError {
  override name = 'InvalidProofPayloadError'
  override readonly code = 'invalid_proof_payload'

  constructor(parameters: GameErrorParameters = {}) {
    super('World ID proof is malformed.', parameters)
  }
}
