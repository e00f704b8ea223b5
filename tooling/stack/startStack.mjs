// The local backend stack, one function for `pnpm dev`, `pnpm stack` and the
// tests: the Firebase Auth + Functions emulators (firebase-tools), Realtime
// Database stand-ins (firebase-server, patched: admin connections bypass the
// rules, compare-and-set is atomic) loaded with our rules — the main instance
// and, by default, one region instance that holds Singapore's drops (issue 22:
// sharding by region, docs/scale.md), so both routes run everywhere — and an empty local
// World Chain JSON-RPC endpoint so SIWE's ERC-1271 fallback never reaches for
// the internet. Everything listens on 127.0.0.1 and needs no network.
//
// The functions accept a sign-in only for the app's origins
// (WORLDMAP_APP_ORIGINS): by default the dev app (port 3000) and the app on
// this stack's `ports.app` (the test stack's production app server for the
// end-to-end tests, 3100), each as localhost and 127.0.0.1.
//
// The real RTDB emulator needs Java 21 and a JAR download, neither of which
// this machine has; firebase-server speaks the same wire protocol to the same
// SDKs. Its limits: get() and onDisconnect() never answer (read with value
// listeners).
//
// The emulators run no scheduled function (they would need the Pub/Sub
// emulator, Java again): a scheduler stand-in (scheduler.mjs) calls each one's
// HTTP route on the schedule its `onSchedule` declares, so the purge runs
// locally too (docs/deploy.md says what it does not model).

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startNotificationsApi } from './notificationsApi.mjs'
import { startFunctionScheduler } from './scheduler.mjs'
import { showStreakReminder } from './streakReminder.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const functionsDir = join(root, 'apps/functions')
const stackDir = join(functionsDir, '.stack')
const requireFromFunctions = createRequire(join(functionsDir, 'package.json'))

export const PROJECT_ID = 'demo-worldmap'
export const REGION = 'asia-southeast1'

/**
 * `app` is not the stack's own: it is where the app that signs in against
 * this stack is served (the dev server, or the end-to-end tests' production
 * server), so its origins are the ones the functions accept by default.
 *
 * `regionDatabase` is the first region instance's port; region instance i
 * (1-based) listens on `regionDatabase + i - 1`.
 *
 * `notifications` is the send-notification stand-in's (notificationsApi.mjs); a caller that moves `chain` without
 * naming it gets it 10 above the chain.
 *
 * @typedef {{ auth: number, functions: number, database: number, regionDatabase: number, hub: number, logging: number,
 *   chain: number, notifications: number, app: number }} StackPorts
 */

/** Port sets: `dev` for `pnpm dev`/`pnpm stack`, `test` for the test command, so both can run at once. */
export const PORTS = {
  /** @type {StackPorts} */
  dev: {
    auth: 9099,
    functions: 5001,
    database: 9000,
    regionDatabase: 9077,
    hub: 4400,
    logging: 4500,
    chain: 8545,
    notifications: 8555,
    app: 3000,
  },
  /** @type {StackPorts} */
  test: {
    auth: 9199,
    functions: 5101,
    database: 9100,
    regionDatabase: 9177,
    hub: 4499,
    logging: 4599,
    chain: 8645,
    notifications: 8655,
    app: 3100,
  },
}

/** A caller that moves `database` without naming `regionDatabase` gets the region instances this far above it. */
const REGION_DATABASE_OFFSET = 77

/** The app id the functions use in local mode (LOCAL_GAME_DEFAULTS.appId): the notifications stand-in's app. */
const LOCAL_APP_ID = 'app_staging_worldmap'

/** Database instances a stack may run: the main one and at most 3 region instances. */
export const MAX_DATABASES = 4

/** The default stack's regions: Singapore (`w21`, where most tests and `pnpm dev` play) on region instance 1. */
export const DEFAULT_REGIONS = Object.freeze({ w21: 1 })

/** The pieces the stack itself listens on (checked free before anything starts); `app` is someone else's. */
const STACK_PIECES = ['auth', 'functions', 'database', 'hub', 'logging', 'chain', 'notifications']

/** The namespace of database instance `index` (0: main, `demo-worldmap`; i ≥ 1: `demo-worldmap-r{i}`). */
export function databaseNamespace(index) {
  return index === 0 ? PROJECT_ID : `${PROJECT_ID}-r${index}`
}

/**
 * The port of database instance `index` (0: `ports.database`; i ≥ 1: `ports.regionDatabase + i - 1`).
 *
 * @param {StackPorts} ports
 * @param {number} index
 */
export function databasePort(ports, index) {
  return index === 0 ? ports.database : ports.regionDatabase + index - 1
}

