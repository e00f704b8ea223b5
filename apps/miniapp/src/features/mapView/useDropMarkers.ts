import { distanceInMeters, type Locale, type MapDrop, parseStreakDropId } from '@worldmap/game'
import type { Marker } from 'maplibre-gl'
import { type RefObject, useEffect } from 'react'
import { formatDistance, type Translate } from '../../lib/i18n/index.js'
import { dropWords } from '../drops/dropWords.js'
import type { LatLng, PositionFix } from '../drops/MapDataSource.js'
import { rarityColors } from '../drops/rarityColors.js'
import { bubbleOffset } from './bubbleOffset.js'
import { clusterDrops, type PlacedMarker } from './clusterDrops.js'
import { markerArtUrl } from './markerArtUrl.js'
import { dropLayer, MARKER_LAYERS } from './markerLayers.js'
import { resolveMarkerTap, type TappableMarker } from './resolveMarkerTap.js'
import { createStreakFlame } from './StreakFlame.js'
import type { MapHandle } from './useMapLibreMap.js'

/** One DOM marker on the map: a drop's button or a cluster's count bubble. */
export interface MarkerEntry extends TappableMarker {
  marker: Marker
  element: HTMLButtonElement
  /** What a tap on it does (select the drop, list the cluster), kept current on every update. */
  activate: () => void
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
  /** The view's latest props: the handlers are read at tap time. */
  latest: RefObject<{ onSelectDrop: (dropId: string) => void; onOpenCluster: (dropIds: string[]) => void }>
  /** The player's language: the markers' accessible names. */
  t: Translate
  locale: Locale
  /** The drops of the open cluster list, whose bubble says it is open. */
  listedIds?: readonly string[] | null
}

/** The words of one update of the markers. */
interface Words {
  t: Translate
  locale: Locale
}

type ClusterMarker = Extract<PlacedMarker, { type: 'cluster' }>

/**
 * Radii of what the markers draw, px, as mapScreen.css draws them: a 24 px
 * gem (inset 10 px in its 44 px button), 28 px in reach (inset 8 px), 1.3×
 * when selected; a 44 px bubble.
 */
const DRAWN_RADIUS = { gem: 12, gemInReach: 14, selectedScale: 1.3, cluster: 22 } as const

function dropLabel({ t, locale }: Words, drop: MapDrop, player: PositionFix | null, inReach: boolean): string {
  const name = t(dropWords.label(drop))
  const streak = parseStreakDropId(drop.id) !== null
  if (!player) return streak ? `${t('map.streakReward')}: ${name}` : name
  const words = { name, distance: formatDistance(distanceInMeters(player, drop), locale) }
  if (streak) return t('map.streakDropLabel', words)
  return inReach ? t('map.dropLabelInReach', words) : t('map.dropLabel', words)
}

/** The marker `id`, created as a button whose tap goes to the marker drawn on top there (`resolveMarkerTap`), moved to `at`. */
function ensureMarker(
  current: MapHandle,
  markers: Map<string, MarkerEntry>,
  id: string,
  className: string,
  at: LatLng,
): MarkerEntry {
  let entry = markers.get(id)
  if (!entry) {
    const element = document.createElement('button')
    element.type = 'button'
    element.className = className
    element.addEventListener('click', (event) => {
      // The map would otherwise also see the tap.
      event.stopPropagation()
      markers.get(resolveMarkerTap(event, id, markers))?.activate()
    })
    const created = new current.lib.Marker({ element, anchor: 'center' }).setLngLat([at.lng, at.lat]).addTo(current.map)
    entry = { marker: created, element, activate: () => {}, radius: 0, layer: 0 }
    markers.set(id, entry)
  }
  entry.marker.setLngLat([at.lng, at.lat])
  return entry
}

/** A cluster's count bubble (common and uncommon drops only); a tap lists its drops. */
function showCluster(
  current: MapHandle,
  markers: Map<string, MarkerEntry>,
  cluster: ClusterMarker,
  {
    open,
    t,
    offset,
    listed,
  }: { open: (ids: string[]) => void; t: Translate; offset: [number, number]; listed: readonly string[] | null },
) {
  const entry = ensureMarker(current, markers, cluster.id, 'map-cluster', cluster.center)
  entry.marker.setOffset(offset)
  const ids = cluster.drops.map((drop) => drop.id)
  entry.activate = () => open(ids)
  entry.radius = DRAWN_RADIUS.cluster
  entry.layer = MARKER_LAYERS.cluster
  entry.element.style.zIndex = String(entry.layer)
  entry.element.textContent = String(cluster.drops.length)
  entry.element.style.setProperty(
    '--drop-color',
    rarityColors[cluster.drops.some((d) => d.rarity === 'uncommon') ? 'uncommon' : 'common'].color,
  )
  entry.element.setAttribute('aria-label', t('map.clusterLabel', { count: cluster.drops.length }))
  entry.element.setAttribute('aria-haspopup', 'dialog')
  entry.element.setAttribute('aria-expanded', String(listed !== null && cluster.drops.some((drop) => listed.includes(drop.id))))
}

