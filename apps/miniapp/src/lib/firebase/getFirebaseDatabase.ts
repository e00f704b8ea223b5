import { createSwitchedRouter, type DatabaseRouter, type SwitchedRouter } from '@worldmap/game'
import { type Database, forceWebSockets, getDatabase, goOffline, goOnline, onValue, ref } from 'firebase/database'
import { gameClock } from '../clock/gameClock.js'
import { watchServerTimeOffset } from '../clock/watchServerTimeOffset.js'
import type { ClientConfig } from '../config/readClientConfig.js'
import { createReconnectPolicy, type ReconnectPolicy, type ReconnectPolicyEnvironment } from './createReconnectPolicy.js'
import { followInstance } from './followInstance.js'
import { getFirebaseApp } from './getFirebaseApp.js'
import type { DatabaseTarget } from './WatchValue.js'

let websocketsForced = false
/** Each instance's reconnect policy while it is kept connected (from its first use until it is let go). */
const keptConnected = new Map<Database, ReconnectPolicy | null>()
/** Instances let go (`goOffline`): the next use brings them back online. */
const letGo = new WeakSet<Database>()
/** How many listeners each instance has (`holdDatabase`), and the timer that lets an idle one go. */
const holders = new Map<Database, { count: number; idle: ReturnType<typeof setTimeout> | undefined }>()
const routers = new WeakMap<ClientConfig, SwitchedRouter>()

/**
 * How long an instance the table in force no longer names stays connected
 * after its last listener left (see {@link holdDatabase}): a listener that
 * moves on usually comes back within seconds, one that followed a player's
 * records to the next table's instance never does.
 */
export const IDLE_INSTANCE_CLOSE_MS = 60_000

/**
 * The page's instance table over time as the functions have it
 * (`createSwitchedRouter` over `databaseURL`, `databaseRegions`,
 * `databasePlayers` and `databaseSwitch`), built once per configuration: it
 * lives here, with the database SDK, so the first load carries none of it.
 *
 * @example
 * ```ts
 * getDatabaseRouter(config).playerAt(uid, gameClock.now()).instance // where that player's inventory is now
 * ```
 */
export function getDatabaseRouter(config: ClientConfig): SwitchedRouter {
  let router = routers.get(config)
  if (!router) {
    const { databaseURL, databaseRegions, databasePlayers, databaseSwitch } = config.firebase
    router = createSwitchedRouter(
      databaseURL,
      { regions: databaseRegions, players: databasePlayers },
      databaseSwitch ?? undefined,
    )
    routers.set(config, router)
  }
  return router
}

/**
 * The URL a {@link DatabaseTarget} names at `now` (server time, the game
 * clock by default): the main instance when none, the instance holding the
 * player's records then for `{ player: uid }` (after a table switch's grace,
 * the next table's: the functions move the player there on their first call).
 *
 * @example
 * ```ts
 * instanceUrlOf(config, { player: uid }) // config.firebase.databaseURL while no player instances are configured
 * ```
 */
export function instanceUrlOf(config: ClientConfig, target: DatabaseTarget | undefined, now = gameClock.now()): string {
  if (target === undefined) return config.firebase.databaseURL
  return typeof target === 'string' ? target : getDatabaseRouter(config).playerAt(target.player, now).instance
}

/**
 * Follow the instance a target names as the game clock goes on
 * ({@link followInstance}): `onInstance` with its URL now, and again when a
 * table switch's grace moves a player's records to another instance while the
 * page is open. A URL, main, or a player without a switch ahead: once.
 * Returns the stop function.
 *
 * @example
 * ```ts
 * const stop = watchInstanceOf(config, { player: uid }, (url) => listenOn(getFirebaseDatabase(config, url)))
 * ```
 */
export function watchInstanceOf(
  config: ClientConfig,
  target: DatabaseTarget | undefined,
  onInstance: (instanceUrl: string) => void,
): () => void {
  const changesAt = typeof target === 'object' ? getDatabaseRouter(config).playersMoveAt : null
  return followInstance((now) => instanceUrlOf(config, target, now), changesAt, gameClock, onInstance)
}

