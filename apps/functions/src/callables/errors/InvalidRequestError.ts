import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * A callable's `data` does not have the expected shape (wrong types,
 * missing fields, a drop id that is not a database key).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidRequestError) console.log(error.code) // 'invalid_request'
 * ```
 */
export class InvalidRequestError extends GameError {
  override name = 'InvalidRequestError'
  override readonly code = 'invalid_request'

  constructor(parameters: GameErrorParameters = {}) {
    super('The request is malformed.', parameters)
  }
}