/**
 * Resolve the stack's ports, database count and region table from its
 * options, refusing what the stack could not run (a typed
 * {@link StackStartError} with `code: 'invalid_option'`). `databases`
 * defaults to 2 (main + one region instance), `regions` to
 * {@link DEFAULT_REGIONS} when there is a region instance, `{}` otherwise.
 * The table text is what the functions read as `WORLDMAP_DATABASE_REGIONS`
 * and the app as `PUBLIC_ENV__DATABASE_REGIONS` (`regionTableSchema`).
 *
 * @param {{ name?: string, ports?: Partial<StackPorts>, databases?: number, regions?: Record<string, number> }} [options]
 * @returns {{ ports: StackPorts, databases: number, regions: Record<string, number>, databaseUrls: string[], regionTable: string }}
 * @example
 * resolveDatabases({ name: 'test' })
 * // { databases: 2, regions: { w21: 1 }, regionTable: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
 * //   databaseUrls: ['http://127.0.0.1:9100/?ns=demo-worldmap', 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'], ports }
 */
export function resolveDatabases(options = {}) {
  const base = PORTS[options.name ?? 'dev'] ?? PORTS.dev
  const given = options.ports ?? {}
  /** @type {StackPorts} */
  const ports = {
    ...base,
    ...(given.database !== undefined ? { regionDatabase: given.database + REGION_DATABASE_OFFSET } : {}),
    ...(given.chain !== undefined ? { notifications: given.chain + 10 } : {}),
    ...given,
  }
  const invalid = (message) => new StackStartError(message, { code: 'invalid_option', piece: 'database' })
  const databases = options.databases ?? 2
  if (!Number.isInteger(databases) || databases < 1 || databases > MAX_DATABASES) {
    throw invalid(`databases must be a whole number from 1 to ${MAX_DATABASES} (the main instance and up to 3 region instances).`)
  }
  const regions = options.regions ?? (databases >= 2 ? { ...DEFAULT_REGIONS } : {})
  if (typeof regions !== 'object' || regions === null || Array.isArray(regions)) {
    throw invalid('regions must be an object of geohash prefix → region instance number, e.g. { w21: 1 }.')
  }
  for (const [prefix, index] of Object.entries(regions)) {
    if (!/^[0-9b-hjkmnp-z]{1,6}$/.test(prefix)) {
      throw invalid(`regions: ${JSON.stringify(prefix)} is not a region prefix (1–6 geohash characters, e.g. w21).`)
    }
    if (!Number.isInteger(index) || index < 1 || index > databases - 1) {
      throw invalid(
        databases === 1
          ? `regions: ${prefix} names region instance ${index}, but the stack runs only the main database (databases: 1).`
          : `regions: ${prefix} names region instance ${index}; this stack has region instances 1 to ${databases - 1}.`,
      )
    }
  }
  const databaseUrls = Array.from(
    { length: databases },
    (_, index) => `http://127.0.0.1:${databasePort(ports, index)}/?ns=${databaseNamespace(index)}`,
  )
  const regionTable = Object.entries(regions)
    .map(([prefix, index]) => `${prefix}=${databaseUrls[index]}`)
    .join(',')
  return { ports, databases, regions, databaseUrls, regionTable }
}

const pieces = {
  auth: 'the Auth emulator',
  functions: 'the Functions emulator',
  database: 'the Realtime Database stand-in (firebase-server)',
  regionDatabase: 'a region database instance (firebase-server)',
  hub: 'the emulator hub',
  logging: 'the emulator logging port',
  chain: 'the local World Chain RPC stand-in',
  notifications: "the Developer Portal's send-notification stand-in",
  scheduler: 'the scheduler stand-in (scheduled functions)',
}

/** A piece of the stack failed to start; `message` says which and why. */
export class StackStartError extends Error {
  name = 'StackStartError'
  /** @param {string} message @param {{ code: 'port_in_use' | 'start_failed' | 'timeout' | 'invalid_option', piece: string }} detail */
  constructor(message, detail) {
    super(message)
    this.code = detail.code
    this.piece = detail.piece
  }
}

/**
 * @typedef {object} Stack
 * @property {string} name
 * @property {StackPorts} ports
 * @property {Record<string, string>} env  Variables for processes that talk to the stack (app server, tests).
 * @property {{ auth: string, functions: string, database: string, databases: string[], chain: string, notifications: string,
 *   customToken: string }} urls  `notifications`: the send-notification stand-in (its test hooks under `/__worldmap/`).
 *   `databases`: every database instance as `http://127.0.0.1:PORT/?ns=NS`, index 0 the main one.
 * @property {string} databaseRegions  The region table (`w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1`; '' when none).
 * @property {string[]} appOrigins  The origins the functions accept sign-ins for (WORLDMAP_APP_ORIGINS).
 * @property {string} nonceSecret
 * @property {string} logFile
 * @property {() => Array<DatabaseStats & { url: string }>} databaseStats  Each instance's counters, main first.
 * @property {string | null} testClockFile  The stack's clock file (`WORLDMAP_TEST_CLOCK_FILE`), or `null` without one.
 * @property {() => Promise<void>} stop
 */

