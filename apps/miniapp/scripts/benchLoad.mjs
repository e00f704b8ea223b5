#!/usr/bin/env node
// `pnpm bench:load`: how long the production app takes to become usable on a
// throttled phone. A benchmark, not a test: it prints figures and whether the
// goal was met, and always exits 0 unless something broke.
//
// Setup: the local stack (reused from WORLDMAP_STACK, else started on the test
// ports and stopped afterwards), the app built for it and served by
// `node dist/server/index.mjs`, Debian's headless Chromium with the World App
// simulator (scripted: it approves the sign-in), every non-local request
// refused. The simulator runs as its fast boot (the page-facing host up
// front, the wallet and World ID when the page first needs them), with the
// full simulator evaluated through the DevTools protocol instead of the boot's
// inline <script>: the production server's strict policy refuses inline
// scripts, as it must, so with installSimulator() the host never answered and
// no run signed in. A run that hits a policy violation fails with it, so that
// cannot go unnoticed again.
//
// Per run: a new browser context (cold HTTP cache, no cookies), CPU throttled
// 4× and the network at 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT (Chrome
// DevTools' "Fast 3G"/Lighthouse mobile profile), then `/` is loaded.
//
// Measured from navigation start (performance.timeOrigin), in the page:
// - ready: the app is hydrated and running in the host — the client has
//   replaced the server-rendered "Connecting to World App" spinner with its
//   own state: the "Signing in" spinner, the Login button or the home
//   (`[role=status][aria-label="Signing in"]`, `.login-screen button`, `.home`).
//   This is the first moment a user's tap does something. Goal: ≤ 1.5 s.
// - signed in: the authenticated home is on screen (`section.home h1.home-name`),
//   after the whole spec §7 sequence against the local emulators (informational:
//   it includes the backend's own latency). Every run is a first launch (new
//   context, empty storage), so it is the wallet sign-in, never a restored session.
// - FCP, and "JS loaded" (when the last script needed before ready arrived: the
//   network's share of ready; the rest is parsing, hydration and the host's install).
// - simulator: the main-thread time of the simulator's init script (the fast
//   boot), which runs before the page's first script and so is inside ready;
//   "+ … full": the full simulator's load (wallet, World ID) when the page
//   first needed the host, inside the sign-in's wallet step — the host's time,
//   not the app's (World App answers natively).
// Numbers are only comparable on an otherwise idle machine: the CPU throttle
// multiplies whatever else is running.
//
// The poor-link profile (`--profile=poor`: 400 ms RTT, 400 kbit/s each way,
// CPU 4×) reports the same marks plus "home data": the home's cards have their
// data (progress, finds and the leaderboard no longer busy, the nearest drops
// listed around the player's position), and the requests and bytes the page
// needed before that moment. Goal: signed in with home data ≤ 8 s.
//
// `--trace` prints one run's waterfall from the DevTools Network events
// (every request: start, end, bytes on the wire, what it was) with the marks
// between them, to see where the time goes (docs/first-launch.md).
//
//   pnpm build && pnpm bench:load [-- --runs=5] [--profile=poor] [--trace]

import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { readSimulatorScript } from '@worldmap/simulator/playwright'
import { chromium } from 'playwright-core'
import { parseFlags } from '../../../tooling/scripts/parseFlags.mjs'
import { PORTS, readStackFromEnv, startStack } from '../../../tooling/stack/startStack.mjs'
import { buildAppForStack, startAppServer } from './appServer.mjs'

/** The links a run is throttled to: the phone's CPU ×4 on both. */
const PROFILES = {
  /** Chrome DevTools' "Fast 3G", Lighthouse's mobile profile. */
  fast3g: {
    label: '1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT',
    network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
    goals: { ready: 1_000, signedIn: 2_500 },
  },
  /** A poor cell link: a crowded or distant tower. */
  poor: {
    label: '400 kbit/s down and up, 400 ms RTT',
    network: { offline: false, latency: 400, downloadThroughput: (400e3 / 8) | 0, uploadThroughput: (400e3 / 8) | 0 },
    goals: { homeData: 8_000 },
  },
}

