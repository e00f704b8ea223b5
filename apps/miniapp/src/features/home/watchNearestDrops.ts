import type { MapDrop } from '@worldmap/game'
import { distanceInMeters } from '@worldmap/game'
import { getFirebaseMapDataSource } from '../dropFeed/getFirebaseMapDataSource.js'
import { isOnFoundSpot } from '../drops/foundSpots.js'
import { isNewDropsArea } from '../drops/isNewDropsArea.js'
import type { FoundSpots, LatLng, MapDataSource } from '../drops/MapDataSource.js'
import { type GeolocationLike, watchDevicePosition } from '../position/watchDevicePosition.js'

/** A drop and how far it is from the player, metres. */
export interface NearDrop {
  drop: MapDrop
  distance: number
  /** The player's streak reward (listed first, whatever its distance). */
  reward?: true
}

/**
 * What the home screen's nearest-drops card shows:
 * - `locating`: waiting for the first fix;
 * - `no-location`: location denied or unavailable (no distances without it);
 * - `loading`: located, drops not in yet;
 * - `ready`: the player's streak reward waiting, if any, then the nearest drops, nearest first (empty when none are around);
 * - `error`: the drops could not be read.
 */
export type NearestDropsState =
  | { status: 'locating' }
  | { status: 'no-location'; reason: 'denied' | 'unavailable' }
  | { status: 'loading' }
  | { status: 'ready'; drops: NearDrop[] }
  | { status: 'error' }

/** Options of {@link watchNearestDrops}; all default to the app's real sources. */
export interface WatchNearestDropsOptions {
  /** Defaults to the page's Firebase data source, shared with the map. */
  dataSource?: MapDataSource
  /** Defaults to `navigator.geolocation`. */
  geolocation?: GeolocationLike | null
  /** How many drops to report. @default 3 */
  limit?: number
  /**
   * The signed-in player: the drops on spots they found today are left out (the server would refuse them),
   * and their streak reward waiting is listed first.
   */
  uid?: string
}

/**
 * Watch the drops nearest the device, with their distance: the map's data
 * source asked around the player's position (re-asked after moving 250 m
 * or into another watch cell, like the map), distances from every new fix. Calls `onChange` with
 * `locating` at once, then with each new state; returns the function that
 * stops both watches. The home screen imports this lazily: the Firebase
 * data source never weighs on the first load.
 *
 * @example
 * ```ts
 * const stop = watchNearestDrops((state) => {
 *   if (state.status === 'ready') console.log(state.drops.map((near) => near.distance))
 * })
 * ```
 */
export function watchNearestDrops(
  onChange: (state: NearestDropsState) => void,
  options: WatchNearestDropsOptions = {},
): () => void {
  const limit = options.limit ?? 3
  let dataSource = options.dataSource
  let player: LatLng | null = null
  let anchor: LatLng | null = null
  let drops: readonly MapDrop[] | null = null
  let stopDrops: (() => void) | undefined
  let found: FoundSpots | null = null
  let rewards: readonly MapDrop[] = []
  let stopPlayer: (() => void) | undefined

  const report = () => {
    if (!player || !drops) return
    const from = player
    const near = drops
      .filter((drop) => !isOnFoundSpot(found, drop.id))
      .map((drop) => ({ drop, distance: distanceInMeters(from, drop) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, limit)
    // The reason to walk today comes first: a reward is easy to miss among ordinary drops.
    const waiting = rewards.map((drop) => ({ drop, distance: distanceInMeters(from, drop), reward: true as const }))
    onChange({ status: 'ready', drops: [...waiting, ...near] })
  }

  const stopPosition = watchDevicePosition(
    (position) => {
      if (position.status === 'locating') return onChange({ status: 'locating' })
      if (position.status !== 'located') {
        player = null
        return onChange({ status: 'no-location', reason: position.status })
      }
      player = { lat: position.lat, lng: position.lng }
      if (anchor && !isNewDropsArea(anchor, player)) {
        if (drops) report()
        else onChange({ status: 'loading' })
        return
      }
      anchor = player
      stopDrops?.()
      // The old area's list stays, with fresh distances, until the new area answers.
      if (drops) report()
      else onChange({ status: 'loading' })
      dataSource ??= getFirebaseMapDataSource()
      if (options.uid && !stopPlayer) {
        stopPlayer = watchPlayerExtras(dataSource, options.uid, {
          found: (next) => {
            found = next
            report()
          },
          rewards: (next) => {
            rewards = next
            report()
          },
        })
      }
      stopDrops = dataSource.watchDrops(
        anchor,
        (next) => {
          drops = next
          report()
        },
        (error) => {
          console.error('Failed to read the drops nearby', error)
          // Keep a list already shown; only a card with nothing yet turns into an error.
          if (!drops) onChange({ status: 'error' })
        },
      )
    },
    options.geolocation === undefined ? {} : { geolocation: options.geolocation },
  )

  return () => {
    stopPosition()
    stopDrops?.()
    stopPlayer?.()
  }
}

/**
 * What the card needs of the signed-in player: the spots they found today
 * (their drops are left out; unknown, every drop is listed: the map and the
 * server still tell) and their streak reward waiting (unknown, none).
 */
function watchPlayerExtras(
  dataSource: MapDataSource,
  uid: string,
  on: { found: (found: FoundSpots | null) => void; rewards: (rewards: readonly MapDrop[]) => void },
): () => void {
  const stopFound = dataSource.watchFoundSpots?.(uid, on.found, () => on.found(null))
  const stopRewards = dataSource.watchStreakDrops?.(uid, on.rewards, () => on.rewards([]))
  return () => {
    stopFound?.()
    stopRewards?.()
  }
}
