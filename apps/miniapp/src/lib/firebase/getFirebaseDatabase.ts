import { createDatabaseRouter, type DatabaseRouter } from '@worldmap/game'
import { type Database, forceWebSockets, getDatabase, goOffline, goOnline, onValue, ref } from 'firebase/database'
import { gameClock } from '../clock/gameClock.js'
import { watchServerTimeOffset } from '../clock/watchServerTimeOffset.js'
import type { ClientConfig } from '../config/readClientConfig.js'
import { createReconnectPolicy, type ReconnectPolicyEnvironment } from './createReconnectPolicy.js'
import { getFirebaseApp } from './getFirebaseApp.js'
import type { DatabaseTarget } from './WatchValue.js'

let websocketsForced = false
const keptConnected = new WeakSet<Database>()
const routers = new WeakMap<ClientConfig, DatabaseRouter>()

/**
 * The page's instance table as the functions have it (`createDatabaseRouter`
 * over `databaseURL`, `databaseRegions` and `databasePlayers`), built once per
 * configuration: it lives here, with the database SDK, so the first load
 * carries none of it.
 *
 * @example
 * ```ts
 * getDatabaseRouter(config).instanceOfPlayer(uid) // where that player's inventory is
 * ```
 */
export function getDatabaseRouter(config: ClientConfig): DatabaseRouter {
  let router = routers.get(config)
  if (!router) {
    const { databaseURL, databaseRegions, databasePlayers } = config.firebase
    router = createDatabaseRouter(databaseURL, { regions: databaseRegions, players: databasePlayers })
    routers.set(config, router)
  }
  return router
}

/**
 * The URL a {@link DatabaseTarget} names: the main instance when none, the
 * player's instance for `{ player: uid }`.
 *
 * @example
 * ```ts
 * instanceUrlOf(config, { player: uid }) // config.firebase.databaseURL while no player instances are configured
 * ```
 */
export function instanceUrlOf(config: ClientConfig, target: DatabaseTarget | undefined): string {
  if (target === undefined) return config.firebase.databaseURL
  return typeof target === 'string' ? target : getDatabaseRouter(config).instanceOfPlayer(target.player)
}

/**
 * The Realtime Database, websockets only, kept connected (docs/realtime.md).
 *
 * Websockets only: after a websocket that failed before it was healthy (a
 * moment offline is enough), the SDK remembers it in localStorage
 * (`firebase:previous_websocket_failure`) and starts every later session
 * with long polling, a JSONP `<script>` from the database's host that the
 * page's CSP (`script-src 'self'`) refuses: the app never loaded data again.
 * `forceWebSockets()` removes that fallback; it must run before the first
 * ref or listener, and every database use goes through here.
 *
 * Kept connected: in the browser, {@link createReconnectPolicy} nudges the
 * SDK while `.info/connected` is false, so the wait after an outage stays
 * seconds, not the SDK's up-to-5-minute backoff, and replaces a socket that
 * hangs (no handshake within its deadline, or still connecting when the
 * device comes back online) instead of the SDK's 30 s.
 *
 * Its server time: the main instance's `.info/serverTimeOffset` keeps
 * `gameClock` on the server's time (`watchServerTimeOffset`).
 *
 * `target` names another database instance of the same project (a
 * region's URL, `config.firebase.databaseRegions`: drops are sharded by
 * region, docs/scale.md; or `{ player: uid }`, the instance holding that
 * player's records, `config.firebase.databasePlayers`); by default the main
 * one, `config.firebase.databaseURL`. Each instance is its own `Database`
 * with its own websocket, opened once however many records are read on it,
 * under the same rules: websockets only, kept connected.
 *
 * In local mode `databaseURL` already points at the local stand-in
 * (`http://127.0.0.1:<port>/?ns=demo-worldmap`). That stand-in never answers
 * `get()`: read with `onValue(ref, callback, { onlyOnce: true })`.
 *
 * @example
 * ```ts
 * const { getFirebaseDatabase } = await import('./getFirebaseDatabase.js')
 * onValue(ref(getFirebaseDatabase(config), `profiles/${uid}`), (snapshot) => console.log(snapshot.val()))
 * const singapore = getFirebaseDatabase(config, config.firebase.databaseRegions.w21)
 * const players = getFirebaseDatabase(config, { player: uid })
 * ```
 */
export function getFirebaseDatabase(config: ClientConfig, target?: DatabaseTarget): Database {
  if (!websocketsForced) {
    forceWebSockets()
    websocketsForced = true
  }
  const instanceUrl = instanceUrlOf(config, target)
  const database = getDatabase(getFirebaseApp(config), instanceUrl)
  if (typeof window !== 'undefined' && !keptConnected.has(database)) {
    keptConnected.add(database)
    createReconnectPolicy(browserReconnectEnvironment(database, window))
    // The main instance's handshake sets the game clock: one server, one clock (regions share Google's time).
    if (instanceUrl === config.firebase.databaseURL) watchServerTimeOffset(database, gameClock)
  }
  return database
}

/**
 * The reconnect policy's environment in a page: the SDK's goOnline/goOffline
 * and `.info/connected`, the window's `online` event and the document's
 * visibility, the window's timers.
 *
 * @example
 * ```ts
 * createReconnectPolicy(browserReconnectEnvironment(database, window))
 * ```
 */
export function browserReconnectEnvironment(database: Database, target: Window): ReconnectPolicyEnvironment {
  return {
    goOnline: () => goOnline(database),
    goOffline: () => goOffline(database),
    watchConnected: (onChange) => onValue(ref(database, '.info/connected'), (snapshot) => onChange(snapshot.val() === true)),
    isDeviceOnline: () => target.navigator.onLine,
    onDeviceOnline: (listener) => {
      target.addEventListener('online', listener)
      return () => target.removeEventListener('online', listener)
    },
    onPageVisible: (listener) => {
      const onChange = () => {
        if (target.document.visibilityState === 'visible') listener()
      }
      target.document.addEventListener('visibilitychange', onChange)
      return () => target.document.removeEventListener('visibilitychange', onChange)
    },
    setTimeout: (callback, ms) => target.setTimeout(callback, ms),
    clearTimeout: (handle) => target.clearTimeout(handle as number),
    now: () => Date.now(),
    random: () => Math.random(),
  }
}
