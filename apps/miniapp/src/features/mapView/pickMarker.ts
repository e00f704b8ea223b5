/** One marker as a tap sees it: where its visible disc is on screen and how high it draws. */
export interface MarkerHitArea {
  id: string
  /** The disc's centre, screen px. */
  x: number
  y: number
  /** The radius of what is drawn (the gem, the bubble), px: smaller than the 44 px tap target around it. */
  radius: number
  /** Its `z-index` (`MARKER_LAYERS`). */
  layer: number
  /** Its place among its siblings: a later one draws over an earlier one of the same layer. */
  order: number
}

/**
 * The marker whose drawn disc is under `point`, the top-most one when
 * several overlap there (higher layer, then later in the page); `null` when
 * the tap lands on no drawn disc (only on a marker's transparent margin).
 * Every marker is a 44 px target, wider than what it draws, so the browser
 * alone would hand a tap on a small gem to the invisible margin of a
 * neighbour drawn above it: the map asks this first, and only falls back to
 * the browser's target when no disc is under the tap.
 *
 * @example
 * ```ts
 * pickMarker({ x: 100, y: 100 }, [
 *   { id: 'under', x: 100, y: 100, radius: 12, layer: 2, order: 0 },
 *   { id: 'over', x: 120, y: 100, radius: 12, layer: 4, order: 1 },
 * ]) // 'under': the tap is on its gem, not on the other's
 * ```
 */
export function pickMarker(point: { x: number; y: number }, markers: readonly MarkerHitArea[]): string | null {
  let best: MarkerHitArea | null = null
  for (const marker of markers) {
    if ((point.x - marker.x) ** 2 + (point.y - marker.y) ** 2 > marker.radius ** 2) continue
    if (!best || marker.layer > best.layer || (marker.layer === best.layer && marker.order > best.order)) best = marker
  }
  return best?.id ?? null
}
