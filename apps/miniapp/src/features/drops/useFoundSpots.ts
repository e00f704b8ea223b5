import { useEffect, useState } from 'react'
import type { FoundSpots, MapDataSource } from './MapDataSource.js'

/**
 * The spots the signed-in player found today, live from the data source
 * (`null` without a player, before the first answer, or from a source that
 * does not know them). When they cannot be read, the map shows every drop
 * and the server's refusal still says why.
 *
 * @example
 * ```ts
 * const found = useFoundSpots(dataSource, user?.uid ?? null)
 * ```
 */
export function useFoundSpots(dataSource: MapDataSource, uid: string | null): FoundSpots | null {
  const [found, setFound] = useState<FoundSpots | null>(null)
  useEffect(() => {
    setFound(null)
    if (!uid || !dataSource.watchFoundSpots) return
    return dataSource.watchFoundSpots(uid, setFound, () => setFound(null))
  }, [dataSource, uid])
  return found
}
