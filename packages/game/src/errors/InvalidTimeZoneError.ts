import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * A time zone that is not an IANA zone name this runtime knows (check with
 * `isValidTimeZone` first where the value comes from outside).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidTimeZoneError) console.log(error.code) // 'invalid_time_zone'
 * ```
 */
export class InvalidTimeZoneError extends BaseError {
  override name = 'InvalidTimeZoneError'
  override readonly code = 'invalid_time_zone'

  constructor(parameters: BaseErrorParameters = {}) {
    super('The time zone is not a known IANA time zone.', parameters)
  }
}

/** {@link InvalidTimeZoneError}, with its name as a literal so a union of error types narrows on `name`. */
export type InvalidTimeZoneErrorType = InvalidTimeZoneError & { name: 'InvalidTimeZoneError' }
