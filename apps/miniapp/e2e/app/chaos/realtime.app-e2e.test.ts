// Chaos on the realtime connection (issue 20, points 1 and 7): the database's
// websocket lost, refused and dropped by a "restarted" stand-in, on the
// production build against the local stack. Each case asserts what the
// player sees in plain words, that the app recovered on its own (the same
// page, no reload), and, through the Admin SDK, that nothing was lost.
// Times to data are logged (`[chaos] …`) for docs/realtime.md.
import { databasePaths, type Progress } from '@worldmap/game'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { offlineBannerMessages } from '../../../src/features/layout/OfflineBanner.js'
import { en } from '../../../src/lib/i18n/catalogues/en/index.js'
import { launchChromium } from '../../launchChromium.js'
import { awayFromWindowEnd } from '../drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from '../harness.js'
import {
  controlDatabaseSocket,
  type DatabaseSocketControl,
  emulateNetwork,
  goOffline,
  goOnline,
  openPlayerDatabase,
  type StackDatabase,
} from './chaos.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** The bound: data on screen within 3 s of the network being back. */
const DATA_WITHIN_MS = 3_000
/**
 * Asserted with a 2× margin: the whole suite shares two cores with other browser tests, and a relaunch
 * includes loading the page and signing in. The measured times (logged, docs/realtime.md) are the
 * numbers to judge by: 1.7–2.1 s on this machine.
 */
const LOADED_MACHINE_MARGIN = 2
const CASE_TIMEOUT_MS = 150_000
/** Issue 30's bound for a connection that hung: live data within 5 s of the network being back. */
const HANG_DATA_WITHIN_MS = 5_000
/**
 * Asserted with a 1.5× margin for the shared machine (the policy's own part is a 3 s handshake deadline;
 * the rest is a new handshake and the listeners' data on a loaded machine); the logged times are the numbers to judge by.
 */
const HANG_MARGIN = 1.5

/** A place of its own in Singapore, so no other test touches these drops. */
const somewhereInSingapore = () => ({ lat: 1.33 + Math.random() * 0.1, lng: 103.85 + Math.random() * 0.12 })

async function openPlayer(
  name: string,
  link: { connectDelayMs?: number; frameLatencyMs?: number } = {},
): Promise<{ session: AppSession; socket: DatabaseSocketControl }> {
  const session = await openSession(browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      geolocation: { position: somewhereInSingapore(), accuracy: 5, interval: 1000 },
    },
    username: `${name}-${Date.now().toString(36)}`,
  })
  const socket = await controlDatabaseSocket(session.context)
  socket.setConnectDelay(link.connectDelayMs ?? 0)
  socket.setLatency(link.frameLatencyMs ?? 0)
  return { session, socket }
}

/** Home shows the player's data: the nearest drops listed and today's progress in words. */
async function homeShowsData(page: Page, timeout: number) {
  const nearest = page.getByRole('region', { name: 'Nearest drops' })
  await nearest.getByRole('listitem').first().waitFor({ timeout })
  await page
    .getByTestId('progress-goal')
    .filter({ hasText: /of 3 finds today|Goal/ })
    .waitFor({ timeout })
}

/** Today's progress as the server writes it, in Singapore's day (far from midnight while the suite runs at night UTC). */
function progressOf(today: number): Progress {
  const timeZone = 'Asia/Singapore'
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  return { timeZone, day, today, streak: 1, best: 1, updatedAt: Date.now(), timeZoneSince: Date.now() }
}

/** The app's one offline banner (under the top bar), by the reason it gives. */
const offlineBanner = (page: Page) => page.locator('.offline-banner')

/** The page's `firebase:previous_websocket_failure` flag (the SDK's memory of a failed websocket). */
const rememberedWebsocketFailure = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('firebase:previous_websocket_failure'))

