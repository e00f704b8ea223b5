// The catch as a moment, end to end (issue 24, points 1 and 4): the reveal
// shows the points a find earned and the day's goal ring filling, the first
// find of a streak day and the third find of the day each end in their own
// celebration (words and haptic), a legendary find gets the longest reveal,
// and home says which streak a missed day ended. The production app against
// the real Functions emulator and database.
//
// Setup writes through the Admin SDK, as other e2e tests do: the player's
// progress record (a streak
// kept the days before, or one a missed day ended) and drops right beside
// them (so the test needs no walk, whatever the spawn density is).

import {
  cellOf,
  type DropKind,
  databasePaths,
  formatDropId,
  localDayOf,
  type Progress,
  RARITY_POINTS,
  type Rarity,
  spawnWindowOf,
  watchCellOf,
} from '@worldmap/game'
import { spawnDayOf } from '@worldmap/game/server'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { catchHaptics, celebrationHaptics } from '../../src/features/catch/catchHaptics.js'
import { revealTimings } from '../../src/features/catch/revealTimings.js'
import { launchChromium } from '../launchChromium.js'
import { openPlayerDatabase, openStackDatabase } from './chaos/chaos.js'
import { awayFromWindowEnd, north, seedDrop, TEST_TIMEOUT_MS, west } from './drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'
import { lowContrastText, tapCollect, tapTargets, verifyWithWorldId } from './screens.js'

const DAY = 24 * 60 * 60 * 1000
/** Long enough for the slowest reveal (a legendary celebrates about 3 s in) on a busy machine. */
const REVEAL_POLL = { timeout: 15_000 }

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** How {@link startPlayer} sets the player up: their colour scheme and their progress record so far. */
interface PlayerOptions {
  colorScheme?: 'light' | 'dark'
  progress?: (zone: string) => Progress
}

type Player = Awaited<ReturnType<typeof startPlayer>>

/** A signed-in, orb-verified player at a place of their own, on home; the Admin SDK on main and on the player's instance. */
async function startPlayer(options: PlayerOptions) {
  await awayFromWindowEnd()
  // Jakarta: outside the stack's region table, so its drops are on the main instance (profiles on the player's).
  const start = { lat: -6.3 + Math.random() * 0.15, lng: 106.7 + Math.random() * 0.2 }
  const session = await openSession(browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      // A human of its own: one World ID links to one account only.
      identity: { seed: `catch-moment-${Date.now()}-${Math.random()}` },
      geolocation: { position: start, accuracy: 5, interval: 250 },
    },
    username: `catch-${Date.now().toString(36)}`,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  })
  const { page } = session
  await page.goto(appUrl('/'))
  await homeGreeting(page).waitFor()
  // Verified through World ID on the profile (an orb-verified human is ranked: finds earn points).
  await verifyWithWorldId(page)
  const uid = await simulatorAddress(page)
  const main = openStackDatabase()
  const records = openPlayerDatabase(uid)
  if (options.progress) {
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    await records.database.ref(databasePaths.progress(uid)).set(options.progress(zone))
  }
  return { session, page, start, main, records }
}

/** Open the map (once) and collect the drop `id` in reach: its reply and the reveal dialog. */
async function collect(page: Page, id: string) {
  const response = await tapCollect(page, id)
  expect(response.status()).toBe(200)
  const reply = ((await response.json()) as { result: { points: number; progress: { today: number; streak: number } } }).result
  // By its class, not its name: the name is in the page's language.
  const reveal = page.locator('.catch-reveal [role="dialog"]')
  await reveal.waitFor()
  return { reply, reveal }
}

/**
 * Text in `selector` that does not fit a 390 px screen: an element wider than
 * its box (cut or scrolling text) or reaching past the viewport's sides.
 */
function overflowing(page: Page, selector: string) {
  return page.locator(selector).evaluate((root) => {
    const width = document.documentElement.clientWidth
    return [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        if (box.width === 0) return false
        // Cut text: an element with words of its own, wider inside than its box.
        const hasText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim())
        return (hasText && element.scrollWidth > element.clientWidth + 1) || box.left < -1 || box.right > width + 1
      })
      .map((element) => `${element.className}: ${element.textContent?.slice(0, 60)}`)
  })
}

/** What the reveal shows of the reward, once its ring has filled. */
async function rewardOf(page: Page) {
  const reveal = page.getByRole('dialog', { name: /^You found: / })
  const ring = reveal.getByRole('progressbar', { name: 'Daily goal' })
  return {
    points: await reveal.getByTestId('catch-points').textContent(),
    ring: await ring.getAttribute('aria-valuenow'),
    goal: await reveal.getByTestId('catch-goal').textContent(),
    celebration: await reveal.getByRole('status').textContent(),
  }
}