/**
 * Start the whole local stack and resolve once every piece answers.
 *
 * `appOrigin` is the app's origin, or a list of them (`'http://localhost:3000'`):
 * the functions accept a SIWE sign-in only for these (their domain and URI).
 * Default: the dev app's `http://localhost:3000` and `http://127.0.0.1:3000`,
 * plus the same two for `ports.app` when it differs (the test stack: 3100,
 * where the end-to-end tests serve the app).
 *
 * The local chain has one test hook, like a dev chain's `anvil_*` methods:
 * JSON-RPC `worldmap_setUnreachable` with `[address, true|false]` makes
 * every `eth_call` to that address answer HTTP 503, as an RPC outage would,
 * so a test can reach the functions' 503 `chain_unavailable` path without
 * taking the chain away from anyone else.
 *
 * Databases: `databases` stand-ins (default 2: the main instance on
 * `ports.database`, region instance i on `ports.regionDatabase + i - 1`,
 * namespace `demo-worldmap-r{i}`), and `regions` maps geohash prefixes to
 * region instances (default `{ w21: 1 }`: Singapore on instance 1, the rest
 * of the world on main). The functions and the app get the same table
 * (`WORLDMAP_DATABASE_REGIONS`, and `databaseRegions` in `WORLDMAP_STACK`).
 *
 * @param {{ name?: 'dev' | 'test' | string, ports?: Partial<StackPorts>, appOrigin?: string | string[],
 *   nonceSecret?: string, dropSeed?: string, publicIdKey?: string, timeoutMs?: number, scheduleEveryMs?: number,
 *   notificationsLimit?: number | null,
 *   databases?: number, regions?: Record<string, number>, testClock?: boolean,
 *   log?: (line: string) => void }} [options]  `scheduleEveryMs` replaces the scheduled functions' declared
 *   intervals (a short one to watch the purge work); by default each runs on its own `onSchedule` schedule.
 *   `notificationsLimit`: the send-notification stand-in's allowance per 4 hours (an unverified app's 40; the
 *   default for `dev`), `null` for none (the default for test stacks; tests set it through `/__worldmap/limit`).
 *   `testClock` (default: only for `test`): the functions, the app server and the databases read their time from
 *   `testClockFile`, which a test moves with `setTestClockOffset` (`@worldmap/game/server`) to live through days.
 * @returns {Promise<Stack>}
 * @example
 * const stack = await startStack({ name: 'test' })
 * process.env = { ...process.env, ...stack.env }
 * // … run tests …
 * await stack.stop()
 */
