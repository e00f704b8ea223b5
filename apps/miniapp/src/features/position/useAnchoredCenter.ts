import type { LatLng } from '@worldmap/game'
import { useState } from 'react'

/**
 * A centre that follows `target` only in jumps, when `isFar(anchor, target)`
 * says the player has really moved, so work keyed on it (a drops
 * subscription, the offline grid) is redone then and not on every GPS
 * jitter. `null` until the first target; keeps the last anchor when the
 * target goes away. Pass a module-level `isFar` (it is called during render).
 *
 * @example
 * ```ts
 * const farFromGrid = (a: LatLng, b: LatLng) => distanceInMeters(a, b) > 5_000
 * const gridCenter = useAnchoredCenter(playerPosition, farFromGrid)
 * ```
 */
export function useAnchoredCenter(target: LatLng | null, isFar: (anchor: LatLng, target: LatLng) => boolean): LatLng | null {
  const [anchor, setAnchor] = useState<LatLng | null>(target && { lat: target.lat, lng: target.lng })
  const moved = target !== null && (anchor === null || isFar(anchor, target))
  // Adjusting state during render (React's documented pattern for derived state): no extra effect pass.
  if (moved) {
    const next = { lat: target.lat, lng: target.lng }
    setAnchor(next)
    return next
  }
  return anchor
}
