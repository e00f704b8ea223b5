import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Sign in to collect drops.
 *
 * @example
 * ```ts
 * if (error instanceof UnauthenticatedError) console.log(error.code) // 'unauthenticated'
 * ```
 */
export class UnauthenticatedError extends GameError {
  override name = 'UnauthenticatedError'
  override readonly code = 'unauthenticated'

  constructor(parameters: GameErrorParameters = {}) {
    super('unauthenticated', parameters)
  }
}
