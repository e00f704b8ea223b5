// The chaos suite's primitives: what a phone outdoors does to the app's
// connections, applied to one Playwright context on the production build
// against the local stack. Each case file (`chaos/<topic>.app-e2e.test.ts`)
// combines them; every primitive is undone by the context's close.
//
// What each one models, and what it does not:
//
// - controlDatabaseSocket(): every websocket the page opens to a database
//   instance (the main one and each region's: drops are sharded by region)
//   goes through Playwright's `context.routeWebSocket()`, passed through to the
//   real database stand-in with `connectToServer()`.
//   · refuse(): each new socket is closed as soon as the page opens it, before
//     any frame: the database host is unreachable or refusing (a dead network
//     path, a server that is down). It does NOT model a socket that hangs in
//     CONNECTING (a black-holed SYN): Playwright's mocked socket reports "open"
//     at once, then closes. The SDK sees the same thing as a failed websocket:
//     no handshake, onclose, backoff, retry.
//   · dropAll(): closes every open socket on both sides, as a server restart
//     or a NAT timeout does; the page's socket sees an abnormal close (1006).
//     Data the stand-in already has stays: it is the same process.
//   · hang(): each new socket is accepted and never answered: the page's
//     socket stays CONNECTING (no open, no close, no frame) until the page
//     closes it, as with a captive portal or a dying cell link that takes the
//     connection and passes nothing on. Playwright opens a routed socket only
//     once its handler returns; this handler does not return until the page
//     gives up on it. The SDK's own health check would close it after 30 s.
//   · allow(): new sockets pass through again (sockets already hanging stay
//     hung, as a portal's accepted connections do).
//   · setLatency(): delays each frame by the given time in each direction,
//     since Chromium's network emulation adds latency to HTTP requests only.
//   · setConnectDelay(): a passed-through socket opens only this long after
//     the page asked for it (the round trips of TCP, TLS and the websocket
//     upgrade on a slow link); with setLatency() it models a poor link.
//   It does NOT model a half-open socket (frames silently lost while both
//   sides believe it open); the SDK's keep-alive would find that after 45 s.
// - emulateNetwork(): Chromium's own network emulation for one page over the
//   DevTools protocol (`Network.emulateNetworkConditions`): `offline` fails
//   every new request and socket with ERR_INTERNET_DISCONNECTED, `latencyMs`
//   is added once per HTTP request (request sent → response headers), so
//   1000 ms gives a callable a round trip of about 2 s with the server's own
//   time. It does NOT close open websockets, nor does it switch
//   `navigator.onLine` or fire `offline`/`online` events: for a device that
//   loses its network use goOffline(), which does all three.
// - goOffline()/goOnline(): the device loses and regains its network: the
//   context's offline switch (`navigator.onLine`, the window's
//   `offline`/`online` events, every new request fails) plus the database
//   sockets dropped and refused while offline. Models airplane mode or a
//   tunnel; it does NOT model a captive portal (online, yet nothing answers).
// - failCallable(): the named callable function answers 503 (Cloud Functions'
//   "UNAVAILABLE" body), before the request reaches the emulator: an overloaded
//   or cold-starting backend. The request never runs, so nothing is written.
// - delayCallable(): the named callable reaches the emulator only after the
//   given time (a cold-starting function, a slow uplink): nothing it writes
//   exists before then, and its reply comes after. It does NOT model a slow
//   reply to a call the server already ran.
// - openStackDatabase(): the Admin SDK on one of the stack's database instances
//   (firebase-admin as `owner`, rules bypassed) to read back what the server
//   kept, so a case can assert that nothing was lost or awarded twice;
//   stackRegionRouter() says which instance holds a cell's drops,
//   stackDatabaseRouter() which holds a player's records.

import { randomUUID } from 'node:crypto'
import {
  createDatabaseRouter,
  createRegionRouter,
  type DatabaseRouter,
  instanceListSchema,
  type RegionRouter,
  regionTableSchema,
} from '@worldmap/game'
import { type App, deleteApp, initializeApp } from 'firebase-admin/app'
import { type Database, getDatabaseWithUrl } from 'firebase-admin/database'
import type { Browser, BrowserContext, CDPSession, Page, Route, WebSocketRoute } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { atDatabaseHost } from '../../../../../tooling/test-utils/databaseEmulatorHost.mjs'
import { launchChromium } from '../../launchChromium.js'

/** The local stack's main database origin (`http://127.0.0.1:<port>`), from the stack the tests run against. */
export function databaseOrigin(): string {
  return new URL(inject('stackUrls').database).origin
}

/** Every database instance of the stack (`http://127.0.0.1:PORT/?ns=NS`), the main one first. */
export function stackDatabaseUrls(): string[] {
  return inject('stackUrls').databases
}

