// The crowd limit as a player meets it (issues 22 and 33): unverified
// accounts on the player's own network (a crowd behind the same carrier NAT)
// have used up its share of spawns for the window, so a new, unverified
// player there is told in plain words that verifying wakes the area up — with
// the link to do it — instead of an empty map and no reason.

import { createHmac } from 'node:crypto'

import { encodeGeohash, SPAWN_WINDOW_MS } from '@worldmap/game'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { openStackDatabase } from './chaos/chaos.js'
import { awayFromWindowEnd, isEnsureDropsNear, TEST_TIMEOUT_MS } from './drops.js'
import { appUrl, openSession, randomPrivateKey, screenshot } from './harness.js'

/** The player's network: a TEST-NET address no other test names. */
const NETWORK = '203.0.113.201'

/**
 * The counter bucket the functions give a network (`sourceBucketOf` in
 * apps/functions: 4 hex digits of HMAC(nonce secret, network)), written here
 * because the app's tests do not import the functions' code.
 */
function bucketOf(network: string): string {
  const stack = JSON.parse(process.env.WORLDMAP_STACK ?? '{}') as { nonceSecret?: string }
  if (!stack.nonceSecret) throw new Error('WORLDMAP_STACK names no nonce secret')
  return createHmac('sha256', stack.nonceSecret).update(network).digest('hex').slice(0, 4)
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('crowd limit', () => {
  test(
    "behavior: a new unverified player in an area a crowd put to sleep sees the map and 'Verify you're human to wake it up'",
    async () => {
      await awayFromWindowEnd(60_000)
      // Kuala Lumpur, where no other test plays: putting Singapore to sleep would refuse other tests' spawns.
      const start = { lat: 3.1 + Math.random() * 0.05, lng: 101.65 + Math.random() * 0.05 }
      const region = encodeGeohash(start.lat, start.lng, 4)
      const admin = openStackDatabase()
      // What a crowd on this player's network leaves behind: the network's share of this region, used up.
      const window = Math.floor(Date.now() / SPAWN_WINDOW_MS)
      const counter = `crowd/${window}/spawnRegion/${region}/${bucketOf(NETWORK)}`
      await admin.database.ref(counter).set({ window, n: 1_000 })
      const session = await openSession(browser, {
        simulator: { privateKey: randomPrivateKey(), geolocation: { position: start, accuracy: 5, interval: 250 } },
      })
      const { page } = session
      // The player's calls arrive from NETWORK, as Google's front end would say (the last X-Forwarded-For entry).
      await page
        .context()
        .route('**/ensureDropsNear', (route) =>
          route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': NETWORK } }),
        )
      try {
        const refused = page.waitForResponse(isEnsureDropsNear)
        await page.goto(appUrl('/map'))
        expect((await refused).status()).toBe(429)
        const notice = page.locator('.map-notice')
        await notice.waitFor()
        expect(await notice.textContent()).toMatch(
          /^This area is asleep\. Verify you're human to wake it up, or come back in \d+ min\.×$/,
        )
        expect(await notice.getByRole('link', { name: "Verify you're human" }).getAttribute('href')).toBe('/?next=%2Fmap')
        // The map itself is there (no error banner): information, not an alarm.
        expect(await page.getByRole('alert').count()).toBe(0)
        await screenshot(page, 'map-area-asleep')
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
        await admin.database.ref(counter).remove()
        await admin.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
