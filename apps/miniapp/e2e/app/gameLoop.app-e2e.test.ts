// The whole game loop end to end, as a new player lives it: sign in, home
// lists the drops nearest them (ensureDropsNear spawned them; the client
// reads only the 9 watch cells around it), become a verified human, tap a
// nearest drop on home and land on the map with it selected, walk into the
// 50 m ring, collect it and see the reveal, find it in the collection book,
// see today's progress and the streak on home and themselves on the weekly
// leaderboard — the production app against the real Functions emulator and
// database. Saves the screenshots.

import { databasePaths, RARITY_POINTS, spawnWindowOf, watchCellOf, watchCellsAround } from '@worldmap/game'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dropName, kindName, rarityName } from '../../src/features/art/dropNames.js'
import { catchHaptics } from '../../src/features/catch/catchHaptics.js'
import { formatDate } from '../../src/lib/format/formatDate.js'
import { CATALOGUES } from '../../src/lib/i18n/catalogues/index.js'
import { translatorFor } from '../../src/lib/i18n/index.js'
import { launchChromium } from '../launchChromium.js'
import {
  openStackDatabase,
  type StackDatabase,
  stackDatabaseRouter,
  stackDatabaseUrls,
  stackRegionRouter,
} from './chaos/chaos.js'
import {
  awayFromWindowEnd,
  dropListens,
  type EnsureDropsNearReply,
  hurryDeskWalk,
  isEnsureDropsNear,
  markersOnScreen,
  TEST_TIMEOUT_MS,
  walkIntoReach,
} from './drops.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'
import { verifyWithWorldId } from './screens.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Raw coordinates as a screen might leak them: a number with 4+ decimals. */
const COORDINATES = /-?\d{1,3}\.\d{4,}/
/** The app's words as this player (an English device) reads them. */
const t = translatorFor({ locale: 'en', messages: CATALOGUES.en })

