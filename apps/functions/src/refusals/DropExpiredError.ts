import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * This drop has expired.
 *
 * @example
 * ```ts
 * if (error instanceof DropExpiredError) console.log(error.code) // 'drop_expired'
 * ```
 */
export class DropExpiredError extends GameError {
  override name = 'DropExpiredError'
  override readonly code = 'drop_expired'

  constructor(parameters: GameErrorParameters = {}) {
    super('drop_expired', parameters)
  }
}
