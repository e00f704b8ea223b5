import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * The proof verifier could not be reached or replied with something that is
 * neither a verdict nor a documented error (network failure, 5xx, bad JSON).
 *
 * @example
 * ```ts
 * if (error instanceof VerifierUnavailableError) console.log(error.code) // 'verifier_unavailable'
 * ```
 */
export class VerifierUnavailableError extends GameError {
  override name = 'VerifierUnavailableError'
  override readonly code = 'verifier_unavailable'

  constructor(parameters: GameErrorParameters = {}) {
    super('World ID verifier is unavailable.', parameters)
  }
}
