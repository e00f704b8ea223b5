import type { MapDrop } from '@worldmap/game'
import { distanceInMeters, RARITIES } from '@worldmap/game'
import type { GeoJSONSource, Map as MapLibreMap, Marker, StyleSpecification } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import { CLUSTER_MAX_ZOOM, clusterDrops, type PlacedMarker } from './clusterDrops.js'
import { formatDistance } from './formatDistance.js'
import type { MapLibreModule } from './loadMapLibre.js'
import type { LatLng, PositionFix } from './MapDataSource.js'
import { rarityColors } from './rarityColors.js'
import { REACH_SOURCE_ID, reachRingData, withReachRing } from './withReachRing.js'

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
  /** Ids of the drops within the collect ring: they pulse, draw above the player and never join a cluster. */
  inReach: ReadonlySet<string>
  selectedId: string | null
  onSelectDrop: (dropId: string) => void
  /** Increment to fly the camera back to the player. */
  recenterRequest: number
  /** Centre the camera here (a drop opened from a link); each new object is a new request. */
  focus?: LatLng | null
}

interface MarkerEntry {
  marker: Marker
  element: HTMLButtonElement
  /** A cluster's members, read when it is tapped. */
  members: MapDrop[]
}

/** Room around a cluster's drops when a tap zooms to them, px: clear of the banners and the bottom bar. */
const CLUSTER_ZOOM_PADDING = 72

function dropLabel(drop: MapDrop, player: PositionFix | null, inReach: boolean): string {
  const name = `${rarityColors[drop.rarity].label} ${drop.kind}`
  if (!player) return name
  return `${name}${inReach ? ', in reach' : ''}, ${formatDistance(distanceInMeters(player, drop))} away`
}

/** The rarest member's colour, so a cluster hiding a legendary still shows gold. */
function clusterColor(drops: readonly MapDrop[]): string {
  const rarest = Math.max(...drops.map((drop) => RARITIES.indexOf(drop.rarity)))
  return rarityColors[RARITIES[rarest] ?? 'common'].color
}

/**
 * The MapLibre map: the collect ring around the player (a 50 m circle in map
 * space, see `withReachRing`), and DOM markers — one button per drop,
 * coloured by rarity, a count bubble per cluster of drops too close to tell
 * apart (tap to zoom in), and the player's pulsing dot. Drops in reach pulse
 * and sit above the player's dot; they never join a cluster. DOM markers
 * need no glyph or sprite server, so they render on the offline style too,
 * and they are real buttons for keyboards and screen readers. MapLibre is
 * driven imperatively from effects; React owns only the container.
 *
 * @example
 * ```tsx
 * <MapView loadMapLibre={loadMapLibre} style={style} initialCenter={center} initialZoom={16}
 *   player={fix} drops={drops} inReach={new Set()} selectedId={null} onSelectDrop={open} recenterRequest={0} />
 * ```
 */
export function MapView(props: MapViewProps) {
  const { style, player, drops, inReach, selectedId, recenterRequest, focus = null } = props
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<{ lib: MapLibreModule; map: MapLibreMap; style: StyleSpecification } | null>(null)
  const markersRef = useRef(new Map<string, MarkerEntry>())
  const playerRef = useRef<Marker | null>(null)
  const centeredRef = useRef(false)
  // Latest values for the one-time setup and for marker click handlers, without re-running effects.
  const latest = useRef(props)
  latest.current = props
  const [ready, setReady] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [zoom, setZoom] = useState(props.initialZoom)

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
            style: withReachRing(style, player),
            // Every later style (the offline one re-centred) keeps the ring, around the latest fix.
            transformStyle: (_previous, next) => withReachRing(next, latest.current.player),
            center: [center.lng, center.lat],
            zoom: initialZoom,
            attributionControl: { compact: true },
          })
        } catch {
          // No WebGL (old phone, locked-down webview): the constructor throws.
          setFailure('This device cannot draw the map.')
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

  // A new style (the offline town re-centred on the player) replaces the old one.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || current.style === style) return
    current.style = style
    current.map.setStyle(style)
  }, [ready, style])

  // Drop and cluster markers: add new, move changed, remove gone; labels carry rarity, reach and distance.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    const markers = markersRef.current
    const placed: PlacedMarker[] = clusterDrops(drops, {
      zoom,
      // The selected drop too: its sheet is open, so its marker must stay visible.
      keepApart: (drop) => inReach.has(drop.id) || drop.id === selectedId,
    })
    const seen = new Set<string>()
    const ensure = (id: string, className: string, at: LatLng, onClick: () => void): MarkerEntry => {
      seen.add(id)
      let entry = markers.get(id)
      if (!entry) {
        const element = document.createElement('button')
        element.type = 'button'
        element.className = className
        element.addEventListener('click', (event) => {
          // The map would otherwise also see the tap.
          event.stopPropagation()
          onClick()
        })
        const marker = new current.lib.Marker({ element, anchor: 'center' }).setLngLat([at.lng, at.lat]).addTo(current.map)
        entry = { marker, element, members: [] }
        markers.set(id, entry)
      }
      entry.marker.setLngLat([at.lng, at.lat])
      return entry
    }

    for (const item of placed) {
      if (item.type === 'cluster') {
        const entry = ensure(item.id, 'map-cluster', item.center, () => {
          const members = markers.get(item.id)?.members ?? []
          const lngs = members.map((drop) => drop.lng)
          const lats = members.map((drop) => drop.lat)
          current.map.fitBounds(
            [
              [Math.min(...lngs), Math.min(...lats)],
              [Math.max(...lngs), Math.max(...lats)],
            ],
            // One level past the last clustering zoom, so the drops always come apart.
            { padding: CLUSTER_ZOOM_PADDING, maxZoom: CLUSTER_MAX_ZOOM + 1 },
          )
        })
        entry.members = item.drops
        entry.element.textContent = String(item.drops.length)
        entry.element.style.setProperty('--drop-color', clusterColor(item.drops))
        entry.element.setAttribute('aria-label', `${item.drops.length} drops here. Zoom in to see them.`)
        continue
      }
      const { drop } = item
      const fresh = !markers.has(drop.id)
      const entry = ensure(drop.id, 'map-drop', drop, () => latest.current.onSelectDrop(drop.id))
      if (fresh) {
        // The halo that pulses while the drop is in reach (a child, so the gem's own pseudo-elements stay free).
        const halo = document.createElement('span')
        halo.className = 'map-drop-halo'
        entry.element.append(halo)
      }
      const reachable = inReach.has(drop.id)
      entry.element.dataset.dropId = drop.id
      entry.element.dataset.rarity = drop.rarity
      entry.element.dataset.kind = drop.kind
      entry.element.dataset.inReach = String(reachable)
      entry.element.style.setProperty('--drop-color', rarityColors[drop.rarity].color)
      entry.element.setAttribute('aria-label', dropLabel(drop, player, reachable))
      entry.element.setAttribute('aria-pressed', String(drop.id === selectedId))
    }
    for (const [id, { marker }] of markers) {
      if (seen.has(id)) continue
      marker.remove()
      markers.delete(id)
    }
  }, [ready, drops, player, inReach, selectedId, zoom])

  // The player's dot and the ring follow the fix; the camera jumps to the first fix only.
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

  // A drop opened from a link: show it, and keep the first fix from pulling the camera away.
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || !focus) return
    centeredRef.current = true
    current.map.jumpTo({ center: [focus.lng, focus.lat] })
  }, [ready, focus])

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
