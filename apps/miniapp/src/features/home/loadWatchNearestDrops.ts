import type { watchNearestDrops } from './watchNearestDrops.js'

/**
 * Load {@link watchNearestDrops} on demand: it brings the map's Firebase
 * data source, which must stay out of the home screen's first load.
 *
 * @example
 * ```ts
 * const watch = await loadWatchNearestDrops()
 * const stop = watch(setState)
 * ```
 */
export async function loadWatchNearestDrops(): Promise<typeof watchNearestDrops> {
  return (await import('./watchNearestDrops.js')).watchNearestDrops
}
