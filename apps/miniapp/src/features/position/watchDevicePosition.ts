/**
 * Where the device is, as the map needs it:
 * - `locating`: waiting for the first fix (or the permission prompt);
 * - `located`: a fix, accuracy radius in metres;
 * - `denied`: the player (or the host) refused location access;
 * - `unavailable`: no geolocation API, or no fix could be obtained.
 */
export type DevicePositionState =
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number; accuracy: number }
  | { status: 'denied' }
  | { status: 'unavailable'; reason: PositionProblem }

/** Why there is no fix (the banner words it in the player's language): no geolocation API, a timeout, no signal. */
export type PositionProblem = 'no-service' | 'timeout' | 'no-signal'

/** The part of `navigator.geolocation` this uses (a fake in tests). */
export type GeolocationLike = Pick<Geolocation, 'watchPosition' | 'clearWatch'>

/** Options of {@link watchDevicePosition}. */
export interface WatchDevicePositionOptions {
  /** Defaults to `navigator.geolocation`; `null` means the platform has none. */
  geolocation?: GeolocationLike | null
  /** Passed to `watchPosition`. Defaults ask for GPS and give up on a first fix after 20 s. */
  positionOptions?: PositionOptions
}

// PositionError codes (the constants live on GeolocationPositionError, which not every environment defines).
const PERMISSION_DENIED = 1
const TIMEOUT = 3

/**
 * Watch the device position. Calls `onChange` with `locating` at once, then
 * with every new state. Once a fix has arrived, transient failures (a timeout,
 * a lost GPS signal) keep the last fix instead of flashing a banner: the
 * player is still roughly there. Only a revoked permission replaces it.
 * Returns the function that stops watching.
 *
 * @example
 * ```ts
 * const stop = watchDevicePosition((state) => {
 *   if (state.status === 'located') map.jumpTo({ center: [state.lng, state.lat] })
 * })
 * ```
 */
export function watchDevicePosition(
  onChange: (state: DevicePositionState) => void,
  options: WatchDevicePositionOptions = {},
): () => void {
  const geolocation = options.geolocation === undefined ? (globalThis.navigator?.geolocation ?? null) : options.geolocation
  if (!geolocation) {
    onChange({ status: 'unavailable', reason: 'no-service' })
    return () => {}
  }

  let located = false
  let stopped = false
  onChange({ status: 'locating' })
  const id = geolocation.watchPosition(
    (position) => {
      if (stopped) return
      located = true
      const { latitude, longitude, accuracy } = position.coords
      onChange({ status: 'located', lat: latitude, lng: longitude, accuracy })
    },
    (error) => {
      if (stopped) return
      if (error.code === PERMISSION_DENIED) {
        located = false
        onChange({ status: 'denied' })
        return
      }
      if (located) return
      onChange({
        status: 'unavailable',
        reason: error.code === TIMEOUT ? 'timeout' : 'no-signal',
      })
    },
    options.positionOptions ?? { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
  )
  return () => {
    stopped = true
    geolocation.clearWatch(id)
  }
}
