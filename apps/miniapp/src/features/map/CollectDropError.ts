/** Stable codes of {@link CollectDropError}: the server's game codes plus the client's own. */
export type CollectDropErrorCode =
  | 'unauthenticated'
  | 'not_verified'
  | 'invalid_location'
  | 'drop_not_found'
  | 'already_collected'
  | 'drop_expired'
  | 'location_too_inaccurate'
  | 'out_of_reach'
  | 'network'
  | 'unknown'

/** What the sheet shows for each code (the server's short messages, where it has one). */
export const collectDropErrorMessages: Record<CollectDropErrorCode, string> = {
  unauthenticated: 'Sign in to collect drops.',
  not_verified: 'Verify you are human with World ID to collect drops.',
  invalid_location: 'Location is invalid.',
  drop_not_found: 'This drop does not exist.',
  already_collected: 'This drop has already been collected.',
  drop_expired: 'This drop has expired.',
  location_too_inaccurate: 'Your location is too inaccurate to collect drops.',
  out_of_reach: 'Move closer to collect this drop.',
  network: 'No connection to the server. Try again.',
  unknown: 'Something went wrong. Try again.',
}

/**
 * Collecting a drop failed. `code` is stable and safe to switch on; `message`
 * is the text the drop sheet shows; `cause` keeps the underlying error (a
 * Firebase `FunctionsError`, a network failure…).
 *
 * @example
 * ```ts
 * throw new CollectDropError('out_of_reach', { cause: error })
 * ```
 */
export class CollectDropError extends Error {
  override name = 'CollectDropError'
  readonly code: CollectDropErrorCode
  constructor(code: CollectDropErrorCode, options?: { cause?: unknown }) {
    super(collectDropErrorMessages[code], options)
    this.code = code
  }
}
