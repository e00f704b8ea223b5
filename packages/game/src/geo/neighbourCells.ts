import { CELL_PRECISION } from './cellPrecision.js'
import { encodeGeohash } from './encodeGeohash.js'
import { geohashBounds } from './geohashBounds.js'

/**
 * The up to 8 cells around `cellId` (same precision), without `cellId`
 * itself. Longitude wraps at ±180°; rows beyond a pole are left out, so
 * polar cells have fewer neighbours.
 *
 * @example
 * ```ts
 * neighbourCells('w21z74n').length // 8
 * ```
 */
export function neighbourCells(cellId: string): string[] {
  const { south, west, north, east } = geohashBounds(cellId)
  const height = north - south
  const width = east - west
  const lat = (south + north) / 2
  const lng = (west + east) / 2
  const cells = new Set<string>()
  for (const dLat of [-1, 0, 1]) {
    const nLat = lat + dLat * height
    if (nLat < -90 || nLat > 90) continue
    for (const dLng of [-1, 0, 1]) {
      if (dLat === 0 && dLng === 0) continue
      // Wrap longitude into [-180, 180).
      const nLng = ((((lng + dLng * width + 180) % 360) + 360) % 360) - 180
      cells.add(encodeGeohash(nLat, nLng, cellId.length || CELL_PRECISION))
    }
  }
  cells.delete(cellId)
  return [...cells]
}