describe('the game loop', () => {
  test(
    'behavior: a new player verifies, opens a nearest drop from home, walks into reach, collects it with a reveal, and sees it in the book, the streak on home and the leaderboard',
    async () => {
      await awayFromWindowEnd()
      // A place of its own (in Singapore), so no other test has touched these drops.
      const start = { lat: 1.33 + Math.random() * 0.1, lng: 103.85 + Math.random() * 0.12 }
      // A wallet without a World username: the game's generated name is its one name (issue 31).
      const session = await openSession(browser, {
        simulator: {
          privateKey: randomPrivateKey(),
          identity: { seed: `game-loop-${Date.now()}-${Math.random()}` },
          geolocation: { position: start, accuracy: 5, interval: 250 },
        },
        username: null,
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
          // Whole watch cells: another test on the stack may have spawned some of these 9 this window already.
          spawned: expect.any(Number),
          // The server's clock, which the app's game clock follows (a phone's may be hours off).
          serverTime: expect.any(Number),
        })
        const nearest = page.getByRole('region', { name: 'Nearest drops' })
        await nearest.getByRole('listitem').first().waitFor()
        expect(await nearest.getByRole('listitem').count()).toBe(3)
        // A new player: nothing found yet, no streak.
        const progress = page.getByRole('region', { name: "Today's progress" })
        await expect.poll(() => progress.getByTestId('progress-goal').textContent()).toBe('0 of 3 finds today')

        // Only the 9 watch cells around the player, never /drops or a whole window.
        const cellPaths = new Set(spawnReply.cells.map((cell) => databasePaths.dropsCell(spawnReply.window, cell)))
        expect(new Set(dropListens(session).map((entry) => entry.path))).toEqual(cellPaths)

        // 2. Become a verified human on the profile (World ID through the simulator, checked by verifyHuman).
        await verifyWithWorldId(page)
        // Verified with an Orb and no points yet: home's board says so, and never asks them to verify (issue 31).
        const standing = page.getByRole('region', { name: 'Leaderboard' })
        // "No points yet" under a board others have scored on; an empty week's own line when this test runs first.
        await standing
          .getByText(
            /^(No points yet this week — your first find puts you on the board\.|No one has scored this week yet — be the first)$/,
          )
          .first()
          .waitFor()
        expect(await standing.textContent()).not.toContain("Verify you're human")
        await standing.scrollIntoViewIfNeeded()
        await screenshot(page, 'leaderboard-no-points-yet')

        // 3. The nearest drop on home opens the map with that drop selected.
        const link = nearest.getByRole('link').first()
        const dropId = new URL(String(await link.getAttribute('href')), appUrl('/')).searchParams.get('drop') ?? ''
        expect(dropId).toMatch(/^[0-9b-hjkmnp-z]{7}_\d+_\d+$/)
        await link.click()
        await page.waitForURL((url) => url.pathname === '/map')
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        const marker = page.locator(`.map-drop[data-drop-id="${dropId}"]`)
        await marker.waitFor()
        const target = (await markersOnScreen(page)).find((candidate) => candidate.id === dropId)
        if (!target) throw new Error(`no marker for ${dropId}`)
        const sheet = page.getByRole('dialog')
        await sheet.waitFor()
        expect(await sheet.getByRole('heading').textContent()).toBe(kindName(t, target.kind))
        expect(await sheet.textContent()).toContain(rarityName(t, target.rarity))
        expect(await sheet.textContent()).not.toMatch(COORDINATES)

        // 4. Walk there (the simulator's desk walk): inside the ring the drop pulses, above the player's dot.
        await walkIntoReach(page, sheet)
        await expect.poll(() => marker.getAttribute('data-in-reach')).toBe('true')
        const box = await marker.evaluate((element) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          return { x: x + width / 2, y: y + height / 2, width, height }
        })
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
        await screenshot(page, 'map-in-range')

        // 5. Collect: a tap on the drop's spot selects a drop in reach, never the player's dot under it. Where
        // two drops in reach overlap (they spawn at random, and the map follows the player's jittering fix), the
        // tap takes the upper one: the player collects whichever the tap selected.
        const selected = page.locator('.map-drop[aria-pressed="true"]')
        expect(await selected.count()).toBe(0)
        await page.mouse.click(box.x, box.y)
        await selected.waitFor()
        await page.getByRole('dialog').waitFor()
        expect(await selected.getAttribute('data-in-reach')).toBe('true')
        const caughtId = await selected.getAttribute('data-drop-id')
        const caught = (await markersOnScreen(page)).find((candidate) => candidate.id === caughtId)
        if (!caught) throw new Error(`no marker for ${caughtId}`)
        const caughtLabel = dropName(t, caught)
        const caughtMarker = page.locator(`.map-drop[data-drop-id="${caught.id}"]`)
        const collect = page.getByRole('dialog').getByRole('button', { name: 'Collect' })
        expect(await collect.isEnabled()).toBe(true)
        const collected = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
        await collect.click()
        const collectReply = await collected
        expect(collectReply.status()).toBe(200)
        const collectResult = ((await collectReply.json()) as { result: { serverTime?: unknown } }).result
        expect(collectResult).toMatchObject({
          itemId: caught.id,
          firstFind: true,
          count: 1,
          points: RARITY_POINTS[caught.rarity],
          progress: { today: 1, goal: 3, streak: 1 },
        })
        // The server's time, which the game clock learns from: this machine's clock.
        expect(Math.abs(Number(collectResult.serverTime) - Date.now())).toBeLessThan(60_000)
        const reveal = page.getByRole('dialog', { name: `You found: ${caughtLabel}` })
        await reveal.waitFor()
        expect(await reveal.textContent()).toContain('New!')
        await caughtMarker.waitFor({ state: 'detached' })
        const expectedHaptics = [{ hapticsType: 'notification', style: 'success' }, ...catchHaptics[caught.rarity]]
        await expect
          .poll(() =>
            page.evaluate(() =>
              (window.worldmapSimulator?.received ?? [])
                .filter((message) => message.command === 'send-haptic-feedback')
                .map((message) => message.payload),
            ),
          )
          // One for the verification, then the catch's pattern.
          .toEqual(expectedHaptics)
        await screenshot(page, 'collect-reveal')
        await reveal.getByRole('button', { name: 'Continue' }).click()
        await reveal.waitFor({ state: 'detached' })

        // 6. The collection book (client-side navigation, same session) has it, in colour, 1 of 40.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        await page.getByRole('link', { name: 'Inventory' }).click()
        await page.waitForURL(appUrl('/inventory'))
        await page.locator('.book-total-count').waitFor()
        expect(await page.locator('.book-total-count').textContent()).toBe('1/40')
        const cell = page.getByRole('button', { name: `${caughtLabel}, 1 found, first on ${formatDate(Date.now())}` })
        await cell.waitFor()
        // The found card in colour among the silhouettes (the overall count is asserted above).
        await cell.evaluate((element) => element.scrollIntoView({ block: 'center' }))
        await screenshot(page, 'collection-book')

        // 7. Its detail: the art, when and roughly where — never coordinates.
        await cell.click()
        const detail = page.getByRole('dialog', { name: caughtLabel })
        await detail.waitFor()
        expect(await detail.textContent()).not.toMatch(COORDINATES)
        await screenshot(page, 'item-detail')
        await detail.getByRole('button', { name: 'Close' }).click()

        // 8. Home, opened afresh: a returning player is not asked to sign in again (the session persists),
        // and home shows today's progress and a one-day streak, kept by the server.
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        const walletAuths = await page.evaluate(
          () => (window.worldmapSimulator?.received ?? []).filter((message) => message.command === 'wallet-auth').length,
        )
        expect(walletAuths).toBe(0)
        await expect.poll(() => progress.getByTestId('progress-goal').textContent()).toBe('1 of 3 finds today')
        expect(await progress.getByTestId('progress-streak').textContent()).toBe('1-day streak')
        await progress.scrollIntoViewIfNeeded()
        await screenshot(page, 'home-streak')

        // 9. The weekly leaderboard lists this human with the drop's points, under the name the server
        // gives the card — without a World username, the generated one — which is the name home and the
        // profile show too: one name everywhere (issue 31).
        const board = page.getByRole('region', { name: 'Leaderboard' })
        const top = board.getByRole('list', { name: 'Top players this week' })
        const you = top.locator('li[aria-current="true"]')
        // The player's line is in the top rows, or (behind ten others on a busy week: the other browser
        // tests score too) the "You · #n" line under them, until Show all lists everyone.
        await board.locator('[data-you]').first().waitFor()
        const showAll = board.getByRole('button', { name: /^Show all \d+$/ })
        if ((await you.count()) === 0 && (await showAll.count()) > 0) await showAll.click()
        await you.waitFor()
        expect(await you.textContent()).toMatch(/[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{3}/)
        const name = await homeGreeting(page).textContent()
        expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{3}$/)
        expect(await you.locator('.leaderboard-name').textContent()).toBe(name)
        expect(await you.textContent()).toContain(String(RARITY_POINTS[caught.rarity]))
        expect(await board.textContent()).not.toMatch(/0x[0-9a-fA-F]{6,}/)
        // The player's own row in view (the map pin has a bar of its own, so nothing covers it).
        await you.evaluate((element) => element.scrollIntoView({ block: 'center' }))
        await screenshot(page, 'leaderboard')
        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        const profileName = page.locator('h1.profile-name')
        await profileName.waitFor()
        expect(await profileName.textContent()).toBe(name)

        expect(session.pageErrors).toEqual([])
        expect(session.blocked).toEqual([])
        expect(session.console.filter((entry) => entry.type === 'error')).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test(
    "behavior: a player in Singapore reads the map's drops from Singapore's database instance; the catch lands in the inventory on the player's instance and the drop leaves the region's",
    async () => {
      await awayFromWindowEnd()
      // Well inside w21 (Singapore), which the test stack puts on region instance 1: all 9 watch cells are there.
      const start = { lat: 1.28 + Math.random() * 0.08, lng: 103.76 + Math.random() * 0.2 }
      const router = stackRegionRouter()
      const [main, region] = stackDatabaseUrls()
      if (!main || !region) throw new Error('the stack runs one database: this test needs its region instance')
      expect(router.instanceOfCell(watchCellOf(start.lat, start.lng))).toBe(region)
      const mainAdmin = openStackDatabase(main)
      const regionAdmin = openStackDatabase(region)
      let playerAdmin: StackDatabase | undefined
      const session = await openSession(browser, {
        simulator: { privateKey: randomPrivateKey(), geolocation: { position: start, accuracy: 5, interval: 250 } },
        username: `region-${Date.now().toString(36)}`,
      })
      const { page } = session
      const sockets: string[] = []
      page.on('websocket', (socket) => sockets.push(socket.url()))
      try {
        const spawned = page.waitForResponse(isEnsureDropsNear)
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        const spawnReply = ((await (await spawned).json()) as { result: EnsureDropsNearReply }).result
        const { window, cells } = spawnReply
        expect(cells.map((cell) => router.instanceOfCell(cell))).toEqual(Array(9).fill(region))
        // A verified human (written through the Admin SDK on the player's instance, where profiles live: the verify
        // flow has its own test). The stack's players are all on an instance of their own, neither main nor the region's.
        const uid = await simulatorAddress(page)
        const players = stackDatabaseRouter().instanceOfPlayer(uid)
        expect([main, region]).not.toContain(players)
        playerAdmin = openStackDatabase(players)
        await playerAdmin.database.ref(`${databasePaths.profile(uid)}/verifiedLevel`).set('orb')

        // The map: its drops are read from region instance 1, which holds them all; main holds none of this window's cells.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
        await page.waitForURL((url) => url.pathname === '/map')
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        await page.locator('.map-drop').first().waitFor({ timeout: 30_000 })
        const readCells = (admin: typeof mainAdmin) =>
          Promise.all(cells.map((cell) => admin.read<Record<string, unknown>>(databasePaths.dropsCell(window, cell))))
        const onRegion = new Set((await readCells(regionAdmin)).flatMap((drops) => Object.keys(drops ?? {})))
        expect(await readCells(mainAdmin)).toEqual(Array(9).fill(null))
        expect(await regionAdmin.read(databasePaths.spawnedCell(window, watchCellOf(start.lat, start.lng)))).not.toBeNull()
        expect(await mainAdmin.read(databasePaths.spawnedCell(window, watchCellOf(start.lat, start.lng)))).toBeNull()
        const markers = await markersOnScreen(page)
        expect(markers.length).toBeGreaterThan(0)
        for (const marker of markers) expect(onRegion).toContain(marker.id)
        await screenshot(page, 'map-region-instance')

        // Collect the nearest one, the player's way: walk to it, Collect, the reveal.
        const [nearest] = markers.sort((a, b) => a.distance - b.distance)
        if (!nearest) throw new Error('no drop on the map')
        await page.locator(`.map-drop[data-drop-id="${nearest.id}"]`).dispatchEvent('click')
        const sheet = page.locator('.drop-sheet')
        await sheet.waitFor()
        await hurryDeskWalk(page)
        await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
        const collect = sheet.locator('.drop-sheet-collect')
        await expect.poll(() => collect.isEnabled(), { timeout: 45_000 }).toBe(true)
        const collected = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
        await collect.click()
        expect((await collected).status()).toBe(200)
        await page.getByRole('dialog', { name: /^You found: / }).waitFor()

        // The item is the player's on their instance; the drop is gone from region instance 1, its claim kept there.
        const dropPath = databasePaths.drop(window, nearest.id.slice(0, 6), nearest.id)
        expect(Object.keys((await playerAdmin.read<Record<string, unknown>>(databasePaths.inventory(uid))) ?? {})).toEqual([
          nearest.id,
        ])
        expect(await regionAdmin.read(databasePaths.inventory(uid))).toBeNull()
        expect(await mainAdmin.read(databasePaths.inventory(uid))).toBeNull()
        await expect.poll(() => regionAdmin.read(dropPath)).toBeNull()
        expect(await regionAdmin.read(databasePaths.claim(window, nearest.id))).not.toBeNull()
        expect(await mainAdmin.read(databasePaths.claim(window, nearest.id))).toBeNull()

        // The page spoke to three instances, one socket each: main (the clock, the connection state), region 1 (the
        // drops) and the player's (profile, progress, inventory).
        const hosts = sockets.map((url) => new URL(url).host)
        expect(new Set(hosts)).toEqual(new Set([new URL(main).host, new URL(region).host, new URL(players).host]))
        expect(session.pageErrors).toEqual([])
        expect(session.blocked).toEqual([])
      } finally {
        await session.close()
        await Promise.all([mainAdmin.close(), regionAdmin.close(), playerAdmin?.close()])
      }
    },
    TEST_TIMEOUT_MS,
  )
})
