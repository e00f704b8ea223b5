import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Map cell id is invalid.
 *
 * @example
 * ```ts
 * if (error instanceof InvalidCellError) console.log(error.code) // 'invalid_cell'
 * ```
 */
export class InvalidCellError extends GameError {
  override name = 'InvalidCellError'
  override readonly code = 'invalid_cell'

  constructor(parameters: GameErrorParameters = {}) {
    super('invalid_cell', parameters)
  }
}
