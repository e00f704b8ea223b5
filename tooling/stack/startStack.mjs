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
//
// This module is the orchestrator: one module per piece (ports, regions,
// databases, counters, origins, chain, notifications, functionsSource,
// firebaseConfig, emulators, clock) and the order they start in.

import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { startLocalChain } from './chain.mjs'
import { createStackClock } from './clock.mjs'
import { startDatabase } from './databases.mjs'
import { startEmulators } from './emulators.mjs'
import { pieces, StackStartError } from './errors.mjs'
import { writeFirebaseConfig } from './firebaseConfig.mjs'
import { prepareFunctionsSource } from './functionsSource.mjs'
import { StreakReminderRoute, startStackNotifications } from './notifications.mjs'
import { defaultAppOrigins, readAppOrigins } from './origins.mjs'
import { checkPortsFree, databasePort } from './ports.mjs'
import { PROJECT_ID, REGION, stackDir } from './project.mjs'
import { checkRegionTable, databaseNamespace, regionsOf, resolveDatabases } from './regions.mjs'
import { startFunctionScheduler } from './scheduler.mjs'

/** @typedef {import('./counters.mjs').DatabaseStats} DatabaseStats */
/** @typedef {import('./ports.mjs').StackPorts} StackPorts */

export { createDatabaseCounters } from './counters.mjs'
export { rewriteHandshake, startDatabase } from './databases.mjs'
export { startFirebaseEmulators } from './emulators.mjs'
export { StackStartError } from './errors.mjs'
export { isPortFree, PORTS } from './ports.mjs'
export { PROJECT_ID, REGION } from './project.mjs'
export { DEFAULT_REGIONS, databaseNamespace, MAX_DATABASES, resolveDatabases } from './regions.mjs'
export { databasePort, startLocalChain }

/**
 * @typedef {object} Stack
 * @property {string} name
 * @property {StackPorts} ports
 * @property {Record<string, string>} env  Variables for processes that talk to the stack (app server, tests).
 * @property {{ auth: string, functions: string, database: string, databases: string[], chain: string, notifications: string,
 *   customToken: string }} urls  `notifications`: the send-notification stand-in (its test hooks under `/__worldmap/`).
 *   `databases`: every database instance as `http://127.0.0.1:PORT/?ns=NS`, index 0 the main one.
 * @property {string} databaseRegions  The region table (`w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1`; '' when none).
 * @property {string} databasePlayers  The player instances (`http://127.0.0.1:9178/?ns=demo-worldmap-r2`; '' for main).
 * @property {string} databaseLeaderboards  The leaderboard instances ('' for main).
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
 * Databases: `databases` stand-ins (default 3: the main instance on
 * `ports.database`, instance i on `ports.regionDatabase + i - 1`,
 * namespace `demo-worldmap-r{i}`); `regions` maps geohash prefixes to
 * instances (default `{ w21: 1 }`: Singapore on instance 1, the rest of the
 * world on main), and `players` / `leaderboards` list the instances holding
 * player records and leaderboard counter shards (default: instance 2 both).
 * The functions and the app get the same tables (`WORLDMAP_DATABASE_REGIONS`,
 * `WORLDMAP_DATABASE_PLAYERS`, `WORLDMAP_DATABASE_LEADERBOARDS`, and
 * `databaseRegions`, `databasePlayers`, `databaseLeaderboards` in `WORLDMAP_STACK`).
 *
 * @param {{ name?: 'dev' | 'test' | string, ports?: Partial<StackPorts>, appOrigin?: string | string[],
 *   nonceSecret?: string, dropSeed?: string, publicIdKey?: string, timeoutMs?: number, scheduleEveryMs?: number,
 *   notificationsLimit?: number | null,
 *   databases?: number, regions?: Record<string, number>, players?: number[], leaderboards?: number[], testClock?: boolean, functionsEnv?: Record<string, string>,
 *   log?: (line: string) => void }} [options]  `functionsEnv`: settings added to the functions' (the crowd
 *   tests' stack sets `WORLDMAP_CROWD_LIMITS_DIVISOR`).  `scheduleEveryMs` replaces the scheduled functions' declared
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
  const start = await StackStart.resolve(options)
  // Fail before starting anything: a half-started stack is worse than none.
  await checkPortsFree(start.ports, start.databases)
  return start.run()
}

/** The undo steps of a stack being started, run last first; `run()` is the stack's `stop()`. */
class Teardown {
  /** @type {Array<() => Promise<unknown>>} */
  #steps = []

