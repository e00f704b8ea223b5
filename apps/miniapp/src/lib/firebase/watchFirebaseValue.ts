import { getClientConfig } from '../config/getClientConfig.js'
import type { WatchValue } from './WatchValue.js'
import { watchDatabaseValue } from './watchDatabaseValue.js'

/**
 * {@link watchDatabaseValue} bound to this page's client configuration: the
 * default `watch` of every screen that reads the database, on the instance
 * the target names (a player's records: `{ player: uid }`). Browser only
 * (call it from effects); the database SDK loads on first use.
 *
 * @example
 * ```ts
 * const stop = watchFirebaseValue(`profiles/${uid}/verifiedLevel`, setLevel, console.error, { player: uid })
 * ```
 */
export const watchFirebaseValue: WatchValue = (path, onValue, onError, target) =>
  watchDatabaseValue(getClientConfig(), path, onValue, onError, target)
