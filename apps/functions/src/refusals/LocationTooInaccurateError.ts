import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Your location is too inaccurate to collect drops.
 *
 * @example
 * ```ts
 * if (error instanceof LocationTooInaccurateError) console.log(error.code) // 'location_too_inaccurate'
 * ```
 */
export class LocationTooInaccurateError extends GameError {
  override name = 'LocationTooInaccurateError'
  override readonly code = 'location_too_inaccurate'

  constructor(parameters: GameErrorParameters = {}) {
    super('location_too_inaccurate', parameters)
  }
}