export async function startStack(options = {}) {
  const name = options.name ?? 'dev'
  const { ports, databases, databaseUrls, regionTable } = resolveDatabases({ ...options, name })
  await checkRegionTable(regionTable)
  const log = options.log ?? (() => {})
  const nonceSecret = options.nonceSecret ?? process.env.WORLDMAP_NONCE_SECRET ?? randomBytes(32).toString('hex')
  const dropSeed = options.dropSeed ?? process.env.WORLDMAP_DROP_SEED ?? randomBytes(32).toString('hex')
  // A secret of its own, as in a deploy: the functions refuse a public-id key equal to the drop seed.
  const publicIdKey = options.publicIdKey ?? process.env.WORLDMAP_PUBLIC_ID_KEY ?? randomBytes(32).toString('hex')
  const timeoutMs = options.timeoutMs ?? 120_000
  const appOrigins = readAppOrigins(options.appOrigin ?? defaultAppOrigins(ports))

  // Fail before starting anything: a half-started stack is worse than none.
  const listening = [
    ...STACK_PIECES.map((piece) => ({ piece, port: ports[piece], what: pieces[piece] })),
    ...Array.from({ length: databases - 1 }, (_, at) => ({
      piece: 'regionDatabase',
      port: databasePort(ports, at + 1),
      what: `region database instance ${at + 1} (firebase-server)`,
    })),
  ]
  for (const { piece, port, what } of listening) {
    if (!(await isPortFree(port))) {
      throw new StackStartError(
        `Port ${port} is already in use, so ${what} cannot start. Stop whatever listens there ` +
          `(\`lsof -i :${port}\`), or stop the other WorldMap stack using it.`,
        { code: 'port_in_use', piece },
      )
    }
  }

  const cleanups = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    cleanups.length = 0
  }

  // A test stack's clock (tests that live through days): one file every server of the stack reads.
  const clock = (options.testClock ?? name === 'test') ? await createStackClock(name) : null
  if (clock) cleanups.push(async () => rmSync(clock.file, { force: true }))

  try {
    /** @type {Array<Awaited<ReturnType<typeof startDatabase>>>} */
    const instances = []
    for (let index = 0; index < databases; index++) {
      const port = databasePort(ports, index)
      const instance = await startDatabase(port, { namespace: databaseNamespace(index), ...(clock ? { now: clock.now } : {}) })
      cleanups.push(() => instance.close())
      instances.push(instance)
      const held =
        index === 0
          ? 'main: players, leaderboards, every region not listed'
          : `region ${index}: ${regionsOf(regionTable, databaseUrls[index])}`
      log(`database   ${databaseUrls[index]} (firebase-server, ${held}; rules: apps/functions/database.rules.json)`)
    }

    const chain = await startLocalChain(ports.chain)
    cleanups.push(() => new Promise((done) => chain.close(() => done())))
    log(`chain      http://127.0.0.1:${ports.chain} (empty local World Chain, id 480)`)

    // The streak nudges' send-notification API (issue 24): a dev stack plays an unverified app (40 per 4 hours).
    const notificationsKey = `api_local_${randomBytes(16).toString('hex')}`
    // The simulator's "Show streak reminder" (streakReminder.mjs): ready once the functions run.
    /** @type {((body: any) => Promise<{ status: number, body: unknown }>) | null} */
    let streakReminder = null
    const notifications = await startNotificationsApi({
      devHooks: {
        'POST streak-reminder': (body) =>
          streakReminder
            ? streakReminder(body)
            : Promise.resolve({ status: 503, body: { shown: false, reason: 'starting', message: 'The stack is starting.' } }),
      },
      port: ports.notifications,
      apiKey: notificationsKey,
      appId: LOCAL_APP_ID,
      unverifiedLimit: options.notificationsLimit !== undefined ? options.notificationsLimit : name === 'dev' ? 40 : null,
    })
    cleanups.push(() => notifications.close())
    log(`notify     ${notifications.url} (send-notification stand-in; sent: ${notifications.url}/__worldmap/notifications)`)

    const source = prepareFunctionsSource(name, {
      // The stack is local mode by definition: emulators, the simulator's verifier, loopback origins.
      WORLDMAP_MODE: 'local',
      WORLDMAP_NONCE_SECRET: nonceSecret,
      WORLDMAP_DROP_SEED: dropSeed,
      WORLDMAP_PUBLIC_ID_KEY: publicIdKey,
      WORLDMAP_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
      // Where each region's drops, spawn markers and claims live (issue 22, point 7).
      WORLDMAP_DATABASE_REGIONS: regionTable,
      WORLDCHAIN_RPC_URL: `http://127.0.0.1:${ports.chain}`,
      WORLDMAP_VERIFIER: 'simulator',
      WORLDMAP_NOTIFICATIONS_API_URL: notifications.url,
      WORLDMAP_NOTIFICATIONS_API_KEY: notificationsKey,
      WORLDMAP_APP_ORIGINS: appOrigins.join(','),
      // Avatars are allowed only from where the usernames service serves them: locally its
      // stand-in is a route of the app (/api/dev/usernames), so the app's own origins (issue 22).
      WORLDMAP_AVATAR_ORIGINS: appOrigins.join(','),
      // `pnpm dev` serves the usernames stand-in from its development app server: the functions
      // look players up there, as they ask World's service in production. Test stacks serve the
      // production build, which has no stand-in: there every card shows its generated name.
      ...(name === 'dev' ? { WORLDMAP_USERNAMES_URL: `http://localhost:${ports.app}/api/dev/usernames` } : {}),
      // Every test player is a fresh unverified wallet in Singapore, which is what the crowd limit
      // counts (issue 22): test stacks allow 30 unverified areas per region and window (the issue's
      // bound, which the crowd test checks) instead of production's 20, so a full run stays inside.
      ...(name === 'dev' ? {} : { WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: '30' }),
      ...(clock ? { WORLDMAP_TEST_CLOCK_FILE: clock.file } : {}),
    })
    cleanups.push(async () => rmSync(source.dir, { recursive: true, force: true }))
    const configFile = writeFirebaseConfig(name, source.relativeDir, ports)
    cleanups.push(async () => rmSync(configFile, { force: true }))

    const logFile = join(stackDir, `${name}.log`)
    const emulators = await startEmulators({ configFile, logFile, ports, timeoutMs })
    cleanups.push(() => emulators.stop())
    log(`auth       http://127.0.0.1:${ports.auth} (Firebase Auth emulator)`)
    log(`functions  http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/… (Functions emulator, log: ${logFile})`)
    log(`sign-in    for ${appOrigins.join(', ')} (WORLDMAP_APP_ORIGINS)`)

    // The emulators run no scheduled function (issue 22): this calls them on their declared schedules.
    const scheduler = await startFunctionScheduler({
      functionsUrl: `http://127.0.0.1:${ports.functions}`,
      projectId: PROJECT_ID,
      ...(options.scheduleEveryMs === undefined ? {} : { everyMs: options.scheduleEveryMs }),
      log,
    }).catch((error) => {
      throw new StackStartError(`${pieces.scheduler} failed: ${error.message}`, { code: 'start_failed', piece: 'scheduler' })
    })
    cleanups.push(() => scheduler.stop())

    const { initializeApp, deleteApp } = requireFromFunctions('firebase-admin/app')
    const { getDatabase } = requireFromFunctions('firebase-admin/database')
    /** @type {any} */
    let adminApp = null
    streakReminder = (body) => {
      // An http:// URL is an emulator to the Admin SDK: it connects as the owner, past the rules.
      adminApp ??= initializeApp(
        { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${ports.database}?ns=${PROJECT_ID}` },
        `stack-${name}-streak-reminder`,
      )
      return showStreakReminder({
        database: getDatabase(adminApp),
        functionsUrl: `http://127.0.0.1:${ports.functions}`,
        projectId: PROJECT_ID,
        region: REGION,
        wallet: body?.wallet,
      })
    }
    cleanups.push(async () => {
      streakReminder = null
      if (adminApp) await deleteApp(adminApp)
    })

    const urls = {
      auth: `http://127.0.0.1:${ports.auth}`,
      functions: `http://127.0.0.1:${ports.functions}`,
      database: `http://127.0.0.1:${ports.database}`,
      databases: databaseUrls,
      chain: `http://127.0.0.1:${ports.chain}`,
      notifications: notifications.url,
      customToken: `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/onRequestCustomToken`,
    }
    const env = {
      WORLDMAP_STACK: JSON.stringify({ name, ports, nonceSecret, urls, databaseRegions: regionTable, appOrigins }),
      // For an app server started with this environment (the e2e tests run the production build
      // against the stack): local mode, whatever its build's default.
      WORLDMAP_MODE: 'local',
      WORLDMAP_NONCE_SECRET: nonceSecret,
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
      FUNCTIONS_EMULATOR_ORIGIN: urls.functions,
      WORLDCHAIN_RPC_URL: urls.chain,
      WORLDMAP_APP_ORIGINS: appOrigins.join(','),
      // The same table the functions were given: tests and tools route with it (the Admin SDK opens
      // region instances itself; FIREBASE_DATABASE_EMULATOR_HOST names only the main one).
      WORLDMAP_DATABASE_REGIONS: regionTable,
      // The app server stamps sign-in nonces with it; tests move it (setTestClockOffset).
      ...(clock ? { WORLDMAP_TEST_CLOCK_FILE: clock.file } : {}),
    }
    const databaseStats = () => instances.map((instance, index) => ({ url: databaseUrls[index], ...instance.stats() }))
    const testClockFile = clock?.file ?? null
    return {
      name,
      ports,
      env,
      urls,
      databaseRegions: regionTable,
      appOrigins,
      nonceSecret,
      logFile,
      databaseStats,
      testClockFile,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * A test stack's clock: its file (`.stack/{name}-test-clock.json`, reset to
 * the real time at start) and a reader, through `@worldmap/game/server`'s
 * test clock, which the functions and the app server read too.
 *
 * @param {string} name
 * @returns {Promise<{ file: string, now: () => number }>}
 */
async function createStackClock(name) {
  const { createTestClock, setTestClockOffset } = await import(
    pathToFileURL(requireFromFunctions.resolve('@worldmap/game/server')).href
  )
  mkdirSync(stackDir, { recursive: true })
  const file = join(stackDir, `${name}-test-clock.json`)
  setTestClockOffset(file, 0)
  return { file, now: createTestClock(file) }
}

/**
 * Read the stack a parent process started (`WORLDMAP_STACK` in the environment), or `null`.
 *
 * @returns {{ name: string, ports: StackPorts, nonceSecret: string, urls: Stack['urls'], databaseRegions?: string,
 *   appOrigins: string[] } | null}
 */
export function readStackFromEnv(env = process.env) {
  if (!env.WORLDMAP_STACK) return null
  return JSON.parse(env.WORLDMAP_STACK)
}

/**
 * The dev app's origins, and the same for the stack's app port when it is another one.
 *
 * @param {StackPorts} ports
 */
function defaultAppOrigins(ports) {
  const appPorts = [...new Set([PORTS.dev.app, ports.app])]
  return appPorts.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
}

/**
 * `appOrigin` as a list of `URL.origin`s; anything but a bare http(s) origin is refused
 * (the functions would refuse to start with it).
 *
 * @param {string | string[]} value
 * @returns {string[]}
 */
function readAppOrigins(value) {
  const list = (Array.isArray(value) ? value : [value]).flatMap((entry) => String(entry).split(','))
  const origins = list.map((entry) => {
    let url
    try {
      url = new URL(entry.trim())
    } catch {
      url = null
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if (!url || !/^https?:$/.test(url.protocol) || !bare) {
      throw new StackStartError(
        `appOrigin ${JSON.stringify(entry)} is not an origin like http://localhost:3000 (scheme, host, port; no path).`,
        { code: 'invalid_option', piece: 'functions' },
      )
    }
    return url.origin
  })
  if (origins.length === 0) {
    throw new StackStartError('appOrigin is empty: give at least one origin, e.g. http://localhost:3000.', {
      code: 'invalid_option',
      piece: 'functions',
    })
  }
  return [...new Set(origins)]
}

/** @param {number} port */
export function isPortFree(port) {
  return new Promise((done) => {
    const probe = createNetServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })
}

/**
 * The regions a table sends to one instance, for the log (`w21`, or `none` when the table names it nowhere).
 *
 * @param {string} table
 * @param {string} url
 */
function regionsOf(table, url) {
  const prefixes = table
    .split(',')
    .filter((entry) => entry.slice(entry.indexOf('=') + 1) === url)
    .map((entry) => entry.slice(0, entry.indexOf('=')))
  return prefixes.length > 0 ? prefixes.join(', ') : 'no region yet'
}

/**
 * Parse the table with the schema the functions and the app parse it with, so a table
 * they would refuse stops the stack here, with the reason, not inside the emulator.
 *
 * @param {string} table
 */
async function checkRegionTable(table) {
  const game = await import(pathToFileURL(requireFromFunctions.resolve('@worldmap/game')).href)
  const parsed = game.regionTableSchema.safeParse(table)
  if (!parsed.success) {
    throw new StackStartError(`The region table ${JSON.stringify(table)} is invalid: ${parsed.error.issues[0]?.message}.`, {
      code: 'invalid_option',
      piece: 'database',
    })
  }
}

/**
 * One database instance's traffic since it started (what `pnpm bench:city` reports per instance).
 *
 * @typedef {object} DatabaseStats
 * @property {number} connections  Websockets open now.
 * @property {number} peakConnections  The most open at once.
 * @property {number} writes  Client messages that write: set, update, transaction commit (RTDB actions `p` and `m`).
 * @property {number} bytesIn  Websocket payload bytes received from clients.
 * @property {number} bytesOut  Websocket payload bytes sent to clients.
 */

/**
 * Start one Realtime Database stand-in (firebase-server) with our rules on
 * 127.0.0.1:`port`, serving `namespace` (default `demo-worldmap`, the main
 * instance; region instances are `demo-worldmap-r{i}`). `stats()` counts its
 * traffic ({@link DatabaseStats}); `close()` stops it. `now` (a test stack's
 * clock) is its time: the rules' `now`, server timestamps, and the handshake's
 * `ts` from which clients learn the server's time.
 *
 * @param {number} port
 * @param {{ namespace?: string, now?: () => number }} [options]
 * @returns {Promise<{ port: number, namespace: string, stats: () => DatabaseStats, close: () => Promise<void> }>}
 * @example
 * const database = await startDatabase(9177, { namespace: 'demo-worldmap-r1' })
 * database.stats() // { connections: 0, peakConnections: 0, writes: 0, bytesIn: 0, bytesOut: 0 }
 * await database.close()
 */
export async function startDatabase(port, options = {}) {
  const namespace = options.namespace ?? PROJECT_ID
  const FirebaseServer = requireFromFunctions('firebase-server')
  const rules = JSON.parse(readFileSync(join(functionsDir, 'database.rules.json'), 'utf8'))
  const server = new FirebaseServer({ port, address: '127.0.0.1' }, namespace, {})
  server.setRules(rules)
  // firebase-server reads `server.clock || real time` at every write; its own setTime() still pins a value.
  if (options.now) {
    /** @type {number | null} */
    let pinned = null
    const now = options.now
    Object.defineProperty(server, 'clock', {
      get: () => pinned ?? now(),
      set: (value) => {
        pinned = value
      },
    })
  }
  const counters = createDatabaseCounters()
  // Before firebase-server's own listener, which sends the handshake as soon as a socket connects.
  // Counting wraps `send` first, so it sees the bytes that leave (after the handshake's rewrite).
  server.wss.prependListener('connection', (socket, request) => {
    counters.watch(socket)
    rewriteHandshake(socket, { host: request.headers.host, ...(options.now ? { now: options.now } : {}) })
  })
  await new Promise((done, fail) => {
    if (server.wss.address()) return done()
    server.wss.once('listening', done)
    server.wss.once('error', (error) =>
      fail(new StackStartError(`${pieces.database} failed: ${error.message}`, { code: 'start_failed', piece: 'database' })),
    )
  })
  return { port, namespace, stats: counters.stats, close: () => server.close() }
}

/** Bytes of one websocket payload (a string, a Buffer, or a list of Buffers). */
function payloadBytes(data) {
  if (typeof data === 'string') return Buffer.byteLength(data)
  if (Array.isArray(data)) return data.reduce((total, part) => total + payloadBytes(part), 0)
  return data?.byteLength ?? Buffer.byteLength(String(data))
}

/**
 * Per-instance traffic counters over server-side websockets: each socket's
 * `message` events (bytes in; writes, reassembling frames the client split
 * the way firebase-server does) and a wrapper around its `send` (bytes out).
 * They read what passes and never change a byte.
 *
 * @example
 * ```js
 * const counters = createDatabaseCounters()
 * wss.prependListener('connection', (socket) => counters.watch(socket))
 * counters.stats().writes
 * ```
 */
export function createDatabaseCounters() {
  const totals = { connections: 0, peakConnections: 0, writes: 0, bytesIn: 0, bytesOut: 0 }
  return {
    /** @param {{ send: Function, on: (event: string, listener: (...args: any[]) => void) => unknown }} socket */
    watch(socket) {
      totals.connections++
      totals.peakConnections = Math.max(totals.peakConnections, totals.connections)
      socket.on('close', () => {
        totals.connections--
      })
      let pending = ''
      socket.on('message', (data) => {
        totals.bytesIn += payloadBytes(data)
        const text = String(data)
        // A message longer than a frame comes as its frame count, then its parts (RTDB wire protocol).
        if (pending === '' && /^\d+$/.test(text)) return
        pending += text
        let frame
        try {
          frame = JSON.parse(pending)
        } catch {
          return
        }
        pending = ''
        if (frame?.t === 'd' && (frame.d?.a === 'p' || frame.d?.a === 'm')) totals.writes++
      })
      const send = socket.send
      socket.send = (data, ...rest) => {
        totals.bytesOut += payloadBytes(data)
        return send.call(socket, data, ...rest)
      }
    },
    /** @returns {DatabaseStats} */
    stats: () => ({ ...totals }),
  }
}

/**
 * Make the stand-in's handshake name the host the client connected to, and
 * the stack's time.
 *
 * The Realtime Database's handshake (`{t: 'c', d: {t: 'h', d: {h, ts, v, s}}}`)
 * names the host a client uses from then on; a client that did not call
 * `connectDatabaseEmulator` (the app gives the SDK the stand-in's URL, as it
 * gives production its database URL) honours it on its next connection.
 * firebase-server names its namespace there (`demo-worldmap`), so every
 * reconnect after a dropped socket went to `ws://demo-worldmap/`, which does
 * not resolve and which the page's CSP refuses. The Firebase emulator and
 * production name a host that works; so does the stand-in now. `ts` is the
 * server's time, from which the client computes `.info/serverTimeOffset`:
 * with `now` (a test stack's clock) it is the stack's time, so the app's
 * clock agrees with the functions'. Only the first message (the handshake)
 * is touched.
 *
 * @param {{ send: (data: unknown, ...rest: unknown[]) => unknown }} socket the server side of one connection (ws)
 * @param {{ host?: string, now?: () => number }} rewrite the upgrade request's Host header; the stack's clock
 * @example
 * ```js
 * wss.prependListener('connection', (socket, request) => rewriteHandshake(socket, { host: request.headers.host }))
 * ```
 */
export function rewriteHandshake(socket, { host, now }) {
  if (!host && !now) return
  const send = socket.send
  socket.send = (data, ...rest) => {
    // firebase-server announces each message's frame count ("1") before it: not yet the handshake.
    if (/^\d+$/.test(String(data))) return send.call(socket, data, ...rest)
    socket.send = send
    let frame = null
    try {
      frame = JSON.parse(String(data))
    } catch {
      // Not JSON: not the handshake.
    }
    const hello = frame?.t === 'c' && frame.d?.t === 'h' && frame.d.d ? frame : null
    if (hello && host) hello.d.d.h = host
    if (hello && now) hello.d.d.ts = now()
    return send.call(socket, hello ? JSON.stringify(hello) : data, ...rest)
  }
}

/**
 * A JSON-RPC endpoint for an empty World Chain: the chain id, block 0, and no
 * contract code anywhere, so an ERC-1271 check answers "not a contract
 * wallet" at once instead of timing out on a public RPC we cannot reach.
 *
 * Test hook: `worldmap_setUnreachable` `[address, unreachable]` makes every
 * `eth_call` to `address` answer HTTP 503 (an outage, not a contract's
 * answer). Scoped to one address, so tests using the chain otherwise are
 * unaffected.
 *
 * @param {number} port
 */
export function startLocalChain(port) {
  /** Lowercase addresses whose eth_call fails like an RPC outage. */
  const unreachable = new Set()
  const isAddress = (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
  const callsUnreachable = (request) =>
    request?.method === 'eth_call' && unreachable.has(String(request?.params?.[0]?.to ?? '').toLowerCase())
  const answer = (request) => {
    const id = request?.id ?? null
    switch (request?.method) {
      case 'worldmap_setUnreachable': {
        const [address, down] = Array.isArray(request.params) ? request.params : []
        if (!isAddress(address) || typeof down !== 'boolean') {
          return { jsonrpc: '2.0', id, error: { code: -32602, message: 'params: [address, boolean]' } }
        }
        if (down) unreachable.add(address.toLowerCase())
        else unreachable.delete(address.toLowerCase())
        return { jsonrpc: '2.0', id, result: true }
      }
      case 'eth_chainId':
        return { jsonrpc: '2.0', id, result: '0x1e0' }
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id, result: '0x0' }
      case 'eth_getCode':
      case 'eth_call':
        return { jsonrpc: '2.0', id, result: '0x' }
      default:
        return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${request?.method}` } }
    }
  }
  // Pages call public RPCs straight from the browser, so answer CORS like they do.
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
  }
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end()
      return
    }
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      let reply
      try {
        const parsed = JSON.parse(body)
        if ((Array.isArray(parsed) ? parsed : [parsed]).some(callsUnreachable)) {
          res.writeHead(503, { ...cors, 'content-type': 'text/plain' }).end('Service Unavailable')
          return
        }
        reply = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)
      } catch {
        reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  return new Promise((done, fail) => {
    server.once('error', (error) =>
      fail(new StackStartError(`${pieces.chain} failed: ${error.message}`, { code: 'start_failed', piece: 'chain' })),
    )
    server.listen(port, '127.0.0.1', () => done(server))
  })
}

/**
 * Each stack gets its own copy of the bundled functions and its own
 * `.env.local` (the emulator's way to pass settings), so `pnpm dev` and the
 * tests never share secrets or ports. `.stack/node_modules` points at the
 * functions' node_modules, where the emulator looks for the Firebase SDKs.
 *
 * @param {string} name
 * @param {Record<string, string>} env
 */
function prepareFunctionsSource(name, env) {
  const dist = join(functionsDir, 'dist')
  if (!existsSync(join(dist, 'index.js'))) {
    throw new StackStartError(
      'apps/functions/dist is missing: build first (`pnpm build`, or `pnpm --filter @worldmap/functions build`).',
      { code: 'start_failed', piece: 'functions' },
    )
  }
  mkdirSync(stackDir, { recursive: true })
  const modules = join(stackDir, 'node_modules')
  if (!existsSync(modules)) symlinkSync('../node_modules', modules, 'dir')
  const relativeDir = `functions-${name}`
  const dir = join(stackDir, relativeDir)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const file of ['index.js', 'index.js.map', 'package.json']) copyFileSync(join(dist, file), join(dir, file))
  writeFileSync(
    join(dir, '.env.local'),
    `${Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  )
  return { dir, relativeDir }
}

/**
 * @param {string} name
 * @param {string} sourceDir relative to .stack/
 * @param {StackPorts} ports
 */
function writeFirebaseConfig(name, sourceDir, ports) {
  const file = join(stackDir, `${name}.firebase.json`)
  const config = {
    functions: [{ source: sourceDir, codebase: 'default' }],
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.functions },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  return file
}

/**
 * @param {{ configFile: string, logFile: string, ports: StackPorts, timeoutMs: number }} options
 */
async function startEmulators({ configFile, logFile, ports, timeoutMs }) {
  const customToken = `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/onRequestCustomToken`
  return startFirebaseEmulators({
    only: 'auth,functions',
    project: PROJECT_ID,
    configFile,
    cwd: stackDir,
    logFile,
    env: process.env,
    timeoutMs,
    // Ready means the auth emulator answers and our function is loaded
    // (an empty query gets our own 400, not the emulator's 404).
    ready: async () => {
      const [authUp, functionStatus] = await Promise.all([
        fetch(`http://127.0.0.1:${ports.auth}/`).then(
          (r) => r.ok,
          () => false,
        ),
        fetch(customToken).then(
          (r) => r.status,
          () => 0,
        ),
      ])
      return { ok: authUp && functionStatus === 400 }
    },
    fail: (kind, message) =>
      new StackStartError(message, { code: kind === 'exited' ? 'start_failed' : 'timeout', piece: 'functions' }),
  })
}

/**
 * Run `firebase emulators:start` (the functions package's firebase-tools) in
 * its own process group, so `stop()` reaches the emulators' workers too, and
 * wait until `ready()` says so. One launcher for the local stack and
 * `pnpm preview:prod`.
 *
 * @param {{
 *   only: string, project: string, configFile: string, cwd: string, logFile: string,
 *   env: NodeJS.ProcessEnv, timeoutMs: number,
 *   ready: () => Promise<{ ok: boolean, state?: string }>,
 *   fail: (kind: 'exited' | 'timeout', message: string) => Error,
 * }} options  `state` words what was not ready yet; `fail` makes the caller's typed error
 * @returns {Promise<{ stop: () => Promise<void> }>}
 * @example
 * const { stop } = await startFirebaseEmulators({ only: 'auth', project: 'demo-x', configFile, cwd, logFile,
 *   env: process.env, timeoutMs: 60_000, ready: async () => ({ ok: true }), fail: (_, message) => new Error(message) })
 */
export async function startFirebaseEmulators({ only, project, configFile, cwd, logFile, env, timeoutMs, ready, fail }) {
  const firebaseBin = join(functionsDir, 'node_modules/.bin/firebase')
  const out = openSync(logFile, 'w')
  const child = spawn(firebaseBin, ['emulators:start', '--only', only, '--project', project, '--config', configFile], {
    cwd,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...env,
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // firebase-tools gives the functions' discovery 10 s; a busy 2-core machine (CI
      // building next to it) can take longer to load the bundle, which then fails the
      // whole stack. A caller's own value wins.
      FUNCTIONS_DISCOVERY_TIMEOUT: env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '60',
      CI: 'true',
    },
  })
  closeSync(out)
  let exited = null
  const exit = new Promise((done) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal }
      done(exited)
    }),
  )

  const stop = async () => {
    if (exited) return
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL')
      } catch {}
    }, 10_000)
    await exit
    clearTimeout(timer)
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) {
      throw fail(
        'exited',
        `The Firebase emulators exited (${exited.code ?? exited.signal}) before they were ready.\n${tail(logFile)}`,
      )
    }
    const { ok, state } = await ready()
    if (ok) return { stop }
    if (Date.now() > deadline) {
      await stop()
      throw fail(
        'timeout',
        `The Firebase emulators were not ready after ${timeoutMs / 1000} s${state ? ` (${state})` : ''}.\n${tail(logFile)}`,
      )
    }
    await new Promise((done) => setTimeout(done, 500))
  }
}

/** @param {string} file */
function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n')
  } catch {
    return ''
  }
}