/** A drop's marker button: its kind's drawing in its rarity's ring, reach, selection, its layer and a label with its distance. */
function showDrop(
  current: MapHandle,
  markers: Map<string, MarkerEntry>,
  drop: MapDrop,
  state: { player: PositionFix | null; reachable: boolean; selected: boolean; onSelect: () => void; words: Words },
): void {
  const fresh = !markers.has(drop.id)
  const entry = ensureMarker(current, markers, drop.id, 'map-drop', drop)
  if (fresh) {
    // The halo that pulses while the drop is in reach (a child, so the gem's own pseudo-elements stay free).
    const halo = document.createElement('span')
    halo.className = 'map-drop-halo'
    // The kind's drawing inside the rarity's ring: what is there, readable before any tap.
    const art = document.createElement('img')
    art.className = 'map-drop-art'
    art.alt = ''
    art.src = markerArtUrl(drop.kind, drop.rarity)
    entry.element.append(halo, art)
    if (parseStreakDropId(drop.id)) {
      // The streak reward's flame, so it reads apart from every other drop at a glance.
      entry.element.dataset.streak = 'true'
      entry.element.append(createStreakFlame(document))
    }
  }
  entry.activate = state.onSelect
  entry.radius =
    (state.reachable ? DRAWN_RADIUS.gemInReach : DRAWN_RADIUS.gem) * (state.selected ? DRAWN_RADIUS.selectedScale : 1)
  entry.layer = dropLayer({ rarity: drop.rarity, inReach: state.reachable, selected: state.selected })
  entry.element.style.zIndex = String(entry.layer)
  entry.element.dataset.dropId = drop.id
  entry.element.dataset.rarity = drop.rarity
  entry.element.dataset.kind = drop.kind
  entry.element.dataset.inReach = String(state.reachable)
  entry.element.style.setProperty('--drop-color', rarityColors[drop.rarity].color)
  entry.element.setAttribute('aria-label', dropLabel(state.words, drop, state.player, state.reachable))
  entry.element.setAttribute('aria-pressed', String(state.selected))
}

/**
 * The drop and cluster markers: add new, update changed, remove gone, on
 * every change of the drops, the fix (labels carry the distance), reach,
 * selection or zoom (clusters come apart zooming in). Only common and
 * uncommon drops cluster, and never one in reach or the selected one; each
 * marker draws in its layer (`MARKER_LAYERS`, all under the player's dot)
 * and a tap goes to the marker drawn on top where it lands.
 *
 * @example
 * ```tsx
 * useDropMarkers({ mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest, t, locale })
 * ```
 */
export function useDropMarkers(options: UseDropMarkersOptions): void {
  const { mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest, t, locale, listedIds = null } = options
  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current) return
    const markers = markersRef.current
    const placed = clusterDrops(drops, {
      zoom,
      // The selected drop too: its sheet is open, so its marker must stay visible.
      keepApart: (drop) => inReach.has(drop.id) || drop.id === selectedId,
    })
    const openCluster = (ids: string[]) => latest.current.onOpenCluster(ids)
    const words = { t, locale }
    // Rare and up draw over the bubbles: a bubble slides out from under one so its count shows.
    const singles = placed.flatMap((item) => (item.type === 'drop' ? [item.drop] : []))
    for (const item of placed) {
      if (item.type === 'cluster')
        showCluster(current, markers, item, {
          open: openCluster,
          t,
          offset: bubbleOffset(item.center, singles, zoom),
          listed: listedIds,
        })
      else
        showDrop(current, markers, item.drop, {
          player,
          reachable: inReach.has(item.drop.id),
          selected: item.drop.id === selectedId,
          onSelect: () => latest.current.onSelectDrop(item.drop.id),
          words,
        })
    }
    const seen = new Set(placed.map((item) => (item.type === 'cluster' ? item.id : item.drop.id)))
    for (const [id, { marker }] of markers) {
      if (seen.has(id)) continue
      marker.remove()
      markers.delete(id)
    }
  }, [mapRef, ready, markersRef, drops, player, inReach, selectedId, zoom, latest, t, locale, listedIds])
}
