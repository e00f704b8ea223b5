// The streak-at-risk nudge end to end (issue 24, point 5): the app's start tells
// the server World App grants notifications (the profile, opened after, asks
// nothing more of the server), the stack's scheduler runs the
// real `sendStreakNudges` for a player whose streak is alive and whose evening
// it is, the send-notification stand-in records the request, the simulator
// shows it as World App's banner, and a tap opens the deep link: /map.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { deliverNotifications } from '@worldmap/simulator/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { triggerScheduledFunction } from '../../../../tooling/stack/scheduler.mjs'
import { launchChromium } from '../launchChromium.js'
import { openPlayerDatabase, type StackDatabase } from './chaos/chaos.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'

const HOUR = 3_600_000
const stack = JSON.parse(process.env.WORLDMAP_STACK ?? '{}') as {
  urls: { functions: string; database: string; notifications: string }
}
// The Admin SDK of the functions' package: it writes the player's progress as collectDrop would have yesterday.
const requireFromFunctions = createRequire(fileURLToPath(new URL('../../../functions/package.json', import.meta.url)))
const { initializeApp, deleteApp } = requireFromFunctions('firebase-admin/app')
const { getDatabase } = requireFromFunctions('firebase-admin/database')

let browser: Browser
const admin = initializeApp({ projectId: 'demo-worldmap', databaseURL: `${stack.urls.database}?ns=demo-worldmap` }, 'nudge-e2e')
const database = getDatabase(admin)
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await deleteApp(admin)
})

/** The fixed-offset zone whose clock reads `localHour` at `now` (Etc/GMT-8 is UTC+8). */
function zoneAt(localHour: number, now: number): string {
  let offset = (((localHour - Math.floor(now / HOUR)) % 24) + 24) % 24
  if (offset > 14) offset -= 24
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

describe('streak nudge', () => {
  test('behavior: sent in the player’s evening, shown as World App’s banner, and a tap opens the map', async () => {
    // One UTC hour for the whole test: the zone is chosen for it.
    if (HOUR - (Date.now() % HOUR) < 60_000)
      await new Promise((resolve) => setTimeout(resolve, HOUR - (Date.now() % HOUR) + 1_000))
    const now = Date.now()
    const zone = zoneAt(19, now)
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), permissions: { notifications: true } },
      username: 'nudge.e2e',
    })
    const { page } = session
    let records: StackDatabase | undefined
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      const uid = await simulatorAddress(page)
      // The player's progress and notification state live on the player's instance; the run's hour on main.
      records = openPlayerDatabase(uid)
      const playerRecords = records
      const readRecord = (path: string) => playerRecords.read(path)
      // A 5-day streak last kept yesterday, in a zone where it is 19:00 now.
      const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - 24 * HOUR)
      await playerRecords.database
        .ref(`profiles/${uid}/progress`)
        .set({ timeZone: zone, day: yesterday, today: 1, streak: 5, best: 5, updatedAt: now - 24 * HOUR })
      await database.ref('meta/notifications/hour').set(Math.floor(now / HOUR) - 1)
      // This start's report (the device's zone: no progress then) is in before the next start.
      await expect.poll(() => readRecord(`notifications/players/${uid}`), { timeout: 10_000 }).not.toBeNull()

      // The next app start reads World App's grant and tells the server, without the profile: the player is filed
      // under this hour's slot (the zone on record now). The profile opened after shows the switch from that
      // answer, with no second request.
      const syncRequests: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/syncNotifications')) syncRequests.push(request.url())
      })
      await page.reload()
      await homeGreeting(page).waitFor()
      await expect
        .poll(() => readRecord(`notifications/slots/${Math.floor(now / HOUR) % 24}/${uid}`), { timeout: 10_000 })
        .toBe(true)
      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      const reminders = page.getByRole('switch', { name: 'Send me streak reminders' })
      await reminders.waitFor()
      await expect.poll(() => reminders.isEnabled()).toBe(true)
      expect(await reminders.isChecked()).toBe(true)
      expect(syncRequests).toHaveLength(1)
      await page.getByRole('link', { name: 'Back' }).click()
      await homeGreeting(page).waitFor()

      await triggerScheduledFunction({
        functionsUrl: stack.urls.functions,
        projectId: 'demo-worldmap',
        name: 'sendStreakNudges',
        region: 'asia-southeast1',
      })
      expect(await readRecord(`notifications/sent/${uid}`)).toMatchObject({ status: 'sent', streak: 5 })
      expect(await deliverNotifications(page, { feedUrl: `${stack.urls.notifications}/__worldmap/notifications` })).toBe(1)

      const banner = page.getByRole('button', { name: /^🔥 Keep your 5-day streak\. 5 days in a row!/ })
      await banner.waitFor()
      await screenshot(page, 'notification-deeplink')
      await banner.click()
      await page.waitForURL(appUrl('/map'))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      expect(session.pageErrors).toEqual([])
    } finally {
      await records?.close()
      await session.close()
    }
  })

  test.each([
    ['pt-BR', 'Receber lembretes de sequência', 'Perfil'],
    ['id', 'Kirimi saya pengingat runtunan', 'Profil'],
  ])('behavior: in %s the reminders and their switch fit the 390 px screen', async (locale, switchName, profileLink) => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), permissions: { notifications: true } },
      username: 'nudge.e2e',
      locale,
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await page.getByRole('banner').getByRole('link', { name: profileLink }).click()
      const reminders = page.getByRole('switch', { name: switchName })
      await reminders.waitFor()
      await expect.poll(() => reminders.isEnabled()).toBe(true)
      expect(await reminders.isChecked()).toBe(true)
      const section = page.locator('.permission-item')
      await section.scrollIntoViewIfNeeded()
      // Nothing cut or wider than the phone: every line of the section inside the viewport.
      const overflow = await section.evaluate(
        (item) =>
          [...item.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
            .length,
      )
      expect(overflow).toBe(0)
      await screenshot(page, `profile-reminders-${locale}`)
    } finally {
      await session.close()
    }
  })
})
