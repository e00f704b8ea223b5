/**
 * What the app knows about its connection:
 * - `online`: the device has a network and the database is connected (or not known to be down);
 * - `offline` with `reason: 'device'`: the device says it has no network (`navigator.onLine`);
 * - `offline` with `reason: 'server'`: the device has a network but the database
 *   connection (`.info/connected`) has been down for longer than the grace.
 */
export type Connectivity = { status: 'online'; reason: null } | { status: 'offline'; reason: 'device' | 'server' }

/** The device's own view of its network: `navigator.onLine` and the `online`/`offline` events. */
export interface DeviceNetwork {
  isOnline(): boolean
  /** Call `onChange` on every `online`/`offline` event; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void
}

/**
 * Watch the database connection: `onValue(true)` when connected, `false`
 * when not, `null` when it cannot be told (the watch failed). Returns the
 * unsubscribe function.
 */
export type WatchConnected = (onValue: (connected: boolean | null) => void) => () => void

/** Options of {@link createConnectivityStore}. */
export interface ConnectivityStoreOptions {
  /** The device's network; `null` when there is none to ask (server rendering). */
  device: DeviceNetwork | null
  /** The database connection; `null` or absent to go by the device alone. */
  watchConnected?: WatchConnected | null
  /** How long a dropped database connection may stay down before it counts, ms: a quick reconnect never flashes the banner. */
  graceMs?: number
  /** How long the very first database connection may take before it counts as down, ms (a slow network's handshake). */
  firstConnectMs?: number
}

/** A store in the `useSyncExternalStore` shape: `subscribe`, `getSnapshot`, `getServerSnapshot`. */
export interface ConnectivityStore {
  /** Listen to changes; the first subscriber starts the watches, the last one stops them. */
  subscribe(listener: () => void): () => void
  /** The current state; the same object until something changes. */
  getSnapshot(): Connectivity
  /** What a server render assumes: online. */
  getServerSnapshot(): Connectivity
}

/** The default grace for a dropped database connection, ms. */
export const CONNECTIVITY_GRACE_MS = 2_000
/** The default time the first database connection may take, ms. */
export const FIRST_CONNECT_MS = 6_000

const online: Connectivity = { status: 'online', reason: null }
const deviceOffline: Connectivity = { status: 'offline', reason: 'device' }
const serverOffline: Connectivity = { status: 'offline', reason: 'server' }

/**
 * A framework-free store of the app's connectivity (the thin React hook is
 * `useConnectivity`). The device's word counts at once — a phone that says
 * it is offline is; the database connection counts only after it has been
 * down for `graceMs` (`firstConnectMs` before it ever connected), so the
 * SDK's own quick reconnects never flash a banner. Nothing is watched until
 * the first subscriber, and everything stops after the last one leaves.
 *
 * @example
 * ```ts
 * const store = createConnectivityStore({ device: createDeviceNetwork(window), watchConnected })
 * const stop = store.subscribe(() => console.log(store.getSnapshot().status))
 * ```
 */
export function createConnectivityStore(options: ConnectivityStoreOptions): ConnectivityStore {
  const { device, watchConnected = null, graceMs = CONNECTIVITY_GRACE_MS, firstConnectMs = FIRST_CONNECT_MS } = options
  const listeners = new Set<() => void>()
  let snapshot: Connectivity = device && !device.isOnline() ? deviceOffline : online
  let serverDown = false
  let everConnected = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopWatching: (() => void)[] = []

  const compute = (): Connectivity => {
    if (device && !device.isOnline()) return deviceOffline
    return serverDown ? serverOffline : online
  }
  const update = () => {
    const next = compute()
    if (next === snapshot) return
    snapshot = next
    for (const listener of [...listeners]) listener()
  }
  const startGrace = (ms: number) => {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      serverDown = true
      update()
    }, ms)
  }
  const stopGrace = () => {
    clearTimeout(timer)
    timer = undefined
  }
  const onConnected = (connected: boolean | null) => {
    if (connected === false) {
      startGrace(everConnected ? graceMs : firstConnectMs)
      return
    }
    // Connected, or the watch cannot tell: never claim an outage we cannot see.
    if (connected) everConnected = true
    stopGrace()
    serverDown = false
    update()
  }

  const start = () => {
    if (device) stopWatching.push(device.subscribe(update))
    // The first-connect clock starts at the database's first word ("not yet"), not here: on a slow network
    // loading its SDK alone may take seconds, and that is slowness, not an outage.
    if (watchConnected) stopWatching.push(watchConnected(onConnected))
    update()
  }
  const stop = () => {
    for (const done of stopWatching) done()
    stopWatching = []
    stopGrace()
    serverDown = false
    everConnected = false
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) start()
      return () => {
        if (!listeners.delete(listener)) return
        if (listeners.size === 0) stop()
      }
    },
    getSnapshot: () => {
      // Unwatched, the device is still worth asking (a render before any subscriber).
      if (listeners.size === 0) snapshot = compute()
      return snapshot
    },
    getServerSnapshot: () => online,
  }
}

/**
 * The device's network from a window: `navigator.onLine` and its
 * `online`/`offline` events.
 *
 * @example
 * ```ts
 * const device = createDeviceNetwork(window)
 * device.isOnline() // false in airplane mode
 * ```
 */
export function createDeviceNetwork(
  target: Pick<Window, 'navigator' | 'addEventListener' | 'removeEventListener'>,
): DeviceNetwork {
  return {
    // Browsers without the flag are assumed online: only a definite `false` is offline.
    isOnline: () => target.navigator.onLine !== false,
    subscribe(onChange) {
      target.addEventListener('online', onChange)
      target.addEventListener('offline', onChange)
      return () => {
        target.removeEventListener('online', onChange)
        target.removeEventListener('offline', onChange)
      }
    },
  }
}

/**
 * Call `onReconnect` each time the store goes from offline back to online:
 * the moment to retry the one-shot loads that failed for the network.
 * Returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchReconnect(getConnectivityStore(), () => refreshLeaderboard())
 * ```
 */
export function watchReconnect(store: ConnectivityStore, onReconnect: () => void): () => void {
  let wasOffline = store.getSnapshot().status === 'offline'
  return store.subscribe(() => {
    const offline = store.getSnapshot().status === 'offline'
    if (wasOffline && !offline) onReconnect()
    wasOffline = offline
  })
}
