import { createRegionRouter, databasePaths, regionTableSchema, spawnWindowOf, watchCellsAround } from '@worldmap/game'
import { deleteApp, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth'
import { connectDatabaseEmulator, getDatabase, onValue, ref } from 'firebase/database'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { startCountingProxy } from './startCountingProxy.mjs'

/** How long the wire must stay quiet before the map counts as open, ms. */
const QUIET_MS = 750

/**
 * The bytes one client downloads to open the map at `spot`, measured on the
 * wire: a fresh Firebase JS SDK client (the app's SDK), signed in with
 * `customToken`, whose database and Functions traffic goes through counting
 * TCP proxies. It does what the map does on open: call `ensureDropsNear`
 * and listen to the 9 watch cells around the spot (`watchCellsAround`,
 * `databasePaths.dropsCell`, the window computed locally, plus any other
 * cell the reply names), then waits until the first value of every cell has
 * arrived and the wire has been quiet for a moment. Sign-in traffic (Auth)
 * is not counted: the app is signed in before the map opens.
 *
 * Every database instance of the stack gets a counting proxy of its own, and
 * each cell is listened to on the instance the region table routes it to
 * (`stack.databaseRegions`, the router the app uses): `bytes` sums every
 * instance the client touched, `byInstance` splits them.
 *
 * @param {{ stack: { ports: { database: number, functions: number }, urls: { auth: string, databases?: string[] },
 *   databaseRegions?: string }, customToken: string, spot: { lat: number, lng: number }, projectId: string,
 *   region: string, name: string }} options
 * @example
 * ```js
 * const open = await measureMapOpen({ stack, customToken, spot: SINGAPORE, projectId, region, name: 'empty' })
 * open.bytes // database (every instance) + functions bytes received
 * ```
 */
export async function measureMapOpen({ stack, customToken, spot, projectId, region, name }) {
  const urls = stack.urls.databases?.length ? stack.urls.databases : [`http://127.0.0.1:${stack.ports.database}/?ns=${projectId}`]
  const router = createRegionRouter(/** @type {string} */ (urls[0]), regionTableSchema.parse(stack.databaseRegions ?? ''))
  const proxies = await startInstanceProxies(urls, projectId)
  const functionsProxy = await startCountingProxy(stack.ports.functions)
  const main = /** @type {(typeof proxies)[number]} */ (proxies[0])
  const app = initializeApp(
    { projectId, apiKey: 'demo-api-key', databaseURL: `http://127.0.0.1:${main.proxy.port}/?ns=${main.namespace}` },
    `bench-map-open-${name}`,
  )
  const unsubscribes = /** @type {Array<() => void>} */ ([])
  try {
    const auth = getAuth(app)
    connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true })
    await signInWithCustomToken(auth, customToken)
    // One handle per instance, made when a cell first needs it (the app connects only where its cells are).
    /** @type {Map<string, import('firebase/database').Database>} */
    const handles = new Map()
    const databaseOf = (/** @type {string} */ cell) => {
      const url = router.instanceOfCell(cell)
      const existing = handles.get(url)
      if (existing) return existing
      const { proxy, namespace } = proxies.find((entry) => entry.url === url) ?? main
      const database = getDatabase(app, `http://127.0.0.1:${proxy.port}/?ns=${namespace}`)
      connectDatabaseEmulator(database, '127.0.0.1', proxy.port)
      handles.set(url, database)
      return database
    }
    const functions = getFunctions(app, region)
    connectFunctionsEmulator(functions, '127.0.0.1', functionsProxy.port)

    const started = performance.now()
    /** @type {Map<string, number>} cell path → drops in its first value */
    const cells = new Map()
    const listens = /** @type {Promise<unknown>[]} */ ([])
    const listen = (/** @type {number} */ window, /** @type {string} */ cell) => {
      const path = databasePaths.dropsCell(window, cell)
      if (cells.has(path)) return
      cells.set(path, 0)
      listens.push(
        new Promise((resolve, reject) => {
          let first = true
          const unsubscribe = onValue(
            ref(databaseOf(cell), path),
            (snapshot) => {
              if (!first) return
              first = false
              cells.set(path, snapshot.size)
              resolve(undefined)
            },
            reject,
          )
          unsubscribes.push(unsubscribe)
        }),
      )
    }
    // Like the app's map: the 9 cells around the spot in the window of the device's clock, and ensureDropsNear
    // at the same time; a reply for another window moves the listeners to it.
    const window = spawnWindowOf(Date.now()).index
    const watchCells = watchCellsAround(spot.lat, spot.lng)
    for (const cell of watchCells) listen(window, cell)
    const reply = /** @type {any} */ ((await httpsCallable(functions, 'ensureDropsNear')({ lat: spot.lat, lng: spot.lng })).data)
    if (Number.isInteger(reply?.window) && reply.window !== window) for (const cell of watchCells) listen(reply.window, cell)
    // Every cell's first value (the listens added above are all in the list by now).
    await Promise.all(listens)
    const firstValuesMs = performance.now() - started
    await waitForQuiet([...proxies.map(({ proxy }) => proxy), functionsProxy], performance.now() + 10_000)
    return mapOpenReport(proxies, functionsProxy, cells, firstValuesMs)
  } finally {
    for (const unsubscribe of unsubscribes) unsubscribe()
    await deleteApp(app).catch(() => {})
    await Promise.all([...proxies.map(({ proxy }) => proxy.close()), functionsProxy.close()])
  }
}

