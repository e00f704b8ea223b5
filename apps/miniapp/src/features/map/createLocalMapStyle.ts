import type { StyleSpecification } from 'maplibre-gl'
import type { LatLng } from './MapDataSource.js'

/** Grid spacing in degrees: about 110 m of latitude, a walkable unit. */
const GRID_STEP = 0.001
/** Grid half-width in steps: ±11 km around the centre covers any walk the drops ask for. */
const GRID_STEPS = 100

/**
 * The map style used when no tile server is reachable (dev, tests, a flaky
 * phone connection): a land-coloured background and a faint ~100 m grid
 * around `center`, so panning and distance still read. Everything is inline:
 * no glyphs, no sprites, no remote sources, so it renders fully offline and
 * the DOM markers (drops, position) sit on top as usual.
 *
 * @example
 * ```ts
 * new Map({ container, style: createLocalMapStyle({ lat: 1.3521, lng: 103.8198 }) })
 * ```
 */
export function createLocalMapStyle(center: LatLng): StyleSpecification {
  const snap = (value: number) => Math.round(value / GRID_STEP) * GRID_STEP
  const lat0 = snap(center.lat)
  const lng0 = snap(center.lng)
  const span = GRID_STEP * GRID_STEPS
  const clampLat = (lat: number) => Math.max(-85, Math.min(85, lat))
  const lines: [number, number][][] = []
  for (let i = -GRID_STEPS; i <= GRID_STEPS; i++) {
    const lat = clampLat(lat0 + i * GRID_STEP)
    const lng = lng0 + i * GRID_STEP
    lines.push([
      [lng0 - span, lat],
      [lng0 + span, lat],
    ])
    lines.push([
      [lng, clampLat(lat0 - span)],
      [lng, clampLat(lat0 + span)],
    ])
  }
  return {
    version: 8,
    name: 'WorldMap offline',
    sources: {
      grid: {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } },
      },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': '#e8eee3' } },
      {
        id: 'grid',
        type: 'line',
        source: 'grid',
        minzoom: 13,
        paint: { 'line-color': '#cdd8c6', 'line-width': 1 },
      },
    ],
  }
}
