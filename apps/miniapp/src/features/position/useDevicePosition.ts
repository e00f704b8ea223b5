import { useEffect, useReducer, useState } from 'react'
import { type DevicePositionState, type GeolocationLike, watchDevicePosition } from './watchDevicePosition.js'
import { type WatchLocationRetryOptions, watchLocationRetry } from './watchLocationRetry.js'

/**
 * The device position as React state, over {@link watchDevicePosition}, and
 * `retry`: stop the watch and start a new one, which asks the platform again
 * (the map's "Try again"). While there is no location, a new watch also
 * starts by itself when the permission changes or the app comes back to the
 * foreground ({@link watchLocationRetry}). `locating` on the server and
 * until the first answer.
 *
 * @example
 * ```tsx
 * const [position, retry] = useDevicePosition()
 * if (position.status === 'denied') return <LocationBanner position={position} cityName="Singapore" onRetry={retry} />
 * ```
 */
export function useDevicePosition(
  geolocation?: GeolocationLike | null,
  retryOptions?: WatchLocationRetryOptions,
): [DevicePositionState, () => void] {
  const [state, setState] = useState<DevicePositionState>({ status: 'locating' })
  const [attempt, retry] = useReducer((count: number) => count + 1, 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger: each retry is a new watch
  useEffect(() => watchDevicePosition(setState, geolocation === undefined ? {} : { geolocation }), [geolocation, attempt])
  const withoutLocation = state.status === 'denied' || state.status === 'unavailable'
  // Read once: options are for tests and never change while mounted.
  const [options] = useState(retryOptions)
  useEffect(() => (withoutLocation ? watchLocationRetry(retry, options) : undefined), [withoutLocation, options])
  return [state, retry]
}
