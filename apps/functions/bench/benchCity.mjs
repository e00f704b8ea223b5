#!/usr/bin/env node
// `pnpm bench:city`: a city-scale load run against the local stack (issue 11,
// point 8; the figures and what they mean for production are in docs/scale.md).
//
// It starts its own stack on its own ports (so it runs next to `pnpm dev`),
// signs in N players the real way (a viem key per player → a SIWE message for
// the app's origin → onRequestCustomToken → the Auth emulator's
// signInWithCustomToken), verifies each one through the real verifyHuman
// callable with a proof from the simulator's World ID (one identity each, so
// nullifiers differ), then:
//
// 1. map-open bytes, empty world: a fresh Firebase JS SDK client opens the map
//    at the city centre (ensureDropsNear + listen to the 9 watch cells) through
//    counting TCP proxies;
// 2. writes 100,000 drops into other cities' watch cells (Admin SDK,
//    multi-path batches) and measures the same map open again (busy world);
// 3. runs the players for 60 s in the city: walking at 1.4 m/s, ensureDropsNear
//    on start and every 250 m, nearest drop, collectDrop within reach, quotas
//    kept, refusals counted by reason;
// 4. reads every claim, inventory and profile back through the Admin SDK:
//    double awards and lost items must be 0.
//
// With `--instances=2` (issue 22, point 7) the stack runs two database
// stand-ins, main and region instance 1, with the region table `w21` →
// instance 1: Singapore's drops, spawn markers and claims live on instance 1,
// Jakarta's (and the rest of the world's) on main, with every player's data.
// Half the players play in Singapore, half in Jakarta; the busy world's drops
// go to main, the other instance from the Singapore map open; every Admin SDK
// handle of the bench goes where the region router sends the cell; and it
// reports each instance's writes/s, bytes and connections over the run.
//
// Writes .bench-results/city.json, prints a summary, and exits 1 when a goal
// is missed (doubleAwards = 0, lostItems = 0, map-open bytes within 10%,
// every player signed in and verified, regional data on its instance).
// Everything runs on 127.0.0.1; bounded loops and a hard deadline; whatever it
// started is stopped by PID / stack.stop(), also on error and Ctrl-C.
//
//   pnpm bench:city [-- --instances=1 --players=300 --seconds=60 --concurrency=8 --busy-drops=100000]
//   pnpm bench:city -- --instances=2          # 600 players: 300 in Singapore, 300 in Jakarta

