import type { MapDrop } from '@worldmap/game'
import { distanceInMeters } from '@worldmap/game'
import type { Map as MapLibreMap, Marker, StyleSpecification } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import { formatDistance } from './formatDistance.js'
import type { MapLibreModule } from './loadMapLibre.js'
import type { LatLng, PositionFix } from './MapDataSource.js'
import { rarityColors } from './rarityColors.js'

/** Props of {@link MapView}. */
export interface MapViewProps {
  /** Loads MapLibre (dynamically imported: it must never land in other pages' bundles). */
  loadMapLibre: () => Promise<MapLibreModule>
  /** The style to draw; a new object is applied with `setStyle` (MapLibre diffs it). */
  style: StyleSpecification
  /** Where the camera starts; later changes are ignored (the player pans freely). */
  initialCenter: LatLng
  initialZoom: number
  /** The player's fix, drawn as the pulsing dot; the camera jumps to the first one. */
  player: PositionFix | null
  drops: readonly MapDrop[]
  selectedId: string | null
  onSelectDrop: (dropId: string) => void
  /** Increment to fly the camera back to the player. */
  recenterRequest: number
}

function dropLabel(drop: MapDrop, player: PositionFix | null): string {
  const name = `${rarityColors[drop.rarity].label} ${drop.kind}`
  return player ? `${name}, ${formatDistance(distanceInMeters(player, drop))} away` : name
}

/**
 * The MapLibre map with DOM markers: one button per drop, coloured by rarity,
 * and the player's pulsing dot. DOM markers need no glyph or sprite server,
 * so they render on the offline style too, and they are real buttons for
 * keyboards and screen readers. MapLibre is driven imperatively from effects;
 * React owns only the container.
 *
 * @example
 * ```tsx
 * <MapView loadMapLibre={loadMapLibre} style={style} initialCenter={center} initialZoom={16}
 *   player={fix} drops={drops} selectedId={null} onSelectDrop={open} recenterRequest={0} />
 * ```
 */
export function MapView(props: MapViewProps) {
  const { style, player, drops, selectedId, recenterRequest } = props
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<{ lib: MapLibreModule; map: MapLibreMap; style: StyleSpecification } | null>(null)
  const markersRef = useRef(new Map<string, { marker: Marker; element: HTMLButtonElement }>())
  const playerRef = useRef<Marker | null>(null)
  const centeredRef = useRef(false)
  // Latest values for the one-time setup and for marker click handlers, without re-running effects.
  const latest = useRef(props)
  latest.current = props
  const [ready, setReady] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    let map: MapLibreMap | undefined
    const markers = markersRef.current
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
            style,
            center: [center.lng, center.lat],
            zoom: initialZoom,
            attributionControl: { compact: true },
          })
        } catch (error) {
          // No WebGL (old phone, locked-down webview): the constructor throws.
          setFailure(`This device cannot draw the map${error instanceof Error ? `: ${error.message}` : '.'}`)
          return
        }
        // Tile and style errors are expected offline; without a listener MapLibre logs each one.
        map.on('error', () => {})
        map.once('load', () => setLoaded(true))
        mapRef.current = { lib, map, style }
        setReady(true)
      },
      () => {
        if (!cancelled) setFailure('The map could not load. Check your connection and reopen this page.')
      },
    )
    return () => {
      cancelled = true
      for (const { marker } of markers.values()) marker.remove()
      markers.clear()
      playerRef.current?.remove()
      playerRef.current = null
      map?.remove()
      mapRef.current = null
    }
  }, [])

  // A new style (the offline grid re-centred on the player) replaces the old one.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || current.style === style) return
    current.style = style
    current.map.setStyle(style)
  }, [ready, style])

  // Drop markers: add new, move changed, remove gone; labels carry rarity and distance.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    const markers = markersRef.current
    const seen = new Set<string>()
    for (const drop of drops) {
      seen.add(drop.id)
      let entry = markers.get(drop.id)
      if (!entry) {
        const element = document.createElement('button')
        element.type = 'button'
        element.className = 'map-drop'
        element.dataset.dropId = drop.id
        element.addEventListener('click', (event) => {
          // The map would otherwise also see the tap.
          event.stopPropagation()
          latest.current.onSelectDrop(drop.id)
        })
        const marker = new current.lib.Marker({ element, anchor: 'center' }).setLngLat([drop.lng, drop.lat]).addTo(current.map)
        entry = { marker, element }
        markers.set(drop.id, entry)
      }
      entry.marker.setLngLat([drop.lng, drop.lat])
      entry.element.dataset.rarity = drop.rarity
      entry.element.dataset.kind = drop.kind
      entry.element.style.setProperty('--drop-color', rarityColors[drop.rarity].color)
      entry.element.setAttribute('aria-label', dropLabel(drop, player))
      entry.element.setAttribute('aria-pressed', String(drop.id === selectedId))
    }
    for (const [id, { marker }] of markers) {
      if (seen.has(id)) continue
      marker.remove()
      markers.delete(id)
    }
  }, [ready, drops, player, selectedId])

  // The player's dot follows the fix; the camera jumps to the first fix only.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    if (!player) {
      playerRef.current?.remove()
      playerRef.current = null
      return
    }
    if (!playerRef.current) {
      const element = document.createElement('div')
      element.className = 'map-player'
      element.setAttribute('role', 'img')
      element.setAttribute('aria-label', 'Your position')
      // A MapLibre marker must have its position before it joins the map.
      playerRef.current = new current.lib.Marker({ element, anchor: 'center' })
        .setLngLat([player.lng, player.lat])
        .addTo(current.map)
    }
    playerRef.current.setLngLat([player.lng, player.lat])
    if (!centeredRef.current) {
      centeredRef.current = true
      current.map.jumpTo({ center: [player.lng, player.lat] })
    }
  }, [ready, player])

  useEffect(() => {
    const current = mapRef.current
    const fix = latest.current.player
    if (!ready || !current || recenterRequest === 0 || !fix) return
    current.map.easeTo({ center: [fix.lng, fix.lat] })
  }, [ready, recenterRequest])

  return (
    <div className="map-view" data-map-state={failure ? 'failed' : loaded ? 'loaded' : ready ? 'created' : 'loading'}>
      <div ref={containerRef} className="map-canvas" />
      {failure && (
        <p className="map-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}
