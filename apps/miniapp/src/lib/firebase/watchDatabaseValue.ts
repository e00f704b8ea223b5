import type { ClientConfig } from '../config/readClientConfig.js'
import type { DatabaseTarget } from './WatchValue.js'

/**
 * Listen to a Realtime Database path's value, loading the database SDK on
 * first use. Value listeners rather than `get()`, which the local database
 * stand-in never answers. Returns the unsubscribe function, safe to call
 * before the SDK has loaded. `target` reads another database instance (a
 * region's URL, for its drops; `{ player: uid }` for that player's records);
 * the main one by default.
 *
 * @example
 * ```ts
 * const stop = watchDatabaseValue(config, '.info/connected', (value) => render(value), console.error)
 * const stopDrops = watchDatabaseValue(config, `drops/${window}/w21z73`, render, console.error, config.firebase.databaseRegions.w21)
 * const stopItems = watchDatabaseValue(config, `inventories/${uid}`, render, console.error, { player: uid })
 * ```
 */
export function watchDatabaseValue(
  config: ClientConfig,
  path: string,
  onValue: (value: unknown) => void,
  onError: (error: Error) => void,
  target?: DatabaseTarget,
): () => void {
  let stopped = false
  let unsubscribe: (() => void) | undefined
  Promise.all([import('firebase/database'), import('./getFirebaseDatabase.js')]).then(([database, { getFirebaseDatabase }]) => {
    if (stopped) return
    unsubscribe = database.onValue(
      database.ref(getFirebaseDatabase(config, target), path),
      (snapshot) => onValue(snapshot.val()),
      onError,
    )
  }, onError)
  return () => {
    stopped = true
    unsubscribe?.()
  }
}
