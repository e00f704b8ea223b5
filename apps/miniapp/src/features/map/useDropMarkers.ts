import { distanceInMeters, type MapDrop, RARITIES } from '@worldmap/game'
import type { Marker } from 'maplibre-gl'
import { type RefObject, useEffect } from 'react'
import { CLUSTER_MAX_ZOOM, clusterDrops, type PlacedMarker } from './clusterDrops.js'
import { formatDistance } from './formatDistance.js'
import type { LatLng, PositionFix } from './MapDataSource.js'
import { rarityColors } from './rarityColors.js'
import type { MapHandle } from './useMapLibreMap.js'

/** One DOM marker on the map: a drop's button or a cluster's count bubble. */
export interface MarkerEntry {
  marker: Marker
  element: HTMLButtonElement
  /** A cluster's members, read when it is tapped. */
  members: MapDrop[]
}

/** Options of {@link useDropMarkers}. */
export interface UseDropMarkersOptions {
  mapRef: RefObject<MapHandle | null>
  /** The map is created. */
  ready: boolean
  /** The markers on the map, by drop or cluster id (the view removes them on unmount). */
  markersRef: RefObject<Map<string, MarkerEntry>>
  drops: readonly MapDrop[]
  player: PositionFix | null
  inReach: ReadonlySet<string>
  selectedId: string | null
  zoom: number
  /** The view's latest props: `onSelectDrop` is read at tap time. */
  latest: RefObject<{ onSelectDrop: (dropId: string) => void }>
}

type ClusterMarker = Extract<PlacedMarker, { type: 'cluster' }>

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

/** The marker `id`, created as a button that calls `onClick` (and only it: the map does not see the tap), moved to `at`. */
function ensureMarker(
  current: MapHandle,
  markers: Map<string, MarkerEntry>,
  marker: { id: string; className: string; at: LatLng; onClick: () => void },
): MarkerEntry {
  const { id, at } = marker
  let entry = markers.get(id)
  if (!entry) {
    const element = document.createElement('button')
    element.type = 'button'
    element.className = marker.className
    element.addEventListener('click', (event) => {
      // The map would otherwise also see the tap.
      event.stopPropagation()
      marker.onClick()
    })
    const created = new current.lib.Marker({ element, anchor: 'center' }).setLngLat([at.lng, at.lat]).addTo(current.map)
    entry = { marker: created, element, members: [] }
    markers.set(id, entry)
  }
  entry.marker.setLngLat([at.lng, at.lat])
  return entry
}

/** A cluster's count bubble; a tap zooms until its members come apart. */
function showCluster(current: MapHandle, markers: Map<string, MarkerEntry>, cluster: ClusterMarker): void {
  const entry = ensureMarker(current, markers, {
    id: cluster.id,
    className: 'map-cluster',
    at: cluster.center,
    onClick: () => {
      const members = markers.get(cluster.id)?.members ?? []
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
    },
  })
  entry.members = cluster.drops
  entry.element.textContent = String(cluster.drops.length)
  entry.element.style.setProperty('--drop-color', clusterColor(cluster.drops))
  entry.element.setAttribute('aria-label', `${cluster.drops.length} drops here. Zoom in to see them.`)
}

/** A drop's gem button: rarity colour, reach, selection and a label with its distance. */
function showDrop(
  current: MapHandle,
  markers: Map<string, MarkerEntry>,
  drop: MapDrop,
  state: { player: PositionFix | null; reachable: boolean; selected: boolean; onSelect: () => void },
): void {
  const fresh = !markers.has(drop.id)
  const entry = ensureMarker(current, markers, { id: drop.id, className: 'map-drop', at: drop, onClick: state.onSelect })
  if (fresh) {
    // The halo that pulses while the drop is in reach (a child, so the gem's own pseudo-elements stay free).
    const halo = document.createElement('span')
    halo.className = 'map-drop-halo'
    entry.element.append(halo)
  }
  entry.element.dataset.dropId = drop.id
  entry.element.dataset.rarity = drop.rarity
  entry.element.dataset.kind = drop.kind
  entry.element.dataset.inReach = String(state.reachable)
  entry.element.style.setProperty('--drop-color', rarityColors[drop.rarity].color)
  entry.element.setAttribute('aria-label', dropLabel(drop, state.player, state.reachable))
  entry.element.setAttribute('aria-pressed', String(state.selected))
}

/**
 * The drop and cluster markers: add new, update changed, remove gone, on
 * every change of the drops, the fix (labels carry the distance), reach,
 * selection or zoom (clusters come apart zooming in). Drops in reach and
 * the selected drop never join a cluster.
 *
 * @example
 * ```tsx
 * useDropMarkers({ mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest })
 * ```
 */
export function useDropMarkers(options: UseDropMarkersOptions): void {
  const { mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest } = options
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    const markers = markersRef.current
    const placed = clusterDrops(drops, {
      zoom,
      // The selected drop too: its sheet is open, so its marker must stay visible.
      keepApart: (drop) => inReach.has(drop.id) || drop.id === selectedId,
    })
    for (const item of placed) {
      if (item.type === 'cluster') showCluster(current, markers, item)
      else
        showDrop(current, markers, item.drop, {
          player,
          reachable: inReach.has(item.drop.id),
          selected: item.drop.id === selectedId,
          onSelect: () => latest.current.onSelectDrop(item.drop.id),
        })
    }
    const seen = new Set(placed.map((item) => (item.type === 'cluster' ? item.id : item.drop.id)))
    for (const [id, { marker }] of markers) {
      if (seen.has(id)) continue
      marker.remove()
      markers.delete(id)
    }
  }, [mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest])
}
