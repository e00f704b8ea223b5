import { useEffect, useState } from 'react'
import { type DevicePositionState, type GeolocationLike, watchDevicePosition } from './watchDevicePosition.js'

/**
 * The device position as React state, over {@link watchDevicePosition}.
 * `locating` on the server and until the first answer.
 *
 * @example
 * ```tsx
 * const position = useDevicePosition()
 * if (position.status === 'denied') return <LocationBanner … />
 * ```
 */
export function useDevicePosition(geolocation?: GeolocationLike | null): DevicePositionState {
  const [state, setState] = useState<DevicePositionState>({ status: 'locating' })
  useEffect(() => watchDevicePosition(setState, geolocation === undefined ? {} : { geolocation }), [geolocation])
  return state
}
