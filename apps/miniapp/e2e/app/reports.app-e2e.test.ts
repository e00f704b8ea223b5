// Production tells the team, end to end: an error thrown in the app and a
// collect the function refuses reach the app server's report route and come
// out as Cloud Logging lines on its output, scrubbed (no wallet, uid or
// precise position), and the collect's action id is on the function's own
// outcome line in the Functions emulator's log. The reporter draws nothing:
// no screen changes, so no screenshot.

import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { openPlayerDatabase } from './chaos/chaos.js'
import { awayFromWindowEnd, markersOnScreen, TEST_TIMEOUT_MS, walkIntoReach } from './drops.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, simulatorAddress } from './harness.js'
import { verifyWithWorldId } from './screens.js'
import { stackNow } from './stackClock.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** The JSON lines of a log file (the emulator prefixes the functions' own with `>  `). */
function jsonLines(file: string): Record<string, unknown>[] {
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  return text.split('\n').flatMap((line) => {
    const json = line.replace(/^>\s+/, '')
    if (!json.startsWith('{')) return []
    try {
      return [JSON.parse(json) as Record<string, unknown>]
    } catch {
      return []
    }
  })
}

interface ReportLine {
  severity: string
  message: string
  event: string
  'logging.googleapis.com/labels': Record<string, string>
  report: { kind: string; page: string; actionId?: string; message?: string; stack?: string; callable?: string; code?: string }
}

describe('reports', () => {
  test(
    'behavior: a thrown error and a refused collect reach the report log scrubbed, and the collect’s action id is on the function’s line',
    async () => {
      await awayFromWindowEnd()
      // Jakarta: outside the stack's region table, so the gate is on the main instance.
      const start = { lat: -6.3 + Math.random() * 0.15, lng: 106.7 + Math.random() * 0.2 }
      const session = await openSession(browser, {
        simulator: {
          privateKey: randomPrivateKey(),
          identity: { seed: `reports-${Date.now()}-${Math.random()}` },
          geolocation: { position: start, accuracy: 5, interval: 250 },
        },
        username: `reports-${Date.now().toString(36)}`,
      })
      const { page } = session
      const appLog = inject('appLogFile')
      const functionsLog = inject('functionsLogFile')
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await verifyWithWorldId(page)
        const uid = await simulatorAddress(page)
        const position = `${start.lat.toFixed(6)},${start.lng.toFixed(6)}`

        // 1. The app throws: an uncaught error whose message names the wallet and the position (once the
        // reporter, loaded a second after the page, listens).
        await page.locator('html[data-reporter="on"]').waitFor({ state: 'attached' })
        await page.evaluate(
          ([wallet, at]) => {
            setTimeout(() => {
              throw new Error(`e2e boom for ${wallet} at ${at}`)
            })
          },
          [uid, position],
        )
        await expect.poll(() => session.pageErrors.some((error) => error.includes('e2e boom'))).toBe(true)

        // 2. A collect the function refuses: the nearest drop, walked into reach, with the player's collect
        // quota used up (its bucket emptied through the Admin SDK, stamped ten minutes ahead so the 3 s
        // refill cannot give a token back while the test taps) → rate_limited.
        const link = page.getByRole('region', { name: 'Nearest drops' }).getByRole('link').first()
        const dropId = new URL(String(await link.getAttribute('href')), appUrl('/')).searchParams.get('drop') ?? ''
        await link.click()
        await page.waitForURL((url) => url.pathname === '/map')
        const sheet = page.getByRole('dialog')
        await sheet.waitFor()
        await walkIntoReach(page, sheet)
        // The travel gate's buckets live with the player's records, on the player's instance.
        const admin = openPlayerDatabase(uid)
        try {
          await admin.database.ref(`players/${uid}/collect`).set({ tokens: 0, at: stackNow() + 10 * 60_000 })
        } finally {
          await admin.close()
        }
        const marker = page.locator(`.map-drop[data-drop-id="${dropId}"]`)
        await expect.poll(() => marker.getAttribute('data-in-reach'), { timeout: 30_000 }).toBe('true')
        // A tap on the drop's spot selects the drop in reach on top there (as catchNearestDrop does).
        const target = (await markersOnScreen(page)).find((candidate) => candidate.id === dropId)
        if (!target) throw new Error(`no marker for ${dropId}`)
        await page.mouse.click(target.x, target.y)
        await page.locator('.map-drop[aria-pressed="true"]').waitFor()
        const answered = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
        await page.getByRole('dialog').getByRole('button', { name: 'Collect' }).click()
        const refused = await answered
        expect(refused.status()).toBe(429)
        const sentActionId = (JSON.parse(refused.request().postData() ?? '{}') as { data?: { actionId?: string } }).data?.actionId
        expect(sentActionId).toMatch(/^[0-9a-f]{32}$/)

        // 3. The page is left (hidden): the reporter sends what it holds with a beacon.
        await page.evaluate(() => dispatchEvent(new Event('pagehide')))

        // 4. The app server's log: both reports, scrubbed.
        const reports = () =>
          jsonLines(appLog).filter((line): line is ReportLine & Record<string, unknown> => line.event === 'client_report')
        await expect
          .poll(
            () =>
              reports().filter(
                (line) =>
                  line.report.message?.startsWith('e2e boom') ||
                  (line.report.callable === 'collectDrop' && line.report.actionId === sentActionId),
              ).length,
            { timeout: 20_000 },
          )
          .toBe(2)
        const error = reports().find((line) => line.report.message?.startsWith('e2e boom'))
        expect(error).toMatchObject({
          severity: 'ERROR',
          report: { kind: 'error', source: 'error', name: 'Error', message: 'e2e boom for 0x… at ~…,~…', page: '/' },
        })
        const refusal = reports().find((line) => line.report.actionId === sentActionId)
        expect(refusal).toMatchObject({
          severity: 'WARNING',
          'logging.googleapis.com/labels': { event: 'client_report', kind: 'refusal', actionId: sentActionId },
          report: { kind: 'refusal', callable: 'collectDrop', code: 'rate_limited', page: '/map' },
        })
        const everything = JSON.stringify(reports())
        expect(everything).not.toContain(uid)
        expect(everything.toLowerCase()).not.toContain(uid.toLowerCase())
        expect(everything).not.toContain(start.lat.toFixed(4))
        expect(everything).not.toContain(start.lng.toFixed(4))

        // 5. The function's log: the collect's outcome line, with the same action id, and no uid.
        const outcome = () =>
          jsonLines(functionsLog).find((line) => line.event === 'action_outcome' && line.actionId === sentActionId)
        await expect.poll(outcome, { timeout: 20_000 }).toBeDefined()
        expect(outcome()).toMatchObject({
          severity: 'WARNING',
          action: 'collectDrop',
          outcome: 'refused',
          code: 'rate_limited',
          durationMs: expect.any(Number),
          'logging.googleapis.com/labels': { event: 'action_outcome', action: 'collectDrop', actionId: sentActionId },
          'logging.googleapis.com/trace': `projects/demo-worldmap/traces/${sentActionId}`,
        })
        expect(JSON.stringify(outcome()).toLowerCase()).not.toContain(uid.toLowerCase())
        // For the report: the two lines of this collect, as they were written.
        console.log(`function line: ${JSON.stringify(outcome())}\nreport line: ${JSON.stringify(refusal)}`)
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
