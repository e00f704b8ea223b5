import { useState } from 'react'
import { distanceInMeters } from './distanceInMeters.js'
import type { LatLng } from './MapDataSource.js'

/**
 * A centre that follows `target` only in jumps of more than `thresholdMeters`,
 * so work keyed on it (a drops subscription, the offline grid) is redone when
 * the player has really moved, not on every GPS jitter. `null` until the
 * first target; keeps the last anchor when the target goes away.
 *
 * @example
 * ```ts
 * const queryCenter = useAnchoredCenter(playerPosition, 250)
 * useEffect(() => dataSource.watchDrops(queryCenter, setDrops, setError), [queryCenter])
 * ```
 */
export function useAnchoredCenter(target: LatLng | null, thresholdMeters: number): LatLng | null {
  const [anchor, setAnchor] = useState<LatLng | null>(target && { lat: target.lat, lng: target.lng })
  const moved = target !== null && (anchor === null || distanceInMeters(anchor, target) > thresholdMeters)
  // Adjusting state during render (React's documented pattern for derived state): no extra effect pass.
  if (moved) {
    const next = { lat: target.lat, lng: target.lng }
    setAnchor(next)
    return next
  }
  return anchor
}
