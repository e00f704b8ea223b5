import type { ClientConfig } from '../config/readClientConfig.js'
import type { DatabaseTarget } from './WatchValue.js'

/**
 * Listen to a Realtime Database path's value, loading the database SDK on
 * first use. Value listeners rather than `get()`, which the local database
 * stand-in never answers. Returns the unsubscribe function, safe to call
 * before the SDK has loaded. `target` reads another database instance (a
 * region's URL, for its drops; `{ player: uid }` for that player's records);
 * the main one by default. A player's records are read where they are at the
 * game clock's time, and the listener moves when a table switch's grace
 * moves them while the page is open; the instance it leaves is let go once
 * nothing else reads it (`watchOnInstance`).
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
  import('./watchOnInstance.js').then(({ watchOnInstance }) => {
    if (!stopped) unsubscribe = watchOnInstance(config, path, onValue, onError, target)
  }, onError)
  return () => {
    stopped = true
    unsubscribe?.()
  }
}
