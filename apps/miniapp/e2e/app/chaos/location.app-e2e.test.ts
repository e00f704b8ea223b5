// Chaos on the device's location (issue 20, points 5 and 7): location denied,
// then allowed, on the production build against the local stack. The page
// uses Chromium's own geolocation (the harness's simulator has none), which
// headless Chromium refuses until the context grants it, exactly as a player
// who said no would see it. The case asserts what the player sees in plain
// words, that the default city is only looked at (never sent to the server
// as the player's position, read back through the Admin SDK too), and that
// allowing location brings the map to the player, with drops spawned there,
// in the same page.
import { cellOf, databasePaths, type LatLng, SPAWN_WINDOW_MS, spawnWindowOf, watchCellOf } from '@worldmap/game'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mapDefaults } from '../../../src/features/drops/mapDefaults.js'
import { launchChromium } from '../../launchChromium.js'
import { awayFromWindowEnd } from '../drops.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from '../harness.js'
import { openPlayerDatabase, openStackDatabase, stackRegionRouter } from './chaos.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const CASE_TIMEOUT_MS = 150_000
const city = mapDefaults.city

/** A place of its own, kilometres from the default city, so no other test touches these drops. */
const somewhereElse = (): LatLng => ({ lat: 1.29 + Math.random() * 0.02, lng: 103.85 + Math.random() * 0.02 })

/** The body of a callable request (`{data: …}`), as the page sent it. */
const callableData = (postData: string | null) => {
  try {
    return (JSON.parse(postData ?? '') as { data?: Record<string, unknown> }).data ?? {}
  } catch {
    return {}
  }
}

