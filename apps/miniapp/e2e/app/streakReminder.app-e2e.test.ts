// "Show streak reminder" (the simulator's developer panel, issue 30 point 6):
// the local stack's hook makes the signed-in player due and runs the real
// `sendStreakNudges`, whose request the send-notification stand-in records and
// the simulator shows as World App's banner. Here the hook is called as the
// panel calls it (through the dev server's same-origin route, which only
// forwards); nothing about the player is written by the test.
import { deliverNotifications } from '@worldmap/simulator/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'

const stack = JSON.parse(process.env.WORLDMAP_STACK ?? '{}') as { urls: { notifications: string } }
const hook = `${stack.urls.notifications}/__worldmap/streak-reminder`
const ask = (wallet: string, contentType = 'application/json') =>
  fetch(hook, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify({ wallet }) }).then(
    async (response) => ({
      status: response.status,
      body: (await response.json()) as { shown: boolean; reason?: string; message: string },
    }),
  )

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

test('behavior: a player who allowed notifications gets the reminder and its banner; one who did not is told why', {
  timeout: 120_000,
}, async () => {
  const allowed = await openSession(browser, {
    simulator: { privateKey: randomPrivateKey(), permissions: { notifications: true } },
    username: 'reminder.e2e',
  })
  const refused = await openSession(browser, { simulator: { privateKey: randomPrivateKey() }, username: 'reminder.off' })
  try {
    // Each app start tells the server what World App grants.
    for (const { page } of [allowed, refused]) {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
    }
    // The profile shows the reminders switch once the server has the player's answer: enrolled, the real way.
    await allowed.page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
    const reminders = allowed.page.getByRole('switch', { name: 'Send me streak reminders' })
    await reminders.waitFor()
    await expect.poll(() => reminders.isEnabled(), { timeout: 30_000 }).toBe(true)
    const wallet = await simulatorAddress(allowed.page)
    const other = await simulatorAddress(refused.page)
    // Nothing written for them: told why, whether or not their start has reported yet.
    expect(await ask(other)).toMatchObject({
      status: 409,
      body: {
        shown: false,
        reason: 'no_permission',
        message: expect.stringMatching(/has not (allowed notifications|told the server)/),
      },
    })

    await expect.poll(async () => (await ask(wallet)).body, { timeout: 30_000 }).toMatchObject({ shown: true })
    // The real path's record: what the stand-in accepted, shown by the simulator as World App's banner.
    expect(
      await deliverNotifications(allowed.page, { feedUrl: `${stack.urls.notifications}/__worldmap/notifications` }),
    ).toBeGreaterThanOrEqual(1)
    const banner = allowed.page.getByRole('button', { name: /^🔥 Keep your 1-day streak/ })
    await banner.first().waitFor()
    await screenshot(allowed.page, 'streak-reminder-banner')
    // Asked again at once: shown again (the hook clears today's claim), never refused as a duplicate.
    expect((await ask(wallet)).body).toMatchObject({ shown: true })
  } finally {
    await allowed.close()
    await refused.close()
  }
})

test('error: the hook refuses what a web page could send without a preflight, and a malformed wallet', async () => {
  expect((await ask('0x0000000000000000000000000000000000000001', 'text/plain')).status).toBe(415)
  expect(await ask('not-a-wallet')).toMatchObject({ status: 400, body: { reason: 'invalid_wallet' } })
})
