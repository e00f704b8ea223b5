// A new player's week, lived on the test stack's clock (issue 31, point 7).
// The stack's functions, app server and databases read their time from one
// clock file (WORLDMAP_TEST_CLOCK_FILE); each day this test moves it to that
// day's morning (or evening) in Singapore and opens the app the way a player
// does each day: a new page on a phone whose clock agrees with the server's,
// signed in from the day before. Nothing about the player is written by the
// test: days, streaks, rewards, the leaderboard and the reminder all come
// from the real callables and the real scheduled function. Drops beside the
// player are placed (seedDrop) on ordinary days so no day waits on a walk;
// day 1's find is a spawned drop and the rewards are walked to.
//
// Day 1 sign in unverified, verify, first find, ranked · day 2 the evening
// reminder, then the streak kept · day 3 the reward listed on home, announced
// by the first find, walked to and collected · days 4–6 kept · day 7 the
// day-7 reward · day 8 missed · day 9 the streak-ended message.
import { databasePaths, type LatLng, type Progress, weekOf } from '@worldmap/game'
import { deliverNotifications } from '@worldmap/simulator/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { triggerScheduledFunction } from '../../../../tooling/stack/scheduler.mjs'
import { launchChromium } from '../launchChromium.js'
import { openPlayerDatabase, openStackDatabase, type StackDatabase } from './chaos/chaos.js'
import { north, seedDrop } from './drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'
import { catchNearestDrop, tapCollect, verifyWithWorldId } from './screens.js'
import { moveStackClockTo, resetStackClock, stackNow, stackOffset } from './stackClock.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** The player's zone: UTC+8 all year, so each local day starts at 16:00 UTC. */
const ZONE = 'Asia/Singapore'
const ZONE_OFFSET = 8 * HOUR
/** Polls that wait on a reveal's celebration or a live update. */
const POLL = { timeout: 15_000 }
const stack = JSON.parse(process.env.WORLDMAP_STACK ?? '{}') as { urls: { functions: string; notifications: string } }

/**
 * Day 1 of the week (as a UTC timestamp): the first midnight in Singapore after next week's start (Monday 00:00
 * UTC). The stack's other tests play on the real clock, so they score in this week's board; day 1 needs a board
 * nobody has scored on yet, whatever day the suite runs (from "tomorrow", it was empty only when tomorrow fell
 * in the next week).
 */