const hapticsReceived = (page: Page) =>
  page.evaluate(() =>
    (window.worldmapSimulator?.received ?? [])
      .filter((message) => message.command === 'send-haptic-feedback')
      .map((message) => message.payload),
  )

/**
 * Collect the drop `id` and check the find that `celebration` ends: the server's reply, what the reveal
 * shows of the reward once the celebration is up, and the haptics played since the tap (the catch's
 * pattern, then the celebration's).
 */
async function expectCelebratedFind(
  page: Page,
  id: string,
  celebration: string,
  expected: {
    reply: { points: number; progress: { today: number; streak: number } }
    reward: { points: string; ring: string; goal: string }
    haptics: readonly SendHapticFeedbackInput[]
  },
) {
  const before = (await hapticsReceived(page)).length
  const { reply, reveal } = await collect(page, id)
  expect(reply).toMatchObject(expected.reply)
  await expect.poll(() => reveal.getByRole('status').textContent(), REVEAL_POLL).toBe(celebration)
  expect(await rewardOf(page)).toEqual({ ...expected.reward, celebration })
  await expect.poll(async () => (await hapticsReceived(page)).slice(before), REVEAL_POLL).toEqual(expected.haptics)
}

async function dismiss(page: Page) {
  const reveal = page.getByRole('dialog', { name: /^You found: / })
  await reveal.getByRole('button', { name: 'Continue' }).click()
  await reveal.waitFor({ state: 'detached' })
}

function finish(session: AppSession) {
  expect(session.pageErrors).toEqual([])
  expect(session.blocked).toEqual([])
  expect(session.console.filter((entry) => entry.type === 'error')).toEqual([])
}

/**
 * A player's progress as the server would have written it at their last find
 * `daysAgo` days back in `zone`, on a streak they never bettered.
 */
function progressOn(daysAgo: number, zone: string, { today, streak }: { today: number; streak: number }): Progress {
  const lastFind = Date.now() - daysAgo * DAY
  return { timeZone: zone, day: localDayOf(lastFind, zone), today, streak, best: streak, updatedAt: lastFind }
}

/** A test with a player of its own ({@link startPlayer}), whose session and database are closed after it. */
function testAsPlayer(title: string, options: PlayerOptions, body: (player: Player) => Promise<void>) {
  test(
    title,
    async () => {
      const player = await startPlayer(options)
      try {
        await body(player)
      } finally {
        await player.session.close()
        await Promise.all([player.main.close(), player.records.close()])
      }
    },
    TEST_TIMEOUT_MS,
  )
}

