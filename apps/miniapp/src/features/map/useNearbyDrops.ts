import { useEffect, useState } from 'react'
import type { LatLng, MapDataSource } from './MapDataSource.js'
import type { MapDrop } from './mapDropSchema.js'

/** The live drops list and the last subscription error. */
export interface NearbyDrops {
  drops: readonly MapDrop[]
  error: Error | null
}

const none: readonly MapDrop[] = []

/**
 * Subscribe to the drops around `center` through the injected data source;
 * re-subscribes when `center` changes (pass an anchored centre) and stops
 * on unmount. Nothing is requested while `center` is `null`.
 *
 * @example
 * ```ts
 * const { drops, error } = useNearbyDrops(dataSource, queryCenter)
 * ```
 */
export function useNearbyDrops(dataSource: MapDataSource, center: LatLng | null): NearbyDrops {
  const [state, setState] = useState<NearbyDrops>({ drops: none, error: null })
  useEffect(() => {
    if (!center) return
    return dataSource.watchDrops(
      center,
      (drops) => setState({ drops, error: null }),
      (error) => setState((previous) => ({ drops: previous.drops, error })),
    )
  }, [dataSource, center])
  return state
}
