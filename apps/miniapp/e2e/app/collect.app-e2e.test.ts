// The game loop end to end: a new wallet signs in, its home shows the drops
// nearest it (ensureDropsNear spawned them, the client reads only the 9 watch
// cells around it), it becomes a verified human (Verify on the profile), walks
// up to a drop on the map, collects it (collectDrop) and finds it in the
// inventory (database listener) — the production app against the real
// Functions emulator and database. And a player who spawns faster than the
// quota allows keeps the drops already there and is told why in plain words.

import {
  type DropKind,
  databasePaths,
  EARTH_RADIUS_METERS,
  type LatLng,
  type Rarity,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  watchCellsAround,
} from '@worldmap/game'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dropName } from '../../src/features/map/dropName.js'
import { rarityColors } from '../../src/features/map/rarityColors.js'
import { launchChromium } from '../launchChromium.js'
import { type AppSession, appUrl, databaseListens, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const west = (from: LatLng, meters: number): LatLng => ({
  lat: from.lat,
  lng: from.lng - meters / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
})

/** `ensureDropsNear`'s reply (docs/data-model.md). */
interface EnsureDropsNearReply {
  window: number
  expiresAt: number
  cells: string[]
  spawned: number
}

/** A drop marker as the map draws it. */
interface MarkerOnScreen {
  id: string
  kind: DropKind
  rarity: Rarity
  /** Metres from the player, from the marker's accessible name. */
  distance: number
  x: number
  y: number
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Each test may first wait out the end of a spawn window (up to a minute) and then walks, collects and
 * spawns in real time, on a machine running the other browser tests too.
 */
const TEST_TIMEOUT_MS = 180_000

/** Start well inside a spawn window, so the drops seen stay live for the whole test. */
async function awayFromWindowEnd(marginMs: number) {
  const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500))
}

const isEnsureDropsNear = (response: Response) => response.url().endsWith('/ensureDropsNear')

/** The drop markers on the map, with their screen position and distance. */
function markersOnScreen(page: Page): Promise<MarkerOnScreen[]> {
  return page.locator('.map-drop').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect()
      const label = element.getAttribute('aria-label') ?? ''
      const [, amount = 'NaN', unit] = /, ([\d.]+) (m|km) away$/.exec(label) ?? []
      const data = (element as HTMLElement).dataset
      return {
        id: data.dropId ?? '',
        kind: data.kind as DropKind,
        rarity: data.rarity as Rarity,
        distance: Number(amount) * (unit === 'km' ? 1000 : 1),
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      }
    }),
  )
}

/** The drop paths the page listened to, each checked to be one watch cell of one window. */
function dropListens(session: AppSession) {
  const listens = databaseListens(session.socketFrames).filter((entry) => /^drops(\/|$)/.test(entry.path))
  for (const { path } of listens) expect(path).toMatch(/^drops\/\d+\/[0-9b-hjkmnp-z]{6}$/)
  return listens
}

