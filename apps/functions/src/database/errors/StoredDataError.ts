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
export class StoredDataError extends Error {
  override name = 'StoredDataError'
  /** Stable machine-readable code. */
  readonly code = 'stored_data_invalid'
  readonly shortMessage: string
  /** The database path of the offending record. */
  readonly path: string

  constructor(path: string) {
    const shortMessage = 'A stored record is malformed.'
    super(`${shortMessage}\n\nPath: ${path}`)
    this.shortMessage = shortMessage
    this.path = path
  }
}
