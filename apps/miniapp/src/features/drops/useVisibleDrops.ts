import type { MapDrop } from '@worldmap/game'
import { useCallback, useMemo, useState } from 'react'
import { isOnFoundSpot } from './foundSpots.js'
import { hiddenDropsOf } from './hiddenDrops.js'
import { isInReach } from './isInReach.js'
import type { FoundSpots, PositionFix } from './MapDataSource.js'

/** What {@link useVisibleDrops} gives the map. */
export interface VisibleDrops {
  /** The live drops, minus the ones hidden since. */
  drops: MapDrop[]
  /** Ids of the visible drops within the collect ring of `fix`. */
  inReach: ReadonlySet<string>
  /** Take a drop off the map for good (collected, gone, or its spot already found today), before the live list catches up. */
  hide: (dropId: string) => void
  /** Whether the drop stands on a spot the player found today (so it is off the map). */
  onFoundSpot: (dropId: string) => boolean
}

/**
 * The drops the map draws: the live list without the ones the player has
 * collected or found gone (the reply is quicker than the live list), and
 * which of them are within reach of the player's fix. With the player's
 * `uid`, what was hidden stays hidden when the map opens again in the same
 * session (`hiddenDropsOf`): a drop on a spot already found today keeps its
 * record for the rest of its window, and must not come back. With `found`
 * (`useFoundSpots`), the later windows' drops on the spots the player found
 * today stay off the map too, across reloads and phones.
 *
 * @example
 * ```tsx
 * const { drops, inReach, hide } = useVisibleDrops(liveDrops, fix, user.uid, useFoundSpots(dataSource, user.uid))
 * ```
 */
export function useVisibleDrops(
  live: readonly MapDrop[],
  fix: PositionFix | null,
  uid: string | null = null,
  found: FoundSpots | null = null,
): VisibleDrops {
  const [remembered] = useState(() => hiddenDropsOf(uid))
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set(remembered))
  const drops = useMemo(() => live.filter((drop) => !gone.has(drop.id) && !isOnFoundSpot(found, drop.id)), [live, gone, found])
  const inReach = useMemo(() => new Set(drops.filter((drop) => isInReach(fix, drop)).map((drop) => drop.id)), [drops, fix])
  const hide = useCallback(
    (dropId: string) => {
      remembered.add(dropId)
      setGone((previous) => new Set(previous).add(dropId))
    },
    [remembered],
  )
  const onFoundSpot = useCallback((dropId: string) => isOnFoundSpot(found, dropId), [found])
  return { drops, inReach, hide, onFoundSpot }
}
