/** A point on the map. */
export interface LatLng {
  lat: number
  lng: number
}

/** Options of {@link simulateGeolocation}. */
export interface GeolocationOptions {
  /** A fixed position, or where the walk along `route` starts. @default route[0], else {@link DEFAULT_POSITION} */
  position?: LatLng
  /** Walk these points in order at `speed`, then stay at the last. */
  route?: LatLng[]
  /** Walking speed in m/s. @default 1.4 */
  speed?: number
  /** Reported accuracy in metres. @default 5 */
  accuracy?: number
  /** Answer with PERMISSION_DENIED, as a user who refused location would. */
  denied?: boolean
  /** How often watchers hear of a new position, in ms. @default 1000 */
  interval?: number
  /**
   * Keep the last position in this origin's localStorage and start there on
   * the next load, unless `position` or `route` is given: a developer who
   * moved the device keeps it there across reloads. @default false
   */
  remember?: boolean
}

/** The localStorage key a remembered position lives under (localStorage is per origin already). */
export const POSITION_STORAGE_KEY = 'worldmap-simulator:position'

// Checked by hand, not with zod: this module is in the fast boot script (a few KB, before the page's own code).
const isLatLng = (value: unknown): value is LatLng => {
  const { lat, lng } = (value ?? {}) as Partial<LatLng>
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
}

function readStored(win: Window): LatLng | undefined {
  try {
    const raw = win.localStorage?.getItem(POSITION_STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : undefined
    return isLatLng(parsed) ? { lat: parsed.lat, lng: parsed.lng } : undefined
  } catch {
    // Storage blocked (sandboxed frame, privacy mode) or a value from elsewhere: start fresh.
    return undefined
  }
}

function writeStored(win: Window, position: LatLng): void {
  try {
    win.localStorage?.setItem(POSITION_STORAGE_KEY, JSON.stringify({ lat: position.lat, lng: position.lng }))
  } catch {
    // Storage full or blocked: the position just does not survive the reload.
  }
}

/** Control over the simulated position. */
export interface SimulatedGeolocation {
  /** Where the device is now. */
  current(): LatLng
  /** Jump to a point (and stop walking). */
  set(position: LatLng): void
  /** Start walking a route from the current position. */
  walk(route: LatLng[], speed?: number): void
  setDenied(denied: boolean): void
  restore(): void
}

const EARTH_RADIUS_M = 6_371_000

// The simulator's own, not @worldmap/game's: it is a public tool for any mini-app and must not pull in one game's
// private package; it only paces walks, where the game's reach rule is the server's (game's distanceInMeters).
/**
 * Great-circle distance in metres, as the simulated walk measures its legs.
 *
 * @example
 * ```ts
 * distanceInMeters({ lat: 0, lng: 0 }, { lat: 0.001, lng: 0 }) // ≈ 111.2
 * ```
 */
export function distanceInMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Singapore's Marina Bay: close to the functions' region and always on the map. */
export const DEFAULT_POSITION: LatLng = { lat: 1.2834, lng: 103.8607 }

/**
 * Replace `navigator.geolocation` with a simulated device: a fixed point or
 * a walk along a route, so map features can be used at a desk.
 *
 * @example
 * ```ts
 * const geo = simulateGeolocation(window, { position: { lat: 1.2834, lng: 103.8607 } })
 * geo.walk([{ lat: 1.2836, lng: 103.861 }])
 * ```
 */
export function simulateGeolocation(win: Window, options: GeolocationOptions = {}): SimulatedGeolocation {
  const accuracy = options.accuracy ?? 5
  let denied = options.denied ?? false
  const remembered = options.remember && !options.position && !options.route?.length ? readStored(win) : undefined
  let origin: LatLng = options.position ?? options.route?.[0] ?? remembered ?? DEFAULT_POSITION
  // Without a start position the route's first point is the start; with one, the device walks there first.
  let route: LatLng[] = options.route?.length ? (options.position ? options.route : options.route.slice(1)) : []
  let speed = options.speed ?? 1.4
  let startedAt = Date.now()

  const current = (): LatLng => positionAlong(origin, route, ((Date.now() - startedAt) / 1000) * speed)
  const { geolocation, clearAll } = createFakeGeolocation(options.interval ?? 1000, (success, error) => {
    if (denied) error?.(deniedError())
    else success(toGeolocationPosition(current(), accuracy))
  })
  const original = Object.getOwnPropertyDescriptor(win.navigator, 'geolocation')
  Object.defineProperty(win.navigator, 'geolocation', { configurable: true, get: () => geolocation })
  // A walk moves on between set() calls: save where it got to when the page goes.
  const save = () => writeStored(win, current())
  if (options.remember) win.addEventListener('pagehide', save)
  return {
    current,
    set(point) {
      origin = point
      route = []
      startedAt = Date.now()
      if (options.remember) writeStored(win, point)
    },
    walk(points, newSpeed) {
      origin = current()
      route = points
      if (newSpeed) speed = newSpeed
      startedAt = Date.now()
    },
    setDenied(value) {
      denied = value
    },
    restore() {
      win.removeEventListener('pagehide', save)
      clearAll()
      if (original) Object.defineProperty(win.navigator, 'geolocation', original)
      else delete (win.navigator as { geolocation?: unknown }).geolocation
    },
  }
}

/** Where a walk from `origin` along `route` is after `travelled` metres (the route's end once walked). */
function positionAlong(origin: LatLng, route: readonly LatLng[], travelled: number): LatLng {
  let left = travelled
  let from = origin
  for (const to of route) {
    const leg = distanceInMeters(from, to)
    if (left < leg) {
      const f = leg === 0 ? 1 : left / leg
      return { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f }
    }
    left -= leg
    from = to
  }
  return from
}

/** A point as the browser reports it, down to `toJSON`. */
function toGeolocationPosition({ lat, lng }: LatLng, accuracy: number): GeolocationPosition {
  const coords = { latitude: lat, longitude: lng, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null }
  return {
    coords: { ...coords, toJSON: () => coords },
    timestamp: Date.now(),
    toJSON: () => ({ coords, timestamp: Date.now() }),
  } as GeolocationPosition
}

const deniedError = (): GeolocationPositionError =>
  ({
    code: 1,
    message: 'User denied Geolocation',
    PERMISSION_DENIED: 1,
    POSITION_UNAVAILABLE: 2,
    TIMEOUT: 3,
  }) as GeolocationPositionError

/**
 * A `navigator.geolocation` that answers with `report`: once, after the
 * caller returns, for getCurrentPosition; then every `interval` ms for a watch.
 * `clearAll` ends every watch (the page's own clearWatch ends one).
 */
function createFakeGeolocation(
  interval: number,
  report: (success: PositionCallback, error?: PositionErrorCallback | null) => void,
): { geolocation: Geolocation; clearAll(): void } {
  const watchers = new Map<number, ReturnType<typeof setInterval>>()
  let nextId = 1
  const geolocation: Geolocation = {
    getCurrentPosition(success, error) {
      setTimeout(() => report(success, error), 0)
    },
    watchPosition(success, error) {
      const id = nextId++
      setTimeout(() => report(success, error), 0)
      watchers.set(
        id,
        setInterval(() => report(success, error), interval),
      )
      return id
    },
    clearWatch(id) {
      clearInterval(watchers.get(id))
      watchers.delete(id)
    },
  }
  return {
    geolocation,
    clearAll() {
      for (const id of watchers.keys()) geolocation.clearWatch(id)
    },
  }
}
