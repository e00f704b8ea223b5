import type { MapDrop } from '@worldmap/game'
import { useCallback, useMemo, useState } from 'react'
import { isInReach } from './isInReach.js'
import type { PositionFix } from './MapDataSource.js'

/** What {@link useVisibleDrops} gives the map. */
export interface VisibleDrops {
  /** The live drops, minus the ones hidden since. */
  drops: MapDrop[]
  /** Ids of the visible drops within the collect ring of `fix`. */
  inReach: ReadonlySet<string>
  /** Take a drop off the map for good (collected, or gone), before the live list catches up. */
  hide: (dropId: string) => void
}

/**
 * The drops the map draws: the live list without the ones the player has
 * collected or found gone (the reply is quicker than the live list), and
 * which of them are within reach of the player's fix.
 *
 * @example
 * ```tsx
 * const { drops, inReach, hide } = useVisibleDrops(liveDrops, fix)
 * ```
 */
export function useVisibleDrops(live: readonly MapDrop[], fix: PositionFix | null): VisibleDrops {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set())
  const drops = useMemo(() => live.filter((drop) => !gone.has(drop.id)), [live, gone])
  const inReach = useMemo(() => new Set(drops.filter((drop) => isInReach(fix, drop)).map((drop) => drop.id)), [drops, fix])
  const hide = useCallback((dropId: string) => setGone((previous) => new Set(previous).add(dropId)), [])
  return { drops, inReach, hide }
}
