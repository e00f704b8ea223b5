import { COLLECT_REACH_METERS, type LatLng } from '@worldmap/game'
import type { GeoJSONSourceSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl'
import { circleAround } from './circleAround.js'
import { COLOR_SCHEME_METADATA_KEY, type ColorScheme } from './createLocalMapStyle.js'

/** The style source holding the collect ring (ids prefixed so they never clash with a remote style's). */
export const REACH_SOURCE_ID = 'worldmap-reach'

/**
 * The ring's blue per palette: the player's dot blue on a light map, a
 * lighter blue (and a little more of it) on a dark one, where the light
 * map's blue would sink into the night.
 */
export const reachRingColors: Record<ColorScheme, { color: string; fillOpacity: number; lineOpacity: number }> = {
  light: { color: '#1c6fe8', fillOpacity: 0.1, lineOpacity: 0.75 },
  dark: { color: '#6ea8ff', fillOpacity: 0.14, lineOpacity: 0.9 },
}

const ringLayers = (scheme: ColorScheme): LayerSpecification[] => {
  const { color, fillOpacity, lineOpacity } = reachRingColors[scheme]
  return [
    {
      id: 'worldmap-reach-fill',
      type: 'fill',
      source: REACH_SOURCE_ID,
      paint: { 'fill-color': color, 'fill-opacity': fillOpacity },
    },
    {
      id: 'worldmap-reach-line',
      type: 'line',
      source: REACH_SOURCE_ID,
      paint: { 'line-color': color, 'line-opacity': lineOpacity, 'line-width': 2, 'line-dasharray': [3, 2] },
    },
  ]
}
const ringLayerIds = new Set(ringLayers('light').map((layer) => layer.id))

/** The palette a style was drawn in: the offline style says so in its metadata; any other style is taken as light. */
function schemeOf(style: StyleSpecification): ColorScheme {
  const metadata = style.metadata
  if (typeof metadata !== 'object' || metadata === null) return 'light'
  return (metadata as Record<string, unknown>)[COLOR_SCHEME_METADATA_KEY] === 'dark' ? 'dark' : 'light'
}

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
 * disc and a dashed edge, in map space so it keeps its 50 m at every zoom,
 * in the blue that suits the style's palette ({@link reachRingColors}).
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
    layers: [...style.layers.filter((layer) => !ringLayerIds.has(layer.id)), ...ringLayers(schemeOf(style))],
  }
}
