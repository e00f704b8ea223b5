import { getClientConfig } from '../config/getClientConfig.js'
import type { WatchValue } from './WatchValue.js'
import { watchDatabaseValue } from './watchDatabaseValue.js'

/**
 * {@link watchDatabaseValue} bound to this page's client configuration: the
 * default `watch` of every screen that reads the database. Browser only
 * (call it from effects); the database SDK loads on first use.
 *
 * @example
 * ```ts
 * const stop = watchFirebaseValue(`profiles/${uid}/verifiedLevel`, setLevel, console.error)
 * ```
 */
export const watchFirebaseValue: WatchValue = (path, onValue, onError) =>
  watchDatabaseValue(getClientConfig(), path, onValue, onError)
