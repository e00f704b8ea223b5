import { BaseError } from '@worldmap/game'

/**
 * A record in the database does not have the shape the server writes (a bug
 * or a manual edit). Not a player's fault, so callables report it as
 * `internal`; the message names the path, never the data.
 *
 * @example
 * ```ts
 * if (error instanceof StoredDataError) console.error(error.code, error.path) // 'stored_data_invalid', 'drops/d1'
 * ```
 */
export class StoredDataError extends BaseError {
  override name = 'StoredDataError'
  override readonly code = 'stored_data_invalid'
  /** The database path of the offending record. */
  readonly path: string

  constructor(path: string) {
    super('A stored record is malformed.', { metaMessages: [`Path: ${path}`] })
    this.path = path
  }
}
