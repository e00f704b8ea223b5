import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * This drop does not exist.
 *
 * @example
 * ```ts
 * if (error instanceof DropNotFoundError) console.log(error.code) // 'drop_not_found'
 * ```
 */
export class DropNotFoundError extends GameError {
  override name = 'DropNotFoundError'
  override readonly code = 'drop_not_found'

  constructor(parameters: GameErrorParameters = {}) {
    super('drop_not_found', parameters)
  }
}
