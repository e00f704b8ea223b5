import type { MapDrop } from './mapDropSchema.js'

/** A point on Earth, degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** A device position fix: a point plus its accuracy radius in metres. */
export interface PositionFix extends LatLng {
  accuracy: number
}

/** What a successful collection returns (the `collectDrop` callable's result, minus what the map does not need). */
export interface CollectDropResult {
  /** Inventory key of the new item. */
  itemId: string
  /** Server-measured distance to the drop, metres. */
  distance: number
}

/**
 * Everything the map needs from the backend, injected so the screen is
 * testable without Firebase. The app implements it over Firebase (the
 * `ensureDropsNear` / `collectDrop` callables and a live query on `/drops`);
 * tests and the browser test pass a fake.
 *
 * @example
 * ```ts
 * const dataSource: MapDataSource = {
 *   watchDrops(center, onDrops, onError) {
 *     void ensureDropsNear(center).catch(onError)
 *     return onValue(dropsNearQuery(center), (snapshot) => onDrops(parseDrops(snapshot)), onError)
 *   },
 *   async collect(dropId, fix) {
 *     try {
 *       return (await collectDrop({ dropId, ...fix })).data
 *     } catch (error) {
 *       throw toCollectDropError(error)
 *     }
 *   },
 * }
 * ```
 */
export interface MapDataSource {
  /**
   * Watch the uncollected drops near `center`: call `onDrops` with the whole
   * current list now and whenever it changes (a drop spawns, expires or is
   * collected by anyone). Drops must already be validated (`mapDropSchema`).
   * Returns the unsubscribe function; the map re-subscribes when the player
   * moves far from `center`.
   */
  watchDrops(center: LatLng, onDrops: (drops: readonly MapDrop[]) => void, onError: (error: Error) => void): () => void
  /**
   * Collect a drop from where the player stands. Resolves with the new
   * inventory item; rejects with a `CollectDropError` (see
   * `toCollectDropError`) when the server refuses or cannot be reached.
   */
  collect(dropId: string, fix: PositionFix): Promise<CollectDropResult>
}
