/**
 * Which database instance a listener reads: an instance's URL (a region's,
 * for its drops), or `{ player: uid }`, the instance holding that player's
 * records, which the database layer resolves with the page's player table
 * (`createDatabaseRouter`) when it opens the instance, so the router's code
 * loads with the database SDK, never in the first load. Absent: the main one.
 */
export type DatabaseTarget = string | { readonly player: string }

/**
 * Listens to a database path's value: `onValue` with every value (`null`
 * when there is none), `onError` when the read is refused or fails, on the
 * instance `target` names (the main one when absent; a player's records name
 * `{ player: uid }`). Returns the unsubscribe function. Screens take one as a
 * prop so tests pass a fake; the app passes {@link watchFirebaseValue}.
 */
export type WatchValue = (
  path: string,
  onValue: (value: unknown) => void,
  onError: (error: Error) => void,
  target?: DatabaseTarget,
) => () => void

/** A {@link WatchValue}: the map's data source names it so (a region's cells name their instance). */
export type WatchPath = WatchValue
