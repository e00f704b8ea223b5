import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl'
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { LatLng, PositionFix } from '../drops/MapDataSource.js'
import type { MapLibreModule } from './loadMapLibre.js'
import { REACH_SOURCE_ID, reachRingData, withReachRing } from './withReachRing.js'

/** The live MapLibre map, its module (for markers) and the style it was last given. */
export interface MapHandle {
  lib: MapLibreModule
  map: MapLibreMap
  style: StyleSpecification
}

/** The latest values the map is created from; read through a ref so the map is created once. */
export interface MapSetup {
  loadMapLibre: () => Promise<MapLibreModule>
  style: StyleSpecification
  initialCenter: LatLng
  initialZoom: number
  player: PositionFix | null
}

/** Why there is no map: no WebGL (old phone, locked-down webview), or MapLibre did not load. */
export type MapFailure = 'no-webgl' | 'load-failed'

/** Options of {@link useMapLibreMap}. */
export interface UseMapLibreMapOptions {
  /** Where the map draws. */
  containerRef: RefObject<HTMLElement | null>
  /** The view's latest props, read when the map is created and when a style loads. */
  latest: RefObject<MapSetup>
  /** The style to draw now; a new object is applied with `setStyle`. */
  style: StyleSpecification
  /** Whether the camera has been put on the player (or on a drop) already. */
  centeredRef: RefObject<boolean>
  /** Removes what the view added to the map (its markers); runs on unmount, before the map goes. */
  teardown: () => void
}

/** What {@link useMapLibreMap} gives the view. */
export interface MapLibreMapState {
  /** The map once created; `null` before and after. */
  mapRef: RefObject<MapHandle | null>
  /** The map is created: effects may drive it. */
  ready: boolean
  /** Its first style has loaded. */
  loaded: boolean
  /** Why there is no map (the view words it). */
  failure: MapFailure | null
  /** The zoom after the last zoom gesture. */
  zoom: number
}

/**
 * Loads MapLibre and creates the map once in `containerRef`, centred on the
 * player's fix if there is one (`centeredRef` then says so), else on the
 * initial centre; every style keeps the collect ring around the latest fix
 * (`withReachRing`). A new `style` is applied with `setStyle` (MapLibre
 * diffs it). On unmount, `teardown` (the markers) runs before the map goes.
 *
 * @example
 * ```tsx
 * const { mapRef, ready, loaded, failure, zoom } = useMapLibreMap({ containerRef, latest, style, centeredRef, teardown: removeMarkers })
 * ```
 */
export function useMapLibreMap({ containerRef, latest, style, centeredRef, teardown }: UseMapLibreMapOptions): MapLibreMapState {
  const mapRef = useRef<MapHandle | null>(null)
  const [ready, setReady] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const [failure, setFailure] = useState<MapFailure | null>(null)
  const [zoom, setZoom] = useState(latest.current.initialZoom)

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later values are read through `latest`
  useEffect(() => {
    let cancelled = false
    let map: MapLibreMap | undefined
    latest.current.loadMapLibre().then(
      (lib) => {
        const container = containerRef.current
        if (cancelled || !container) return
        const { style, initialCenter, initialZoom, player } = latest.current
        const center = player ?? initialCenter
        centeredRef.current = player !== null
        try {
          map = new lib.Map({
            container,
            style: withReachRing(style, player),
            // Every later style (the offline one re-centred) keeps the ring, around the latest fix.
            transformStyle: (_previous, next) => withReachRing(next, latest.current.player),
            center: [center.lng, center.lat],
            zoom: initialZoom,
            attributionControl: { compact: true },
          })
        } catch {
          // No WebGL (old phone, locked-down webview): the constructor throws.
          setFailure('no-webgl')
          return
        }
        const created = map
        // Tile and style errors are expected offline; without a listener MapLibre logs each one.
        created.on('error', () => {})
        created.once('load', () => setLoaded(true))
        created.on('zoomend', () => setZoom(created.getZoom()))
        // A fix that arrived while a style was loading reaches the ring once the style is there.
        created.on('styledata', () => {
          created.getSource<GeoJSONSource>(REACH_SOURCE_ID)?.setData(reachRingData(latest.current.player))
        })
        mapRef.current = { lib, map: created, style }
        setReady(true)
      },
      () => {
        if (!cancelled) setFailure('load-failed')
      },
    )
    return () => {
      cancelled = true
      teardown()
      map?.remove()
      mapRef.current = null
    }
  }, [])

  // A new style (the offline town re-centred on the player) replaces the old one.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || current.style === style) return
    current.style = style
    current.map.setStyle(style)
  }, [ready, style])

  return { mapRef, ready, loaded, failure, zoom }
}
