import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * A time (ms since the epoch) that is not a finite number within the range
 * the calendar functions support (1970 to 9999).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidTimeError) console.log(error.code) // 'invalid_time'
 * ```
 */
export class InvalidTimeError extends BaseError {
  override name = 'InvalidTimeError'
  override readonly code = 'invalid_time'

  constructor(parameters: BaseErrorParameters = {}) {
    super('The time is not a supported timestamp.', parameters)
  }
}

/** {@link InvalidTimeError}, with its name as a literal so a union of error types narrows on `name`. */
export type InvalidTimeErrorType = InvalidTimeError & { name: 'InvalidTimeError' }