describe('collect a drop', () => {
  test(
    'behavior: a verified user sees the drops nearest them, collects one within 50 m on the map, and finds it in the inventory',
    async () => {
      await awayFromWindowEnd(60_000)
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
        // 1. Home asks the server to spawn around the player and lists the nearest drops.
        const spawned = page.waitForResponse(isEnsureDropsNear)
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        const spawnReply = ((await (await spawned).json()) as { result: EnsureDropsNearReply }).result
        expect(spawnReply).toEqual({
          window: spawnWindowOf(Date.now()).index,
          expiresAt: spawnWindowOf(Date.now()).end,
          cells: watchCellsAround(start.lat, start.lng),
          spawned: 9,
        })
        const nearest = page.getByRole('region', { name: 'Nearest drops' })
        await nearest.getByRole('listitem').first().waitFor()
        expect(await nearest.getByRole('listitem').count()).toBe(3)
        await screenshot(page, 'home-nearest-drops')

        // Only the 9 watch cells around the player, never /drops or a whole window.
        const cellPaths = new Set(spawnReply.cells.map((cell) => databasePaths.dropsCell(spawnReply.window, cell)))
        expect(new Set(dropListens(session).map((entry) => entry.path))).toEqual(cellPaths)

        // 2. Become a verified human on the profile (World ID through the simulator, checked by verifyHuman).
        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        const worldId = page.getByRole('region', { name: 'World ID' })
        await worldId.getByRole('button', { name: 'Verify' }).click()
        await worldId.getByText('Verified human · Orb').waitFor()
        await page.getByRole('link', { name: 'Back' }).click()
        await homeGreeting(page).waitFor()

        // 3. The map shows the drops of the same cells as markers.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        await page.locator('.map-drop').first().waitFor()
        expect(new Set(dropListens(session).map((entry) => entry.path))).toEqual(cellPaths)
        // Take a close drop with the most room around it on screen, so the tap lands on it.
        const markers = (await markersOnScreen(page)).filter(
          (marker) => marker.x > 40 && marker.x < 350 && marker.y > 140 && marker.y < 680,
        )
        expect(markers.length).toBeGreaterThanOrEqual(1)
        const room = (marker: MarkerOnScreen) =>
          Math.min(
            Infinity,
            ...markers.filter((other) => other.id !== marker.id).map((o) => Math.hypot(o.x - marker.x, o.y - marker.y)),
          )
        const close = markers.filter((marker) => marker.distance < 300)
        const target = [...(close.length ? close : markers)].sort((a, b) => room(b) - room(a))[0] as MarkerOnScreen
        await screenshot(page, 'map-drops')

        // 4. Tap it, walk there (the simulator's desk walk), and Collect comes on within reach.
        const marker = page.locator(`.map-drop[data-drop-id="${target.id}"]`)
        await marker.click()
        const sheet = page.getByRole('dialog')
        expect(await sheet.getByRole('heading').textContent()).toBe(dropName(target.kind))
        expect(await sheet.textContent()).toContain(rarityColors[target.rarity].label)
        await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
        await page.waitForFunction(
          () => /^\d m away$/.test(document.querySelector('.drop-sheet-distance')?.textContent ?? ''),
          null,
          {
            timeout: 30_000,
          },
        )
        const collect = sheet.getByRole('button', { name: 'Collect' })
        expect(await collect.isEnabled()).toBe(true)
        await screenshot(page, 'map-drop-sheet')

        // 5. Collect: the server takes it, the drop leaves the map, the phone buzzes.
        const collected = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
        await collect.click()
        const collectReply = await collected
        expect(collectReply.status()).toBe(200)
        expect(((await collectReply.json()) as { result: { itemId: string } }).result).toMatchObject({ itemId: target.id })
        const name = dropName(target.kind)
        await page.getByText(`${name} added to your inventory.`).waitFor()
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

        // 6. The inventory (client-side navigation, same session) lists it.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        await page.getByRole('link', { name: 'Inventory' }).click()
        await page.waitForURL(appUrl('/inventory'))
        const item = page.locator('.inventory-item')
        await item.first().waitFor()
        expect(await item.count()).toBe(1)
        expect(await item.locator('.inventory-name').textContent()).toBe(name)
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
    },
    TEST_TIMEOUT_MS,
  )

  test(
    'behavior: an unverified player past the spawn quota keeps the drops around and is told how to discover more',
    async () => {
      await awayFromWindowEnd(60_000)
      const start = { lat: 1.29 + Math.random() * 0.03, lng: 103.7 + Math.random() * 0.08 }
      const session = await openSession(browser, {
        simulator: {
          privateKey: randomPrivateKey(),
          geolocation: { position: start, accuracy: 5, interval: 250 },
        },
        username: 'explorer.e2e',
      })
      const { page } = session
      try {
        const spawns: number[] = []
        page.on('response', (response) => {
          if (isEnsureDropsNear(response)) spawns.push(response.status())
        })
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await page.getByRole('region', { name: 'Nearest drops' }).getByRole('listitem').first().waitFor()
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
        await page.locator('.map-drop').first().waitFor()
        // The map reads what home already spawned: no second spawn for the same place.
        expect(spawns).toEqual([200])

        // Three moves of 260 m, each slow enough to be a walk (the travel check), each a new area to spawn.
        for (const step of [1, 2, 3]) {
          await page.waitForTimeout(6_000)
          const answered = page.waitForResponse(isEnsureDropsNear)
          await page.evaluate((point) => window.worldmapSimulator?.geolocation?.set(point), west(start, 260 * step))
          await answered
        }
        // An unverified account spawns 3 areas, then one every 20 minutes.
        expect(spawns).toEqual([200, 200, 200, 429])
        const notice = page.locator('.map-notice')
        await notice.waitFor()
        expect(await notice.textContent()).toMatch(
          /^Verify you're human to discover new drops here, or come back in (19|20) min\.×$/,
        )
        expect(await notice.getByRole('link', { name: "Verify you're human" }).getAttribute('href')).toBe('/profile')
        // The drops already in the cells around stay on the map.
        expect(await page.locator('.map-drop').count()).toBeGreaterThanOrEqual(1)
        await screenshot(page, 'map-quota-notice')

        await notice.getByRole('button', { name: 'Dismiss' }).click()
        await notice.waitFor({ state: 'detached' })
        expect(await page.locator('.map-drop').count()).toBeGreaterThanOrEqual(1)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
