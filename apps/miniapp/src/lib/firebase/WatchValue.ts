/**
 * Listens to a database path's value: `onValue` with every value (`null`
 * when there is none), `onError` when the read is refused or fails. Returns
 * the unsubscribe function. Screens take one as a prop so tests pass a fake;
 * the app passes {@link watchFirebaseValue}.
 */
export type WatchValue = (path: string, onValue: (value: unknown) => void, onError: (error: Error) => void) => () => void

/**
 * A {@link WatchValue} that can also read another database instance:
 * `instance` is its URL (a region's, for its drops); the main one when absent.
 */
export type WatchPath = (
  path: string,
  onValue: (value: unknown) => void,
  onError: (error: Error) => void,
  instance?: string,
) => () => void
