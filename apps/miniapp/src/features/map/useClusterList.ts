import type { MapDrop } from '@worldmap/game'
import { useCallback, useMemo, useState } from 'react'

/** What {@link useClusterList} gives the map. */
export interface ClusterList {
  /** The open list's drops (those still on the map), or `null` when no list is open. */
  drops: MapDrop[] | null
  /** The ids the open list was opened with (its bubble's drops), or `null`. */
  ids: readonly string[] | null
  /** Open the list of a cluster's drops (a tap on its bubble); any open drop sheet closes. */
  open: (dropIds: string[]) => void
  /** Pick one: the list closes and the drop is selected, as if its marker was tapped. */
  pick: (dropId: string) => void
  close: () => void
}

/**
 * The list a tapped cluster opens: its drops, kept live (one collected or
 * gone leaves the list; the list closes once none is left), and a pick
 * that selects the drop like a tap on its marker.
 *
 * @example
 * ```tsx
 * const clusterList = useClusterList(visible.drops, game.selectDrop, game.closeSheet)
 * ```
 */
export function useClusterList(
  drops: readonly MapDrop[],
  selectDrop: (dropId: string) => void,
  closeSheet: () => void,
): ClusterList {
  const [ids, setIds] = useState<readonly string[] | null>(null)
  const listed = useMemo(() => {
    if (!ids) return null
    const members = drops.filter((drop) => ids.includes(drop.id))
    return members.length > 0 ? members : null
  }, [drops, ids])
  const open = useCallback(
    (dropIds: string[]) => {
      closeSheet()
      setIds(dropIds)
    },
    [closeSheet],
  )
  const pick = useCallback(
    (dropId: string) => {
      setIds(null)
      selectDrop(dropId)
    },
    [selectDrop],
  )
  const close = useCallback(() => setIds(null), [])
  return { drops: listed, ids: listed ? ids : null, open, pick, close }
}
