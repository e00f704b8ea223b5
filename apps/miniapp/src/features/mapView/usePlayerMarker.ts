import type { GeoJSONSource, Marker } from 'maplibre-gl'
import { type RefObject, useEffect } from 'react'
import type { PositionFix } from '../drops/MapDataSource.js'
import { MARKER_LAYERS } from './markerLayers.js'
import type { MapHandle } from './useMapLibreMap.js'
import { REACH_SOURCE_ID, reachRingData } from './withReachRing.js'

/** Options of {@link usePlayerMarker}. */
export interface UsePlayerMarkerOptions {
  mapRef: RefObject<MapHandle | null>
  /** The map is created. */
  ready: boolean
  player: PositionFix | null
  /** The player's dot on the map (the view removes it on unmount). */
  playerRef: RefObject<Marker | null>
  /** Whether the camera has been put on the player (or on a drop) already. */
  centeredRef: RefObject<boolean>
  /** The dot's accessible name, in the player's language. */
  label: string
}

/**
 * The player's pulsing dot (on top of every marker) and the collect ring follow the fix; the camera
 * jumps to the first fix only (the player pans freely after). Without a fix
 * the dot goes and the ring empties.
 *
 * @example
 * ```tsx
 * usePlayerMarker({ mapRef, ready, player, playerRef, centeredRef, label: t('map.yourPosition') })
 * ```
 */
export function usePlayerMarker({ mapRef, ready, player, playerRef, centeredRef, label }: UsePlayerMarkerOptions): void {
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    current.map.getSource<GeoJSONSource>(REACH_SOURCE_ID)?.setData(reachRingData(player))
    if (!player) {
      playerRef.current?.remove()
      playerRef.current = null
      return
    }
    if (!playerRef.current) {
      const element = document.createElement('div')
      element.className = 'map-player'
      element.setAttribute('role', 'img')
      // Over every drop: where the player stands is never drawn over (a drop there still shows around the dot).
      element.style.zIndex = String(MARKER_LAYERS.player)
      // A MapLibre marker must have its position before it joins the map.
      playerRef.current = new current.lib.Marker({ element, anchor: 'center' })
        .setLngLat([player.lng, player.lat])
        .addTo(current.map)
    }
    playerRef.current.setLngLat([player.lng, player.lat])
    playerRef.current.getElement().setAttribute('aria-label', label)
    if (!centeredRef.current) {
      centeredRef.current = true
      current.map.jumpTo({ center: [player.lng, player.lat] })
    }
  }, [mapRef, ready, player, playerRef, centeredRef, label])
}