  /** @param {() => Promise<unknown>} step */
  add(step) {
    this.#steps.push(step)
  }

  async run() {
    for (const step of this.#steps.reverse()) await step().catch(() => {})
    this.#steps.length = 0
  }
}

/** One start of a stack: its resolved options, and each piece started in order onto one {@link Teardown}. */
class StackStart {
  teardown = new Teardown()
  /** @type {{ file: string, now: () => number } | null} */
  clock = null

  /**
   * Resolve the options, refusing what the stack could not run before anything listens.
   *
   * @param {Parameters<typeof startStack>[0]} options
   */
  static async resolve(options = {}) {
    const name = options.name ?? 'dev'
    const resolved = resolveDatabases({ ...options, name })
    await checkRegionTable(resolved.regionTable)
    return new StackStart(name, resolved, options)
  }

  /**
   * @param {string} name
   * @param {ReturnType<typeof resolveDatabases>} resolved
   * @param {NonNullable<Parameters<typeof startStack>[0]>} options
   */
  constructor(
    name,
    { ports, databases, databaseUrls, regionTable, players, leaderboards, playerTable, leaderboardTable },
    options,
  ) {
    this.name = name
    this.options = options
    this.ports = ports
    this.databases = databases
    this.databaseUrls = databaseUrls
    this.regionTable = regionTable
    this.playerTable = playerTable
    this.leaderboardTable = leaderboardTable
    this.roles = { players, leaderboards }
    this.log = options.log ?? (() => {})
    this.nonceSecret = options.nonceSecret ?? process.env.WORLDMAP_NONCE_SECRET ?? randomBytes(32).toString('hex')
    this.dropSeed = options.dropSeed ?? process.env.WORLDMAP_DROP_SEED ?? randomBytes(32).toString('hex')
    // A secret of its own, as in a deploy: the functions refuse a public-id key equal to the drop seed.
    this.publicIdKey = options.publicIdKey ?? process.env.WORLDMAP_PUBLIC_ID_KEY ?? randomBytes(32).toString('hex')
    this.timeoutMs = options.timeoutMs ?? 120_000
    this.appOrigins = readAppOrigins(options.appOrigin ?? defaultAppOrigins(ports))
  }

  /** @returns {Promise<Stack>} */
  async run() {
    // A test stack's clock (tests that live through days): one file every server of the stack reads.
    const clock = (this.options.testClock ?? this.name === 'test') ? await createStackClock(this.name) : null
    this.clock = clock
    if (clock) this.teardown.add(async () => rmSync(clock.file, { force: true }))
    try {
      const instances = await this.startDatabases()
      await this.startChain()
      const reminder = new StreakReminderRoute()
      const notifications = await this.startNotifications(reminder)
      const logFile = await this.startFunctions(notifications)
      await this.startScheduler()
      reminder.serve({
        name: this.name,
        databasePort: this.ports.database,
        functionsPort: this.ports.functions,
        playerTable: this.playerTable,
      })
      this.teardown.add(() => reminder.close())
      return this.stack(instances, notifications.url, logFile)
    } catch (error) {
      await this.teardown.run()
      throw error
    }
  }

  /**
   * What instance `index` holds, for the log.
   *
   * @param {number} index
   * @param {string} regionTable
   * @param {string} url
   */
  roleOf(index, regionTable, url) {
    const { players, leaderboards } = this.roles
    if (index === 0) {
      const also = [players.length === 0 ? 'players' : '', leaderboards.length === 0 ? 'leaderboards' : ''].filter(Boolean)
      return `main: nonces, nullifiers, crowd counters, public cards${also.length ? `, ${also.join(', ')}` : ''}, every region not listed`
    }
    const roles = [
      regionTable.split(',').some((entry) => entry.endsWith(`=${url}`)) ? `region ${regionsOf(regionTable, url)}` : '',
      players.includes(index) ? 'players' : '',
      leaderboards.includes(index) ? 'leaderboards' : '',
    ].filter(Boolean)
    return `instance ${index}: ${roles.length ? roles.join(', ') : 'nothing yet'}`
  }