describe('the catch as a moment', () => {
  testAsPlayer(
    "behavior: in Indonesian, the longest celebration and home's ended streak fit a 390 px screen, uncut",
    { progress: (zone) => progressOn(1, zone, { today: 1, streak: 11 }) },
    async ({ session, page, start, records }) => {
      await session.context.addCookies([{ name: 'worldmap-lang', value: 'id', url: appUrl('/') }])
      await page.goto(appUrl('/map'))
      const id = await seedDrop(north(start, 18), 'feather', 'epic', 0)
      const { reveal } = await collect(page, id)
      const status = reveal.getByRole('status')
      await expect.poll(() => status.textContent(), REVEAL_POLL).toBe('Runtunan berlanjut — 12 hari berturut-turut')
      expect(await reveal.getByTestId('catch-points').textContent()).toBe('+10 poin')
      expect(await reveal.getByTestId('catch-goal').textContent()).toBe('1 dari 3 temuan hari ini')
      expect(await reveal.getByRole('button').textContent()).toBe('Lanjut')
      await screenshot(page, 'reveal-streak-id')
      expect(await overflowing(page, '.catch-reveal-card')).toEqual([])
      // The whole card on one screen: Continue needs no scrolling.
      const card = await reveal.boundingBox()
      expect((card?.y ?? 0) + (card?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(844)
      await reveal.getByRole('button').click()

      // Home the day after tomorrow, as the server would see it: the 12-day streak a missed day ended.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
      await records.database
        .ref(databasePaths.progress(await simulatorAddress(page)))
        .set(progressOn(2, zone, { today: 1, streak: 12 }))
      await page.goto(appUrl('/'))
      const streak = page.getByTestId('progress-streak')
      await expect.poll(() => streak.textContent(), REVEAL_POLL).toBe('Runtunan 12 harimu berakhir')
      expect(await page.getByTestId('progress-card').textContent()).toContain(
        'Temukan 1 item hari ini untuk memulai runtunan baru',
      )
      expect(await overflowing(page, '[data-testid="progress-card"]')).toEqual([])
      finish(session)
    },
  )

  testAsPlayer(
    'behavior: a player on a 2-day streak: the first find keeps the streak, the second fills the ring, the third meets the goal — each with its points',
    { progress: (zone) => progressOn(1, zone, { today: 3, streak: 2 }) },
    async ({ session, page, start }) => {
      const progress = page.getByRole('region', { name: "Today's progress" })
      await expect.poll(() => progress.getByTestId('progress-streak').textContent(), REVEAL_POLL).toBe('2-day streak')
      const drops: [DropKind, Rarity][] = [
        ['coin', 'common'],
        ['shell', 'uncommon'],
        ['gem', 'rare'],
      ]
      const ids = await Promise.all(
        drops.map(([kind, rarity], index) => seedDrop(north(west(start, 12 * (index - 1)), 16), kind, rarity, index)),
      )
      // A fresh map asks ensureDropsNear again, which grants day 3's streak reward (the progress was written after
      // home had asked; a player's own morning starts with it).
      await page.goto(appUrl('/map'))
      await page.locator('.map-drop[data-streak="true"]').waitFor({ timeout: 30_000 })

      // 1. The day's first find carries the streak into its third day.
      await expectCelebratedFind(page, ids[0] ?? '', 'Streak kept — 3 days in a row', {
        reply: { points: RARITY_POINTS.common, progress: { today: 1, streak: 3 } },
        reward: { points: '+1 point', ring: '1', goal: '1 of 3 finds today' },
        haptics: [...catchHaptics.common, ...celebrationHaptics.streakExtended],
      })
      // Day 3's streak reward (granted when the map asked for the drops around) is announced with it:
      // what it is, how far, which way, and Show me (issue 31).
      const ahead = page.getByTestId('catch-reward-ahead')
      await expect
        .poll(() => ahead.textContent(), REVEAL_POLL)
        .toMatch(
          /^Your day-3 streak reward is waiting: \w+ \w+, [12]\d\d m (north|south|east|west|north-east|north-west|south-east|south-west)\.$/,
        )
      expect(
        await page
          .getByRole('dialog', { name: /^You found: / })
          .getByRole('button', { name: 'Show me' })
          .isVisible(),
      ).toBe(true)
      await screenshot(page, 'reveal-streak-reward')
      await dismiss(page)

      // 2. The second: the ring fills from 1 to 2, nothing to celebrate.
      const second = await collect(page, ids[1] ?? '')
      expect(second.reply).toMatchObject({ points: RARITY_POINTS.uncommon, progress: { today: 2, streak: 3 } })
      await expect
        .poll(() => rewardOf(page), REVEAL_POLL)
        .toEqual({ points: '+2 points', ring: '2', goal: '2 of 3 finds today', celebration: '' })
      await page.waitForTimeout(revealTimings.uncommon.celebrateAtMs)
      expect(await second.reveal.getByRole('status').textContent()).toBe('')
      await dismiss(page)

      // 3. The third meets the goal: the ring fills from 2 to 3, then the celebration and its haptic.
      await expectCelebratedFind(page, ids[2] ?? '', 'Goal met — 3-day streak', {
        reply: { points: RARITY_POINTS.rare, progress: { today: 3, streak: 3 } },
        reward: { points: '+5 points', ring: '3', goal: '3 of 3 finds today' },
        haptics: [...catchHaptics.rare, ...celebrationHaptics.goalMet],
      })
      // Focus stayed on Continue through the celebration.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue')
      await screenshot(page, 'reveal-goal-met')
      // Readable (WCAG AA) and every control a full 44 px target, with the celebration in.
      expect(await lowContrastText(page)).toEqual([])
      expect((await tapTargets(page)).filter((target) => target.width < 44 || target.height < 44)).toEqual([])
      await dismiss(page)

      // Home lists the reward first among the nearest drops, marked with its day (issue 31).
      await page.goto(appUrl('/'))
      const first = page.getByRole('region', { name: 'Nearest drops' }).locator('li').first()
      await expect.poll(() => first.getAttribute('data-reward'), REVEAL_POLL).toBe('true')
      expect(await first.textContent()).toContain('Your day-3 streak reward')
      await first.scrollIntoViewIfNeeded()
      await screenshot(page, 'home-streak-reward')
      finish(session)
    },
  )

  testAsPlayer(
    'behavior: a player whose 5-day streak a missed day ended sees it on home (dark), then a legendary find gets the longest reveal and starts a new streak',
    {
      colorScheme: 'dark',
      progress: (zone) => progressOn(3, zone, { today: 2, streak: 5 }),
    },
    async ({ session, page, start }) => {
      const progress = page.getByRole('region', { name: "Today's progress" })
      await expect.poll(() => progress.getByTestId('progress-streak').textContent(), REVEAL_POLL).toBe('Your 5-day streak ended')
      expect(await progress.textContent()).toContain('Find 1 drop today to start a new streak')
      await progress.scrollIntoViewIfNeeded()
      await screenshot(page, 'home-streak-ended')
      expect(await lowContrastText(page)).toEqual([])

      const id = await seedDrop(north(start, 18), 'relic', 'legendary', 0)
      const opened = Date.now()
      const { reply, reveal } = await collect(page, id)
      expect(reply).toMatchObject({ points: RARITY_POINTS.legendary, progress: { today: 1, streak: 1 } })
      expect(await reveal.getAttribute('aria-label')).toBe('You found: Legendary Relic')
      expect(await reveal.locator('svg.drop-art').getAttribute('width')).toBe(String(revealTimings.legendary.artSize))
      // The ring waits for the legendary's long entrance before it fills.
      await expect
        .poll(() => rewardOf(page), REVEAL_POLL)
        .toMatchObject({ points: '+25 points', ring: '1', goal: '1 of 3 finds today' })
      expect(Date.now() - opened).toBeGreaterThanOrEqual(revealTimings.legendary.ringAtMs)
      // A streak's first day starts a streak; it does not extend one: no celebration.
      await page.waitForTimeout(revealTimings.legendary.celebrateAtMs - revealTimings.legendary.ringAtMs)
      expect(await reveal.getByRole('status').textContent()).toBe('')
      await screenshot(page, 'reveal-legendary')
      expect(await lowContrastText(page)).toEqual([])
      await dismiss(page)

      // Home: the new streak has replaced the lost one.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
      await expect.poll(() => progress.getByTestId('progress-streak').textContent(), REVEAL_POLL).toBe('1-day streak')
      finish(session)
    },
  )

  testAsPlayer(
    'error: a drop whose spot the player finds on another phone leaves this map live, the sheet says why, and stays off when the map opens again',
    {},
    async ({ session, page, start, main, records }) => {
      const at = north(start, 18)
      const id = await seedDrop(at, 'gem', 'rare', 5)
      const other = await seedDrop(north(west(start, 30), 16), 'coin', 'common', 6)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      await page.waitForURL((url) => url.pathname === '/map')
      const marker = page.locator(`.map-drop[data-drop-id="${id}"]`)
      await marker.waitFor({ timeout: 30_000 })
      await marker.dispatchEvent('click')
      const sheet = page.locator('.drop-sheet')
      await expect.poll(() => sheet.locator('.drop-sheet-collect').isEnabled(), { timeout: 30_000 }).toBe(true)

      // Meanwhile the player found this spot on another phone (an earlier window's drop there), as collectDrop records it.
      const window = spawnWindowOf(Date.now())
      const cell = cellOf(at.lat, at.lng)
      const uid = await simulatorAddress(page)
      await records.database
        .ref(databasePaths.spotFind(spawnDayOf(window.index), uid, `${cell}_95`))
        .set(formatDropId({ cell, window: window.index - 1, index: 95 }))
      // This map lets go of it live, and the open sheet says why instead of offering a walk the server would refuse.
      await marker.waitFor({ state: 'detached' })
      await sheet.getByText('You already found the drop here today — new spots appear tomorrow.').waitFor()
      expect(await sheet.locator('.drop-sheet-collect').isDisabled()).toBe(true)
      await screenshot(page, 'sheet-spot-found')
      // Still live for everyone else: the record stays until its window ends.
      const record = await main.database.ref(databasePaths.drop(window.index, watchCellOf(at.lat, at.lng), id)).once('value')
      expect(record.exists()).toBe(true)

      // Home and back: the map draws the other drop again, and not this one.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
      await homeGreeting(page).waitFor()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      await page.waitForURL((url) => url.pathname === '/map')
      await page.locator(`.map-drop[data-drop-id="${other}"]`).waitFor({ timeout: 30_000 })
      expect(await marker.count()).toBe(0)
      expect(session.pageErrors).toEqual([])
      expect(session.blocked).toEqual([])
      // No collect was tried, so nothing was refused.
      expect(session.console.filter((entry) => entry.type === 'error').map((entry) => entry.text)).toEqual([])
    },
  )
})
