import { distanceInMeters } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { COLOR_SCHEME_METADATA_KEY, createLocalMapStyle, localMapPalettes } from './createLocalMapStyle.js'
import { generateTerrain, type Position, type Ring } from './generateTerrain.js'

const marinaBay = { lat: 1.2834, lng: 103.8607 }

/** Every `[lng, lat]` position in nested coordinates. */
function positions(coordinates: unknown): Position[] {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') return [coordinates as Position]
  return Array.isArray(coordinates) ? coordinates.flatMap(positions) : []
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Ray casting: whether `point` is inside `ring`. */
function inside([x, y]: Position, ring: Ring): boolean {
  let hit = false
  for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
    const [xa, ya] = ring[a] as Position
    const [xb, yb] = ring[b] as Position
    if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) hit = !hit
  }
  return hit
}

describe('createLocalMapStyle', () => {
  test('default: land, parks, water, blocks, streets and avenues from one inline GeoJSON source', () => {
    const style = createLocalMapStyle(marinaBay)
    expect(style.layers.map((layer) => `${layer.id}:${layer.type}`)).toEqual([
      'land:background',
      'park:fill',
      'water:fill',
      'block:fill',
      'street-casing:line',
      'street:line',
      'road-casing:line',
      'road:line',
    ])
    expect(Object.keys(style.sources)).toEqual(['terrain'])
    const source = style.sources.terrain
    if (source?.type !== 'geojson' || typeof source.data !== 'object' || source.data.type !== 'FeatureCollection') {
      throw new Error('expected an inline GeoJSON feature collection')
    }
    const features = source.data.features as unknown as { properties: { class: string }; geometry: { coordinates: unknown } }[]
    const byClass = Object.fromEntries(features.map((f) => [f.properties.class, positions(f.geometry.coordinates).length]))
    for (const name of ['park', 'water', 'block', 'street', 'road']) expect(byClass[name]).toBeGreaterThan(0)
  })

  test('behavior: renders offline: no glyphs, sprites, text (symbol) layers or remote URLs', () => {
    const style = createLocalMapStyle(marinaBay)
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false)
    expect(JSON.stringify(style)).not.toMatch(/https?:|mapbox:|pmtiles:/)
  })

  test('behavior: light by default; dark draws the same town in the dark palette and says so in its metadata', () => {
    const light = createLocalMapStyle(marinaBay)
    const dark = createLocalMapStyle(marinaBay, 'dark')
    expect(createLocalMapStyle(marinaBay, 'light')).toEqual(light)
    expect(light.metadata).toEqual({ [COLOR_SCHEME_METADATA_KEY]: 'light' })
    expect(dark.metadata).toEqual({ [COLOR_SCHEME_METADATA_KEY]: 'dark' })
    // Same sources and layers, only the colours differ.
    expect(dark.sources).toEqual(light.sources)
    expect(dark.layers.map((layer) => layer.id)).toEqual(light.layers.map((layer) => layer.id))
    const colours = (style: typeof light) =>
      style.layers.map((layer) => {
        const paint = (layer.paint ?? {}) as Record<string, unknown>
        return paint['background-color'] ?? paint['fill-color'] ?? paint['line-color']
      })
    expect(colours(light)).toEqual(
      ['land', 'park', 'water', 'block', 'streetCasing', 'street', 'roadCasing', 'road'].map(
        (name) => localMapPalettes.light[name as keyof typeof localMapPalettes.light],
      ),
    )
    expect(colours(dark)).toEqual(
      ['land', 'park', 'water', 'block', 'streetCasing', 'street', 'roadCasing', 'road'].map(
        (name) => localMapPalettes.dark[name as keyof typeof localMapPalettes.dark],
      ),
    )
  })

  test('behavior: each palette keeps the town readable: streets stand out from blocks, blocks from land, water from land', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const c = localMapPalettes[scheme]
      // WCAG relative luminance: the map's shapes differ by brightness, not hue alone.
      const contrast = (a: string, b: string) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number]
        return (x + 0.05) / (y + 0.05)
      }
      expect(contrast(c.street, c.block), `${scheme}: street on block`).toBeGreaterThan(1.2)
      expect(contrast(c.block, c.land), `${scheme}: block on land`).toBeGreaterThan(1.1)
      expect(contrast(c.water, c.land), `${scheme}: water on land`).toBeGreaterThan(1.2)
      expect(contrast(c.street, c.streetCasing), `${scheme}: street on its casing`).toBeGreaterThan(1.15)
    }
    // Dark is dark: its land is darker than any light colour, so a night screen stays night.
    expect(luminance(localMapPalettes.dark.land)).toBeLessThan(0.02)
    expect(Math.max(...Object.values(localMapPalettes.dark).map(luminance))).toBeLessThan(
      Math.min(...Object.values(localMapPalettes.light).map(luminance)),
    )
  })

  test('behavior: deterministic, and the same for every centre in one district', () => {
    expect(createLocalMapStyle(marinaBay)).toEqual(createLocalMapStyle({ ...marinaBay }))
    // 0.004° districts: both points are in the district from 1.280° to 1.284°.
    expect(createLocalMapStyle({ lat: 1.2801, lng: 103.8607 })).toEqual(createLocalMapStyle({ lat: 1.2839, lng: 103.8607 }))
    expect(createLocalMapStyle({ lat: 48.85, lng: 2.35 })).not.toEqual(createLocalMapStyle(marinaBay))
  })
})

