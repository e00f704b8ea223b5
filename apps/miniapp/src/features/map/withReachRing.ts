import { COLLECT_REACH_METERS, type LatLng } from '@worldmap/game'
import type { GeoJSONSourceSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl'
import { circleAround } from './circleAround.js'

/** The style source holding the collect ring (ids prefixed so they never clash with a remote style's). */
export const REACH_SOURCE_ID = 'worldmap-reach'

const ringLayers: LayerSpecification[] = [
  {
    id: 'worldmap-reach-fill',
    type: 'fill',
    source: REACH_SOURCE_ID,
    paint: { 'fill-color': '#1c6fe8', 'fill-opacity': 0.1 },
  },
  {
    id: 'worldmap-reach-line',
    type: 'line',
    source: REACH_SOURCE_ID,
    paint: { 'line-color': '#1c6fe8', 'line-opacity': 0.75, 'line-width': 2, 'line-dasharray': [3, 2] },
  },
]
const ringLayerIds = new Set(ringLayers.map((layer) => layer.id))

/**
 * The collect ring's GeoJSON: a 50 m circle around the player, or nothing
 * without a position.
 *
 * @example
 * ```ts
 * map.getSource<GeoJSONSource>(REACH_SOURCE_ID)?.setData(reachRingData(fix))
 * ```
 */
export function reachRingData(player: LatLng | null): GeoJSONSourceSpecification['data'] {
  if (!player) return { type: 'FeatureCollection', features: [] }
  return { type: 'Feature', properties: {}, geometry: circleAround(player, COLLECT_REACH_METERS) }
}

/**
 * `style` with the collect ring drawn on top of everything it has (under
 * the DOM markers, which MapLibre keeps above the canvas): a translucent
 * disc and a dashed edge, in map space so it keeps its 50 m at every zoom.
 * Idempotent, so it can be MapLibre's `transformStyle` for every style the
 * map switches to (the offline one re-centred, a remote one) as well as the
 * first.
 *
 * @example
 * ```ts
 * new Map({ container, style: withReachRing(style, fix), transformStyle: (_, next) => withReachRing(next, latestFix) })
 * ```
 */
export function withReachRing(style: StyleSpecification, player: LatLng | null): StyleSpecification {
  return {
    ...style,
    sources: { ...style.sources, [REACH_SOURCE_ID]: { type: 'geojson', data: reachRingData(player) } },
    layers: [...style.layers.filter((layer) => !ringLayerIds.has(layer.id)), ...ringLayers],
  }
}