describe('chaos: location', () => {
  test(
    'behavior: denied, the map says so in plain words and shows the default city read-only; allowed, it moves to the player and drops spawn there, without a reload',
    async () => {
      await awayFromWindowEnd(60_000)
      const session = await openSession(browser, {
        simulator: { privateKey: randomPrivateKey(), identity: { seed: `location-${Date.now()}-${Math.random()}` } },
        username: null,
      })
      const { page, context } = session
      // A drop already lying in the default city (someone else's spawn): the map may show it, never spawn more.
      const window = spawnWindowOf(Date.now()).index
      const cityDropAt = { lat: city.lat + 0.0002, lng: city.lng }
      const cityDropId = `${cellOf(cityDropAt.lat, cityDropAt.lng)}_${window}_0`
      const cityCell = watchCellOf(cityDropAt.lat, cityDropAt.lng)
      const cityCellPath = databasePaths.dropsCell(window, cityCell)
      const here = somewhereElse()
      // Drops live on the instance holding their region (Singapore: region instance 1 on the test stack).
      const router = stackRegionRouter()
      const cityDrops = openStackDatabase(router.instanceOfCell(cityCell))
      const hereDrops = openStackDatabase(router.instanceOfCell(watchCellOf(here.lat, here.lng)))
      try {
        await cityDrops.database
          .ref(`${cityCellPath}/${cityDropId}`)
          .set({ ...cityDropAt, kind: 'gem', rarity: 'rare', expiresAt: (window + 1) * SPAWN_WINDOW_MS })

        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        const uid = await simulatorAddress(page)
        // A verified human (right on home's card), so only the location stands between the player and a collect.
        const verifyCard = page.getByRole('region', { name: "Verify you're human" })
        await verifyCard.getByRole('button', { name: 'Verify' }).click()
        const verified = page.getByRole('region', { name: "You're verified" })
        await verified.getByRole('link', { name: 'Open the map' }).click()
        await page.waitForURL((url) => url.pathname === '/map')
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        // Marks this document: a reload would lose it.
        await page.evaluate(() => {
          ;(window as { chaosSamePage?: boolean }).chaosSamePage = true
        })

        // 1. One clear message, in plain words, with an in-app way to try again.
        const message = page.getByRole('alert').filter({ hasText: 'Location is off.' })
        await message.waitFor()
        expect(await message.textContent()).toBe(
          `Location is off. Showing ${city.name}, to look around only: collecting needs your location. Allow location for World App in your phone's settings, then try again.Try again`,
        )
        const tryAgain = message.getByRole('button', { name: 'Try again' })
        const box = await tryAgain.boundingBox()
        expect(box?.height).toBeGreaterThanOrEqual(44)
        expect(box?.width).toBeGreaterThanOrEqual(44)

        // The city's live drop shows, read-only: Collect is off, and the sheet says why.
        const cityMarker = page.locator(`.map-drop[data-drop-id="${cityDropId}"]`)
        await cityMarker.waitFor()
        await screenshot(page, 'location-denied')
        await cityMarker.click()
        const sheet = page.getByRole('dialog')
        await sheet.getByText('Turn on location to collect drops.').waitFor()
        expect(await sheet.getByRole('button', { name: 'Collect' }).isDisabled()).toBe(true)
        await screenshot(page, 'location-denied-sheet')
        await sheet.getByRole('button', { name: 'Close' }).click()

        // Try again while still refused: the platform is asked again and says no again; the same message.
        await tryAgain.click()
        await message.waitFor()
        // No travel warning: nothing was reported as the player's position.
        expect(await page.getByText('Your location jumped').count()).toBe(0)
        expect(await page.locator('.map-player').count()).toBe(0)

        // 2. The player allows location (the platform's change, as when they come back from the settings).
        await context.setGeolocation({ latitude: here.lat, longitude: here.lng, accuracy: 5 })
        const allowedAt = Date.now()
        await context.grantPermissions(['geolocation'], { origin: appUrl('/') })
        // The message goes, the map is on the player, and drops spawn around them.
        await page.locator('.map-player').waitFor({ timeout: 15_000 })
        console.info(`[chaos] location allowed → the player on the map in ${Date.now() - allowedAt} ms`)
        await expect.poll(() => message.count(), { timeout: 5_000 }).toBe(0)
        const dot = await page.locator('.map-player').boundingBox()
        const viewport = page.viewportSize()
        expect(dot && viewport && dot.x > 0 && dot.y > 0 && dot.x < viewport.width && dot.y < viewport.height).toBe(true)
        await page.locator('.map-drop').first().waitFor({ timeout: 20_000 })
        await screenshot(page, 'location-allowed')
        // The same document throughout.
        expect(await page.evaluate(() => (window as { chaosSamePage?: boolean }).chaosSamePage)).toBe(true)

        // 3. No request ever carried the default city; what the server spawned around was the player.
        const calls = session.requests
          .filter((request) => /\/(ensureDropsNear|collectDrop)$/.test(request.url))
          .map((request) => ({ url: request.url, data: callableData(request.postData) }))
        expect(calls.length).toBeGreaterThanOrEqual(1)
        for (const call of calls) {
          expect(call.data, call.url).not.toMatchObject({ lat: city.lat, lng: city.lng })
          expect(call.data).toMatchObject({ lat: here.lat, lng: here.lng })
        }
        // Read back: the server's travel gate holds the player's real position, drops spawned around it.
        const gate = openPlayerDatabase(uid)
        const player = await gate
          .read<{ last?: { lat: number; lng: number } }>(databasePaths.player(uid))
          .finally(() => gate.close())
        expect(player?.last).toMatchObject({ lat: here.lat, lng: here.lng })
        const spawned = await hereDrops.read<Record<string, unknown>>(
          databasePaths.dropsCell(window, watchCellOf(here.lat, here.lng)),
        )
        expect(Object.keys(spawned ?? {}).length).toBeGreaterThan(0)
        // And nothing spawned in the default city's cell beyond the drop this test put there.
        expect(Object.keys((await cityDrops.read<Record<string, unknown>>(cityCellPath)) ?? {})).toEqual([cityDropId])
        expect(session.pageErrors).toEqual([])
      } finally {
        await cityDrops.database.ref(`${cityCellPath}/${cityDropId}`).remove()
        await Promise.all([cityDrops.close(), hereDrops.close()])
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )
})
