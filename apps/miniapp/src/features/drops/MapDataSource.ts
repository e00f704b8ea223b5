import type { LatLng, MapDrop, ProgressView } from '@worldmap/game'
import type { CollectDropReply } from '@worldmap/game/contract'
import type { SpawnRefusedError } from './SpawnRefusedError.js'

export type { LatLng } from '@worldmap/game'

/** A device position fix: a point plus its accuracy radius in metres. */
export interface PositionFix extends LatLng {
  accuracy: number
}

/** The player's daily progress after a find, as `collectDrop` reports it (`viewProgress` in `@worldmap/game`). */
export type CollectProgress = ProgressView

/**
 * What a successful collection returns: the `collectDrop` reply as
 * `collectDropContract` reads it. Everything after `distance` may be
 * missing: an older server does not send it, and the map falls back to the
 * drop it knows and an ordinary find.
 */
export type CollectDropResult = CollectDropReply

/** The spots a player found on one UTC day (`spotOfDrop`): their later windows' drops are not theirs to find. */
export interface FoundSpots {
  /** The UTC day (days since 1970-01-01). */
  day: number
  /** Spot keys, `{cell}_{index}`. */
  spots: ReadonlySet<string>
}

/** Options of {@link MapDataSource.watchDrops}. */
export interface WatchDropsOptions {
  /**
   * Ask the server to spawn drops around `center` (`ensureDropsNear`), which
   * also records `center` as where the player is (the server's travel check
   * reads it). `false` only reads the drops already there: the map's default
   * city, shown while the device has no location, is never the player's
   * position. @default true
   */
  spawn?: boolean
}

/**
 * Everything the map needs from the backend, injected so the screen is
 * testable without Firebase. The app implements it over Firebase (the
 * `ensureDropsNear` / `collectDrop` callables and value listeners on the 9
 * watch cells around the player, `/drops/{window}/{watchCell}`); tests and
 * the browser test pass a fake.
 *
 * @example
 * ```ts
 * const dataSource: MapDataSource = {
 *   watchDrops(center, onDrops, onError, onRefusal) {
 *     ensureDropsNear(center).then(
 *       () => onRefusal?.(null),
 *       (error) => {
 *         const refusal = toSpawnRefusedError(error)
 *         if (refusal) onRefusal?.(refusal)
 *         else onError(error)
 *       },
 *     )
 *     return watchCells(watchCellsAround(center.lat, center.lng), onDrops, onError)
 *   },
 *   async collect(dropId, fix) {
 *     try {
 *       return (await collectDrop({ dropId, ...fix, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })).data
 *     } catch (error) {
 *       throw toCollectDropError(error)
 *     }
 *   },
 * }
 * ```
 */
export interface MapDataSource {
  /**
   * Watch the live drops around `center`: call `onDrops` with the whole
   * current list once it is known and whenever it changes (a drop spawns,
   * expires or is collected by anyone). Drops must already be validated
   * (`publicDropSchema` plus a drop id). `onError` reports drops that could
   * not be read; `onRefusal` reports that the server would not spawn new
   * drops here for now (the drops already there keep coming), and `null`
   * once it did again. With `{ spawn: false }` the server is never asked
   * (nor told the centre): the live drops only. Returns the unsubscribe
   * function; the map re-subscribes when the player moves far from `center`
   * or into another watch cell.
   */
  watchDrops(
    center: LatLng,
    onDrops: (drops: readonly MapDrop[]) => void,
    onError: (error: Error) => void,
    onRefusal?: (refusal: SpawnRefusedError | null) => void,
    options?: WatchDropsOptions,
  ): () => void
  /**
   * Collect a drop from where the player stands (the implementation adds
   * the device's time zone, for the daily streak). Resolves with the new
   * inventory item; rejects with a `CollectDropError` (see
   * `toCollectDropError`) when the server refuses or cannot be reached.
   */
  collect(dropId: string, fix: PositionFix): Promise<CollectDropResult>
  /**
   * Watch the player's own streak rewards (`/streakDrops/{uid}`, only they
   * can read them): `onDrops` with the live ones whenever they change. Each
   * is collected with `collect` like any drop. Optional: a source without it
   * has no rewards to show. Returns the unsubscribe function.
   */
  watchStreakDrops?(uid: string, onDrops: (drops: readonly MapDrop[]) => void, onError: (error: Error) => void): () => void
  /**
   * Watch the spots the player found today (`/spotFinds/{day}/{uid}`, only
   * they can read it): the server refuses a spot's later drops that day
   * (`spot_already_found`), so the map does not show them, after a reload or
   * on another phone too. Optional: without it, only the drops refused this
   * session are hidden. Returns the unsubscribe function.
   */
  watchFoundSpots?(uid: string, onSpots: (found: FoundSpots) => void, onError: (error: Error) => void): () => void
}