/**
 * The stack's region router, as the functions and the app route: which
 * instance URL (one of {@link stackDatabaseUrls}) holds a cell's or a
 * drop's regional data (drops, spawn markers, claims).
 *
 * @example
 * ```ts
 * const admin = openStackDatabase(stackRegionRouter().instanceOfCell('w21z73'))
 * ```
 */
export function stackRegionRouter(): RegionRouter {
  const [main] = stackDatabaseUrls()
  if (!main) throw new Error('the stack names no database')
  return createRegionRouter(main, regionTableSchema.parse(inject('databaseRegions')))
}

/**
 * The stack's whole instance table, as the functions and the app route:
 * regions, players (by a hash of the uid) and the leaderboard.
 *
 * @example
 * ```ts
 * const admin = openStackDatabase(stackDatabaseRouter().instanceOfPlayer(uid))
 * await admin.database.ref(`inventories/${uid}`).set(items)
 * ```
 */
export function stackDatabaseRouter(): DatabaseRouter {
  const [main] = stackDatabaseUrls()
  if (!main) throw new Error('the stack names no database')
  return createDatabaseRouter(main, {
    regions: regionTableSchema.parse(inject('databaseRegions')),
    players: instanceListSchema.parse(inject('databasePlayers')),
    leaderboards: instanceListSchema.parse(inject('databaseLeaderboards')),
  })
}

/**
 * {@link openStackDatabase} on the instance holding `uid`'s records
 * (profile, progress, inventory, spot finds, streak rewards, the gate), as
 * the stack routes them.
 *
 * @example
 * ```ts
 * const admin = openPlayerDatabase(uid)
 * await admin.database.ref(`profiles/${uid}/progress`).set(progress)
 * await admin.close()
 * ```
 */
export function openPlayerDatabase(uid: string): StackDatabase {
  return openStackDatabase(stackDatabaseRouter().instanceOfPlayer(uid))
}

/** Control of the page's database websockets, see the file header. */
export interface DatabaseSocketControl {
  /** Close each new socket as soon as the page opens it (host unreachable). */
  refuse(): void
  /** Accept each new socket and never answer it (a captive portal); see the file header. */
  hang(): void
  /** Let new sockets through to the database again. */
  allow(): void
  /** Close every open socket on both sides (a server restart); resolves once all are closed. */
  dropAll(): Promise<void>
  /** Delay every frame by `ms` in each direction (0: none). */
  setLatency(ms: number): void
  /** Open each passed-through socket `ms` after the page asked (0: at once). */
  setConnectDelay(ms: number): void
  /** Sockets the page opened so far (refused ones included). */
  readonly opened: number
  /** Sockets currently open and passed through. */
  readonly open: number
  /** Sockets closed at once by refuse(). */
  readonly refused: number
  /** Sockets hung by hang() so far. */
  readonly hung: number
  /**
   * Sockets the page itself closed before they carried a frame from the
   * server: attempts the app gave up on (the reconnect policy replacing a
   * hanging socket). On a healthy link, however slow, this stays 0.
   */
  readonly abandoned: number
}

/**
 * Route the context's websockets to the stack's database instances (all of
 * them, or the one `host` names) through a controllable pass-through. Call
 * before the page opens the app: a route applies to sockets opened after it.
 *
 * @example
 * ```ts
 * const socket = await controlDatabaseSocket(session.context)
 * socket.refuse()
 * await socket.dropAll()
 * socket.allow() // the app reconnects on its own
 * ```
 */
