import { BaseError, type BaseErrorParameters } from '../../errors/BaseError.js'

/**
 * A spawn cell id that is not a geohash of precision 7 (a bug in the caller:
 * the functions compute cells from a validated location).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidSpawnCellError) console.log(error.code) // 'invalid_spawn_cell'
 * ```
 */
export class InvalidSpawnCellError extends BaseError {
  override name = 'InvalidSpawnCellError'
  override readonly code = 'invalid_spawn_cell'

  constructor(parameters: BaseErrorParameters = {}) {
    super('Spawn cell id is invalid.', parameters)
  }
}
