import { type RefObject, useEffect, useState } from 'react'
import type { LatLng } from '../drops/MapDataSource.js'
import { type EdgeArrowPlacement, placeEdgeArrow, type ScreenFrame } from './edgeArrow.js'
import type { MapHandle } from './useMapLibreMap.js'

/**
 * How far in from the map's edges the arrow's centre sits, px: half its
 * pill plus a margin at the sides and top, and clear of the bottom bar's
 * Back and the recenter button below.
 */
export const EDGE_ARROW_INSETS = { top: 40, right: 52, bottom: 120, left: 52 } as const

/** The frame the arrow runs along for a map of this size ({@link EDGE_ARROW_INSETS} in from each edge). */
export function edgeArrowFrame(width: number, height: number): ScreenFrame {
  return {
    left: EDGE_ARROW_INSETS.left,
    top: EDGE_ARROW_INSETS.top,
    right: Math.max(EDGE_ARROW_INSETS.left, width - EDGE_ARROW_INSETS.right),
    bottom: Math.max(EDGE_ARROW_INSETS.top, height - EDGE_ARROW_INSETS.bottom),
  }
}

const same = (a: EdgeArrowPlacement | null, b: EdgeArrowPlacement | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    Math.round(a.x) === Math.round(b.x) &&
    Math.round(a.y) === Math.round(b.y) &&
    Math.round(a.angle) === Math.round(b.angle))

/**
 * Where the edge arrow to `target` goes while the target is off screen
 * (`placeEdgeArrow` over the map's frame), `null` while it is on screen or
 * there is none. Follows the camera at most once a frame while the map
 * moves, and re-renders only when the arrow moves by a pixel or a degree.
 *
 * @example
 * ```tsx
 * const placement = useEdgeArrow(mapRef, ready, nearest)
 * ```
 */
export function useEdgeArrow(
  mapRef: RefObject<MapHandle | null>,
  ready: boolean,
  target: LatLng | null,
): EdgeArrowPlacement | null {
  const [placement, setPlacement] = useState<EdgeArrowPlacement | null>(null)
  const lat = target?.lat
  const lng = target?.lng
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || lat === undefined || lng === undefined) {
      setPlacement(null)
      return
    }
    const { map } = current
    let frame = 0
    const update = () => {
      frame = 0
      const container = map.getContainer()
      const next = placeEdgeArrow(map.project([lng, lat]), edgeArrowFrame(container.clientWidth, container.clientHeight))
      setPlacement((previous) => (same(previous, next) ? previous : next))
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(update)
    }
    update()
    map.on('move', schedule)
    map.on('resize', schedule)
    return () => {
      map.off('move', schedule)
      map.off('resize', schedule)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [mapRef, ready, lat, lng])
  return placement
}
