import type { MapDrop } from '@worldmap/game'
import { useEffect, useState } from 'react'
import type { MapDataSource } from './MapDataSource.js'

const none: readonly MapDrop[] = []

/**
 * The signed-in player's streak rewards, live from the data source (none
 * without a player, or from a source that has no rewards). A reward that
 * cannot be read is simply not shown: the map's other drops carry on.
 *
 * @example
 * ```ts
 * const rewards = useStreakDrops(dataSource, user?.uid ?? null)
 * ```
 */
export function useStreakDrops(dataSource: MapDataSource, uid: string | null): readonly MapDrop[] {
  const [drops, setDrops] = useState<readonly MapDrop[]>(none)
  useEffect(() => {
    setDrops(none)
    if (!uid || !dataSource.watchStreakDrops) return
    return dataSource.watchStreakDrops(uid, setDrops, () => setDrops(none))
  }, [dataSource, uid])
  return drops
}