  async startDatabases() {
    const { clock, databaseUrls, regionTable } = this
    /** @type {Array<Awaited<ReturnType<typeof startDatabase>>>} */
    const instances = []
    for (let index = 0; index < this.databases; index++) {
      const port = databasePort(this.ports, index)
      const instance = await startDatabase(port, { namespace: databaseNamespace(index), ...(clock ? { now: clock.now } : {}) })
      this.teardown.add(() => instance.close())
      instances.push(instance)
      const held = this.roleOf(index, regionTable, /** @type {string} */ (databaseUrls[index]))
      this.log(`database   ${databaseUrls[index]} (firebase-server, ${held}; rules: apps/functions/database.rules.json)`)
    }
    return instances
  }

  async startChain() {
    const chain = await startLocalChain(this.ports.chain)
    this.teardown.add(() => new Promise((done) => chain.close(() => done(undefined))))
    this.log(`chain      http://127.0.0.1:${this.ports.chain} (empty local World Chain, id 480)`)
  }

  /** @param {StreakReminderRoute} reminder */
  async startNotifications(reminder) {
    // The streak nudges' send-notification API (issue 24): a dev stack plays an unverified app (40 per 4 hours).
    const notifications = await startStackNotifications({
      name: this.name,
      port: this.ports.notifications,
      limit: this.options.notificationsLimit,
      reminder,
    })
    this.teardown.add(() => notifications.close())
    this.log(`notify     ${notifications.url} (send-notification stand-in; sent: ${notifications.url}/__worldmap/notifications)`)
    return notifications
  }

  /**
   * The functions' copy, its firebase.json and the emulators; resolves to the emulators' log file.
   *
   * @param {{ url: string, key: string }} notifications
   */
  async startFunctions(notifications) {
    const { name, ports, appOrigins } = this
    const source = prepareFunctionsSource(name, this.functionsEnv(notifications))
    this.teardown.add(async () => rmSync(source.dir, { recursive: true, force: true }))
    const configFile = writeFirebaseConfig(name, source.relativeDir, ports)
    this.teardown.add(async () => rmSync(configFile, { force: true }))

    const logFile = join(stackDir, `${name}.log`)
    const emulators = await startEmulators({ configFile, logFile, ports, timeoutMs: this.timeoutMs })
    this.teardown.add(() => emulators.stop())
    this.log(`auth       http://127.0.0.1:${ports.auth} (Firebase Auth emulator)`)
    this.log(`functions  http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/… (Functions emulator, log: ${logFile})`)
    this.log(`sign-in    for ${appOrigins.join(', ')} (WORLDMAP_APP_ORIGINS)`)
    return logFile
  }

  /**
   * The functions' settings (their `.env.local`).
   *
   * @param {{ url: string, key: string }} notifications
   * @returns {Record<string, string>}
   */
  functionsEnv(notifications) {
    const { name, ports, appOrigins, clock } = this
    return {
      // The stack is local mode by definition: emulators, the simulator's verifier, loopback origins.
      WORLDMAP_MODE: 'local',
      WORLDMAP_NONCE_SECRET: this.nonceSecret,
      WORLDMAP_DROP_SEED: this.dropSeed,
      WORLDMAP_PUBLIC_ID_KEY: this.publicIdKey,
      WORLDMAP_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
      // Where each region's drops, spawn markers and claims live (issue 22, point 7).
      WORLDMAP_DATABASE_REGIONS: this.regionTable,
      // Where players' records and the leaderboard's counter shards live (issue 35, point 1).
      WORLDMAP_DATABASE_PLAYERS: this.playerTable,
      WORLDMAP_DATABASE_LEADERBOARDS: this.leaderboardTable,
      WORLDCHAIN_RPC_URL: `http://127.0.0.1:${ports.chain}`,
      WORLDMAP_VERIFIER: 'simulator',
      WORLDMAP_NOTIFICATIONS_API_URL: notifications.url,
      WORLDMAP_NOTIFICATIONS_API_KEY: notifications.key,
      WORLDMAP_APP_ORIGINS: appOrigins.join(','),
      // Avatars are allowed only from where the usernames service serves them: locally its
      // stand-in is a route of the app (/api/dev/usernames), so the app's own origins (issue 22).
      WORLDMAP_AVATAR_ORIGINS: appOrigins.join(','),
      // `pnpm dev` serves the usernames stand-in from its development app server: the functions
      // look players up there, as they ask World's service in production. Test stacks serve the
      // production build, which has no stand-in: there every card shows its generated name.
      ...(name === 'dev' ? { WORLDMAP_USERNAMES_URL: `http://localhost:${ports.app}/api/dev/usernames` } : {}),
      ...(clock ? { WORLDMAP_TEST_CLOCK_FILE: clock.file } : {}),
      ...this.options.functionsEnv,
    }
  }

