import { getClientConfig } from '../../lib/config/getClientConfig.js'
import type { MapDataSource } from '../drops/MapDataSource.js'
import { createFirebaseMapBackend } from './createFirebaseMapBackend.js'
import { createFirebaseMapDataSource } from './createFirebaseMapDataSource.js'

let shared: MapDataSource | undefined

/**
 * The page's one Firebase-backed {@link MapDataSource}, created on first use
 * (browser only: call it from effects). One for the home card and the map
 * alike, so they share the watch-cell listeners, the spawn-window clock and
 * what `ensureDropsNear` already answered: opening the map from home does
 * not spend a second spawn token on the same place.
 *
 * @example
 * ```ts
 * const stop = getFirebaseMapDataSource().watchDrops(center, setDrops, console.error)
 * ```
 */
export function getFirebaseMapDataSource(): MapDataSource {
  shared ??= createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))
  return shared
}
