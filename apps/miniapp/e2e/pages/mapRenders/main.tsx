// The map screen as the /map page mounts it, but over an in-page data source
// instead of Firebase. Everything else is real: MapLibre from its lazy chunk,
// the offline style fallback, navigator.geolocation (the simulator's) and
// sendHapticFeedback (through the simulated World App host), the lazy catch
// reveal. `?drop=<id>` opens a drop, like the /map page.

import {
  COLLECT_REACH_METERS,
  distanceInMeters,
  EARTH_RADIUS_METERS,
  MAX_ACCURACY_BONUS_METERS,
  type MapDrop,
} from '@worldmap/game'
import { install } from '@worldmap/minikit'
import { createRoot } from 'react-dom/client'
// The app's base styles (sheets, buttons), so the screenshots look like the app.
import '../../../src/styles/app.css'
import { CollectDropError } from '../../../src/features/collect/CollectDropError.js'
import type { LatLng, MapDataSource } from '../../../src/features/drops/MapDataSource.js'
import { MapScreen } from '../../../src/features/map/MapScreen.js'
import { CATALOGUES } from '../../../src/lib/i18n/catalogues/index.js'
import { I18nProvider } from '../../../src/lib/i18n/index.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180

/** A point `north` metres north and `east` metres east of `from`. */
function offset(from: LatLng, north: number, east: number): LatLng {
  return {
    lat: from.lat + north / METERS_PER_DEGREE,
    lng: from.lng + east / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
  }
}

/** What the test reads back: the drops served and every collect request. */
const log = { drops: [] as MapDrop[], collects: [] as { dropId: string; lat: number; lng: number; accuracy: number }[] }
Object.assign(window, { mapTest: log })

let live: MapDrop[] = []
const listeners = new Set<(drops: readonly MapDrop[]) => void>()
const publish = () => {
  for (const listener of listeners) listener(live)
}

/**
 * `?scene=overlap`: drops on top of each other and of the player. At zoom 16
 * here a metre is about 0.84 px: 'over' (in reach, drawn higher) sits 15 m
 * south of 'under' (out of reach), so their gems overlap; 'beneath' is 3 m
 * from the player, under the dot.
 */
function overlapping(center: LatLng, expiresAt: number): MapDrop[] {
  return [
    { id: 'under', ...offset(center, 62, 0), kind: 'shell', rarity: 'common', expiresAt },
    { id: 'over', ...offset(center, 47, 0), kind: 'gem', rarity: 'common', expiresAt },
    { id: 'beneath', ...offset(center, 2, 2), kind: 'coin', rarity: 'uncommon', expiresAt },
  ]
}

const scene = new URLSearchParams(window.location.search).get('scene')

const dataSource: MapDataSource = {
  watchDrops(center, onDrops) {
    // Like ensureDropsNear: the first request around a centre spawns its drops.
    if (live.length === 0) {
      const expiresAt = Date.now() + 3_600_000
      live =
        scene === 'overlap'
          ? overlapping(center, expiresAt)
          : [
              { id: 'near-gem', ...offset(center, 20, 15), kind: 'gem', rarity: 'legendary', expiresAt },
              { id: 'mid-shell', ...offset(center, -120, 30), kind: 'shell', rarity: 'uncommon', expiresAt },
              { id: 'far-scroll', ...offset(center, 150, -60), kind: 'scroll', rarity: 'epic', expiresAt },
              // A tight group, a few metres apart: one cluster bubble at street zoom.
              { id: 'group-coin', ...offset(center, -60, -110), kind: 'coin', rarity: 'common', expiresAt },
              { id: 'group-feather', ...offset(center, -66, -104), kind: 'feather', rarity: 'rare', expiresAt },
              { id: 'group-crystal', ...offset(center, -54, -100), kind: 'crystal', rarity: 'uncommon', expiresAt },
            ]
      log.drops = live
    }
    listeners.add(onDrops)
    onDrops(live)
    return () => listeners.delete(onDrops)
  },
  async collect(dropId, fix) {
    log.collects.push({ dropId, ...fix })
    const drop = live.find((candidate) => candidate.id === dropId)
    if (!drop) throw new CollectDropError('already_collected')
    // The server's rule: 50 m plus up to 25 m of reported accuracy.
    const distance = distanceInMeters(fix, drop)
    if (distance > COLLECT_REACH_METERS + Math.min(fix.accuracy, MAX_ACCURACY_BONUS_METERS))
      throw new CollectDropError('out_of_reach')
    live = live.filter((candidate) => candidate.id !== dropId)
    publish()
    return { itemId: dropId, distance, item: { kind: drop.kind, rarity: drop.rarity }, firstFind: true, count: 1 }
  },
}

install({ appId: 'app_staging_worldmap_e2e' })
const root = document.getElementById('root')
const initialDropId = new URLSearchParams(window.location.search).get('drop')
// The app's pages always give their language; this page speaks English, or `?lang=` (es, pt-BR, id).
const lang = new URLSearchParams(window.location.search).get('lang')
const locale = lang === 'es' || lang === 'pt-BR' || lang === 'id' ? lang : 'en'
if (root)
  createRoot(root).render(
    <I18nProvider locale={locale} messages={CATALOGUES[locale]}>
      <MapScreen dataSource={dataSource} styleTimeoutMs={2_000} initialDropId={initialDropId} />
    </I18nProvider>,
  )