import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cellOf, parseDropId, spawnWindowOf, watchCellsAround } from '@worldmap/game'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { keccak256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { readProcessTree } from '../../../tooling/stack/processTree.mjs'
import { auditAwards } from './auditAwards.mjs'
import { createCallableClient } from './createCallableClient.mjs'
import { createCellWatcher } from './createCellWatcher.mjs'
import { createLimiter } from './createLimiter.mjs'
import { loadSignNonce } from './loadSignNonce.mjs'
import { measureCollectBytes } from './measureCollectBytes.mjs'
import { measureMapOpen } from './measureMapOpen.mjs'
import { openBenchDatabases } from './openBenchDatabases.mjs'
import { runCity } from './runCity.mjs'
import { seedBusyWorld } from './seedBusyWorld.mjs'
import { signInPlayer } from './signInPlayer.mjs'
import { startStackProcess } from './startStackProcess.mjs'
import { warmWorkers } from './warmWorkers.mjs'
import { watchDatabaseStats } from './watchDatabaseStats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const RESULT_FILE = join(root, '.bench-results/city.json')

const argument = (name, fallback) => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`)
  return value
}
/** Database instances: 1 (main only, the bench as it was) or 2 (main + region instance 1). */
const INSTANCES = argument('instances', 1)
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances must be 1 or 2')
/** Players in all: 300 per city by default, one city per instance. */
const PLAYERS = argument('players', 300 * INSTANCES)
const RUN_MS = argument('seconds', 60) * 1000
const CONCURRENCY = Math.max(1, argument('concurrency', 8))
const BUSY_DROPS = argument('busy-drops', 100_000)
/** The whole bench gives up (and cleans up) after this long. */
const DEADLINE_MS = argument('deadline-minutes', 25) * 60_000

const PROJECT_ID = 'demo-worldmap'
const REGION = 'asia-southeast1'
/**
 * Its own port set, so it runs next to `pnpm dev` and the test stack. Not 9299/9499+: firebase-tools starts
 * the Eventarc and Cloud Tasks emulators there (or on the next free port) for every stack.
 */
const PORTS = { auth: 9599, functions: 5501, database: 9650, regionDatabase: 9727, hub: 5299, logging: 5399, chain: 9045 }
/** What the local stack configures for World ID (WORLDMAP_VERIFIER=simulator, default app id and action). */
const WORLD_ID = { appId: 'app_staging_worldmap', action: 'verify-human' }
/** The city: Singapore, around Raffles Place. The map-open bytes are measured here. */
const CENTRE = { lat: 1.2834, lng: 103.8607 }
/** The second city with `--instances=2`: Jakarta, around Merdeka Square (geohash `qqguy…`). */
const JAKARTA = { lat: -6.1754, lng: 106.8272 }
const CITY_RADIUS_METERS = 1_500
/**
 * The region table with 2 instances, as region instance numbers (startStack's `regions`): Singapore (`w21`) on
 * region instance 1, the same table as the dev and test stacks; Jakarta and the rest of the world stay on main,
 * with the players' data. So one city's collects cross instances (claim on 1, inventory on main) and the other's
 * do not, and the busy world's 100,000 drops land on main, not on the instance the Singapore map reads.
 */
const REGIONS_TWO_INSTANCES = { w21: 1 }
/** Inside `w21` but 70 km from Raffles Place: drops nobody walks to, for the cost of a collect across instances. */
const REGION_SAMPLE = { name: 'Riau Islands (w21)', lat: 1.0, lng: 103.3 }
/** The byte figures may differ by this much (relative to the empty world). */
const BYTES_TOLERANCE = 0.1
/** Map-open A/B and the seeding must fall in one spawn window: never start them closer than this to its end. */
const WINDOW_MARGIN_MS = 3 * 60_000

/**
 * CPU seconds used so far by the stack's process itself (the database stand-in and the local chain) and by
 * everything below it (the emulators and their workers); `null` without `/proc`.
 * @param {number} pid
 */
function cpuSecondsOf(pid) {
  const tree = readProcessTree(pid)
  if (!tree) return null
  const own = tree[0]?.cpuSeconds ?? 0
  return { own, below: tree.reduce((sum, process) => sum + process.cpuSeconds, 0) - own }
}

/** A seeded PRNG (mulberry32): the same city every run. */
function createRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** Nearest-rank percentile. @param {number[]} values @param {number} p */
function percentile(values, p) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)])
}

/**
 * The app origin the SIWE message must name: the first of the stack's configured origins (`stack.appOrigins`,
 * WORLDMAP_APP_ORIGINS), else `http://localhost:3000`, which local stacks always accept.
 * @param {{ appOrigins?: string[] }} stack
 */
function appOriginOf(stack) {
  const origin = stack.appOrigins?.find((value) => /^https?:\/\//.test(value))
  return origin ? new URL(origin).origin : 'http://localhost:3000'
}

const log = (line) => console.log(line)
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** What main() started, stopped in reverse order on the way out (also on Ctrl-C and errors). */
const cleanups = []
let cleaning
function cleanUp() {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  })()
  return cleaning
}
let interrupted = false

