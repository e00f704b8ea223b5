import { describe, expect, test } from 'vitest'
import { createLocalMapStyle } from './createLocalMapStyle.js'

describe('createLocalMapStyle', () => {
  test('default: a grid every 0.001° around the snapped centre, ±0.1°', () => {
    const style = createLocalMapStyle({ lat: 1.35214, lng: 103.81976 })
    const source = style.sources.grid
    if (source?.type !== 'geojson' || typeof source.data !== 'object' || source.data.type !== 'Feature') {
      throw new Error('expected an inline GeoJSON feature')
    }
    if (source.data.geometry.type !== 'MultiLineString') throw new Error('expected lines')
    const lines = source.data.geometry.coordinates
    expect(lines).toHaveLength(402)
    const [[west, lat], [east]] = lines[200] as [[number, number], [number, number]]
    expect(lat).toBeCloseTo(1.352, 9)
    expect(west).toBeCloseTo(103.82 - 0.1, 9)
    expect(east).toBeCloseTo(103.82 + 0.1, 9)
  })

  test('behavior: latitudes stay inside Web Mercator near the poles', () => {
    const style = createLocalMapStyle({ lat: 84.99, lng: 0 })
    const text = JSON.stringify(style.sources)
    const lats = [...text.matchAll(/\[-?[\d.]+,(-?[\d.]+)\]/g)].map((match) => Number(match[1]))
    expect(Math.max(...lats)).toBeLessThanOrEqual(85)
  })
})