/** @typedef {Awaited<ReturnType<typeof startCountingProxy>>} CountingProxy */

/**
 * A counting proxy in front of each database instance, with the instance's URL and namespace, main first.
 *
 * @param {string[]} urls
 * @param {string} projectId  the namespace of a URL that names none
 */
function startInstanceProxies(urls, projectId) {
  return Promise.all(
    urls.map(async (url) => {
      const parsed = new URL(url)
      return {
        url,
        namespace: parsed.searchParams.get('ns') ?? projectId,
        proxy: await startCountingProxy(Number(parsed.port)),
      }
    }),
  )
}

/**
 * Wait until no byte has crossed any of the proxies for {@link QUIET_MS}, or until `deadline`.
 *
 * @param {CountingProxy[]} counting
 * @param {number} deadline  `performance.now()` time
 */
async function waitForQuiet(counting, deadline) {
  for (;;) {
    const lastByteAt = Math.max(...counting.map((proxy) => proxy.lastByteAt()))
    if (performance.now() - lastByteAt >= QUIET_MS || performance.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * What opening the map cost, from the proxies' counts and the cells' first values.
 *
 * @param {Array<{ url: string, proxy: CountingProxy }>} proxies
 * @param {CountingProxy} functionsProxy
 * @param {Map<string, number>} cells  cell path → drops in its first value
 * @param {number} firstValuesMs
 */
function mapOpenReport(proxies, functionsProxy, cells, firstValuesMs) {
  const databaseBytes = proxies.reduce((sum, { proxy }) => sum + proxy.bytes.down, 0)
  const databaseUpload = proxies.reduce((sum, { proxy }) => sum + proxy.bytes.up, 0)
  return {
    bytes: databaseBytes + functionsProxy.bytes.down,
    databaseBytes,
    functionsBytes: functionsProxy.bytes.down,
    uploadBytes: databaseUpload + functionsProxy.bytes.up,
    /** Each instance's bytes (down: received by the client), main first; 0 for an instance it never touched. */
    byInstance: proxies.map(({ url, proxy }) => ({ url, down: proxy.bytes.down, up: proxy.bytes.up })),
    cells: cells.size,
    drops: [...cells.values()].reduce((sum, count) => sum + count, 0),
    firstValuesMs: Math.round(firstValuesMs),
  }
}