async function main() {
  const benchStarted = Date.now()
  const deadline = benchStarted + DEADLINE_MS
  const checkpoint = (phase) => {
    if (interrupted) throw new Error(`interrupted during ${phase}`)
    if (Date.now() > deadline) throw new Error(`gave up: over ${DEADLINE_MS / 60_000} min (during ${phase})`)
  }

  const playCities = INSTANCES === 2 ? ['Singapore', 'Jakarta'] : ['Singapore']
  log(
    `city load run: ${PLAYERS} players, ${seconds(RUN_MS)} in ${playCities.join(' and ')}, ${CONCURRENCY} requests at once, ` +
      `${INSTANCES} database instance${INSTANCES === 1 ? '' : 's'}`,
  )
  const loadAtStart = loadavg()[0]
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `load average ${loadAtStart.toFixed(1)}`,
  )

  // 1. The stack, on its own ports, in a child process.
  log(`stack: starting (ports ${JSON.stringify(PORTS)})…`)
  let started = performance.now()
  const stackProcess = await startStackProcess(
    {
      name: 'city',
      ports: PORTS,
      timeoutMs: 180_000,
      databases: INSTANCES,
      regions: INSTANCES === 2 ? REGIONS_TWO_INSTANCES : {},
    },
    // firebase-tools gives up on a worker that takes over 30 s to start (and then never answers its request):
    // on a busy 2-core machine, let it take longer.
    { env: { FUNCTIONS_DISCOVERY_TIMEOUT: '150' } },
  )
  cleanups.push(() => stackProcess.stop())
  const stack = stackProcess.stack
  const stackStartMs = Math.round(performance.now() - started)
  log(`stack: ready in ${seconds(stackStartMs)} (pid ${stackProcess.pid}; emulator log ${stack.logFile})`)
  checkpoint('the stack start')

  const admin = initializeApp(
    { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${stack.ports.database}/?ns=${PROJECT_ID}` },
    'bench-city',
  )
  cleanups.push(() => deleteApp(admin))
  // One Admin SDK handle per instance, and the router the functions use: watchers, seeding and the audit read
  // and write regional data where the functions put it.
  const databases = openBenchDatabases(admin, stack, PROJECT_ID)
  /** What each instance holds, for the report. @param {string} url */
  const holds = (url) => {
    const prefixes = Object.keys(databases.table).filter((prefix) => databases.table[prefix] === url)
    if (url === databases.mainUrl) {
      return `main: players, leaderboards, counters${prefixes.length ? `, ${prefixes.join(', ')}` : ''}, every region not in the table`
    }
    return `region: ${prefixes.join(', ') || 'nothing'}`
  }
  /** `main` or `region 1`, for the log. @param {string} url */
  const instanceName = (url) => {
    const index = databases.instances.findIndex((instance) => instance.url === url)
    return index === 0 ? 'main' : index > 0 ? `region ${index}` : url
  }
  log(`databases: ${databases.instances.map(({ url }) => `${url} (${holds(url)})`).join('; ')}`)

  const handleSignNonce = await loadSignNonce()
  const signNonce = (nonce) => {
    const result = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret: stack.nonceSecret })
    if (result.status !== 200 || typeof result.body?.signedNonce !== 'string') {
      throw new Error(`handleSignNonce answered ${result.status}: ${JSON.stringify(result.body)}`)
    }
    return result.body.signedNonce
  }
  const origin = appOriginOf(stack)
  // One concurrency limit per function (the emulator keeps a worker pool per function) and one for Auth.
  const limiters = new Map()
  const limiterFor = (name) => {
    if (!limiters.has(name)) limiters.set(name, createLimiter(CONCURRENCY))
    return limiters.get(name)
  }
  const call = createCallableClient({ functionsUrl: stack.urls.functions, projectId: PROJECT_ID, region: REGION, limiterFor })

  log(`functions: starting ${CONCURRENCY} emulator workers per function…`)
  const warm = await warmWorkers({
    call,
    customTokenUrl: stack.urls.customToken,
    size: CONCURRENCY,
    stackPid: stackProcess.pid,
    shouldStop: () => interrupted || Date.now() > deadline,
  })
  log(
    `functions: warm in ${seconds(warm.ms)}; workers ${JSON.stringify(warm.workers)}; ` +
      `first (cold) request ${JSON.stringify(warm.coldStartMs)} ms`,
  )
  checkpoint('the warm-up')

  // 2. Sign in and verify every player (+ 2 who measure the map open).
  log(`players: signing in and verifying ${PLAYERS} + 2 (SIWE for ${origin})…`)
  started = performance.now()
  const setup = { signInMs: [], verifyMs: [], failures: /** @type {Record<string, number>} */ ({}) }
  const fail = (reason) => {
    setup.failures[reason] = (setup.failures[reason] ?? 0) + 1
  }
  const accounts = Array.from({ length: PLAYERS + 2 }, (_, index) =>
    privateKeyToAccount(keccak256(stringToBytes(`worldmap bench city player ${index}`))),
  )
  // A player's whole sign-in runs in one slot: its nonce and SIWE message are made when it starts, never left
  // waiting in a queue (signed nonces and messages are good for 10 minutes).
  const setupLimiter = createLimiter(CONCURRENCY)
  const signedIn = await Promise.all(accounts.map((account, index) => setupLimiter.run(() => setUpPlayer(account, index))))
  async function setUpPlayer(account, index) {
    if (interrupted || Date.now() > deadline) return null
    const signInStarted = performance.now()
    let player
    try {
      player = await signInPlayer({
        account,
        origin,
        customTokenUrl: stack.urls.customToken,
        authUrl: stack.urls.auth,
        signNonce,
        limiterFor,
      })
    } catch (error) {
      fail(`sign_in:${error?.step ?? 'error'}:${error?.message ?? error}`.slice(0, 160))
      return null
    }
    setup.signInMs.push(performance.now() - signInStarted)
    const verifyStarted = performance.now()
    const proof = await createSimulatedIdentity({ seed: `bench-city-${index}` }).prove({
      ...WORLD_ID,
      signalHash: hashToField(player.uid),
      level: 'orb',
    })
    const reply = await call('verifyHuman', proof, player.idToken)
    if (!reply.ok) {
      fail(`verify:${reply.reason}`)
      return null
    }
    setup.verifyMs.push(performance.now() - verifyStarted)
    return player
  }
  const setupMs = Math.round(performance.now() - started)
  const ready = signedIn.filter(Boolean)
  const [measurerEmpty, measurerBusy] = [signedIn[PLAYERS], signedIn[PLAYERS + 1]]
  const players = signedIn.slice(0, PLAYERS).filter(Boolean)
  log(
    `players: ${ready.length}/${PLAYERS + 2} signed in and verified in ${seconds(setupMs)} ` +
      `(sign-in p50 ${percentile(setup.signInMs, 50)} ms, p95 ${percentile(setup.signInMs, 95)} ms; ` +
      `verify p50 ${percentile(setup.verifyMs, 50)} ms, p95 ${percentile(setup.verifyMs, 95)} ms)`,
  )
  for (const [reason, count] of Object.entries(setup.failures)) log(`  failed ×${count}: ${reason}`)
  if (!measurerEmpty || !measurerBusy) throw new Error('the players who measure the map open could not sign in')
  checkpoint('sign-in')

  // 3. Map-open bytes, empty vs busy world, in one spawn window.
  const windowEnd = spawnWindowOf(Date.now()).end
  if (windowEnd - Date.now() < WINDOW_MARGIN_MS) {
    log(`window: ${seconds(windowEnd - Date.now())} left in this spawn window; waiting for the next one…`)
    while (Date.now() < windowEnd + 1_000) {
      checkpoint('the wait for the next window')
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  }
  const window = spawnWindowOf(Date.now())
  // Spawn the spot first, so both opens find the same cells.
  const spawnSpot = await call('ensureDropsNear', CENTRE, measurerEmpty.idToken)
  if (!spawnSpot.ok) throw new Error(`ensureDropsNear failed at the spot: ${spawnSpot.reason} ${spawnSpot.message}`)
  if (!Number.isInteger(spawnSpot.data?.window) || !Array.isArray(spawnSpot.data?.cells)) {
    throw new Error(
      'ensureDropsNear does not reply {window, expiresAt, cells, spawned} (docs/data-model.md): ' +
        'rebuild the functions (`pnpm --filter @worldmap/functions build`)',
    )
  }

  const measure = (player, name) =>
    measureMapOpen({ stack, customToken: player.customToken, spot: CENTRE, projectId: PROJECT_ID, region: REGION, name })
  /** Bytes per instance the client read from, for the log. @param {{ byInstance: { url: string, down: number }[] }} open */
  const perInstance = (open) => open.byInstance.map(({ url, down }) => `${instanceName(url)} ${down}`).join(', ')
  const openEmpty = await measure(measurerEmpty, 'empty')
  log(
    `map open, empty world: ${openEmpty.bytes} bytes (${openEmpty.drops} drops in ${openEmpty.cells} cells; ` +
      `database bytes per instance: ${perInstance(openEmpty)}; functions ${openEmpty.functionsBytes})`,
  )
  checkpoint('the empty-world map open')

  // With 2 instances the busy world goes to the instance the map above does NOT read (main: the map's cells are
  // Singapore's, on region instance 1), and Jakarta, where players play, is left out of it.
  const spotInstance = databases.instanceOfCell(cellOf(CENTRE.lat, CENTRE.lng))
  const skipCities = new Set(playCities)
  log(`busy world: writing ${BUSY_DROPS} drops into other cities…`)
  const busyWorld = await seedBusyWorld((cell) => ({ key: databases.instanceOfCell(cell), database: databases.ofCell(cell) }), {
    window: window.index,
    expiresAt: window.end,
    count: BUSY_DROPS,
    avoidCells: new Set(watchCellsAround(CENTRE.lat, CENTRE.lng)),
    skipCities,
    random: createRandom(11),
  })
  log(
    `busy world: ${busyWorld.drops} drops in ${busyWorld.watchCells} watch cells of ${busyWorld.cities.length} cities, ` +
      `${busyWorld.batches} batches, ${seconds(busyWorld.ms)}; per instance ` +
      Object.entries(busyWorld.byInstance)
        .map(([url, drops]) => `${instanceName(url)} ${drops}`)
        .join(', '),
  )
  if (INSTANCES > 1 && busyWorld.byInstance[spotInstance]) {
    throw new Error(`${busyWorld.byInstance[spotInstance]} busy-world drops went to the map's own instance (${spotInstance})`)
  }
  checkpoint('the seeding')
  const openBusy = await measure(measurerBusy, 'busy')
  log(
    `map open, busy world: ${openBusy.bytes} bytes (${openBusy.drops} drops in ${openBusy.cells} cells; ` +
      `database bytes per instance: ${perInstance(openBusy)}; functions ${openBusy.functionsBytes})`,
  )
  if (spawnWindowOf(Date.now()).index !== window.index) log('warning: the spawn window changed between the two map opens')
  checkpoint('the busy-world map open')

  // 4. The city run: the players split over the cities (Singapore first).
  const centres = { Singapore: CENTRE, Jakarta: JAKARTA }
  const perCity = Math.ceil(players.length / playCities.length)
  const cities = playCities.map((name, at) => ({
    name,
    centre: centres[/** @type {'Singapore' | 'Jakarta'} */ (name)],
    radiusMeters: CITY_RADIUS_METERS,
    players: players.slice(at * perCity, (at + 1) * perCity),
  }))
  log(`run: ${cities.map((city) => `${city.players.length} players in ${city.name}`).join(', ')} for ${seconds(RUN_MS)}…`)
  const cpuBefore = { bench: process.cpuUsage(), stack: cpuSecondsOf(stackProcess.pid) }
  const watcher = createCellWatcher(databases.ofCell)
  cleanups.push(async () => watcher.close())
  const databaseWatch = await watchDatabaseStats({ read: stackProcess.databaseStats })
  const run = await runCity({
    cities,
    call,
    watcher,
    durationMs: RUN_MS,
    random: createRandom(8),
    shouldStop: () => interrupted || Date.now() > deadline,
    onProgress: (line) => log(`  ${line}`),
  })
  const databaseTraffic = await databaseWatch.stop()
  const loadAfterRun = loadavg()[0]
  const cpuAfter = { bench: process.cpuUsage(cpuBefore.bench), stack: cpuSecondsOf(stackProcess.pid) }
  // Cores each part kept busy on average during the run (2 = the whole machine).
  const cores = (cpuSeconds) => Number((cpuSeconds / (run.runMs / 1000)).toFixed(2))
  const cpuCoresDuringRun = {
    bench: cores((cpuAfter.bench.user + cpuAfter.bench.system) / 1e6),
    database: cpuBefore.stack && cpuAfter.stack ? cores(cpuAfter.stack.own - cpuBefore.stack.own) : null,
    emulators: cpuBefore.stack && cpuAfter.stack ? cores(cpuAfter.stack.below - cpuBefore.stack.below) : null,
  }
  log(`cpu: cores busy during the run ${JSON.stringify(cpuCoresDuringRun)} (load average ${loadAfterRun.toFixed(1)})`)
  checkpoint('the run')

  // 5. Read everything back.
  log('audit: reading claims, inventories and profiles back…')
  const audit = await auditAwards(databases, run.successes)

  // 6. What one collect costs the database: the functions' own code on a counted connection, 20 collects of
  // drops far from everyone (the busy world's, on the main instance with the players' data), in the same window.
  let collectCost = null
  const onMain = busyWorld.sample.filter(
    (drop) => databases.instanceOfCell(parseDropId(drop.id)?.cell ?? '') === databases.mainUrl,
  )
  if (spawnWindowOf(Date.now()).index === window.index && onMain.length > 0) {
    collectCost = await measureCollectBytes({
      port: stack.ports.database,
      projectId: PROJECT_ID,
      drops: onMain.slice(0, 20),
    })
    log(
      `collect cost: ${collectCost.downBytesPerCollect} bytes down, ${collectCost.upBytesPerCollect} bytes up per collect ` +
        `(database ↔ function, ${collectCost.collects} collects)`,
    )
  }
  // With a region instance, the same for a collect that crosses instances: drops in the region's prefix (w21) far
  // from the players, the claim on region instance 1, the inventory and the player's data on main.
  let crossCollectCost = null
  const regionInstance = databases.instances[1]
  if (regionInstance && spawnWindowOf(Date.now()).index === window.index) {
    const far = await seedBusyWorld((cell) => ({ key: databases.instanceOfCell(cell), database: databases.ofCell(cell) }), {
      window: window.index,
      expiresAt: window.end,
      count: 40,
      avoidCells: new Set(),
      places: [REGION_SAMPLE],
      random: createRandom(5),
    })
    const onRegion = far.sample.filter(
      (drop) => databases.instanceOfCell(parseDropId(drop.id)?.cell ?? '') === regionInstance.url,
    )
    if (onRegion.length > 0) {
      const url = new URL(regionInstance.url)
      crossCollectCost = await measureCollectBytes({
        port: stack.ports.database,
        projectId: PROJECT_ID,
        drops: onRegion.slice(0, 20),
        region: { port: Number(url.port), namespace: url.searchParams.get('ns') ?? '' },
      })
      log(
        `collect cost across instances: main ${crossCollectCost.main.down} down / ${crossCollectCost.main.up} up, ` +
          `region 1 ${crossCollectCost.region?.down} down / ${crossCollectCost.region?.up} up bytes per collect ` +
          `(${crossCollectCost.collects} collects)`,
      )
    }
  }

  const collects = run.collect.ok
  const runSeconds = run.runMs / 1000
  const bytesDiff = openEmpty.bytes > 0 ? Math.abs(openBusy.bytes - openEmpty.bytes) / openEmpty.bytes : 1
  const racedDrops = [...run.attemptsByDrop.values()].filter((uids) => uids.size > 1).length
  const goals = {
    allPlayersReady: players.length === PLAYERS,
    doubleAwardsZero: audit.doubleAwards === 0,
    lostItemsZero: audit.lostItems === 0,
    mapOpenBytesWithin10Percent: bytesDiff <= BYTES_TOLERANCE,
    regionalDataOnItsInstance: audit.misroutedClaims === 0 && audit.misroutedSpawnMarkers === 0,
  }
  const instances = databaseTraffic.instances.map((figures) => ({ ...figures, holds: holds(figures.url) }))
  const result = {
    databaseInstances: INSTANCES,
    regionTable: stack.databaseRegions ?? '',
    players: players.length,
    byCity: Object.fromEntries(
      Object.entries(run.byCity).map(([name, { collectMs, ...city }]) => [
        name,
        { ...city, p50CollectMs: percentile(collectMs, 50), p95CollectMs: percentile(collectMs, 95) },
      ]),
    ),
    collects,
    collectsPerSec: Number((collects / runSeconds).toFixed(2)),
    p50CollectMs: percentile(run.collect.ms, 50),
    p95CollectMs: percentile(run.collect.ms, 95),
    p99CollectMs: percentile(run.collect.ms, 99),
    p50CollectQueueMs: percentile(run.collect.waitMs, 50),
    p95CollectQueueMs: percentile(run.collect.waitMs, 95),
    doubleAwards: audit.doubleAwards,
    lostItems: audit.lostItems,
    /** Each database instance during the run (writes/s, bytes, connections), main first. */
    instances,
    instancesWindowMs: databaseTraffic.windowMs,
    instancesSamples: databaseTraffic.samples,
    mapOpenBytesEmptyWorld: openEmpty.bytes,
    mapOpenBytesBusyWorld: openBusy.bytes,
    mapOpenBytesDiffPercent: Number((bytesDiff * 100).toFixed(2)),
    refusals: { collectDrop: run.collect.refusals, ensureDropsNear: run.ensure.refusals },
    heldBackByOwnQuota: { collectDrop: run.collect.heldBack, ensureDropsNear: run.ensure.heldBack },
    runDurationMs: Math.round(run.runMs),
    drainMs: Math.round(run.drainMs),
    collectAttempts: collects + Object.values(run.collect.refusals).reduce((sum, count) => sum + count, 0),
    racedDrops,
    ensureDropsNear: {
      ok: run.ensure.ok,
      p50Ms: percentile(run.ensure.ms, 50),
      p95Ms: percentile(run.ensure.ms, 95),
    },
    audit,
    mapOpen: { spot: CENTRE, empty: openEmpty, busy: openBusy },
    busyWorld: {
      drops: busyWorld.drops,
      watchCells: busyWorld.watchCells,
      batches: busyWorld.batches,
      ms: busyWorld.ms,
      cities: busyWorld.cities.length,
      byInstance: busyWorld.byInstance,
    },
    collectDatabaseBytes: collectCost,
    collectDatabaseBytesAcrossInstances: crossCollectCost,
    setup: {
      players: PLAYERS + 2,
      ready: ready.length,
      ms: setupMs,
      signInP50Ms: percentile(setup.signInMs, 50),
      signInP95Ms: percentile(setup.signInMs, 95),
      verifyP50Ms: percentile(setup.verifyMs, 50),
      verifyP95Ms: percentile(setup.verifyMs, 95),
      failures: setup.failures,
    },
    coldStartMs: warm.coldStartMs,
    warmUpMs: warm.ms,
    emulatorWorkers: warm.workers,
    stackStartMs,
    watcherUpdates: watcher.updates,
    maxTickLagMs: Math.round(run.maxTickLagMs),
    cpuCoresDuringRun,
    concurrency: CONCURRENCY,
    appOrigin: origin,
    cities: cities.map(({ name, centre, radiusMeters }) => ({ name, centre, radiusMeters })),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // Other work on the machine competes with the stack: the 1-minute load average at the start and after the run.
      loadAverageAtStart: Number(loadAtStart.toFixed(2)),
      loadAverageAfterRun: Number(loadAfterRun.toFixed(2)),
    },
    goals,
    ok: Object.values(goals).every(Boolean),
    startedAt: new Date(benchStarted).toISOString(),
    durationMs: Date.now() - benchStarted,
  }
  mkdirSync(dirname(RESULT_FILE), { recursive: true })
  writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`)

  log('')
  log(`players              ${result.players} (signed in + verified in ${seconds(setupMs)})`)
  log(`collects             ${collects} in ${seconds(run.runMs)} → ${result.collectsPerSec}/s`)
  for (const [name, city] of Object.entries(run.byCity)) {
    log(
      `  ${name.padEnd(19)}${city.players} players, ${city.collects} collects (p50 ${percentile(city.collectMs, 50)} ms, ` +
        `p95 ${percentile(city.collectMs, 95)} ms), ${city.ensureOk} ensureDropsNear ok`,
    )
  }
  log(`collect latency      p50 ${result.p50CollectMs} ms, p95 ${result.p95CollectMs} ms, p99 ${result.p99CollectMs} ms`)
  log(
    `  queued before it    p50 ${result.p50CollectQueueMs} ms, p95 ${result.p95CollectQueueMs} ms (${CONCURRENCY} at once per function)`,
  )
  log(
    `ensureDropsNear      ${run.ensure.ok} ok, p50 ${result.ensureDropsNear.p50Ms} ms, p95 ${result.ensureDropsNear.p95Ms} ms` +
      ` (${run.ensure.ok}/${players.length} players had their map)`,
  )
  log(`races                ${racedDrops} drops tried by more than one player; ${result.collectAttempts} attempts`)
  log(`refusals             collectDrop ${JSON.stringify(run.collect.refusals)}`)
  log(`                     ensureDropsNear ${JSON.stringify(run.ensure.refusals)}`)
  log(`double awards        ${audit.doubleAwards}   (goal 0)`)
  log(`lost items           ${audit.lostItems}   (goal 0; ${audit.claims} claims, ${audit.inventoryItems} items)`)
  log(
    `map-open bytes       empty world ${openEmpty.bytes}, busy world (${busyWorld.drops} drops elsewhere) ${openBusy.bytes}` +
      ` → ${result.mapOpenBytesDiffPercent}% (goal ≤ ${BYTES_TOLERANCE * 100}%)`,
  )
  log(`database instances   over the run (${seconds(databaseTraffic.windowMs)}, ${databaseTraffic.samples} samples):`)
  for (const instance of instances) {
    log(
      `  ${instanceName(instance.url).padEnd(19)}${instance.writesPerSec} writes/s (${instance.writes}; busiest second ` +
        `${instance.peakWritesPerSec}/s), bytes in ${instance.bytesIn}, out ${instance.bytesOut}, connections ` +
        `${instance.connectionsAtEnd} open, peak ${instance.peakConnectionsInWindow} (${instance.holds})`,
    )
  }
  log(
    `regional data        claims per instance ${JSON.stringify(
      Object.fromEntries(Object.entries(audit.claimsByInstance).map(([url, count]) => [instanceName(url), count])),
    )}; misrouted claims ${audit.misroutedClaims}, spawn markers ${audit.misroutedSpawnMarkers} (goal 0)`,
  )
  log(`results              ${RESULT_FILE}`)
  log(
    `goals                ${
      result.ok
        ? 'all met'
        : `MISSED: ${Object.keys(goals)
            .filter((goal) => !goals[goal])
            .join(', ')}`
    }`,
  )
  return result.ok
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping…`)
    // Loops notice `interrupted`; if the current phase does not, stop anyway after a grace period.
    setTimeout(() => cleanUp().then(() => process.exit(130)), 15_000).unref()
  })
}

let ok = false
try {
  ok = await main()
} catch (error) {
  console.error(`\ncity load run failed: ${error instanceof Error ? error.message : error}`)
} finally {
  log('stack: stopping…')
  await cleanUp()
}
process.exit(interrupted ? 130 : ok ? 0 : 1)