const firstMidnight = Math.ceil((weekOf(Date.now()).endsAt + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET
/** `hour:minute` in Singapore on day `day` (1-based) of the week. */
const at = (day: number, hour: number, minute = 2) => firstMidnight + (day - 1) * DAY + hour * HOUR + minute * MINUTE
/** The player's local day, as the server keys progress (`YYYY-MM-DD`). */
const localDay = (day: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at(day, 12))

/** One player all week: the same wallet, World ID and phone. */
interface Player {
  privateKey: `0x${string}`
  identitySeed: string
  home: LatLng
  uid: string
  /** The phone's storage at the end of the day before: the Firebase session and the app's own. */
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined
}

let browser: Browser
let admin: StackDatabase
beforeAll(async () => {
  browser = await launchChromium()
  admin = openStackDatabase()
})
afterAll(async () => {
  // Whatever happened, the stack's other tests get the real clock back.
  resetStackClock()
  await admin?.close()
  await browser?.close()
})

/** Move the stack to `time` and open the app on the player's phone, its clock in step with the server's. */
async function openDay(player: Player, time: number): Promise<AppSession> {
  moveStackClockTo(time)
  const session = await openSession(browser, {
    simulator: {
      privateKey: player.privateKey,
      identity: { seed: player.identitySeed },
      geolocation: { position: player.home, accuracy: 5, interval: 250 },
      permissions: { notifications: true },
    },
    // No World username: the server's generated name is the one the player reads everywhere.
    username: null,
    clockSkewMs: stackOffset(),
    timeZone: ZONE,
    ...(player.storageState ? { storageState: player.storageState } : {}),
  })
  await session.page.goto(appUrl('/'))
  await homeGreeting(session.page).waitFor()
  // The phone reads the server's day: its clock is within seconds of the stack's.
  expect(Math.abs((await session.page.evaluate(() => Date.now())) - stackNow())).toBeLessThan(5_000)
  return session
}

/** The player puts the phone away: its storage is what tomorrow's page starts from. */
async function closeDay(player: Player, session: AppSession): Promise<void> {
  expect(session.pageErrors).toEqual([])
  player.storageState = await session.context.storageState({ indexedDB: true })
  await session.close()
}

/** A player's record, read on the instance holding that player's records. */
const readOf = async <T>(uid: string, path: string) => {
  const records = openPlayerDatabase(uid)
  return records.read<T>(path).finally(() => records.close())
}
const progressOf = (player: Player) => readOf<Progress>(player.uid, databasePaths.progress(player.uid))
const streakText = (page: Page) => page.getByRole('region', { name: "Today's progress" }).getByTestId('progress-streak')

/**
 * A drop placed 15 m north of home in the stack's spawn window, collected from the map: the collect's reply
 * and the reveal, left open.
 */
async function collectBeside(player: Player, page: Page, index: number) {
  const id = await seedDrop(north(player.home, 15), 'shell', 'uncommon', index, stackNow())
  const response = await tapCollect(page, id)
  expect(response.status()).toBe(200)
  const reply = ((await response.json()) as { result: { progress: { today: number; streak: number } } }).result
  const reveal = page.getByRole('dialog', { name: /^You found: / })
  await reveal.waitFor()
  return { id, reply, reveal }
}

/** The reveal's celebration line, once it has played. */
const celebrationOf = (reveal: ReturnType<Page['getByRole']>) => reveal.getByRole('status').textContent()

/** An ordinary day: open the app, find the drop beside home, and read "Streak kept — N days in a row". */
async function keepStreak(player: Player, day: number, streak: number) {
  const session = await openDay(player, at(day, 10))
  const { page } = session
  const { reply, reveal } = await collectBeside(player, page, day % 10)
  expect(reply.progress).toMatchObject({ today: 1, streak })
  await expect.poll(() => celebrationOf(reveal), POLL).toBe(`Streak kept — ${streak} days in a row`)
  await reveal.getByRole('button', { name: 'Continue' }).click()
  expect(await progressOf(player)).toMatchObject({ timeZone: ZONE, day: localDay(day), today: 1, streak })
  await closeDay(player, session)
}

/**
 * A reward day: home lists the reward first; the day's first find announces it (what, how far, which way);
 * Show me opens it, the player walks there and collects it. Screenshots of home and the reveal.
 */
async function rewardDay(player: Player, day: number, streakDay: 3 | 7, shots: { home?: string; reveal: string }) {
  const session = await openDay(player, at(day, 10))
  const { page } = session
  // Opening home asked ensureDropsNear, which granted today's reward: first among the nearest drops.
  const first = page.getByRole('region', { name: 'Nearest drops' }).locator('li').first()
  await expect.poll(() => first.getAttribute('data-reward'), { timeout: 30_000 }).toBe('true')
  expect(await first.textContent()).toContain(`Your day-${streakDay} streak reward`)
  const localDayNumber = Math.floor((at(day, 12) + ZONE_OFFSET) / DAY)
  expect(await readOf(player.uid, databasePaths.streakReward(localDayNumber, player.uid))).not.toBeNull()
  const granted = Object.entries(
    (await readOf<Record<string, { rarity: string }>>(player.uid, databasePaths.streakDrops(player.uid))) ?? {},
  )
  expect(granted).toHaveLength(1)
  const [rewardId = '', reward] = granted[0] ?? []
  expect(streakDay === 3 ? ['rare', 'epic', 'legendary'] : ['epic', 'legendary']).toContain(reward?.rarity)
  if (shots.home) {
    await first.scrollIntoViewIfNeeded()
    await screenshot(page, shots.home)
  }

  const { reveal } = await collectBeside(player, page, day % 10)
  await expect.poll(() => celebrationOf(reveal), POLL).toBe(`Streak kept — ${streakDay} days in a row`)
  const ahead = page.getByTestId('catch-reward-ahead')
  await expect
    .poll(() => ahead.textContent(), POLL)
    .toMatch(
      new RegExp(
        `^Your day-${streakDay} streak reward is waiting: \\w+ \\w+, [12]\\d\\d m (north|south|east|west|north-east|north-west|south-east|south-west)\\.$`,
      ),
    )
  await screenshot(page, shots.reveal)
  await reveal.getByRole('button', { name: 'Show me' }).click()
  await reveal.waitFor({ state: 'detached' })

  // Show me opens the reward's sheet; the player walks there (at the app's own pace: up to 300 m) and collects it.
  const sheet = page.getByRole('dialog')
  await sheet.getByText('Your streak reward').waitFor()
  await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
  const marker = page.locator(`.map-drop[data-drop-id="${rewardId}"]`)
  await expect.poll(() => marker.getAttribute('data-in-reach'), { timeout: 30_000 }).toBe('true')
  await sheet.getByRole('button', { name: 'Collect' }).click()
  const found = page.getByRole('dialog', { name: /^You found: / })
  await found.waitFor()
  await found.getByRole('button', { name: 'Continue' }).click()
  await marker.waitFor({ state: 'detached' })
  // The server holds it: gone from the player's rewards, in their inventory, counted on today's progress.
  expect(await readOf(player.uid, databasePaths.streakDrop(player.uid, rewardId))).toBeNull()
  expect(await readOf(player.uid, databasePaths.inventoryItem(player.uid, rewardId))).toMatchObject({ rarity: reward?.rarity })
  expect(await progressOf(player)).toMatchObject({ day: localDay(day), today: 2, streak: streakDay })
  await closeDay(player, session)
}

/** Day 1: a new player signs in unverified, verifies, makes a first find and is ranked. */
async function firstDay(player: Player) {
  const session = await openDay(player, at(1, 10))
  const { page } = session
  player.uid = await simulatorAddress(page)
  const board = page.getByTestId('leaderboard')
  const join = board.locator('a.leaderboard-join')
  await expect.poll(() => join.getAttribute('data-standing'), POLL).toBe('unverified')
  expect(await join.textContent()).toContain("Verify you're human to join the leaderboard")

  await verifyWithWorldId(page)
  expect(await readOf(player.uid, databasePaths.verifiedLevel(player.uid))).toBe('orb')
  // Verified, no points yet: no call to verify; the week's board is empty, so it says "be the first".
  await expect.poll(() => join.count(), POLL).toBe(0)
  await expect.poll(() => board.textContent(), POLL).toContain('No one has scored this week yet — be the first')

  await catchNearestDrop(page)
  await page.goto(appUrl('/'))
  await homeGreeting(page).waitFor()
  const you = board.locator('li[data-you="true"]')
  await you.waitFor(POLL)
  const row = (await you.textContent()) ?? ''
  expect(row).toMatch(/^#1.*You\d+ pts?$/)
  // One name: the greeting is the board's name for the player.
  const name = (await homeGreeting(page).textContent()) ?? ''
  expect(name).toMatch(/^\w+ \w+ \d{4}$/)
  expect(await you.locator('.leaderboard-name').textContent()).toBe(name)
  await expect.poll(() => streakText(page).textContent(), POLL).toBe('1-day streak')
  await you.scrollIntoViewIfNeeded()
  await screenshot(page, 'week-day1-ranked')
  // The server: today's progress in the player's zone, this week's points, filed for reminders at 19:00 Singapore.
  expect(await progressOf(player)).toMatchObject({ timeZone: ZONE, day: localDay(1), today: 1, streak: 1 })
  expect(await readOf(player.uid, databasePaths.week(player.uid))).toEqual({
    week: weekOf(stackNow()).index,
    points: Number(/(\d+) pts?$/.exec(row)?.[1]),
  })
  // The nudge index lives with the player's records, on the player's instance.
  await expect.poll(() => readOf(player.uid, `notifications/slots/11/${player.uid}`), POLL).toBe(true)
  await closeDay(player, session)
}

/** Day 2, 19:02 in Singapore with no find yet: the hourly run reminds the player; then they keep the streak. */
async function reminderEvening(player: Player) {
  moveStackClockTo(at(2, 19))
  // The run of this UTC hour (11:00, Singapore's 19:00 slot), as Cloud Scheduler calls it.
  await admin.database.ref('meta/notifications/hour').set(Math.floor(stackNow() / HOUR) - 1)
  await triggerScheduledFunction({
    functionsUrl: stack.urls.functions,
    projectId: 'demo-worldmap',
    name: 'sendStreakNudges',
    region: 'asia-southeast1',
  })
  expect(await readOf(player.uid, `notifications/sent/${player.uid}`)).toMatchObject({
    status: 'sent',
    streak: 1,
    day: localDay(2),
  })

  const session = await openDay(player, at(2, 19))
  const { page } = session
  expect(await deliverNotifications(page, { feedUrl: `${stack.urls.notifications}/__worldmap/notifications` })).toBe(1)
  const banner = page.getByRole('button', { name: /^🔥 Keep your 1-day streak/ })
  await banner.waitFor()
  await screenshot(page, 'week-day2-reminder')
  // The reminder's deep link opens the map, where today's find keeps the streak.
  await banner.click()
  await page.waitForURL((url) => url.pathname === '/map')
  const { reply, reveal } = await collectBeside(player, page, 2)
  expect(reply.progress).toMatchObject({ today: 1, streak: 2 })
  await expect.poll(() => celebrationOf(reveal), POLL).toBe('Streak kept — 2 days in a row')
  await reveal.getByRole('button', { name: 'Continue' }).click()
  expect(await progressOf(player)).toMatchObject({ day: localDay(2), today: 1, streak: 2 })
  await closeDay(player, session)
}

/** Day 9, after missing day 8: home says the 7-day streak ended; the server still holds the last kept day. */
async function missedDay(player: Player) {
  const session = await openDay(player, at(9, 10))
  const { page } = session
  await expect.poll(() => streakText(page).textContent(), POLL).toBe('Your 7-day streak ended')
  await page.getByRole('region', { name: "Today's progress" }).scrollIntoViewIfNeeded()
  await screenshot(page, 'week-missed-day')
  expect(await progressOf(player)).toMatchObject({ day: localDay(7), streak: 7 })
  await closeDay(player, session)
}

test('behavior: a new player lives a week on the test clock: ranked, reminded, rewarded on days 3 and 7, and told when a missed day ends the streak', {
  timeout: 600_000,
}, async () => {
  const player: Player = {
    privateKey: randomPrivateKey(),
    identitySeed: `week-${Date.now()}-${Math.random()}`,
    // Singapore, east of where the other browser tests play.
    home: { lat: 1.33 + Math.random() * 0.05, lng: 103.86 + Math.random() * 0.08 },
    uid: '',
    storageState: undefined,
  }
  try {
    await firstDay(player)
    await reminderEvening(player)
    await rewardDay(player, 3, 3, { home: 'week-day3-home-reward', reveal: 'week-day3-reward-reveal' })
    for (const day of [4, 5, 6]) await keepStreak(player, day, day)
    await rewardDay(player, 7, 7, { reveal: 'week-day7-reward' })
    await missedDay(player)
  } finally {
    resetStackClock()
  }
})
