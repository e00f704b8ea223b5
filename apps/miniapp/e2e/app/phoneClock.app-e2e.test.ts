// A phone whose clock is wrong (issue 30, point 2): the game follows the
// server's clock, not the phone's. Every `Date` in the page — the app's, the
// Firebase SDK's, the simulator's (which stamps the sign-in message's Issued
// At, as World App does) — reads the phone's clock, skewed by an init script;
// timers run normally, as on a real phone.
//
// For each skew a returning player (signed in and verified earlier with a
// right clock; the phone's clock changed since) and a new player open the
// app: within 12 hours both see the drops around them on home and on the map
// and collect one; beyond it the new player reads that the phone's clock is
// wrong and how to fix it. Drops are written beside the player through the
// Admin SDK in the server's spawn window (seedDrop), so no case waits on a walk.

import { databasePaths, type LatLng } from '@worldmap/game'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { openPlayerDatabase } from './chaos/chaos.js'
import { awayFromWindowEnd, north, seedDrop, TEST_TIMEOUT_MS } from './drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'
import { tapCollect, verifyWithWorldId } from './screens.js'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const CLOCK_WRONG = "Your phone's date and time are wrong, so you can't sign in."

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})

/** The returning player: signed in and verified with a right clock, standing at `start`. */
interface ReturningPlayer {
  uid: string
  privateKey: `0x${string}`
  identitySeed: string
  start: LatLng
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>
}

/** Somewhere of this file's own in Jakarta (outside the stack's region table: one database instance). */
const somewhere = (): LatLng => ({ lat: -6.15 - Math.random() * 0.1, lng: 106.95 + Math.random() * 0.1 })

const simulatorFor = (privateKey: `0x${string}`, identitySeed: string, start: LatLng) => ({
  privateKey,
  identity: { seed: identitySeed },
  geolocation: { position: start, accuracy: 5, interval: 250 },
})

let returning: Promise<ReturningPlayer> | undefined
/** Set up once, inside the first test that needs it (a session checks its page when its test ends), shared by the rest. */
function returningPlayer(): Promise<ReturningPlayer> {
  returning ??= (async () => {
    const start = somewhere()
    const privateKey = randomPrivateKey()
    const identitySeed = `phone-clock-${Date.now()}-${Math.random()}`
    const session = await openSession(browser, {
      simulator: simulatorFor(privateKey, identitySeed, start),
      username: 'clock.e2e',
    })
    try {
      await session.page.goto(appUrl('/'))
      await homeGreeting(session.page).waitFor()
      await verifyWithWorldId(session.page)
      const uid = await simulatorAddress(session.page)
      return { uid, privateKey, identitySeed, start, storageState: await session.context.storageState({ indexedDB: true }) }
    } finally {
      await session.close()
    }
  })()
  return returning
}

afterAll(async () => {
  await browser?.close()
})

/** How far the page's clock is from this process's (the server's), ms. */
const pageSkew = (page: Page) => page.evaluate(() => Date.now()).then((phone) => phone - Date.now())

/**
 * The player sees the drop written beside them on home and on the map, with
 * no false "exploring fast" notice, and collects it: the reveal opens.
 */
async function seesAndCollects(page: Page, dropId: string, screenshotName?: string) {
  const nearest = page.getByRole('region', { name: 'Nearest drops' })
  await nearest.locator(`a[href*="${dropId}"]`).waitFor({ timeout: 30_000 })
  expect(await page.getByText('No drops near you right now').count()).toBe(0)
  if (screenshotName) await screenshot(page, screenshotName)

  expect((await tapCollect(page, dropId)).status()).toBe(200)
  await page.locator('.catch-reveal [role="dialog"]').waitFor()
}

/** No false "You're exploring fast": the spawn calls were few (no window loop) and none was refused. */
function expectNoSpawnLoop(session: AppSession) {
  const spawns = session.requests.filter((request) => request.url.endsWith('/ensureDropsNear'))
  const refused = session.console.filter((entry) => entry.url?.endsWith('/ensureDropsNear'))
  expect({ calls: spawns.length <= 4 ? 'few' : spawns.length, refused }).toEqual({ calls: 'few', refused: [] })
  return expect.poll(() => session.page.getByText("You're exploring fast").count()).toBe(0)
}

