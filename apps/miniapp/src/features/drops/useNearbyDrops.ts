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
  /**
   * Nothing to show yet and the server not heard from: the subscription
   * spawns and has delivered no list (the data source holds an empty one
   * until its spawn call has answered), nor failed.
   */
  searching: boolean
  /** A list (or an error) has come from the data source at least once: the map knows what is around. */
  delivered: boolean
}

const none: readonly MapDrop[] = []

/**
 * Subscribe to the drops around `center` through the injected data source;
 * re-subscribes when `center` changes (pass an anchored centre) and stops
 * on unmount. Nothing is requested while `center` is `null`. A list already
 * shown stays until the new subscription delivers one. `spawn: false` only
 * reads (the default city, which is never the player's position); a change
 * of `spawn` re-subscribes, and a read-only list has no refusal. `searching`
 * says the map has nothing to show yet because the server has not answered.
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
  const [state, setState] = useState<NearbyDrops>({
    drops: none,
    error: null,
    refusal: null,
    searching: false,
    delivered: false,
  })
  useEffect(() => {
    if (!center) return
    // A refusal was about spawning: a read-only subscription has none to show.
    if (!spawn)
      setState((previous) =>
        previous.refusal || previous.searching ? { ...previous, refusal: null, searching: false } : previous,
      )
    // Searching only while nothing is shown: a list already there stays until the new one comes.
    else
      setState((previous) => (previous.drops.length === 0 && !previous.searching ? { ...previous, searching: true } : previous))
    return dataSource.watchDrops(
      center,
      (drops) => setState((previous) => ({ ...previous, drops, error: null, searching: false, delivered: true })),
      (error) => setState((previous) => ({ ...previous, error, searching: false, delivered: true })),
      (refusal) => setState((previous) => ({ ...previous, refusal })),
      { spawn },
    )
  }, [dataSource, center, spawn])
  return state
}