export async function controlDatabaseSocket(
  context: BrowserContext,
  options: { host?: string } = {},
): Promise<DatabaseSocketControl> {
  const hosts = new Set(options.host ? [options.host] : stackDatabaseUrls().map((url) => new URL(url).host))
  const live = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>()
  let mode: 'pass' | 'refuse' | 'hang' = 'pass'
  let latencyMs = 0
  let connectDelayMs = 0
  let opened = 0
  let refused = 0
  let hung = 0
  let abandoned = 0
  // Playwright's API wants a number for latency 0 too: frames keep their order either way.
  const later = (send: () => void) => (latencyMs > 0 ? setTimeout(send, latencyMs) : send())
  await context.routeWebSocket(
    (url) => hosts.has(url.host),
    async (page) => {
      opened += 1
      if (mode === 'refuse') {
        refused += 1
        // 1011-style failure seen by the SDK as a websocket that never carried a handshake.
        await page.close({ code: 1011, reason: 'refused by the chaos test' }).catch(() => {})
        return
      }
      if (mode === 'hang') {
        hung += 1
        // Returning would open the page's socket: wait, CONNECTING, until the page closes it.
        await new Promise<void>((resolve) =>
          page.onClose(() => {
            abandoned += 1
            resolve()
          }),
        )
        return
      }
      let pair: { page: WebSocketRoute; server: WebSocketRoute } | undefined
      let answered = false
      let closed = false
      // One close handler from the start: the page may give up while the slow link is still connecting.
      page.onClose((code, reason) => {
        closed = true
        if (!answered) abandoned += 1
        if (!pair) return
        live.delete(pair)
        void pair.server.close({ code, reason }).catch(() => {})
      })
      page.onMessage((message) => later(() => pair?.server.send(message)))
      if (connectDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, connectDelayMs))
      if (closed) return
      const server = page.connectToServer()
      const opening = { page, server }
      pair = opening
      live.add(opening)
      server.onMessage((message) => {
        answered = true
        later(() => page.send(message))
      })
      server.onClose((code, reason) => {
        live.delete(opening)
        void page.close({ code, reason }).catch(() => {})
      })
    },
  )
  return {
    refuse: () => {
      mode = 'refuse'
    },
    hang: () => {
      mode = 'hang'
    },
    allow: () => {
      mode = 'pass'
    },
    dropAll: async () => {
      const pairs = [...live]
      live.clear()
      await Promise.all(
        pairs.flatMap(({ page, server }) => [
          server.close({ code: 1001, reason: 'server restart' }).catch(() => {}),
          page.close({ code: 1001, reason: 'server restart' }).catch(() => {}),
        ]),
      )
    },
    setLatency: (ms) => {
      latencyMs = Math.max(0, ms)
    },
    setConnectDelay: (ms) => {
      connectDelayMs = Math.max(0, ms)
    },
    get opened() {
      return opened
    },
    get open() {
      return live.size
    },
    get refused() {
      return refused
    },
    get hung() {
      return hung
    },
    get abandoned() {
      return abandoned
    },
  }
}

/** What {@link emulateNetwork} sets; omitted fields mean "no limit". */
export interface NetworkConditions {
  offline?: boolean
  /** Added once per HTTP request, before the response headers (not to websocket frames). */
  latencyMs?: number
  /** Bytes per second; -1 or omitted: unthrottled. */
  downloadBytesPerSecond?: number
  uploadBytesPerSecond?: number
}

/**
 * Chromium's network emulation for one page, over the DevTools protocol.
 * Returns the session; `emulateNetwork(page, {})` restores a normal network.
 *
 * @example
 * ```ts
 * await emulateNetwork(page, { latencyMs: 1000 }) // a collect's round trip ≈ 2 s
 * ```
 */
export async function emulateNetwork(page: Page, conditions: NetworkConditions): Promise<CDPSession> {
  let session = cdpSessions.get(page)
  if (!session) {
    session = await page.context().newCDPSession(page)
    cdpSessions.set(page, session)
    await session.send('Network.enable')
  }
  await session.send('Network.emulateNetworkConditions', {
    offline: conditions.offline ?? false,
    latency: conditions.latencyMs ?? 0,
    downloadThroughput: conditions.downloadBytesPerSecond ?? -1,
    uploadThroughput: conditions.uploadBytesPerSecond ?? -1,
  })
  return session
}
const cdpSessions = new WeakMap<Page, CDPSession>()

/**
 * The device loses its network: `navigator.onLine` false, `offline` fired,
 * new requests fail, and the database sockets are dropped and refused.
 *
 * @example
 * ```ts
 * await goOffline(session.context, socket)
 * await goOnline(session.context, socket)
 * ```
 */
export async function goOffline(context: BrowserContext, socket: DatabaseSocketControl): Promise<void> {
  socket.refuse()
  await context.setOffline(true)
  await socket.dropAll()
}

/** The device's network is back: the reverse of {@link goOffline}. */
export async function goOnline(context: BrowserContext, socket: DatabaseSocketControl): Promise<void> {
  socket.allow()
  await context.setOffline(false)
}

/** Control of one failing callable, see {@link failCallable}. */
export interface FailingCallable {
  /** Requests answered with the failure so far. */
  readonly failed: number
  /** Let the callable through to the emulator again. */
  restore(): Promise<void>
}

/**
 * Answer the named callable function (e.g. `collectDrop`) with `status`
 * (503 by default) and Cloud Functions' error body, `times` times or until
 * restore(). The request never reaches the emulator.
 *
 * @example
 * ```ts
 * const failing = await failCallable(session.context, 'collectDrop')
 * // … the player sees a plain-words failure and Retry …
 * await failing.restore()
 * ```
 */
export async function failCallable(
  context: BrowserContext,
  name: string,
  options: { status?: number; times?: number } = {},
): Promise<FailingCallable> {
  const status = options.status ?? 503
  let failed = 0
  const pattern = new RegExp(`/${name}$`)
  const handler = async (route: Route) => {
    // The callable's CORS preflight is answered by the emulator; only the call itself fails.
    if (route.request().method() !== 'POST' || (options.times !== undefined && failed >= options.times)) {
      return route.fallback()
    }
    failed += 1
    await route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ error: { message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } }),
    })
  }
  await context.route(pattern, handler)
  return {
    get failed() {
      return failed
    },
    restore: () => context.unroute(pattern, handler),
  }
}

