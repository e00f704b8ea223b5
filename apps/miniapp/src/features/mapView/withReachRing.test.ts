import { COLLECT_REACH_METERS, distanceInMeters } from '@worldmap/game'
import type { StyleSpecification } from 'maplibre-gl'
import { expect, test } from 'vitest'
import { COLOR_SCHEME_METADATA_KEY, createLocalMapStyle } from './createLocalMapStyle.js'
import { REACH_SOURCE_ID, reachRingColors, reachRingData, withReachRing } from './withReachRing.js'

const base: StyleSpecification = {
  version: 8,
  sources: { terrain: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
  layers: [{ id: 'land', type: 'background' }],
}
const player = { lat: 1.2834, lng: 103.8607 }

test('default: the ring source and its two layers go on top of the style', () => {
  const style = withReachRing(base, player)
  expect(Object.keys(style.sources)).toEqual(['terrain', REACH_SOURCE_ID])
  expect(style.layers.map((layer) => layer.id)).toEqual(['land', 'worldmap-reach-fill', 'worldmap-reach-line'])
  const data = reachRingData(player)
  expect(style.sources[REACH_SOURCE_ID]).toEqual({ type: 'geojson', data })
  // The input is untouched.
  expect(base.layers).toHaveLength(1)
})

test('behavior: the ring is the 50 m reach around the player; nothing without a position', () => {
  const data = reachRingData(player)
  if (typeof data !== 'object' || data.type !== 'Feature' || data.geometry.type !== 'Polygon')
    throw new Error('expected a polygon')
  for (const [lng, lat] of data.geometry.coordinates[0] ?? []) {
    expect(distanceInMeters(player, { lat: lat as number, lng: lng as number })).toBeCloseTo(COLLECT_REACH_METERS, 3)
  }
  expect(reachRingData(null)).toEqual({ type: 'FeatureCollection', features: [] })
})

test("behavior: the ring is drawn in the blue of the style's palette: dark on the dark offline map, light elsewhere", () => {
  const ringPaint = (style: StyleSpecification) =>
    style.layers.filter((layer) => layer.id.startsWith('worldmap-reach')).map((layer) => layer.paint)
  const light = reachRingColors.light
  const dark = reachRingColors.dark
  const lightPaint = [
    { 'fill-color': light.color, 'fill-opacity': light.fillOpacity },
    { 'line-color': light.color, 'line-opacity': light.lineOpacity, 'line-width': 2, 'line-dasharray': [3, 2] },
  ]
  expect(ringPaint(withReachRing(base, player))).toEqual(lightPaint)
  expect(ringPaint(withReachRing(createLocalMapStyle(player), player))).toEqual(lightPaint)
  expect(ringPaint(withReachRing(createLocalMapStyle(player, 'dark'), player))).toEqual([
    { 'fill-color': dark.color, 'fill-opacity': dark.fillOpacity },
    { 'line-color': dark.color, 'line-opacity': dark.lineOpacity, 'line-width': 2, 'line-dasharray': [3, 2] },
  ])
  // A remote style with metadata of its own (or none that is ours) keeps the light ring.
  expect(ringPaint(withReachRing({ ...base, metadata: { 'other:key': 'dark' } }, player))).toEqual(lightPaint)
  expect(ringPaint(withReachRing({ ...base, metadata: 'dark' }, player))).toEqual(lightPaint)
  // Switching a map from light to dark recolours the ring (the map's transformStyle runs this on every new style).
  const switched = withReachRing({ ...withReachRing(base, player), metadata: { [COLOR_SCHEME_METADATA_KEY]: 'dark' } }, player)
  expect(ringPaint(switched)[0]).toEqual({ 'fill-color': dark.color, 'fill-opacity': dark.fillOpacity })
})

test('behavior: idempotent, so it can transform every style the map switches to', () => {
  const once = withReachRing(base, player)
  const twice = withReachRing(once, { lat: 2, lng: 3 })
  expect(twice.layers.map((layer) => layer.id)).toEqual(['land', 'worldmap-reach-fill', 'worldmap-reach-line'])
  expect(twice.sources[REACH_SOURCE_ID]).toEqual({ type: 'geojson', data: reachRingData({ lat: 2, lng: 3 }) })
})
