import { EARTH_RADIUS_METERS, type LatLng, type MapDrop, RARITIES, type Rarity } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  CLUSTERED_RARITIES,
  clusterDrops,
  isClusterable,
  type PlacedMarker,
} from './clusterDrops.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const here = { lat: 1.2834, lng: 103.8607 }
const east = (meters: number, from: LatLng = here): LatLng => ({
  lat: from.lat,
  lng: from.lng + meters / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
})
const drop = (id: string, at: LatLng, rarity: Rarity = 'common'): MapDrop => ({ id, ...at, kind: 'gem', rarity, expiresAt: 1 })
/** Metres per px at zoom 16 near the equator (512 px tiles): about 1.19. */
const metersPerPx = (zoom: number) =>
  (2 * Math.PI * EARTH_RADIUS_METERS * Math.cos((here.lat * Math.PI) / 180)) / (512 * 2 ** zoom)

const summary = (placed: PlacedMarker[]) =>
  placed.map((marker) => (marker.type === 'drop' ? marker.drop.id : `${marker.id}[${marker.drops.map((d) => d.id).join(',')}]`))

describe('clusterDrops', () => {
  test('default: drops closer than 44 px merge, with a count and their mean position; far ones stay apart', () => {
    const step = metersPerPx(16) * 20
    const drops = [drop('a', here), drop('b', east(step)), drop('c', east(2 * step)), drop('far', east(500))]
    const placed = clusterDrops(drops, { zoom: 16 })
    // 'a' gathers 'b' (20 px) and 'c' (40 px), all within one tap target.
    expect(summary(placed)).toEqual(['cluster:a[a,b,c]', 'far'])
    const cluster = placed[0]
    if (cluster?.type !== 'cluster') throw new Error('expected a cluster')
    expect(cluster.center.lat).toBeCloseTo(here.lat, 12)
    expect(cluster.center.lng).toBeCloseTo(east(step).lng, 12)
  })

  test('parameters: zooming in splits a cluster; above the max zoom nothing clusters', () => {
    const drops = [drop('a', here), drop('b', east(30))]
    expect(summary(clusterDrops(drops, { zoom: 16 }))).toEqual(['cluster:a[a,b]'])
    // 30 m is ~100 px at zoom 17.5.
    expect(summary(clusterDrops(drops, { zoom: 17.5 }))).toEqual(['a', 'b'])
    const same = [drop('a', here), drop('b', here)]
    expect(summary(clusterDrops(same, { zoom: CLUSTER_MAX_ZOOM }))).toEqual(['cluster:a[a,b]'])
    expect(summary(clusterDrops(same, { zoom: CLUSTER_MAX_ZOOM + 0.01 }))).toEqual(['a', 'b'])
    expect(summary(clusterDrops(same, { zoom: 10, maxZoom: 9 }))).toEqual(['a', 'b'])
    expect(summary(clusterDrops([drop('a', here), drop('b', east(metersPerPx(16) * 60))], { zoom: 16, radiusPx: 80 }))).toEqual([
      'cluster:a[a,b]',
    ])
    expect(CLUSTER_RADIUS_PX).toBe(44)
  })

  test('behavior: a drop kept apart (in reach) is never in a cluster, even on top of others', () => {
    const drops = [drop('a', here), drop('b', here), drop('c', here)]
    const placed = clusterDrops(drops, { zoom: 14, keepApart: (d) => d.id === 'b' })
    expect(summary(placed)).toEqual(['b', 'cluster:a[a,c]'])
    expect(summary(clusterDrops(drops, { zoom: 14, keepApart: (d) => d.id !== 'a' }))).toEqual(['b', 'c', 'a'])
  })

  test('behavior: the same drops in any order give the same markers', () => {
    const drops = [drop('d', east(5)), drop('a', here), drop('c', east(300)), drop('b', east(10))]
    expect(summary(clusterDrops(drops, { zoom: 15 }))).toEqual(summary(clusterDrops([...drops].reverse(), { zoom: 15 })))
  })

  test('behavior: every drop is placed exactly once, and kept-apart drops are always single markers', () => {
    const arbitraryDrop = fc.record({
      north: fc.double({ min: -300, max: 300, noNaN: true }),
      east: fc.double({ min: -300, max: 300, noNaN: true }),
      apart: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(arbitraryDrop, { maxLength: 40 }), fc.double({ min: 10, max: 20, noNaN: true }), (specs, zoom) => {
        const drops = specs.map((spec, i) =>
          drop(`d${i}`, { lat: here.lat + spec.north / METERS_PER_DEGREE, lng: east(spec.east).lng }),
        )
        const apart = new Set(drops.filter((_, i) => specs[i]?.apart).map((d) => d.id))
        const placed = clusterDrops(drops, { zoom, keepApart: (d) => apart.has(d.id) })
        const ids = placed.flatMap((marker) => (marker.type === 'drop' ? [marker.drop.id] : marker.drops.map((d) => d.id)))
        expect([...ids].sort()).toEqual(drops.map((d) => d.id).sort())
        for (const marker of placed) {
          if (marker.type === 'cluster') {
            expect(marker.drops.length).toBeGreaterThanOrEqual(2)
            for (const member of marker.drops) expect(apart.has(member.id)).toBe(false)
          }
        }
      }),
    )
  })

  test('behavior: only common and uncommon drops cluster; rare, epic and legendary always stand alone', () => {
    expect(CLUSTERED_RARITIES).toEqual(['common', 'uncommon'])
    expect(RARITIES.filter((rarity) => isClusterable({ rarity }))).toEqual(['common', 'uncommon'])
    const drops = [
      drop('a', here),
      drop('b', here, 'uncommon'),
      drop('c', here, 'rare'),
      drop('d', here, 'epic'),
      drop('e', here, 'legendary'),
    ]
    expect(summary(clusterDrops(drops, { zoom: 12 }))).toEqual(['c', 'd', 'e', 'cluster:a[a,b]'])
    // A lone common among the rare ones is a single marker, not a cluster of one.
    expect(summary(clusterDrops(drops.slice(1), { zoom: 12 }))).toEqual(['c', 'd', 'e', 'b'])
  })

  test('behavior: over random drop sets, zooms and rarities, no rare-or-better drop is ever inside a cluster', () => {
    const arbitraryDrop = fc.record({
      north: fc.double({ min: -400, max: 400, noNaN: true }),
      east: fc.double({ min: -400, max: 400, noNaN: true }),
      rarity: fc.constantFrom(...RARITIES),
    })
    fc.assert(
      fc.property(fc.array(arbitraryDrop, { maxLength: 60 }), fc.double({ min: 3, max: 20, noNaN: true }), (specs, zoom) => {
        const drops = specs.map((spec, i) =>
          drop(`d${i}`, { lat: here.lat + spec.north / METERS_PER_DEGREE, lng: east(spec.east).lng }, spec.rarity),
        )
        const placed = clusterDrops(drops, { zoom })
        const clustered = placed.flatMap((marker) => (marker.type === 'cluster' ? marker.drops : []))
        expect(clustered.filter((member) => !CLUSTERED_RARITIES.includes(member.rarity))).toEqual([])
        // And every rare-or-better drop is on the map as its own marker.
        const singles = new Set(placed.flatMap((marker) => (marker.type === 'drop' ? [marker.drop.id] : [])))
        for (const rare of drops.filter((d) => !isClusterable(d))) expect(singles.has(rare.id)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
