import type { MapDrop } from '@worldmap/game'
import { useEffect, useState } from 'react'
import type { LatLng, MapDataSource, WatchDropsOptions } from './MapDataSource.js'
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
 * shown stays until the new subscription delivers one. `spawn: false` only
 * reads (the default city, which is never the player's position); a change
 * of `spawn` re-subscribes, and a read-only list has no refusal.
 *
 * @example
 * ```ts
 * const { drops, error, refusal } = useNearbyDrops(dataSource, queryCenter, { spawn: fix !== null })
 * ```
 */
export function useNearbyDrops(
  dataSource: MapDataSource,
  center: LatLng | null,
  { spawn = true }: WatchDropsOptions = {},
): NearbyDrops {
  const [state, setState] = useState<NearbyDrops>({ drops: none, error: null, refusal: null })
  useEffect(() => {
    if (!center) return
    // A refusal was about spawning: a read-only subscription has none to show.
    if (!spawn) setState((previous) => (previous.refusal ? { ...previous, refusal: null } : previous))
    return dataSource.watchDrops(
      center,
      (drops) => setState((previous) => ({ ...previous, drops, error: null })),
      (error) => setState((previous) => ({ ...previous, error })),
      (refusal) => setState((previous) => ({ ...previous, refusal })),
      { spawn },
    )
  }, [dataSource, center, spawn])
  return state
}
