import type { MapDrop } from '@worldmap/game'
import type { Marker, StyleSpecification } from 'maplibre-gl'
import { useRef } from 'react'
import { useLocale, useT } from '../../lib/i18n/index.js'
import type { LatLng, PositionFix } from '../drops/MapDataSource.js'
import type { DropAtDistance } from '../drops/nearestDrop.js'
import { EdgeArrow } from './EdgeArrow.js'
import type { MapLibreModule } from './loadMapLibre.js'
import { useCameraRequests } from './useCameraRequests.js'
import { type MarkerEntry, useDropMarkers } from './useDropMarkers.js'
import { useEdgeArrow } from './useEdgeArrow.js'
import { useMapLibreMap } from './useMapLibreMap.js'
import { usePlayerMarker } from './usePlayerMarker.js'

/** Props of {@link MapView}. */
export interface MapViewProps {
  /** Loads MapLibre (dynamically imported: it must never land in other pages' bundles). */
  loadMapLibre: () => Promise<MapLibreModule>
  /** The style to draw; a new object is applied with `setStyle` (MapLibre diffs it). */
  style: StyleSpecification
  /** Where the camera starts; later changes are ignored (the player pans freely). */
  initialCenter: LatLng
  initialZoom: number
  /** The player's fix, drawn as the pulsing dot inside the collect ring; the camera jumps to the first one. */
  player: PositionFix | null
  drops: readonly MapDrop[]
  /** Ids of the drops within the collect ring: they pulse, draw above the other drops and never join a cluster. */
  inReach: ReadonlySet<string>
  selectedId: string | null
  onSelectDrop: (dropId: string) => void
  /** A cluster's bubble was tapped: list these drops. */
  onOpenCluster: (dropIds: string[]) => void
  /** The drops of the open cluster list: their bubble shows it is open (`aria-expanded`). */
  listedIds?: readonly string[] | null
  /** The drop to walk to (the streak reward, else the nearest): an arrow on the map's edge points to it while it is off screen. */
  nearest?: DropAtDistance | null
  /** Increment to fly the camera back to the player. */
  recenterRequest: number
  /** Centre the camera here (a drop opened from a link); each new object is a new request. */
  focus?: LatLng | null
}

/**
 * The MapLibre map: the collect ring around the player (a 50 m circle in map
 * space, see `withReachRing`), and DOM markers — one button per drop,
 * coloured by rarity, a count bubble per cluster of common drops too close
 * to tell apart (tap to list them), and the player's pulsing dot on top of
 * them all. Rare and up, drops in reach and the selected drop never join a
 * cluster; a tap goes to the marker drawn on top where it lands. While the
 * nearest drop is off screen, an arrow on the map's edge points to it with
 * its distance; a tap on it brings the drop into view and opens it. DOM markers
 * need no glyph or sprite server, so they render on the offline style too,
 * and they are real buttons for keyboards and screen readers. MapLibre is
 * driven imperatively from effects; React owns only the container.
 *
 * @example
 * ```tsx
 * <MapView loadMapLibre={loadMapLibre} style={style} initialCenter={center} initialZoom={16}
 *   player={fix} drops={drops} inReach={new Set()} selectedId={null} onSelectDrop={open} recenterRequest={0} onOpenCluster={list} nearest={nearestDrop(drops, fix)} />
 * ```
 */
export function MapView(props: MapViewProps) {
  const { style, player, drops, inReach, selectedId, recenterRequest, focus = null, nearest = null, listedIds = null } = props
  const containerRef = useRef<HTMLDivElement>(null)
  const t = useT()
  const locale = useLocale()
  const markersRef = useRef(new Map<string, MarkerEntry>())
  const playerRef = useRef<Marker | null>(null)
  const centeredRef = useRef(false)
  // Latest values for the one-time setup and for marker click handlers, without re-running effects.
  const latest = useRef(props)
  latest.current = props
  const teardown = () => {
    const markers = markersRef.current
    for (const { marker } of markers.values()) marker.remove()
    markers.clear()
    playerRef.current?.remove()
    playerRef.current = null
  }
  const { mapRef, ready, loaded, failure, zoom } = useMapLibreMap({ containerRef, latest, style, centeredRef, teardown })
  useDropMarkers({ mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest, t, locale, listedIds })
  usePlayerMarker({ mapRef, ready, player, playerRef, centeredRef, label: t('map.yourPosition') })
  useCameraRequests({ mapRef, ready, recenterRequest, latest, focus, centeredRef })
  const arrow = useEdgeArrow(mapRef, ready, nearest?.drop ?? null)
  const showNearest = () => {
    if (!nearest) return
    // MapLibre jumps instead of easing when the player asked for reduced motion.
    mapRef.current?.map.easeTo({ center: [nearest.drop.lng, nearest.drop.lat] })
    props.onSelectDrop(nearest.drop.id)
  }

  return (
    <div className="map-view" data-map-state={failure ? 'failed' : loaded ? 'loaded' : ready ? 'created' : 'loading'}>
      <div ref={containerRef} className="map-canvas" />
      {arrow && nearest && <EdgeArrow placement={arrow} drop={nearest.drop} distance={nearest.distance} onShow={showNearest} />}
      {failure && (
        <p className="map-failure" role="alert">
          {t(failure === 'no-webgl' ? 'map.noWebgl' : 'map.loadFailed')}
        </p>
      )}
    </div>
  )
}