  async startScheduler() {
    // The emulators run no scheduled function (issue 22): this calls them on their declared schedules.
    const everyMs = this.options.scheduleEveryMs
    const scheduler = await startFunctionScheduler({
      functionsUrl: `http://127.0.0.1:${this.ports.functions}`,
      projectId: PROJECT_ID,
      ...(everyMs === undefined ? {} : { everyMs }),
      log: this.log,
    }).catch((error) => {
      throw new StackStartError(`${pieces.scheduler} failed: ${error.message}`, { code: 'start_failed', piece: 'scheduler' })
    })
    this.teardown.add(() => scheduler.stop())
  }

  /**
   * The started stack as its callers see it.
   *
   * @param {Array<Awaited<ReturnType<typeof startDatabase>>>} instances
   * @param {string} notificationsUrl
   * @param {string} logFile
   * @returns {Stack}
   */
  stack(instances, notificationsUrl, logFile) {
    const { name, ports, databaseUrls, regionTable, playerTable, leaderboardTable, appOrigins, nonceSecret, clock } = this
    const urls = {
      auth: `http://127.0.0.1:${ports.auth}`,
      functions: `http://127.0.0.1:${ports.functions}`,
      database: `http://127.0.0.1:${ports.database}`,
      databases: databaseUrls,
      chain: `http://127.0.0.1:${ports.chain}`,
      notifications: notificationsUrl,
      customToken: `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/onRequestCustomToken`,
    }
    const env = {
      WORLDMAP_STACK: JSON.stringify({
        name,
        ports,
        nonceSecret,
        urls,
        databaseRegions: regionTable,
        databasePlayers: playerTable,
        databaseLeaderboards: leaderboardTable,
        appOrigins,
      }),
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
      WORLDMAP_DATABASE_PLAYERS: playerTable,
      WORLDMAP_DATABASE_LEADERBOARDS: leaderboardTable,
      // The app server stamps sign-in nonces with it; tests move it (setTestClockOffset).
      ...(clock ? { WORLDMAP_TEST_CLOCK_FILE: clock.file } : {}),
    }
    const databaseStats = () =>
      instances.map((instance, index) => ({ url: /** @type {string} */ (databaseUrls[index]), ...instance.stats() }))
    const testClockFile = clock?.file ?? null
    const stop = () => this.teardown.run()
    return {
      name,
      ports,
      env,
      urls,
      databaseRegions: regionTable,
      databasePlayers: playerTable,
      databaseLeaderboards: leaderboardTable,
      appOrigins,
      nonceSecret,
      logFile,
      databaseStats,
      testClockFile,
      stop,
    }
  }
}

/**
 * Read the stack a parent process started (`WORLDMAP_STACK` in the environment), or `null`.
 *
 * @returns {{ name: string, ports: StackPorts, nonceSecret: string, urls: Stack['urls'], databaseRegions?: string,
 *   databasePlayers?: string, databaseLeaderboards?: string, appOrigins: string[] } | null}
 */
export function readStackFromEnv(env = process.env) {
  if (!env.WORLDMAP_STACK) return null
  return JSON.parse(env.WORLDMAP_STACK)
}
