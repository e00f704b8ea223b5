import { type MarkerHitArea, pickMarker } from './pickMarker.js'

/** What {@link resolveMarkerTap} needs of a marker on the map. */
export interface TappableMarker {
  element: HTMLElement
  /** The radius of what it draws, px (its gem or bubble), not of its 44 px target. */
  radius: number
  /** Its `z-index` (`MARKER_LAYERS`). */
  layer: number
}

/**
 * The id of the marker a tap meant: the top-most one whose drawn disc is
 * under the tap (`pickMarker`), measured on screen now; the browser's own
 * target (`tappedId`) when the tap is on no disc, or when it has no screen
 * position (a keyboard's Enter or Space, which means the focused marker).
 *
 * @example
 * ```ts
 * element.addEventListener('click', (event) => markers.get(resolveMarkerTap(event, id, markers))?.activate())
 * ```
 */
export function resolveMarkerTap(event: MouseEvent, tappedId: string, markers: ReadonlyMap<string, TappableMarker>): string {
  // `detail` counts pointer clicks; a click synthesised from the keyboard has 0.
  if (event.detail === 0) return tappedId
  const areas: MarkerHitArea[] = []
  for (const [id, { element, radius, layer }] of markers) {
    const box = element.getBoundingClientRect()
    const order = element.parentElement ? Array.prototype.indexOf.call(element.parentElement.children, element) : 0
    areas.push({ id, x: box.left + box.width / 2, y: box.top + box.height / 2, radius, layer, order })
  }
  return pickMarker({ x: event.clientX, y: event.clientY }, areas) ?? tappedId
}