describe('generateTerrain', () => {
  test('behavior: anchored to the world: a window re-centred 1 km away draws the same blocks around the player', () => {
    const before = generateTerrain(marinaBay)
    const moved = { lat: marinaBay.lat + 0.009, lng: marinaBay.lng }
    const after = generateTerrain(moved)
    const near = (ring: Ring[]) => {
      const corner = ring[0]?.[0]
      return corner !== undefined && distanceInMeters(moved, { lat: corner[1], lng: corner[0] }) < 600
    }
    const blocksBefore = before.blocks.filter(near)
    expect(blocksBefore.length).toBeGreaterThan(20)
    expect(after.blocks.filter(near)).toEqual(blocksBefore)
  })

  test('behavior: blocks stay out of the water; side streets stop at the bank while avenues bridge it', () => {
    const terrain = generateTerrain(marinaBay)
    const water = terrain.water.map((polygon) => polygon[0] as Ring)
    expect(water.length).toBeGreaterThan(0)
    for (const block of terrain.blocks) {
      for (const corner of block[0] as Ring) for (const ring of water) expect(inside(corner, ring)).toBe(false)
    }
    const river = water.reduce((longest, ring) => (ring.length > longest.length ? ring : longest))
    // Ponds have 25 positions; the river runs across the whole window.
    expect(river.length).toBeGreaterThan(100)
    const wet = (line: Position[]) => line.some((point) => inside(point, river))
    expect(terrain.minorStreets.filter(wet)).toEqual([])
    // A bridge: a straight avenue whose ends are dry while a point along it is in the river.
    const crossesRiver = (line: Position[]) => {
      const [a, b] = [line[0] as Position, line.at(-1) as Position]
      if (inside(a, river) || inside(b, river)) return false
      return Array.from({ length: 400 }, (_, k) => k / 400).some((t) =>
        inside([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], river),
      )
    }
    expect(terrain.mainRoads.filter(crossesRiver).length).toBeGreaterThan(0)
  })

  test('behavior: bounded and inside Web Mercator anywhere within ±85°', () => {
    fc.assert(
      fc.property(fc.double({ min: -85, max: 85, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const all = positions(Object.values(generateTerrain({ lat, lng })))
        expect(all.length).toBeLessThan(16_000)
        for (const [, positionLat] of all) expect(Math.abs(positionLat)).toBeLessThanOrEqual(85)
      }),
      { numRuns: 12 },
    )
  })
})
