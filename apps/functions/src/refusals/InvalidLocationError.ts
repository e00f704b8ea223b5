import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Location is invalid.
 *
 * @example
 * ```ts
 * if (error instanceof InvalidLocationError) console.log(error.code) // 'invalid_location'
 * ```
 */
export class InvalidLocationError extends GameError {
  override name = 'InvalidLocationError'
  override readonly code = 'invalid_location'

  constructor(parameters: GameErrorParameters = {}) {
    super('invalid_location', parameters)
  }
}
