import type { ExpressionSpecification, LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl'
import type { LatLng } from '../drops/MapDataSource.js'
import { generateTerrain, type Position, type Ring, type Terrain } from './generateTerrain.js'

/** The player's system setting (`prefers-color-scheme`), which picks the offline map's palette. */
export type ColorScheme = 'light' | 'dark'

/** The colours of one offline map palette, one per layer. */
export interface LocalMapColors {
  land: string
  park: string
  water: string
  waterEdge: string
  block: string
  street: string
  streetCasing: string
  road: string
  roadCasing: string
}

/**
 * The offline map's palettes: a quiet base in either scheme, so the drops
 * (bright gems with a white rim), the player's blue dot and the reach ring
 * stand out. Dark keeps light's order of brightness — streets lighter than
 * blocks, blocks lighter than land, avenues warm — so the town reads the
 * same, only at night.
 */
export const localMapPalettes: Record<ColorScheme, LocalMapColors> = {
  light: {
    land: '#f2efe9',
    park: '#cfe8b8',
    water: '#a6d2f0',
    waterEdge: '#8fc2e6',
    block: '#e4dfd5',
    street: '#ffffff',
    streetCasing: '#d3cbbc',
    road: '#fde49c',
    roadCasing: '#e3bd5f',
  },
  dark: {
    land: '#181b1f',
    park: '#1d3123',
    water: '#1a3550',
    waterEdge: '#24496d',
    block: '#23272d',
    street: '#3b4149',
    streetCasing: '#2a2f35',
    road: '#6e5a2a',
    roadCasing: '#4b3e1f',
  },
}

/** Where a style says which palette it was drawn in (`style.metadata`), so overlays can match it. */
export const COLOR_SCHEME_METADATA_KEY = 'worldmap:color-scheme'

/** A line width in px that tracks a width on the ground: doubling per zoom level, as the map does. */
const widthByZoom = (...stops: number[]): ExpressionSpecification =>
  ['interpolate', ['exponential', 2], ['zoom'], ...stops] as ExpressionSpecification

type TerrainGeometry = { type: 'MultiPolygon'; coordinates: Ring[][] } | { type: 'MultiLineString'; coordinates: Position[][] }

const ofClass = (name: string): ExpressionSpecification => ['==', ['get', 'class'], name]

const feature = (name: string, geometry: TerrainGeometry) => ({
  type: 'Feature' as const,
  properties: { class: name },
  geometry,
})

/** The terrain as one inline GeoJSON source, a feature per class (`park`, `water`, `block`, `street`, `road`). */
function terrainSource(terrain: Terrain): SourceSpecification {
  return {
    type: 'geojson',
    // Nothing is simplified away: the street grid must stay square at every zoom.
    tolerance: 0,
    data: {
      type: 'FeatureCollection',
      features: [
        feature('park', { type: 'MultiPolygon', coordinates: terrain.parks }),
        feature('water', { type: 'MultiPolygon', coordinates: terrain.water }),
        feature('block', { type: 'MultiPolygon', coordinates: terrain.blocks }),
        feature('street', { type: 'MultiLineString', coordinates: terrain.minorStreets }),
        feature('road', { type: 'MultiLineString', coordinates: terrain.mainRoads }),
      ],
    },
  }
}

/** The layers drawing the terrain source in palette `c`, bottom to top: land, parks, water, blocks, streets, avenues. */
function terrainLayers(c: LocalMapColors): LayerSpecification[] {
  return [
    { id: 'land', type: 'background', paint: { 'background-color': c.land } },
    { id: 'park', type: 'fill', source: 'terrain', filter: ofClass('park'), paint: { 'fill-color': c.park } },
    {
      id: 'water',
      type: 'fill',
      source: 'terrain',
      filter: ofClass('water'),
      paint: { 'fill-color': c.water, 'fill-outline-color': c.waterEdge },
    },
    {
      id: 'block',
      type: 'fill',
      source: 'terrain',
      filter: ofClass('block'),
      minzoom: 14,
      paint: { 'fill-color': c.block, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], 14, 0, 15, 1] },
    },
    {
      id: 'street-casing',
      type: 'line',
      source: 'terrain',
      filter: ofClass('street'),
      minzoom: 13,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.streetCasing, 'line-width': widthByZoom(13, 1.2, 16, 8, 20, 110) },
    },
    {
      id: 'street',
      type: 'line',
      source: 'terrain',
      filter: ofClass('street'),
      minzoom: 13,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.street, 'line-width': widthByZoom(13, 0.7, 16, 6, 20, 96) },
    },
    {
      id: 'road-casing',
      type: 'line',
      source: 'terrain',
      filter: ofClass('road'),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.roadCasing, 'line-width': widthByZoom(11, 1.6, 14, 5, 16, 12.5, 20, 176) },
    },
    {
      id: 'road',
      type: 'line',
      source: 'terrain',
      filter: ofClass('road'),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.road, 'line-width': widthByZoom(11, 1, 14, 3.5, 16, 10, 20, 160) },
    },
  ]
}

/**
 * The map style used without a tile server (local mode, tests, a flaky
 * connection): a generated town around `center` (see `generateTerrain`) —
 * land, a river with green banks, parks and ponds, city blocks, side streets
 * and avenues — as one inline GeoJSON source. No glyphs, no sprites, no text
 * layers and no remote sources: it renders at once and fully offline, and
 * the DOM markers (drops, position) sit on top as usual. `scheme` picks the
 * light or dark palette ({@link localMapPalettes}) and is recorded in the
 * style's metadata, where `withReachRing` reads it.
 *
 * @example
 * ```ts
 * new Map({ container, style: createLocalMapStyle({ lat: 1.3521, lng: 103.8198 }, 'dark') })
 * ```
 */
export function createLocalMapStyle(center: LatLng, scheme: ColorScheme = 'light'): StyleSpecification {
  return {
    version: 8,
    name: 'WorldMap offline',
    metadata: { [COLOR_SCHEME_METADATA_KEY]: scheme },
    sources: { terrain: terrainSource(generateTerrain(center)) },
    layers: terrainLayers(localMapPalettes[scheme]),
  }
}
