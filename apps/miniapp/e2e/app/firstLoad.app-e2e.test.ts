// The first-load budget of / (≤ 120.75 KiB of JS, gzip), measured on
// the production build this run serves, two ways that must agree: statically
// (the HTML's scripts and modulepreloads plus their static imports, the
// measurement of scripts/measureFirstLoad.mjs) and in Chromium (every JS file
// the page actually requested until it was up and running).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { measureFirstLoad } from '../../scripts/measureFirstLoad.mjs'
import { launchChromium } from '../launchChromium.js'
import { appUrl, openSession } from './harness.js'

// 120 KiB until issue 34, 120.25 until issue 35 (see docs/first-launch.md): the SDK's install keeps the
// launch location object today's World App sends and starts the user afresh per host, as official 2.x; the
// first load schedules the error reporter and names the sign-in's action, and the player table is checked.
const BUDGET_BYTES = 120.75 * 1024
const NOT_INSTALLED_WARNING = "MiniKit is not installed. Make sure you're running the application inside of World App"

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('first load of /', () => {
  test('budget: the JS of / is at most 120.75 KiB gzip, and it is exactly what the browser loads before the app runs', async () => {
    const clientDir = inject('appClientDir')
    const html = await (await fetch(appUrl('/'))).text()
    const measured = measureFirstLoad({ html, clientDir })
    const report = measured.files.map(({ url, gzip }) => `${(gzip / 1024).toFixed(2).padStart(7)} KiB  ${url}`).join('\n')
    console.info(
      `first-load JS of /: ${(measured.totalGzip / 1024).toFixed(2)} KiB gzip (budget ${BUDGET_BYTES / 1024} KiB)\n${report}`,
    )
    expect(measured.files.length).toBeGreaterThan(0)
    expect(measured.totalGzip).toBeLessThanOrEqual(BUDGET_BYTES)

    // In the browser: no host, so no sign-in (whose Firebase code is lazy by design).
    // The app has run once the provider tried to install the toolkit and logged the
    // warning. The page notes that moment itself: the screens' chunks are fetched at
    // the first idle moment after it, and Node hears of console messages and requests
    // with some lag, so only the page's own clock orders them reliably.
    const session = await openSession(browser, { simulator: false })
    const { page } = session
    try {
      await page.addInitScript((warning) => {
        const original = console.warn
        console.warn = (...args: unknown[]) => {
          const probe = window as unknown as { ranAt?: number }
          if (args[0] === warning && probe.ranAt === undefined) probe.ranAt = performance.now()
          original.apply(console, args)
        }
      }, NOT_INSTALLED_WARNING)
      const ran = page.waitForEvent('console', (message) => message.text() === NOT_INSTALLED_WARNING)
      await page.goto(appUrl('/'))
      await ran
      const origin = inject('appUrl')
      const requested = await page.evaluate((prefix) => {
        const ranAt = (window as unknown as { ranAt: number }).ranAt
        const urls = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= ranAt && entry.name.startsWith(prefix))
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => /\.m?js$/.test(path))
        return [...new Set(urls)].sort()
      }, `${origin}/`)
      expect(requested).toEqual(measured.files.map((file) => file.url).sort())
      const requestedGzip = requested.reduce(
        (sum, url) => sum + gzipSync(readFileSync(join(clientDir, url.slice(1))), { level: 9 }).length,
        0,
      )
      expect(requestedGzip).toBe(measured.totalGzip)
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
