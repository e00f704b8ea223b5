#!/usr/bin/env node
// `pnpm bench:load`: how long the production app takes to become usable on a
// throttled phone. A benchmark, not a test: it prints figures and whether the
// goal was met, and always exits 0 unless something broke.
//
// Setup: the local stack (reused from WORLDMAP_STACK, else started on the test
// ports and stopped afterwards), the app built for it and served by
// `node dist/server/index.mjs`, Debian's headless Chromium with the World App
// simulator (scripted: it approves the sign-in), every non-local request
// refused. Per run: a new browser context (cold HTTP cache, no cookies),
// CPU throttled 4× and the network at 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT
// (Chrome DevTools' "Fast 3G"/Lighthouse mobile profile), then `/` is loaded.
//
// Measured from navigation start (performance.timeOrigin), in the page:
// - ready: the app is hydrated and running in the host — the client has
//   replaced the server-rendered "Connecting to World App" spinner with its
//   own state: the "Signing in" spinner, the Login button or the home
//   (`[role=status][aria-label="Signing in"]`, `.login-screen button`, `.home`).
//   This is the first moment a user's tap does something. Goal: ≤ 1.5 s.
// - signed in: the authenticated home is on screen (`section.home h1.home-name`),
//   after the whole spec §7 sequence against the local emulators (informational:
//   it includes the backend's own latency).
// - FCP, and "JS loaded" (when the last script needed before ready arrived: the
//   network's share of ready; the rest is parsing, hydration and the host's install).
//
//   pnpm build && pnpm bench:load [-- --runs=5]

import { existsSync, rmSync } from 'node:fs'
import { installSimulator } from '@worldmap/simulator/playwright'
import { chromium } from 'playwright-core'
import { PORTS, readStackFromEnv, startStack } from '../../../tooling/stack/startStack.mjs'
import { buildAppForStack, startAppServer } from './appServer.mjs'

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5)
const GOAL_MS = 1_500
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
const THROTTLE = {
  cpuRate: 4,
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
}

/** Runs in the page before any app script: timestamps of the markers, on the page's clock. */
const observeMarkers = () => {
  const marks = { ready: undefined, signedIn: undefined }
  Object.assign(window, { __benchMarks: marks })
  const check = () => {
    if (marks.ready === undefined) {
      const ready = document.querySelector('[role="status"][aria-label="Signing in"], .login-screen button, section.home')
      if (ready) marks.ready = performance.now()
    }
    if (marks.signedIn === undefined && document.querySelector('section.home h1.home-name')) {
      marks.signedIn = performance.now()
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
}

const isLocal = (url) => {
  if (!/^(https?|wss?):/.test(url)) return true
  const { hostname } = new URL(url)
  return hostname === '127.0.0.1' || hostname === 'localhost'
}

/** @param {import('playwright-core').Browser} browser @param {string} url */
async function loadOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
  try {
    await context.route('**/*', (route) =>
      isLocal(route.request().url()) ? route.fallback() : route.abort('internetdisconnected'),
    )
    // World's usernames service is not local (and the production server has no dev stand-in):
    // answer as it does for a wallet without a username.
    await context.route('**/api/dev/usernames/api/v1/query', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    await installSimulator(context, { os: 'ios', appId: 'app_staging_worldmap', geolocation: false })
    await context.addInitScript(observeMarkers)
    const page = await context.newPage()
    const log = []
    page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', THROTTLE.network)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate })
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
    return await page.evaluate(() => {
      const marks = /** @type {any} */ (window).__benchMarks
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      // When the last script needed before ready had arrived: the network's share of "ready".
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= marks.ready)
      const jsLoaded = Math.max(0, ...scripts.map((entry) => entry.responseEnd))
      return { ready: marks.ready, signedIn: marks.signedIn, fcp, jsLoaded }
    })
  } finally {
    await context.close()
  }
}

/** Nearest-rank percentile. @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]
}

const ms = (value) => `${Math.round(value)} ms`.padStart(8)

/** What main() started, stopped in reverse order on the way out (also on Ctrl-C). */
const cleanups = []
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`)
  try {
    let stackEnv
    const existing = readStackFromEnv()
    if (existing) {
      stackEnv = { WORLDMAP_STACK: process.env.WORLDMAP_STACK }
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

    console.log(
      `\nLoading / ${RUNS}× — cold cache, CPU ×${THROTTLE.cpuRate}, 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, 390×844\n`,
    )
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const result = await loadOnce(browser, `${app.url}/`)
      runs.push(result)
      console.log(
        `run ${i + 1}: FCP ${ms(result.fcp)}   JS loaded ${ms(result.jsLoaded)}   ready ${ms(result.ready)}   signed in ${ms(result.signedIn)}`,
      )
    }
    const summary = (key) => ({
      median: percentile(
        runs.map((r) => r[key]),
        50,
      ),
      p95: percentile(
        runs.map((r) => r[key]),
        95,
      ),
    })
    const fcp = summary('fcp')
    const jsLoaded = summary('jsLoaded')
    const ready = summary('ready')
    const signedIn = summary('signedIn')
    console.log('')
    console.log(`FCP        median ${ms(fcp.median)}   p95 ${ms(fcp.p95)}`)
    console.log(`JS loaded  median ${ms(jsLoaded.median)}   p95 ${ms(jsLoaded.p95)}   (last script needed before ready arrived)`)
    console.log(`ready      median ${ms(ready.median)}   p95 ${ms(ready.p95)}   (goal ≤ ${GOAL_MS} ms)`)
    console.log(`signed in  median ${ms(signedIn.median)}   p95 ${ms(signedIn.p95)}   (informational: includes the emulators)`)
    console.log(
      `\ngoal (app ready ≤ ${GOAL_MS} ms, median): ${ready.median <= GOAL_MS ? 'met' : 'MISSED'}` +
        `; p95 ${ready.p95 <= GOAL_MS ? 'within' : 'over'} the goal (p95 of ${RUNS} runs is the slowest run)`,
    )
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
