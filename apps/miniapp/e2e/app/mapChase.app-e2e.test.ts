// The map as a player chasing drops sees it (issue 24, point 2), on the real
// app and stack: the player's dot over every drop, the arrow on the edge to
// the nearest drop once it is off screen (tap: back to it, its sheet open),
// and a cluster's list (tap the bubble: its drops nearest first, a row opens
// that drop); and a player on day 3 of their streak finding their streak
// reward on the map, walking to it and collecting it. Saves map-scarce.png
// (the map as it opens, with the spawn rule of the day), cluster-list.png and
// map-streak-reward.png. A spot found earlier today keeps its later drops off
// home and the map, across a reload.
import { databasePaths, formatDropId, parseDropId, spotOfDrop } from '@worldmap/game'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { sharedBrowserAndDatabase } from './chaos/chaos.js'
import { hurryDeskWalk, markersOnScreen, TEST_TIMEOUT_MS } from './drops.js'
import { type AppSession, appUrl, screenshot, simulatorAddress } from './harness.js'
import { startVerifiedPlayer } from './screens.js'

const shared = sharedBrowserAndDatabase()

/** Metres from a label's or row's "… 1.2 km away" / "… 240 m away". */
const metresOf = (text: string) => {
  const [, amount = 'NaN', unit] = /([\d.]+) (m|km) away/.exec(text) ?? []
  return Number(amount) * (unit === 'km' ? 1000 : 1)
}

/** Zoom the map out one step at a time (mouse wheel at the centre) until a cluster bubble shows; its count. */
async function zoomOutToACluster(page: Page): Promise<number> {
  const bubbles = page.locator('.map-cluster')
  for (let step = 0; step < 8 && (await bubbles.count()) === 0; step++) {
    await page.mouse.move(195, 420)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(700)
  }
  return bubbles.count()
}

/** A bubble whose middle no single drop covers (rare ones draw over bubbles), tapped there. */
async function tapAFreeBubble(page: Page): Promise<void> {
  const drops = await markersOnScreen(page)
  for (const bubble of await page.locator('.map-cluster').all()) {
    const box = await bubble.boundingBox()
    if (!box) continue
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    if (x < 30 || x > 360 || y < 130 || y > 700 || drops.some((drop) => Math.hypot(drop.x - x, drop.y - y) < 34)) continue
    await page.mouse.click(x, y)
    return
  }
  throw new Error('no cluster bubble clear of the drops')
}

/**
 * A test with a new verified player ({@link startVerifiedPlayer}): their page logs no error, and their
 * session is closed after it, whatever the outcome.
 */
