// Production tells the team, end to end: an error thrown in the app (one in
// the first 200 ms after load, before the reporter has loaded, and one
// later), a sign-in the function refuses and a collect the function refuses
// reach the app server's report route and come out as Cloud Logging lines on
// its output, scrubbed (no wallet, uid or position finer than a region), and
// the sign-in's and the collect's action ids are on the function's own
// outcome lines in the Functions emulator's log. The reporter draws nothing:
// no screen changes, so no screenshot.

import { readFileSync } from 'node:fs'
import { encodeGeohash } from '@worldmap/game'
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
  report: {
    kind: string
    page: string
    actionId?: string
    region?: string
    message?: string
    stack?: string
    callable?: string
    code?: string
  }
}

/**
 * Runs in the page before its scripts: 100 ms after the first page's `load`
 * (the reporter loads a second after it), an uncaught error naming a
 * position and a spawn cell, once per tab (a reload does not throw again).
 */
function throwEarly() {
  if (!location.protocol.startsWith('http') || sessionStorage.getItem('e2e-early-thrown')) return
  addEventListener('load', () =>
    setTimeout(() => {
      sessionStorage.setItem('e2e-early-thrown', '1')
      const reporter = document.documentElement.dataset.reporter ?? 'off'
      throw new Error(`e2e early boom at 1.352083,103.819836 in w21z73t (reporter ${reporter})`)
    }, 100),
  )
}

describe('reports', () => {
  test(
    'behavior: an error before the reporter loads, a later one, a refused sign-in and a refused collect reach the report log scrubbed, with the region, and the actions’ ids are on the functions’ lines',
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
      const { page, context } = session
      const appLog = inject('appLogFile')
      const functionsLog = inject('functionsLogFile')
      try {
        // 0. An error 100 ms after load, before the reporter has loaded; and the first sign-in refused by the
        // function (its signed nonce spoiled on the way: 403 invalid_signed_nonce), the Retry signs in.
        await context.addInitScript(throwEarly)
        const signInIds: string[] = []
        const customTokenUrl = `${inject('stackUrls').customToken}?`
        await context.route(
          (url) => url.href.startsWith(customTokenUrl),
          (route) => {
            const url = new URL(route.request().url())
            signInIds.push(url.searchParams.get('actionId') ?? '')
            if (signInIds.length > 1) return route.fallback()
            url.searchParams.set('signedNonce', 'f'.repeat(64))
            return route.fallback({ url: url.href })
          },
        )
        await page.goto(appUrl('/'))
        await page.getByRole('alert').filter({ hasText: "We couldn't reach WorldMap" }).waitFor()
        await page.getByRole('button', { name: 'Retry' }).click()
        await homeGreeting(page).waitFor()
        expect(signInIds).toHaveLength(2)
        const [failedSignInId = '', signInId] = signInIds
        expect(failedSignInId).toMatch(/^[0-9a-f]{32}$/)
        expect(signInId).not.toBe(failedSignInId)
        await expect.poll(() => session.pageErrors.some((error) => error.includes('e2e early boom'))).toBe(true)
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
                  line.report.message?.startsWith('e2e early boom') ||
                  (line.report.callable === 'signIn' && line.report.actionId === failedSignInId) ||
                  (line.report.callable === 'collectDrop' && line.report.actionId === sentActionId),
              ).length,
            { timeout: 20_000 },
          )
          .toBe(4)
        // The early error, kept by the page's hook before the reporter loaded (it was off when it was thrown).
        expect(reports().find((line) => line.report.message?.startsWith('e2e early boom'))).toMatchObject({
          severity: 'ERROR',
          report: { kind: 'error', source: 'error', message: 'e2e early boom at ~…,~… in <cell> (reporter off)', page: '/' },
        })
        // The refused sign-in, by its code, with its action's id.
        expect(reports().find((line) => line.report.actionId === failedSignInId)).toMatchObject({
          severity: 'WARNING',
          'logging.googleapis.com/labels': { event: 'client_report', kind: 'refusal', actionId: failedSignInId },
          report: { kind: 'refusal', callable: 'signIn', code: 'custom_token_request_failed', page: '/' },
        })
        const error = reports().find((line) => line.report.message?.startsWith('e2e boom'))
        expect(error).toMatchObject({
          severity: 'ERROR',
          report: { kind: 'error', source: 'error', name: 'Error', message: 'e2e boom for 0x… at ~…,~…', page: '/' },
        })
        const refusal = reports().find((line) => line.report.actionId === sentActionId)
        expect(refusal).toMatchObject({
          severity: 'WARNING',
          // Jakarta is outside the stack's region table: the map reads the main instance's region.
          'logging.googleapis.com/labels': { event: 'client_report', kind: 'refusal', actionId: sentActionId, region: 'main' },
          report: { kind: 'refusal', callable: 'collectDrop', code: 'rate_limited', page: '/map', region: 'main' },
        })
        const everything = JSON.stringify(reports())
        expect(everything).not.toContain(uid)
        expect(everything.toLowerCase()).not.toContain(uid.toLowerCase())
        expect(everything).not.toContain(start.lat.toFixed(4))
        expect(everything).not.toContain(start.lng.toFixed(4))
        // No cell of the player's finer than a region (5 characters, ~5 km), nor the early error's.
        expect(everything).not.toContain(encodeGeohash(start.lat, start.lng, 6))
        expect(everything).not.toContain('w21z73')

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
        // The refused sign-in's outcome line, with the id the app reported it under.
        const signInOutcome = jsonLines(functionsLog).find(
          (line) => line.event === 'action_outcome' && line.actionId === failedSignInId,
        )
        expect(signInOutcome).toMatchObject({
          severity: 'WARNING',
          action: 'signIn',
          outcome: 'refused',
          code: 'invalid_signed_nonce',
          'logging.googleapis.com/labels': { event: 'action_outcome', action: 'signIn', actionId: failedSignInId },
          'logging.googleapis.com/trace': `projects/demo-worldmap/traces/${failedSignInId}`,
        })
        // For the report: the lines of this collect and of the refused sign-in, and the early error's, as written.
        const early = reports().find((line) => line.report.message?.startsWith('e2e early boom'))
        const signInReport = reports().find((line) => line.report.actionId === failedSignInId)
        console.log(
          [
            `function line: ${JSON.stringify(outcome())}`,
            `report line: ${JSON.stringify(refusal)}`,
            `sign-in function line: ${JSON.stringify(signInOutcome)}`,
            `sign-in report line: ${JSON.stringify(signInReport)}`,
            `early error line: ${JSON.stringify(early)}`,
          ].join('\n'),
        )
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )
})
