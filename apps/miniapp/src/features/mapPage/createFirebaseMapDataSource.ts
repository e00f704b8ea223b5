import * as z from 'zod/mini'
import { distanceInMeters } from '../map/distanceInMeters.js'
import type { CollectDropResult, LatLng, MapDataSource, PositionFix } from '../map/MapDataSource.js'
import { type MapDrop, mapDropSchema } from '../map/mapDropSchema.js'
import { toCollectDropError } from '../map/toCollectDropError.js'

/** The Firebase primitives the data source uses, injected so it is testable without Firebase. */
export interface MapBackend {
  /** Call a callable function in the app's region. */
  call(name: 'ensureDropsNear' | 'collectDrop', data: unknown): Promise<unknown>
  /** Listen to a database path's value (never `get()`: the local stand-in does not answer it). */
  watch(path: string, onValue: (value: unknown) => void, onError: (error: Error) => void): () => void
  now(): number
}

/** Drops farther than this from the watched centre are not the map's business. */
export const WATCH_RADIUS_METERS = 2_000

const collectResult = z.object({ itemId: z.string(), distance: z.number() })

/**
 * The map feature's {@link MapDataSource} over Firebase: `watchDrops` asks
 * `ensureDropsNear` to spawn the area's drops and listens to `/drops`,
 * keeping the valid, uncollected, unexpired ones near the centre; `collect`
 * calls `collectDrop` and turns refusals into `CollectDropError`s.
 *
 * @example
 * ```ts
 * const source = createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))
 * <MapScreen dataSource={source} />
 * ```
 */
export function createFirebaseMapDataSource(backend: MapBackend): MapDataSource {
  return {
    watchDrops(center: LatLng, onDrops: (drops: readonly MapDrop[]) => void, onError: (error: Error) => void) {
      backend.call('ensureDropsNear', { lat: center.lat, lng: center.lng }).catch((error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)))
      })
      return backend.watch(
        'drops',
        (value) => {
          const now = backend.now()
          const drops: MapDrop[] = []
          if (value && typeof value === 'object') {
            for (const [id, raw] of Object.entries(value as Record<string, unknown>)) {
              // Collected drops stay in /drops with `collectedBy`; they are gone from the map.
              if (raw && typeof raw === 'object' && 'collectedBy' in raw && (raw as { collectedBy?: unknown }).collectedBy)
                continue
              const parsed = mapDropSchema.safeParse({ ...(raw as object), id })
              if (!parsed.success || parsed.data.expiresAt <= now) continue
              if (distanceInMeters(center, parsed.data) > WATCH_RADIUS_METERS) continue
              drops.push(parsed.data)
            }
          }
          onDrops(drops)
        },
        onError,
      )
    },
    async collect(dropId: string, fix: PositionFix): Promise<CollectDropResult> {
      let data: unknown
      try {
        data = await backend.call('collectDrop', { dropId, lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy })
      } catch (error) {
        throw toCollectDropError(error)
      }
      const parsed = collectResult.safeParse(data)
      if (!parsed.success) throw toCollectDropError(new Error('collectDrop answered an unexpected body'))
      return parsed.data
    },
  }
}