const SKEWS = [
  ['−1 day', -DAY],
  ['−2 h', -2 * HOUR],
  ['+2 h', 2 * HOUR],
  ['+1 day', DAY],
] as const

describe('a phone whose clock is off', () => {
  test.each(SKEWS)(
    'behavior: %s — the returning player sees the drops beside them on home and the map, and collects one',
    async (name, skew) => {
      const returning = await returningPlayer()
      await awayFromWindowEnd()
      // One account opening the app five times in a minute would run out of spawn tokens (20, one per 30 s, and
      // a player verified a moment ago starts from the unverified 3): a full bucket, as after a while away.
      const admin = openPlayerDatabase(returning.uid)
      try {
        await admin.database.ref(`${databasePaths.player(returning.uid)}/spawn`).remove()
      } finally {
        await admin.close()
      }
      const index = SKEWS.findIndex(([each]) => each === name)
      const dropId = await seedDrop(north(returning.start, 12), 'gem', 'rare', index)
      const session = await openSession(browser, {
        simulator: simulatorFor(returning.privateKey, returning.identitySeed, returning.start),
        username: 'clock.e2e',
        storageState: returning.storageState,
        clockSkewMs: skew,
      })
      try {
        const { page } = session
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        expect(Math.abs((await pageSkew(page)) - skew)).toBeLessThan(5000)
        await seesAndCollects(page, dropId, skew === 2 * HOUR ? 'clock-ahead-home' : undefined)
        await expectNoSpawnLoop(session)
        expect(session.pageErrors).toEqual([])
        // The Firebase SDK judges its stored token on the phone's clock: moved ahead past the token's expiry, it
        // refreshes it (and all works); moved back, it keeps the token, which the server still accepts for its hour
        // (keepIdTokenFresh replaces it on the server's clock before that hour is out).
        const refreshed = session.requests.some((request) => request.url.includes('/securetoken.googleapis.com/v1/token'))
        expect(refreshed).toBe(skew > 0)
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test.each(SKEWS.filter(([, skew]) => Math.abs(skew) < DAY))(
    'behavior: %s — a new player signs in, verifies, sees the drops beside them and collects one',
    async (_name, skew) => {
      await awayFromWindowEnd()
      const start = somewhere()
      const dropId = await seedDrop(north(start, 12), 'coin', 'common', 0)
      const session = await openSession(browser, {
        simulator: simulatorFor(randomPrivateKey(), `phone-clock-new-${Date.now()}-${Math.random()}`, start),
        username: `clock-${Date.now().toString(36)}`,
        clockSkewMs: skew,
      })
      try {
        const { page } = session
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await verifyWithWorldId(page)
        await seesAndCollects(page, dropId)
        await expectNoSpawnLoop(session)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test.each(SKEWS.filter(([, skew]) => Math.abs(skew) >= DAY))(
    'error: %s — a new player reads that the phone’s clock is wrong and how to fix it, not "check your connection"',
    async (_name, skew) => {
      const session = await openSession(browser, {
        simulator: { privateKey: randomPrivateKey() },
        username: `clock-${Date.now().toString(36)}`,
        clockSkewMs: skew,
      })
      try {
        const { page } = session
        await page.goto(appUrl('/'))
        const alert = page.getByRole('alert')
        await alert.waitFor()
        expect(await alert.textContent()).toBe(
          `${CLOCK_WRONG} In your phone's settings, set Date & Time to automatic, then try again.`,
        )
        expect(await page.getByText('Check your connection').count()).toBe(0)
        // Told before the wallet opened: no sign-in message was signed for a sign-in that could not pass.
        const walletAuths = await page.evaluate(
          () => (window.worldmapSimulator?.received ?? []).filter((message) => message.command === 'wallet-auth').length,
        )
        expect(walletAuths).toBe(0)
        await page.getByRole('button', { name: 'Retry' }).waitFor()
        if (skew < 0) await screenshot(page, 'clock-wrong-signin')
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
