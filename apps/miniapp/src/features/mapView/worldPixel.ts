import type { LatLng } from '@worldmap/game'

/**
 * Web Mercator position of `point` at `zoom` in MapLibre's 512 px world, px
 * (y grows southwards, as on screen). The difference of two of these is
 * where one point draws from the other on an unrotated map.
 *
 * @example
 * ```ts
 * const a = worldPixel(drop, 16)
 * const b = worldPixel(player, 16)
 * Math.hypot(a.x - b.x, a.y - b.y) // on-screen px between them at zoom 16
 * ```
 */
export function worldPixel(point: LatLng, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom
  const lat = Math.max(-85.0511, Math.min(85.0511, point.lat))
  const sin = Math.sin((lat * Math.PI) / 180)
  return { x: ((point.lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size }
}
