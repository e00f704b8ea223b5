import type { MapDrop } from '@worldmap/game'
import { useEffect, useState } from 'react'
import type { LatLng, MapDataSource } from './MapDataSource.js'
import type { SpawnRefusedError } from './SpawnRefusedError.js'

/** The live drops list, the last subscription error, and the server's latest spawn refusal. */
export interface NearbyDrops {
  drops: readonly MapDrop[]
  error: Error | null
  /** Why no new drops spawn here for now; `null` once the server spawns again. */
  refusal: SpawnRefusedError | null
}

const none: readonly MapDrop[] = []

/**
 * Subscribe to the drops around `center` through the injected data source;
 * re-subscribes when `center` changes (pass an anchored centre) and stops
 * on unmount. Nothing is requested while `center` is `null`. A list already
 * shown stays until the new subscription delivers one.
 *
 * @example
 * ```ts
 * const { drops, error, refusal } = useNearbyDrops(dataSource, queryCenter)
 * ```
 */
export function useNearbyDrops(dataSource: MapDataSource, center: LatLng | null): NearbyDrops {
  const [state, setState] = useState<NearbyDrops>({ drops: none, error: null, refusal: null })
  useEffect(() => {
    if (!center) return
    return dataSource.watchDrops(
      center,
      (drops) => setState((previous) => ({ ...previous, drops, error: null })),
      (error) => setState((previous) => ({ ...previous, error })),
      (refusal) => setState((previous) => ({ ...previous, refusal })),
    )
  }, [dataSource, center])
  return state
}