/** Control of one delayed callable, see {@link delayCallable}. */
export interface DelayedCallable {
  /** Calls held back so far. */
  readonly delayed: number
  /** Let the callable through at once again (calls already held keep their delay). */
  restore(): Promise<void>
}

/**
 * Hold each call of the named callable function (e.g. `ensureDropsNear`) for
 * `ms` before it goes on to the emulator, until restore(). The server runs
 * it only then.
 *
 * @example
 * ```ts
 * const slow = await delayCallable(session.context, 'ensureDropsNear', 5_000)
 * // … home while the first spawn runs …
 * await slow.restore()
 * ```
 */
export async function delayCallable(context: BrowserContext, name: string, ms: number): Promise<DelayedCallable> {
  let delayed = 0
  const pattern = new RegExp(`/${name}$`)
  const handler = async (route: Route) => {
    // The CORS preflight goes at once; only the call itself waits.
    if (route.request().method() === 'POST') {
      delayed += 1
      await new Promise((resolve) => setTimeout(resolve, ms))
    }
    return route.fallback()
  }
  await context.route(pattern, handler)
  return {
    get delayed() {
      return delayed
    },
    restore: () => context.unroute(pattern, handler),
  }
}

/** The Admin SDK on the stack's database, see {@link openStackDatabase}. */
export interface StackDatabase {
  database: Database
  /** The value at `path` (a value listener: the stand-in never answers `get()`). */
  read<T = unknown>(path: string): Promise<T | null>
  close(): Promise<void>
}

/**
 * firebase-admin as `owner` on one of the running stack's database
 * instances: `instanceUrl` (one of {@link stackDatabaseUrls}, e.g. what
 * {@link stackRegionRouter} names for a cell), the main one by default. An
 * `http://` URL makes the SDK use the emulator's owner token; no credentials.
 *
 * The SDK sends every database to `FIREBASE_DATABASE_EMULATOR_HOST` (the
 * test environment names the main instance there), keeping only the URL's
 * namespace: the variable names this instance's host while the handle is
 * made (the SDK reads it then, once), and is restored.
 *
 * @example
 * ```ts
 * const admin = openStackDatabase()
 * expect(await admin.read(`inventories/${uid}`)).toHaveProperty(dropId)
 * await admin.close()
 * ```
 */
export function openStackDatabase(
  instanceUrl: string = stackDatabaseUrls()[0] ?? `${databaseOrigin()}/?ns=demo-worldmap`,
): StackDatabase {
  const projectId = 'demo-worldmap'
  const app: App = initializeApp({ projectId, databaseURL: instanceUrl }, `chaos-admin-${randomUUID()}`)
  const database = atDatabaseHost(instanceUrl, () => getDatabaseWithUrl(instanceUrl, app))
  return {
    database,
    read: async <T>(path: string) => (await database.ref(path).once('value')).val() as T | null,
    close: () => deleteApp(app),
  }
}

/**
 * One Chromium and the Admin SDK on the stack's main instance for a test
 * file: opened before its first test, closed after its last. Read them inside
 * tests, not at the file's top level (they exist from `beforeAll` on).
 *
 * @example
 * ```ts
 * const shared = sharedBrowserAndDatabase()
 * test('…', async () => {
 *   const session = await openSession(shared.browser, options)
 *   await shared.admin.database.ref(path).set(value)
 * })
 * ```
 */
export function sharedBrowserAndDatabase(): {
  readonly browser: Browser
  readonly admin: StackDatabase
  /** The Admin SDK on the instance holding `uid`'s records (profile, progress, inventory, spot finds…), opened once. */
  playerAdmin(uid: string): StackDatabase
} {
  let browser: Browser | undefined
  let admin: StackDatabase | undefined
  const players = new Map<string, StackDatabase>()
  beforeAll(async () => {
    browser = await launchChromium()
    admin = openStackDatabase()
  })
  afterAll(async () => {
    await browser?.close()
    await admin?.close()
    await Promise.all([...players.values()].map((player) => player.close()))
  })
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is opened in beforeAll: read it inside a test`)
    return value
  }
  return {
    get browser() {
      return opened(browser, 'The browser')
    },
    get admin() {
      return opened(admin, 'The Admin SDK')
    },
    playerAdmin(uid) {
      const url = stackDatabaseRouter().instanceOfPlayer(uid)
      // Main's handle is the shared one; another instance's is opened on first use.
      if (url === stackDatabaseUrls()[0]) return opened(admin, 'The Admin SDK')
      const player = players.get(url) ?? openStackDatabase(url)
      players.set(url, player)
      return player
    },
  }
}