describe('chaos: the realtime connection', () => {
  test(
    'behavior: offline blip then relaunch: the next launch shows home and the map within 3 s of the network being back',
    async () => {
      await awayFromWindowEnd()
      const { session, socket } = await openPlayer('blip')
      const { context } = session
      try {
        await session.page.goto(appUrl('/'))
        await homeGreeting(session.page).waitFor()
        await homeShowsData(session.page, 30_000)

        // The phone loses its network; the SDK tries again while offline and fails.
        await goOffline(context, socket)
        // The player is told, in plain words.
        await offlineBanner(session.page).waitFor()
        expect(await offlineBanner(session.page).textContent()).toBe(en[offlineBannerMessages.device])
        await expect.poll(() => socket.refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
        // What the SDK keeps for the next launch: this is what made it start with long polling.
        expect(await rememberedWebsocketFailure(session.page)).toBe('true')
        await session.page.close()

        // Later, back online, the player opens the app again (same storage, a new page).
        await goOnline(context, socket)
        const backAt = Date.now()
        const page = await context.newPage()
        // The session watches its first page; this one is watched here, the same way.
        const relaunched = { requests: [] as string[], console: [] as string[] }
        page.on('request', (request) => relaunched.requests.push(request.url()))
        page.on('console', (message) => relaunched.console.push(message.text()))
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await homeShowsData(page, DATA_WITHIN_MS * 5)
        const homeMs = Date.now() - backAt
        expect(await offlineBanner(page).count()).toBe(0)
        await screenshot(page, 'relaunch-after-blip')
        await page
          .getByRole('link', { name: /Open the map/ })
          .first()
          .click()
        await page.waitForURL((url) => url.pathname === '/map')
        const mapAt = Date.now()
        await page
          .locator('.map-drop')
          .first()
          .waitFor({ timeout: DATA_WITHIN_MS * 5 })
        const mapMs = Date.now() - mapAt
        console.info(
          `[chaos] relaunch after a blip: home data ${homeMs} ms after the network was back, map drops ${mapMs} ms after opening it`,
        )
        expect(homeMs).toBeLessThanOrEqual(DATA_WITHIN_MS * LOADED_MACHINE_MARGIN)
        expect(mapMs).toBeLessThanOrEqual(DATA_WITHIN_MS * LOADED_MACHINE_MARGIN)
        // Never the long-polling fallback: it loads a <script> from the database host, refused by the CSP.
        expect(relaunched.requests.filter((url) => /\/\.lp\?/.test(url))).toEqual([])
        expect(relaunched.console.filter((text) => /^\[csp-violation\]|Refused to|Content Security Policy/.test(text))).toEqual(
          [],
        )
      } finally {
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: websocket refused then allowed: a live listener recovers on the same page, without a reload',
    async () => {
      const { session, socket } = await openPlayer('refused')
      const { page } = session
      let admin: StackDatabase | undefined
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await homeShowsData(page, 30_000)
        const uid = await simulatorAddress(page)
        admin = openPlayerDatabase(uid)
        await markPage(page)

        // The database becomes unreachable for a while; the device stays online.
        socket.refuse()
        await socket.dropAll()
        await expect.poll(() => socket.refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
        // Past the banner's grace, the player is told the game cannot be reached (the device itself is online).
        await offlineBanner(page).waitFor({ timeout: 10_000 })
        expect(await offlineBanner(page).textContent()).toBe(en[offlineBannerMessages.server])
        // A find recorded by the server meanwhile (as another device of the player would).
        await admin.database.ref(databasePaths.progress(uid)).set(progressOf(1))
        await new Promise((resolve) => setTimeout(resolve, 3_000))

        socket.allow()
        const backAt = Date.now()
        await page.getByTestId('progress-goal').filter({ hasText: '1 of 3 finds today' }).waitFor({ timeout: 30_000 })
        const liveMs = Date.now() - backAt
        console.info(`[chaos] websocket refused then allowed: the live listener showed the change ${liveMs} ms after`)
        expect(liveMs).toBeLessThanOrEqual(DATA_WITHIN_MS * 3)
        await offlineBanner(page).waitFor({ state: 'detached', timeout: 10_000 })
        expect(await pageWasNotReloaded(page)).toBe(true)
      } finally {
        await admin?.close()
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: the database restarted mid-session: every socket dropped, refused a few seconds, then back: the app recovers and nothing is lost',
    async () => {
      const { session, socket } = await openPlayer('restart')
      const { page } = session
      let admin: StackDatabase | undefined
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await homeShowsData(page, 30_000)
        const uid = await simulatorAddress(page)
        admin = openPlayerDatabase(uid)
        await markPage(page)
        // What the server kept for this player before the restart (a new player may have no profile yet).
        const profileBefore = (await admin.read<Record<string, unknown>>(databasePaths.profile(uid))) ?? {}
        const inventoryBefore = await admin.read(databasePaths.inventory(uid))

        socket.refuse()
        await socket.dropAll()
        const progress = progressOf(2)
        await admin.database.ref(databasePaths.progress(uid)).set(progress)
        // Down past the banner's grace: the player is told, in plain words.
        await offlineBanner(page).waitFor({ timeout: 10_000 })
        expect(await offlineBanner(page).textContent()).toBe(en[offlineBannerMessages.server])
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        socket.allow()
        const backAt = Date.now()

        await page.getByTestId('progress-goal').filter({ hasText: '2 of 3 finds today' }).waitFor({ timeout: 30_000 })
        const liveMs = Date.now() - backAt
        console.info(`[chaos] database restarted: the app showed the server's data again ${liveMs} ms after it was back`)
        expect(liveMs).toBeLessThanOrEqual(DATA_WITHIN_MS * 3)
        await homeShowsData(page, 5_000)
        await offlineBanner(page).waitFor({ state: 'detached', timeout: 10_000 })
        expect(await pageWasNotReloaded(page)).toBe(true)
        // Nothing lost: the profile is what it was, plus the progress written meanwhile.
        expect(await admin.read(databasePaths.profile(uid))).toEqual({ ...profileBefore, progress })
        expect(await admin.read(databasePaths.inventory(uid))).toEqual(inventoryBefore)
      } finally {
        await admin?.close()
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )
  test(
    'behavior: a connection that hangs (accepted, never answered, the device still online): live data within 5 s of the network being back, on the same page',
    async () => {
      const { session, socket } = await openPlayer('hang')
      const { page } = session
      let admin: StackDatabase | undefined
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await homeShowsData(page, 30_000)
        const uid = await simulatorAddress(page)
        admin = openPlayerDatabase(uid)
        await markPage(page)

        // Hangs of different lengths, so the network comes back at different points of the app's attempts.
        const rounds = [
          { hangMs: 5_000, today: 1 },
          { hangMs: 11_000, today: 2 },
          { hangMs: 7_000, today: 1 },
        ]
        const times: number[] = []
        for (const { hangMs, today } of rounds) {
          const hungBefore = socket.hung
          // The network goes bad: the open socket dies, every new one is taken and never answered.
          socket.hang()
          await socket.dropAll()
          await admin.database.ref(databasePaths.progress(uid)).set(progressOf(today))
          await new Promise((resolve) => setTimeout(resolve, hangMs))
          // It really hung: the app tried, nothing came through.
          expect(socket.hung).toBeGreaterThan(hungBefore)
          expect(
            await page
              .getByTestId('progress-goal')
              .filter({ hasText: `${today} of 3 finds today` })
              .count(),
          ).toBe(0)

          socket.allow()
          const backAt = Date.now()
          await page
            .getByTestId('progress-goal')
            .filter({ hasText: `${today} of 3 finds today` })
            .waitFor({ timeout: 30_000 })
          times.push(Date.now() - backAt)
        }
        console.info(
          `[chaos] hanging connection: live data ${times.join(', ')} ms after the network was back (hangs of ${rounds.map((round) => round.hangMs).join(', ')} ms; ${socket.hung} sockets hung, ${socket.abandoned} given up on)`,
        )
        for (const ms of times) expect(ms).toBeLessThanOrEqual(HANG_DATA_WITHIN_MS * HANG_MARGIN)
        await homeShowsData(page, 5_000)
        await offlineBanner(page).waitFor({ state: 'detached', timeout: 10_000 })
        expect(await pageWasNotReloaded(page)).toBe(true)
        await screenshot(page, 'hanging-connection-recovered')
      } finally {
        await admin?.close()
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: a poor link (400 ms round trip): the app connects, reconnects after a drop, and never gives up on an attempt that would have made it',
    async () => {
      // TCP, TLS and the websocket upgrade: three round trips before the socket opens; then 200 ms each way per frame.
      const { session, socket } = await openPlayer('poor', { connectDelayMs: 1_200, frameLatencyMs: 200 })
      const { page } = session
      let admin: StackDatabase | undefined
      try {
        await emulateNetwork(page, { latencyMs: 400 })
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor({ timeout: 60_000 })
        await homeShowsData(page, 60_000)
        const uid = await simulatorAddress(page)
        admin = openPlayerDatabase(uid)
        await markPage(page)
        expect(socket.abandoned).toBe(0)

        // The link drops the socket; the app reconnects over the same slow link.
        await socket.dropAll()
        await admin.database.ref(databasePaths.progress(uid)).set(progressOf(2))
        const droppedAt = Date.now()
        await page.getByTestId('progress-goal').filter({ hasText: '2 of 3 finds today' }).waitFor({ timeout: 30_000 })
        const liveMs = Date.now() - droppedAt
        // A while longer on the slow link: still no attempt cut short, no socket churn.
        await new Promise((resolve) => setTimeout(resolve, 10_000))
        console.info(
          `[chaos] poor link: the live listener showed the change ${liveMs} ms after the drop; ${socket.opened} sockets opened, ${socket.abandoned} given up on`,
        )
        expect(socket.abandoned).toBe(0)
        expect(socket.open).toBeGreaterThanOrEqual(1)
        expect(await pageWasNotReloaded(page)).toBe(true)
      } finally {
        await admin?.close()
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: a cold start offline: the app opened with no network shows data within 3 s of the network coming back, without a reload',
    async () => {
      await awayFromWindowEnd()
      const { session, socket } = await openPlayer('cold')
      const { context } = session
      try {
        // Played once before: signed in, drops spawned here.
        await session.page.goto(appUrl('/'))
        await homeGreeting(session.page).waitFor()
        await homeShowsData(session.page, 30_000)
        await session.page.close()

        // Later, no network at all; the app's own files are on the phone (World App keeps the mini app's page).
        const shell = await serveAppShellOffline(context)
        await goOffline(context, socket)
        const page = await context.newPage()
        await page.goto(appUrl('/'))
        // Chromium 150 with Playwright 1.65 starts a navigated document with navigator.onLine true under the
        // context's offline emulation (its requests still fail): set it again, as a phone's radio would say.
        await context.setOffline(false)
        await context.setOffline(true)
        await homeGreeting(page).waitFor({ timeout: 15_000 })
        await offlineBanner(page).waitFor()
        expect(await offlineBanner(page).textContent()).toBe(en[offlineBannerMessages.device])
        await markPage(page)
        // A while offline: whatever the app tried failed.
        await new Promise((resolve) => setTimeout(resolve, 4_000))

        await shell.stop()
        await goOnline(context, socket)
        const backAt = Date.now()
        await homeShowsData(page, DATA_WITHIN_MS * 5)
        const homeMs = Date.now() - backAt
        console.info(`[chaos] cold start offline: home data ${homeMs} ms after the network was back`)
        expect(homeMs).toBeLessThanOrEqual(DATA_WITHIN_MS * LOADED_MACHINE_MARGIN)
        await offlineBanner(page).waitFor({ state: 'detached', timeout: 10_000 })
        expect(await pageWasNotReloaded(page)).toBe(true)
      } finally {
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )
})

/**
 * While the context is offline, the app's own page and files (GET, the app's
 * origin) are served from the test process, as the phone's copy of the mini
 * app would be; everything else fails as offline. `stop()` removes it.
 */
async function serveAppShellOffline(context: BrowserContext): Promise<{ stop(): Promise<void> }> {
  const origin = new URL(appUrl('/')).origin
  const shellTypes = new Set(['document', 'script', 'stylesheet', 'image', 'font', 'manifest'])
  const handler = async (route: Route) => {
    const request = route.request()
    if (request.method() !== 'GET' || !shellTypes.has(request.resourceType())) return route.abort('internetdisconnected')
    // Fetched by the test process, outside the page's offline network.
    return route.fulfill({ response: await route.fetch() })
  }
  const pattern = (url: URL) => url.origin === origin
  await context.route(pattern, handler)
  // A page the test process answered has no address of its own, so Chromium's local-network checks would refuse
  // its calls to the stack on 127.0.0.1; a deployed page and its backend are both public, and never hit them.
  await context.grantPermissions(['local-network-access'], { origin })
  return { stop: () => context.unroute(pattern, handler) }
}

/** Leave a mark in the page's window: it survives anything but a reload or a navigation away. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __chaosMark: true }))
const pageWasNotReloaded = (page: Page) => page.evaluate(() => (window as { __chaosMark?: boolean }).__chaosMark === true)
