import { type LatLng, type MapDrop, RARITIES, type Rarity } from '@worldmap/game'
import { worldPixel } from './worldPixel.js'

/**
 * Drops closer than this on screen merge into a cluster, px: one tap target
 * (44 px) — any closer and the markers overlap, so a tap could not tell them
 * apart.
 */
export const CLUSTER_RADIUS_PX = 44

/** Above this zoom nothing clusters: a tap on a cluster zooms past it, so its drops always come apart. */
export const CLUSTER_MAX_ZOOM = 18

/**
 * The rarities that may join a cluster: common and uncommon only. A rare,
 * epic or legendary drop is the reason to walk somewhere, so it always
 * draws on its own (above the clusters), never as one more count in a
 * bubble.
 */
export const CLUSTERED_RARITIES: readonly Rarity[] = RARITIES.slice(0, RARITIES.indexOf('rare'))

/**
 * Whether `drop` may be hidden in a cluster: {@link CLUSTERED_RARITIES} only.
 *
 * @example
 * ```ts
 * isClusterable({ ...drop, rarity: 'uncommon' }) // true
 * isClusterable({ ...drop, rarity: 'epic' }) // false
 * ```
 */
export function isClusterable(drop: Pick<MapDrop, 'rarity'>): boolean {
  return CLUSTERED_RARITIES.includes(drop.rarity)
}

/** What the map draws for the drops: single drops, and clusters with their members. */
export type PlacedMarker =
  | { type: 'drop'; drop: MapDrop }
  | {
      type: 'cluster'
      /** Stable while the cluster keeps its first member: `cluster:` and that drop's id. */
      id: string
      /** The members' mean position, where the count bubble sits. */
      center: LatLng
      drops: MapDrop[]
    }

/** Options of {@link clusterDrops}. */
export interface ClusterDropsOptions {
  /** The map's current zoom (fractional zooms welcome). */
  zoom: number
  /** More drops that must stay their own marker whatever is around them (in reach, selected); rare and up always do. */
  keepApart?: (drop: MapDrop) => boolean
  radiusPx?: number
  maxZoom?: number
}

/**
 * Group the drops that would overlap on screen at `zoom` into clusters, the
 * way MapLibre's clustered GeoJSON sources do, but in the page so every
 * marker stays a real button (keyboard, screen reader, 44 px target).
 * Greedy and deterministic: drops in id order each gather the unclaimed
 * drops within `radiusPx`; a group of two or more is a cluster. Drops that
 * `keepApart` (the ones in reach) never join one, so a cluster can never
 * hide a drop the player could collect. O(n²) over the few dozen drops of
 * the 9 watch cells. Rare and up never join one either, whatever
 * `keepApart` says ({@link isClusterable}).
 *
 * @example
 * ```ts
 * clusterDrops(drops, { zoom: 14, keepApart: (drop) => isInReach(fix, drop) })
 * // [{ type: 'drop', drop }, { type: 'cluster', id: 'cluster:b', center, drops: [b, c, d] }]
 * ```
 */
export function clusterDrops(drops: readonly MapDrop[], options: ClusterDropsOptions): PlacedMarker[] {
  const { zoom, keepApart = () => false, radiusPx = CLUSTER_RADIUS_PX, maxZoom = CLUSTER_MAX_ZOOM } = options
  if (zoom > maxZoom) return drops.map((drop) => ({ type: 'drop', drop }))
  const placed: PlacedMarker[] = []
  const candidates: { drop: MapDrop; x: number; y: number }[] = []
  for (const drop of drops) {
    if (!isClusterable(drop) || keepApart(drop)) placed.push({ type: 'drop', drop })
    else candidates.push({ drop, ...worldPixel(drop, zoom) })
  }
  candidates.sort((a, b) => (a.drop.id < b.drop.id ? -1 : a.drop.id > b.drop.id ? 1 : 0))
  const claimed = new Set<number>()
  const radius2 = radiusPx * radiusPx
  for (let i = 0; i < candidates.length; i++) {
    if (claimed.has(i)) continue
    const seed = candidates[i] as (typeof candidates)[number]
    const members = [seed.drop]
    for (let j = i + 1; j < candidates.length; j++) {
      const other = candidates[j] as (typeof candidates)[number]
      if (claimed.has(j) || (other.x - seed.x) ** 2 + (other.y - seed.y) ** 2 > radius2) continue
      claimed.add(j)
      members.push(other.drop)
    }
    if (members.length === 1) {
      placed.push({ type: 'drop', drop: seed.drop })
      continue
    }
    const center = {
      lat: members.reduce((sum, drop) => sum + drop.lat, 0) / members.length,
      lng: members.reduce((sum, drop) => sum + drop.lng, 0) / members.length,
    }
    placed.push({ type: 'cluster', id: `cluster:${seed.drop.id}`, center, drops: members })
  }
  return placed
}
