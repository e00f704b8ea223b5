// The game loop end to end: a new wallet signs in, becomes a verified human
// (Verify on the profile), walks up to a drop the server spawned (ensureDropsNear), collects it on the
// map (collectDrop) and finds it in the inventory (database listener) — the
// production app against the real Functions emulator and database.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dropName } from '../../src/features/map/dropName.js'
import type { MapDrop } from '../../src/features/map/mapDropSchema.js'
import { rarityColors } from '../../src/features/map/rarityColors.js'
import { launchChromium } from '../launchChromium.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'

/** Drops live for one 30-minute spawn window (apps/functions dropsForCell). */
const SPAWN_WINDOW_MS = 30 * 60 * 1000
const M_PER_DEG_LAT = 111_195

/** A drop as `ensureDropsNear` lists it. */
type ServerDrop = Pick<MapDrop, 'id' | 'lat' | 'lng' | 'kind' | 'rarity'>

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad)
  const y = (b.lat - a.lat) * rad
  return Math.hypot(x, y) * 6_371_000
}

describe('collect a drop', () => {
  test('behavior: a verified user sees drops on the map, collects one within 50 m, and finds it in the inventory', async () => {
    // Start well inside a spawn window, so the drops seen stay live for the whole test.
    const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
    if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 500))

    // A place of its own (in Singapore), so no other test has touched these drops.
    const start = { lat: 1.33 + Math.random() * 0.1, lng: 103.85 + Math.random() * 0.12 }
    const session = await openSession(browser, {
      simulator: {
        privateKey: randomPrivateKey(),
        identity: { seed: `collector-${Date.now()}-${Math.random()}` },
        geolocation: { position: start, accuracy: 5, interval: 250 },
      },
      username: 'collector.e2e',
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()

      // 1. Become a verified human on the profile (World ID through the simulator, checked by verifyHuman).
      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      const worldId = page.getByRole('region', { name: 'World ID' })
      await worldId.getByRole('button', { name: 'Verify' }).click()
      await worldId.getByText('Verified human · Orb').waitFor()
      await page.getByRole('link', { name: 'Back' }).click()
      await homeGreeting(page).waitFor()

      // 2. The map asks the server for the drops around the player and shows them as markers.
      const spawned = page.waitForResponse((response) => response.url().endsWith('/ensureDropsNear'))
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      const drops = ((await (await spawned).json()) as { result: { drops: ServerDrop[] } }).result.drops
      expect(drops.length).toBeGreaterThanOrEqual(18)
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      // The one nearest the start is on screen; take the one among the close ones with the most room around it.
      const candidates = drops.filter((drop) => metres(start, drop) < 250)
      const isolation = (drop: ServerDrop) => Math.min(...drops.filter((o) => o.id !== drop.id).map((o) => metres(drop, o)))
      const target = [...(candidates.length ? candidates : drops)].sort((a, b) => isolation(b) - isolation(a))[0] as ServerDrop
      const marker = page.locator(`.map-drop[data-drop-id="${target.id}"]`)
      await marker.waitFor()
      expect(await page.locator('.map-drop').count()).toBeGreaterThanOrEqual(1)
      expect(await marker.getAttribute('data-rarity')).toBe(target.rarity)
      await screenshot(page, 'map-drops')

      // 3. Walk to 35 m south of it (in reach), centre the map on the new position, tap the drop.
      const near = { lat: target.lat - 35 / M_PER_DEG_LAT, lng: target.lng }
      await page.evaluate((point) => window.worldmapSimulator?.geolocation?.set(point), near)
      await page.waitForFunction(
        (id) => document.querySelector(`.map-drop[data-drop-id="${id}"]`)?.getAttribute('aria-label')?.endsWith(', 35 m away'),
        target.id,
      )
      await page.getByRole('button', { name: 'Centre on my position' }).click()
      await marker.click()
      const sheet = page.getByRole('dialog')
      expect(await sheet.getByRole('heading').textContent()).toBe(dropName(target.kind))
      expect(await sheet.textContent()).toContain(rarityColors[target.rarity].label)
      expect(await sheet.textContent()).toContain('35 m away')
      const collect = sheet.getByRole('button', { name: 'Collect' })
      expect(await collect.isEnabled()).toBe(true)
      await screenshot(page, 'map-drop-sheet')

      // 4. Collect: the server takes it, the drop leaves the map, the phone buzzes.
      const collected = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
      await collect.click()
      const collectReply = await collected
      expect(collectReply.status()).toBe(200)
      expect(((await collectReply.json()) as { result: { itemId: string } }).result).toMatchObject({ itemId: target.id })
      await page.getByText(`${dropName(target.kind)} added to your inventory.`).waitFor()
      await marker.waitFor({ state: 'detached' })
      expect(await sheet.count()).toBe(0)
      const haptics = await page.evaluate(() =>
        (window.worldmapSimulator?.received ?? [])
          .filter((message) => message.command === 'send-haptic-feedback')
          .map((message) => message.payload),
      )
      // One for the verification, one for the collect.
      expect(haptics).toEqual([
        { hapticsType: 'notification', style: 'success' },
        { hapticsType: 'notification', style: 'success' },
      ])
      await screenshot(page, 'map-collected')

      // 5. The inventory (client-side navigation, same session) lists it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      await page.getByRole('link', { name: 'Inventory' }).click()
      await page.waitForURL(appUrl('/inventory'))
      const item = page.locator('.inventory-item')
      await item.first().waitFor()
      expect(await item.count()).toBe(1)
      expect(await item.locator('.inventory-name').textContent()).toBe(dropName(target.kind))
      expect(await item.locator('.rarity-chip').textContent()).toBe(rarityColors[target.rarity].label)
      expect(await item.locator('.visually-hidden').textContent()).toBe('1 collected')
      await screenshot(page, 'inventory')
      expect(session.pageErrors).toEqual([])
      // What failed to load: only the map's internet style (it then draws offline).
      const mayTry = new Set(['https://tiles.openfreemap.org'])
      expect(session.blocked.filter((url) => !mayTry.has(new URL(url).origin))).toEqual([])
      expect(session.console.filter((entry) => entry.type === 'error')).toEqual(
        session.blocked.map(() => ({ type: 'error', text: 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED' })),
      )
    } finally {
      await session.close()
    }
  })
})