const { values: flags } = parseFlags(process.argv.slice(2), {
  usage: 'pnpm bench:load [-- --runs=5] [--profile=fast3g|poor] [--trace]',
  options: { runs: { type: 'string' }, profile: { type: 'string' }, trace: { type: 'boolean' } },
  check: ({ runs, profile }) => {
    if (runs !== undefined && !/^[1-9]\d*$/.test(String(runs))) return '--runs takes a whole number, at least 1'
    if (profile !== undefined && !Object.hasOwn(PROFILES, String(profile))) return '--profile is fast3g or poor'
    return undefined
  },
})
const RUNS = Number(flags.runs ?? 5)
const PROFILE = PROFILES[/** @type {keyof typeof PROFILES} */ (flags.profile ?? 'fast3g')]
const TRACE = flags.trace === true
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const THROTTLE = { cpuRate: 4, network: PROFILE.network }

/** What the app's local config expects (`LOCAL_DEFAULTS.appId`); iOS host, no simulated position. */
const SIMULATOR_CONFIG = { mode: 'scripted', os: 'ios', appId: 'app_staging_worldmap', geolocation: false }

/**
 * The simulator's fast boot as an init script: the page-facing host
 * (`window.WorldApp`, the message handler) before the page's first script,
 * a few KB like World App's own injection. It loads the full simulator (the
 * wallet, World ID: 0.6-1.1 s of main thread under the 4× throttle) when the
 * page is idle after its first message, from `__WORLDMAP_SIMULATOR_SOURCE__`
 * as an inline <script> — which the app's policy refuses, as it must. So the
 * source is empty here (an empty inline script runs nothing and needs no
 * permission) and {@link interceptHandoff} loads it instead. installSimulator()
 * would also put the 558 KB source in the page as a string literal, which
 * costs the page's start 100-300 ms under the throttle: measure the app, not
 * the simulator. The boot sits next to the `./global` bundle.
 */
const fastBootInitScript = (/** @type {string} */ privateKey) =>
  [
    `window.__WORLDMAP_SIMULATOR__ = ${JSON.stringify({ ...SIMULATOR_CONFIG, privateKey })};`,
    "window.__WORLDMAP_SIMULATOR_SOURCE__ = '';",
    readFileSync(new URL('simulator.boot.js', import.meta.resolve('@worldmap/simulator/global')), 'utf8'),
  ].join('\n')

/**
 * Runs in the page before the fast boot: when the boot hands its host over
 * (`__worldmapSimulatorBoot`, read by the full simulator), the bench is called
 * to evaluate the full simulator through the DevTools protocol, outside the
 * page's policy, as World App's native host is. The boot's own error log and
 * the violation report catch any change to that hand-over.
 */
const interceptHandoff = () => {
  Object.defineProperty(window, '__worldmapSimulatorBoot', {
    configurable: true,
    get: () => undefined,
    set(handoff) {
      Object.defineProperty(window, '__worldmapSimulatorBoot', { configurable: true, writable: true, value: undefined })
      Object.assign(window, { __benchSimulatorHandoff: handoff, __benchSimulatorAsked: performance.now() })
      void (/** @type {any} */ (window).__benchLoadSimulator())
    },
  })
}

/**
 * The full simulator, taking over the host the fast boot installed. Its zod
 * would compile parsers with `new Function` when commands arrive, which the
 * policy refuses: it starts with zod's `jitless` switch (shared through
 * globalThis, read once when its zod loads), and the app's own zod config is
 * put back, so the app runs as it ships.
 */
const fullSimulatorLoader = () => `(() => {
  window.__worldmapSimulatorBoot = window.__benchSimulatorHandoff
  delete window.__benchSimulatorHandoff
  const appZodConfig = globalThis.__zod_globalConfig
  globalThis.__zod_globalConfig = { jitless: true }
  try {
${readSimulatorScript()}
  } finally {
    if (appZodConfig === undefined) delete globalThis.__zod_globalConfig
    else globalThis.__zod_globalConfig = appZodConfig
    window.__benchSimulatorLoaded = performance.now()
  }
})()`

