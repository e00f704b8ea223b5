import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Verify you are human with World ID to collect drops.
 *
 * @example
 * ```ts
 * if (error instanceof NotVerifiedError) console.log(error.code) // 'not_verified'
 * ```
 */
export class NotVerifiedError extends GameError {
  override name = 'NotVerifiedError'
  override readonly code = 'not_verified'

  constructor(parameters: GameErrorParameters = {}) {
    super('not_verified', parameters)
  }
}
