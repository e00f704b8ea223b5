import { BaseError, type BaseErrorParameters } from '@worldmap/game'

/**
 * The migration tool was asked to move players before it safely can: no
 * table switch is configured, or the switch's grace has not passed, so a
 * request routed by the old table may still be writing the old instances.
 *
 * @example
 * ```ts
 * if (error instanceof MigrationTooEarlyError) console.error(error.code, error.details) // 'migration_too_early'
 * ```
 */
export class MigrationTooEarlyError extends BaseError {
  override name = 'MigrationTooEarlyError'
  override readonly code = 'migration_too_early'

  constructor(parameters: BaseErrorParameters = {}) {
    super('Players cannot be moved yet.', parameters)
  }
}