function testAsPlayer(title: string, body: (session: AppSession) => Promise<void>) {
  test(
    title,
    async () => {
      const session = await startVerifiedPlayer(shared.browser)
      try {
        await body(session)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
}

describe('the map as a player chases drops', () => {
  testAsPlayer(
    "behavior: the dot over every drop; the arrow to the nearest drop off screen; a cluster's list",
    async ({ page }) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      await page.locator('.map-drop, .map-cluster').first().waitFor()
      const hint = page.getByRole('complementary', { name: 'How to collect' })
      if (await hint.count()) await hint.getByRole('button', { name: 'Got it' }).click()
      await page.waitForTimeout(500)
      await screenshot(page, 'map-scarce')

      // The player's dot draws over every marker.
      const layers = await page.evaluate(() => ({
        player: Number(getComputedStyle(document.querySelector('.map-player') as Element).zIndex),
        markers: [...document.querySelectorAll('.map-drop, .map-cluster')].map((m) => Number(getComputedStyle(m).zIndex)),
      }))
      expect(layers.markers.length).toBeGreaterThan(0)
      for (const layer of layers.markers) expect(layer).toBeLessThan(layers.player)

      // Drag the map far off the player: the arrow points back to the nearest drop.
      const nearest = (await markersOnScreen(page)).sort((a, b) => a.distance - b.distance)[0]
      await page.mouse.move(200, 650)
      await page.mouse.down()
      await page.mouse.move(100, 400, { steps: 10 })
      await page.mouse.move(0, 150, { steps: 10 })
      await page.mouse.up()
      const arrow = page.locator('.map-edge-arrow')
      await arrow.waitFor()
      const label = (await arrow.getAttribute('aria-label')) ?? ''
      expect(label).toMatch(/^(Nearest drop|Your streak reward): .+, [\d.]+ k?m away\. Show it\.$/)
      if (nearest && label.startsWith('Nearest drop')) expect(await arrow.getAttribute('data-drop-id')).toBe(nearest.id)
      const target = (await arrow.getAttribute('data-drop-id')) ?? ''
      await arrow.click()
      const sheet = page.getByRole('dialog')
      await sheet.waitFor()
      await expect.poll(() => page.locator(`.map-drop[data-drop-id="${target}"]`).getAttribute('aria-pressed')).toBe('true')
      await arrow.waitFor({ state: 'detached' })
      await sheet.getByRole('button', { name: 'Close' }).click()

      // Zoomed out, common drops gather into bubbles; a tap lists them, nearest first.
      await page.getByRole('button', { name: 'Centre on my position' }).click()
      await page.waitForTimeout(800)
      expect(await zoomOutToACluster(page)).toBeGreaterThan(0)
      await tapAFreeBubble(page)
      const list = page.getByRole('dialog', { name: /^\d+ drops? here$/ })
      await list.waitFor()
      const rows = list.getByRole('button', { name: /away/ })
      const texts = await rows.allTextContents()
      expect(texts.length).toBeGreaterThanOrEqual(2)
      const distances = texts.map(metresOf)
      expect(distances).toEqual([...distances].sort((a, b) => a - b))
      // Only common and uncommon drops ever gather into a bubble.
      for (const text of texts) expect(text).toMatch(/(Common|Uncommon)[\d.]+ k?m away/)
      for (const row of await rows.all()) expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44)
      await screenshot(page, 'cluster-list')
      await page.keyboard.press('Escape')
      await list.waitFor({ state: 'detached' })
      await tapAFreeBubble(page)
      const first = list.getByRole('button', { name: /away/ }).first()
      const name = (await first.locator('.cluster-row-name').textContent()) ?? ''
      await first.click()
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe(name)
    },
  )

  testAsPlayer(
    'behavior: on day 3 of a streak the reward shows as theirs; the player walks to it and collects it',
    async ({ page }) => {
      // Two days kept, the last one yesterday (Singapore time), as collectDrop would have written it.
      const DAY = 24 * 60 * 60_000
      const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(Date.now() - DAY)
      const uid = await simulatorAddress(page)
      await shared
        .playerAdmin(uid)
        .database.ref(databasePaths.progress(uid))
        .set({
          timeZone: 'Asia/Singapore',
          day: yesterday,
          today: 3,
          streak: 2,
          best: 2,
          updatedAt: Date.now() - DAY,
        })
      // A fresh page asks ensureDropsNear again, which grants today's reward (day 3: rare or better).
      await page.goto(appUrl('/map'))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      const reward = page.locator('.map-drop[data-streak="true"]')
      await reward.waitFor({ timeout: 30_000 })
      const id = (await reward.getAttribute('data-drop-id')) ?? ''
      expect(id).toMatch(/^streak_\d+_[0-9a-f]{12}$/)
      expect(await reward.getAttribute('aria-label')).toMatch(/^Your streak reward: (Rare|Epic|Legendary) \w+, \d+ m away$/)
      const hint = page.getByRole('complementary', { name: 'How to collect' })
      if (await hint.count()) await hint.getByRole('button', { name: 'Got it' }).click()
      await screenshot(page, 'map-streak-reward')

      await reward.click()
      const sheet = page.getByRole('dialog')
      await sheet.getByText('Your streak reward').waitFor()
      await hurryDeskWalk(page)
      await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
      await expect.poll(() => reward.getAttribute('data-in-reach'), { timeout: 30_000 }).toBe('true')
      await sheet.getByRole('button', { name: 'Collect' }).click()
      const reveal = page.getByRole('dialog', { name: /^You found: / })
      await reveal.waitFor()
      await reveal.getByRole('button', { name: 'Continue' }).click()
      // Collected: the reward is gone from the map and from the database.
      await reward.waitFor({ state: 'detached' })
      await expect.poll(() => shared.playerAdmin(uid).read(databasePaths.streakDrop(uid, id))).toBeNull()
    },
  )

  testAsPlayer(
    'behavior: a spot found earlier today: its drop of this window is on neither home nor the map, after a reload too',
    async ({ page }) => {
      const uid = await simulatorAddress(page)
      const href = (await page.locator('a.nearest-item').first().getAttribute('href')) ?? ''
      const id = new URL(href, appUrl('/')).searchParams.get('drop') ?? ''
      const address = parseDropId(id)
      const spot = spotOfDrop(id)
      if (!address || !spot) throw new Error(`home's nearest drop has no spot: ${href}`)
      // As collectDrop records a find: the spot, with an earlier window's drop of it.
      const earlier = formatDropId({ ...address, window: address.window - 1 })
      await shared
        .playerAdmin(uid)
        .database.ref(databasePaths.spotFind(spot.day, uid, spot.key))
        .set(earlier)
      // Home lets go of it live, without a reload.
      await page.locator(`a.nearest-item[href="/map?drop=${id}"]`).waitFor({ state: 'detached' })

      await page.goto(appUrl(`/map?drop=${id}`))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      await page.locator('.map-drop, .map-cluster').first().waitFor()
      await page.waitForTimeout(1000)
      expect(await page.locator(`.map-drop[data-drop-id="${id}"]`).count()).toBe(0)
      expect((await markersOnScreen(page)).map((marker) => marker.id)).not.toContain(id)
      await screenshot(page, 'map-found-spot')
      const arrow = page.locator('.map-edge-arrow')
      if (await arrow.count()) expect(await arrow.getAttribute('data-drop-id')).not.toBe(id)

      await page.reload()
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      await page.locator('.map-drop, .map-cluster').first().waitFor()
      await page.waitForTimeout(1000)
      expect(await page.locator(`.map-drop[data-drop-id="${id}"]`).count()).toBe(0)
    },
  )
})
