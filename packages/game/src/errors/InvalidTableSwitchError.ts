import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * A database table switch that cannot take effect cleanly: its time is not
 * a UTC midnight (where a spawn window and a day both start), so regional
 * data or a player's day would straddle two tables.
 *
 * @example
 * ```ts
 * if (error instanceof InvalidTableSwitchError) console.log(error.code) // 'invalid_table_switch'
 * ```
 */
export class InvalidTableSwitchError extends BaseError {
  override name = 'InvalidTableSwitchError'
  override readonly code = 'invalid_table_switch'

  constructor(parameters: BaseErrorParameters = {}) {
    super('The database table switch is not at a UTC midnight.', parameters)
  }
}

/** {@link InvalidTableSwitchError}, with its name as a literal so a union of error types narrows on `name`. */
export type InvalidTableSwitchErrorType = InvalidTableSwitchError & { name: 'InvalidTableSwitchError' }