/**
 * The scripted World App simulator in every page of `context`: the fast boot
 * up front, the rest when the page first needs it.
 *
 * @param {import('playwright-core').BrowserContext} context
 * @param {`0x${string}`} privateKey the wallet of this run's player
 */
async function installHost(context, privateKey) {
  await context.exposeBinding('__benchLoadSimulator', async ({ frame }) => {
    await frame.evaluate(fullSimulatorLoader())
  })
  await context.addInitScript(interceptHandoff)
  // Timed: the host's share of the page's start, printed apart.
  await context.addInitScript(() => Object.assign(window, { __benchHostStart: performance.now() }))
  await context.addInitScript({ content: fastBootInitScript(privateKey) })
  await context.addInitScript(() => Object.assign(window, { __benchHostEnd: performance.now() }))
}

/** Runs in the page before its scripts: every policy violation becomes a console error the run sees. */
const reportCspViolations = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`)
  })
}

/** Runs in the page before any app script: timestamps of the markers, on the page's clock. */
const observeMarkers = () => {
  const marks = /** @type {{ ready?: number, signedIn?: number, homeData?: number }} */ ({
    ready: undefined,
    signedIn: undefined,
    homeData: undefined,
  })
  Object.assign(window, { __benchMarks: marks })
  const check = () => {
    if (marks.ready === undefined) {
      const ready = document.querySelector('[role="status"][aria-label="Signing in"], .login-screen button, section.home')
      if (ready) marks.ready = performance.now()
    }
    if (marks.signedIn === undefined && document.querySelector('section.home h1.home-name')) {
      marks.signedIn = performance.now()
    }
    // Home with its data: the nearest drops listed, and no card still loading.
    if (
      marks.homeData === undefined &&
      document.querySelector('section.home .nearest-list') &&
      document.querySelector('section.home .finds') &&
      !document.querySelector('section.home [aria-busy="true"]')
    ) {
      marks.homeData = performance.now()
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
}

const isLocal = (/** @type {string} */ url) => {
  if (!/^(https?|wss?):/.test(url)) return true
  const { hostname } = new URL(url)
  return hostname === '127.0.0.1' || hostname === 'localhost'
}

/**
 * Every request of a run and every websocket frame, from the DevTools
 * protocol's Network events, timed on the protocol's monotonic clock
 * (seconds) and sized as on the wire (headers included).
 *
 * @param {import('playwright-core').CDPSession} cdp
 */
function recordNetwork(cdp) {
  /** @type {Map<string, { url: string, type: string, method: string, start: number, wallTime: number, end?: number, bytes: number, status?: number, failed?: string }>} */
  const requests = new Map()
  /** @type {{ at: number, bytes: number, sent: boolean }[]} */
  const frames = []
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      method: event.request.method,
      start: event.timestamp,
      wallTime: event.wallTime,
      bytes: 0,
    })
  })
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId)
    if (request) request.status = event.response.status
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength })
  })
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId)
    if (request) Object.assign(request, { end: event.timestamp, failed: event.errorText })
  })
  /** @param {boolean} sent */
  const frame = (sent) => (/** @type {{ timestamp: number, response: { payloadData: string } }} */ event) =>
    frames.push({ at: event.timestamp, bytes: event.response.payloadData.length, sent })
  cdp.on('Network.webSocketFrameReceived', frame(false))
  cdp.on('Network.webSocketFrameSent', frame(true))
  return {
    /**
     * The requests on the page's clock (ms since navigation start), given the page's `performance.timeOrigin`.
     * @param {number} timeOrigin
     */
    onPageClock(timeOrigin) {
      const all = [...requests.values()]
      const document = all.find((request) => request.type === 'Document')
      if (!document) return { requests: [], frames: [] }
      const toPage = (/** @type {number} */ timestamp) =>
        document.wallTime * 1000 - timeOrigin + (timestamp - document.start) * 1000
      return {
        requests: all
          .map((request) => ({
            ...request,
            start: toPage(request.start),
            end: request.end === undefined ? undefined : toPage(request.end),
          }))
          .sort((a, b) => a.start - b.start),
        frames: frames.map((each) => ({ ...each, at: toPage(each.at) })),
      }
    },
  }
}

/**
 * One run's waterfall: each request with its start, end and size, the marks
 * where they fell, and the websocket traffic before the home had its data.
 *
 * @param {Awaited<ReturnType<typeof loadOnce>>} result
 */
function printTrace(result) {
  const marks = Object.entries({
    ready: result.ready,
    'signed in': result.signedIn,
    'home data': result.homeData,
    'full simulator asked for': result.simulatorAsked,
    'full simulator loaded': result.simulatorLoaded,
  })
    .filter(/** @returns {entry is [string, number]} */ (entry) => entry[1] !== undefined)
    .sort((a, b) => a[1] - b[1])
  const short = (/** @type {string} */ url) => {
    const parsed = new URL(url)
    const path = parsed.pathname.length > 60 ? `${parsed.pathname.slice(0, 57)}…` : parsed.pathname
    return `${parsed.port ? `:${parsed.port}` : ''}${path}${parsed.search ? '?…' : ''}`
  }
  console.log('\n   start      end      KiB  type         what')
  let next = 0
  for (const request of result.network.requests) {
    while (next < marks.length && marks[next][1] <= request.start) {
      console.log(`${ms(marks[next][1])}  ── ${marks[next][0]} ──`)
      next++
    }
    const end = request.end === undefined ? '       –' : ms(request.end)
    const kib = (request.bytes / 1024).toFixed(1).padStart(7)
    const note = request.failed ? `  (${request.failed})` : request.status && request.status >= 400 ? `  (${request.status})` : ''
    console.log(`${ms(request.start)} ${end} ${kib}  ${request.type.padEnd(11)}  ${request.method} ${short(request.url)}${note}`)
  }
  for (; next < marks.length; next++) console.log(`${ms(marks[next][1])}  ── ${marks[next][0]} ──`)
  const until = result.homeData ?? result.signedIn
  const frames = result.network.frames.filter((frame) => frame.at <= until)
  console.log(
    `websocket frames before ${result.homeData === undefined ? 'sign-in' : 'home data'}: ${frames.filter((f) => f.sent).length} sent, ${frames.filter((f) => !f.sent).length} received, ${(frames.reduce((sum, f) => sum + f.bytes, 0) / 1024).toFixed(1)} KiB of payload`,
  )
}

/**
 * Where the phone is, the same spot every run. The unmeasured first load
 * spawns the drops there; the runs read them. Every run is a new player (a
 * new wallet): a first launch is a new player's, and one wallet reopening the
 * app six times in a minute ran into an unverified account's spawn quota
 * (3, then one per 20 minutes), which left runs without home data.
 */
const POSITION = { latitude: -6.2297, longitude: 106.8295 }

/** No request leaves the machine. @param {import('playwright-core').BrowserContext} context */
async function routeLocalOnly(context) {
  await context.route('**/*', (route) =>
    isLocal(route.request().url()) ? route.fallback() : route.abort('internetdisconnected'),
  )
  // World's usernames service is not local (and the production server has no dev stand-in):
  // answer as it does for a wallet without a username.
  await context.route('**/api/dev/usernames/api/v1/query', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  )
}

/** A cold cache, and the profile's network and CPU. @param {import('playwright-core').CDPSession} cdp */
async function throttle(cdp) {
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', THROTTLE.network)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate })
}

/** @param {import('playwright-core').Browser} browser @param {string} url */
async function loadOnce(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    // The home's nearest drops need a position: the phone has one and location is allowed.
    geolocation: POSITION,
    permissions: ['geolocation'],
  })
  try {
    await routeLocalOnly(context)
    await context.addInitScript(reportCspViolations)
    await installHost(context, `0x${randomBytes(32).toString('hex')}`)
    await context.addInitScript(observeMarkers)
    const page = await context.newPage()
    const log = /** @type {string[]} */ ([])
    page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`))
    page.on('response', (response) => {
      if (response.status() < 400) return
      void response.text().then(
        (body) => log.push(`http ${response.status()}: ${response.url().split('?')[0]} ${body.slice(0, 200)}`),
        () => {},
      )
    })
    const cdp = await context.newCDPSession(page)
    const network = recordNetwork(cdp)
    await cdp.send('Network.enable')
    await throttle(cdp)
    await page.goto(url, { waitUntil: 'commit' })
    await page
      .waitForFunction(() => /** @type {any} */ (window).__benchMarks?.signedIn !== undefined, undefined, { timeout: 60_000 })
      .catch(async (error) => {
        const body = await page
          .locator('body')
          .innerHTML()
          .catch(() => '')
        throw new Error(`the app did not sign in within 60 s: ${error.message}\n${log.join('\n')}\n${body.slice(0, 2000)}`)
      })
    // The home's data follows; a run whose home never has it within 30 s more reports none.
    await page
      .waitForFunction(() => /** @type {any} */ (window).__benchMarks?.homeData !== undefined, undefined, { timeout: 30_000 })
      .catch(() => log.push('bench: the home had no data within 30 s of sign-in'))
    const violations = log.filter((line) => /\[csp-violation\]|Refused to|Content Security Policy/.test(line))
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`)
    const measured = await page.evaluate(() => {
      const marks = /** @type {any} */ (window).__benchMarks
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      // When the last script needed before ready had arrived: the network's share of "ready".
      const scripts = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter(
        (entry) => entry.name.endsWith('.js') && entry.responseEnd <= marks.ready,
      )
      const jsLoaded = Math.max(0, ...scripts.map((entry) => entry.responseEnd))
      const host = /** @type {any} */ (window).__benchHostEnd - /** @type {any} */ (window).__benchHostStart
      return {
        ready: marks.ready,
        signedIn: marks.signedIn,
        homeData: marks.homeData,
        fcp,
        jsLoaded,
        host,
        timeOrigin: performance.timeOrigin,
        // The host's own start-up inside the sign-in: the full simulator (wallet, World ID), asked for by
        // the fast boot when the page first needed it and evaluated through the protocol.
        simulatorAsked: /** @type {any} */ (window).__benchSimulatorAsked,
        simulatorLoaded: /** @type {any} */ (window).__benchSimulatorLoaded,
      }
    })
    if (TRACE) for (const line of log.filter((entry) => /^(http|error|pageerror|bench)/.test(entry))) console.log(`  ${line}`)
    const traffic = network.onPageClock(measured.timeOrigin)
    const until = measured.homeData ?? Number.POSITIVE_INFINITY
    const before = traffic.requests.filter((request) => request.start <= until)
    return {
      ...measured,
      network: traffic,
      // Before the home had its data: what the page asked for, and the bytes of what had arrived by then.
      requestsBeforeData: before.length,
      kibBeforeData:
        before.filter((request) => (request.end ?? Number.POSITIVE_INFINITY) <= until).reduce((sum, r) => sum + r.bytes, 0) /
        1024,
    }
  } finally {
    await context.close()
  }
}

/** Nearest-rank percentile. @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]
}

const ms = (/** @type {number | undefined} */ value) =>
  (Number.isFinite(value) ? `${Math.round(/** @type {number} */ (value))} ms` : 'none').padStart(8)

/** What main() started, stopped in reverse order on the way out (also on Ctrl-C). */
const cleanups = /** @type {Array<() => Promise<unknown>>} */ ([])
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`)
  try {
    /** @type {Record<string, string>} */
    let stackEnv
    const existing = readStackFromEnv()
    if (existing) {
      stackEnv = { WORLDMAP_STACK: /** @type {string} */ (process.env.WORLDMAP_STACK) }
      console.log(`stack: reusing ${existing.name} (WORLDMAP_STACK)`)
    } else {
      console.log('stack: starting on the test ports…')
      const stack = await startStack({ name: 'bench', ports: PORTS.test })
      cleanups.push(() => stack.stop())
      stackEnv = stack.env
    }
    const { nonceSecret, ports } = JSON.parse(stackEnv.WORLDMAP_STACK)

    const build = await buildAppForStack({ outDir: `node_modules/.cache/bench-load/${process.pid}`, stackEnv })
    cleanups.push(async () => rmSync(build.distDir, { recursive: true, force: true }))
    // On the stack's app port: the functions accept sign-ins only from the origins they were started with.
    const app = await startAppServer({ serverEntry: build.serverEntry, nonceSecret, port: ports.app })
    cleanups.push(() => app.stop())
    console.log(`app: ${app.url} (production build for the stack, pid ${app.pid})`)

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS })
    cleanups.push(() => browser.close())

    // One unmeasured load warms the server's render and the Functions emulator's worker,
    // so the runs measure the page, not a cold backend.
    await loadOnce(browser, `${app.url}/`)

    console.log(`\nLoading / ${RUNS}× — cold cache, CPU ×${THROTTLE.cpuRate}, ${PROFILE.label}, 390×844\n`)
    const runs = /** @type {Array<Awaited<ReturnType<typeof loadOnce>>>} */ ([])
    for (let i = 0; i < RUNS; i++) {
      const result = await loadOnce(browser, `${app.url}/`)
      runs.push(result)
      console.log(
        `run ${i + 1}: FCP ${ms(result.fcp)}   JS loaded ${ms(result.jsLoaded)}   ready ${ms(result.ready)}   signed in ${ms(result.signedIn)}   home data ${ms(result.homeData)}   before data: ${result.requestsBeforeData} requests, ${result.kibBeforeData.toFixed(0)} KiB   simulator ${ms(result.host)} + ${ms(result.simulatorLoaded - result.simulatorAsked)} full`,
      )
      if (TRACE && i === 0) printTrace(result)
    }
    // A run whose home never had its data counts as the slowest.
    /** @param {'fcp' | 'jsLoaded' | 'ready' | 'signedIn' | 'homeData' | 'host'} key */
    const summary = (key) => {
      const values = runs.map((r) => r[key] ?? Number.POSITIVE_INFINITY)
      return { median: percentile(values, 50), p95: percentile(values, 95) }
    }
    /** @param {string} name @param {Parameters<typeof summary>[0]} key */
    const line = (name, key, note = '') => {
      const { median, p95 } = summary(key)
      console.log(`${name.padEnd(10)} median ${ms(median)}   p95 ${ms(p95)}${note}`)
      return median
    }
    const goals = /** @type {Record<string, number | undefined>} */ (PROFILE.goals)
    const goalNote = (/** @type {string} */ key) => (goals[key] === undefined ? '' : `   (goal ≤ ${goals[key]} ms)`)
    console.log('')
    line('FCP', 'fcp')
    line('JS loaded', 'jsLoaded', '   (last script needed before ready arrived)')
    const medians = {
      ready: line('ready', 'ready', goalNote('ready')),
      signedIn: line('signed in', 'signedIn', `${goalNote('signedIn')}   (includes the emulators)`),
      homeData: line('home data', 'homeData', goalNote('homeData')),
    }
    line('simulator', 'host', "   (its init script before the page's first script, part of ready)")
    const requests = percentile(
      runs.map((r) => r.requestsBeforeData),
      50,
    )
    const kib = percentile(
      runs.map((r) => r.kibBeforeData),
      50,
    )
    console.log(`before home data: median ${requests} requests, ${kib.toFixed(0)} KiB on the wire`)
    for (const [key, goal] of Object.entries(goals)) {
      if (goal === undefined) continue
      const median = medians[/** @type {keyof typeof medians} */ (key)]
      console.log(`goal (${key} ≤ ${goal} ms, median): ${median <= goal ? 'met' : 'MISSED'}`)
    }
  } finally {
    await cleanUp()
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp()
    process.exit(130)
  })
}
await main()