/**
 * Count a listener on the instance at `instanceUrl`; returns its release.
 * When the last listener of an instance is released, none comes back within
 * {@link IDLE_INSTANCE_CLOSE_MS}, and the table in force no longer names it
 * (after a switch's grace, an instance only the old table had), its socket is
 * closed (its reconnect policy stopped, `goOffline`): a page that followed a
 * player's records to a new instance keeps no socket to the one it left. The
 * next {@link getFirebaseDatabase} of it reconnects. The instances of the
 * table in force stay connected for the next reader, and main always (it
 * carries the server's clock and the connection state): without a switch,
 * nothing is ever closed.
 *
 * @example
 * ```ts
 * const release = holdDatabase(config, url)
 * const stop = onValue(ref(getFirebaseDatabase(config, url), path), render)
 * // later: stop(); release()
 * ```
 */
export function holdDatabase(config: ClientConfig, instanceUrl: string): () => void {
  const database = getFirebaseDatabase(config, instanceUrl)
  const held = holders.get(database) ?? { count: 0, idle: undefined }
  holders.set(database, held)
  held.count++
  clearTimeout(held.idle)
  let released = false
  return () => {
    if (released) return
    released = true
    held.count--
    if (held.count > 0 || instanceUrl === config.firebase.databaseURL) return
    held.idle = setTimeout(letGoIfIdle, IDLE_INSTANCE_CLOSE_MS)
  }

  function letGoIfIdle() {
    if (held.count > 0) return
    const router = getDatabaseRouter(config)
    const now = gameClock.now()
    // An instance of the table in force is kept for its next reader, as it always was; one named only until the
    // switch's grace is looked at again then (in parts: a timer cannot wait longer than 2^31 - 1 ms).
    if (tableAt(router, now).all.includes(instanceUrl)) {
      if (!tableAt(router, Number.POSITIVE_INFINITY).all.includes(instanceUrl))
        held.idle = setTimeout(letGoIfIdle, Math.min((router.playersMoveAt as number) - now + 1, 2 ** 31 - 1))
      return
    }
    holders.delete(database)
    keptConnected.get(database)?.stop()
    keptConnected.delete(database)
    letGo.add(database)
    goOffline(database)
  }
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
 * player's records now, `config.firebase.databasePlayers`, or after a table
 * switch's grace the next table's, `config.firebase.databaseSwitch`); by
 * default the main one, `config.firebase.databaseURL`. Each instance is its
 * own `Database` with its own websocket, opened once however many records
 * are read on it, under the same rules: websockets only, kept connected
 * (one the table in force no longer names, until nothing reads it: {@link holdDatabase}).
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
  if (letGo.has(database)) {
    letGo.delete(database)
    goOnline(database)
  }
  if (!keptConnected.has(database)) {
    const browser = typeof window !== 'undefined'
    keptConnected.set(database, browser ? createReconnectPolicy(browserReconnectEnvironment(database, window)) : null)
    // The main instance's handshake sets the game clock: one server, one clock (regions share Google's time).
    if (browser && instanceUrl === config.firebase.databaseURL) watchServerTimeOffset(database, gameClock)
  }
  return database
}

/**
 * Open, ahead of the first listener, the instances every home card reads:
 * main (the server's clock, the connection state) and, when every player is
 * on one instance, that one (inventories, progress), by the table the game
 * clock is in (after a switch's grace, the next table's); kept connected
 * from here on. With several, the uid picks one: its socket opens with the
 * first card's listener.
 *
 * @example
 * ```ts
 * openHomeDatabases(getClientConfig())
 * ```
 */
export function openHomeDatabases(config: ClientConfig): void {
  getFirebaseDatabase(config)
  const [players, ...others] = tableAt(getDatabaseRouter(config), gameClock.now()).playerInstances
  if (players !== undefined && others.length === 0) getFirebaseDatabase(config, players)
}

/** The table in force at `now`: the next one from the switch's grace on (when players have moved), else the current one. */
function tableAt(router: SwitchedRouter, now: number): DatabaseRouter {
  return router.next && now >= (router.playersMoveAt as number) ? router.next : router.current
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
