import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * This drop has already been collected.
 *
 * @example
 * ```ts
 * if (error instanceof AlreadyCollectedError) console.log(error.code) // 'already_collected'
 * ```
 */
export class AlreadyCollectedError extends GameError {
  override name = 'AlreadyCollectedError'
  override readonly code = 'already_collected'

  constructor(parameters: GameErrorParameters = {}) {
    super('already_collected', parameters)
  }
}
