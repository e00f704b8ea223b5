// The crowd limit as a player meets it (issue 22, point 1): unverified
// accounts have used up this region's spawns for the window, so a new,
// unverified player here is told in plain words that verifying wakes the
// area up — with the link to do it — instead of an empty map and no reason.

import { encodeGeohash, SPAWN_WINDOW_MS } from '@worldmap/game'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { openStackDatabase } from './chaos/chaos.js'
import { awayFromWindowEnd, isEnsureDropsNear, TEST_TIMEOUT_MS } from './drops.js'
import { appUrl, openSession, randomPrivateKey, screenshot } from './harness.js'

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
      // What 30 throwaway wallets leave behind: this region's unverified share of the window, used up.
      await admin.database
        .ref(`crowd/spawn/regions/${region}`)
        .set({ window: Math.floor(Date.now() / SPAWN_WINDOW_MS), n: 1_000 })
      const session = await openSession(browser, {
        simulator: { privateKey: randomPrivateKey(), geolocation: { position: start, accuracy: 5, interval: 250 } },
      })
      const { page } = session
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
        await admin.database.ref(`crowd/spawn/regions/${region}`).remove()
        await admin.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
