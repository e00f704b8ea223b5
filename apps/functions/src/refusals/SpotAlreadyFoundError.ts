import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * The player already found the drop at this spot today (a spot's drop renews
 * every window, but each player collects each spot once per UTC day, so
 * standing still cannot farm the renewals).
 *
 * @example
 * ```ts
 * if (error instanceof SpotAlreadyFoundError) console.log(error.code) // 'spot_already_found'
 * ```
 */
export class SpotAlreadyFoundError extends GameError {
  override name = 'SpotAlreadyFoundError'
  override readonly code = 'spot_already_found'

  constructor(parameters: GameErrorParameters = {}) {
    super('spot_already_found', parameters)
  }
}
