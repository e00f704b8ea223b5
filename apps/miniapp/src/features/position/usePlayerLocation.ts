import type { LatLng } from '@worldmap/game'
import { useMemo } from 'react'
import { isNewDropsArea } from '../drops/isNewDropsArea.js'
import type { PositionFix } from '../drops/MapDataSource.js'
import { useAnchoredCenter } from './useAnchoredCenter.js'
import { useDevicePosition } from './useDevicePosition.js'
import type { DevicePositionState, GeolocationLike } from './watchDevicePosition.js'

/** What {@link usePlayerLocation} gives the map. */
export interface PlayerLocation {
  /** The device position as the platform reports it. */
  position: DevicePositionState
  /** Ask the platform again (the banner's Try again). */
  retry: () => void
  /** Location is denied or unavailable: the map shows the default city, read-only. */
  withoutLocation: boolean
  /** The player's fix, or `null` while there is none. */
  fix: PositionFix | null
  /** Where drops spawn and are read around the player; `null` without a player. */
  playerCenter: LatLng | null
  /** Where drops are read: the player's centre, else the default city's once there is no player. */
  queryCenter: LatLng | null
}

/**
 * The player's position for the map and the centres drops are read around.
 * Drops spawn around the player only: once there is no player, the default
 * city's drops are read, never spawned — the server would take the city for
 * the player's position (and its travel check would then refuse the real
 * one when location comes back). Both centres are anchored
 * (`useAnchoredCenter`), so GPS jitter or a Try again (locating for a
 * moment) does not re-read the drops.
 *
 * @example
 * ```tsx
 * const { position, fix, playerCenter, queryCenter } = usePlayerLocation(geolocation, mapDefaults.city)
 * const { drops } = useNearbyDrops(dataSource, queryCenter, { spawn: playerCenter !== null })
 * ```
 */
export function usePlayerLocation(geolocation: GeolocationLike | null | undefined, defaultCity: LatLng): PlayerLocation {
  const [position, retry] = useDevicePosition(geolocation)
  const withoutLocation = position.status === 'denied' || position.status === 'unavailable'
  const fix: PositionFix | null = useMemo(
    () => (position.status === 'located' ? { lat: position.lat, lng: position.lng, accuracy: position.accuracy } : null),
    [position],
  )
  const playerCenter = useAnchoredCenter(fix, isNewDropsArea)
  const cityCenter = useAnchoredCenter(position.status === 'locating' ? null : defaultCity, isNewDropsArea)
  return { position, retry, withoutLocation, fix, playerCenter, queryCenter: playerCenter ?? cityCenter }
}
