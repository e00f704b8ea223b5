// Content is never covered (issue 20, point 8): on every screen, scrolled to
// the bottom, the last content element sits fully above the bottom bar's
// button and above the device's bottom safe area (the simulator's 34 px
// home-indicator inset); on the scrolling pages with the map pin, the
// scrolling area itself ends above the button, so nothing is under it at any
// scroll position — measured in the production app at 390×844.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { TEST_TIMEOUT_MS } from './drops.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'
import { type Clearance, catchNearestDrop, clearance, SAFE_AREA, startVerifiedPlayer } from './screens.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Where each screen's content ended, for the failure message. */
type Report = Record<string, Clearance & { covered: boolean }>

/**
 * Scroll `scroller` to its end and record whether its last element is covered by the button or the
 * safe area — or, with `bar`, whether the scrolling area reaches under the button at all.
 */
async function record(page: Page, report: Report, screen: string, options: { scroller?: string; bar?: boolean } = {}) {
  const measured = await clearance(page, SAFE_AREA.bottom, options.scroller)
  const barTop = options.bar === false ? null : measured.barTop
  const limit = Math.min(measured.safeBottom, barTop ?? Number.POSITIVE_INFINITY)
  const under = barTop !== null && measured.areaBottom > barTop + 0.5
  report[screen] = { ...measured, covered: measured.lastBottom > limit + 0.5 || under }
  return measured
}

describe('content clear of the bottom bar and the safe area', () => {
  test(
    'behavior: scrolled to the bottom, the last content element of home, the leaderboard, the map sheet, inventory (book, finds, detail), profile and the error page is above the bottom-bar button and the bottom inset, and nothing on home or inventory scrolls under the button',
    async () => {
      const session = await startVerifiedPlayer(browser)
      const { page } = session
      const report: Report = {}
      try {
        // The bar's button is on home; with the inset it must float above the home indicator too.
        const home = await record(page, report, 'home')
        expect(home.barTop).not.toBeNull()
        await screenshot(page, 'home-bottom')

        // The map: the sheet covers the Back button on purpose; its own last line must clear the inset.
        await catchNearestDrop(page, {
          onSheet: async () => {
            await record(page, report, 'map: drop sheet', { scroller: '.drop-sheet', bar: false })
          },
        })

        // Home with this player ranked on the leaderboard and its rules open: the page's longest state.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
        await homeGreeting(page).waitFor()
        const board = page.getByRole('region', { name: 'Leaderboard' })
        await board.locator('[data-you]').waitFor()
        await board.getByText('How points work').click()
        await record(page, report, 'home with the leaderboard')
        await screenshot(page, 'home-bottom-leaderboard')

        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        await page.getByRole('button', { name: 'Sign out' }).waitFor()
        await record(page, report, 'profile')

        await page.getByRole('link', { name: 'Inventory' }).click()
        await page.waitForURL(appUrl('/inventory'))
        await page.locator('.book-cell[data-found="true"]').waitFor()
        await record(page, report, 'inventory: book')
        await screenshot(page, 'inventory-bottom')
        await page.getByRole('tab', { name: 'Finds' }).click()
        await page.locator('.finds-item').first().waitFor()
        await record(page, report, 'inventory: finds')
        await page.getByRole('tab', { name: 'Book' }).click()
        await page.locator('.book-cell[data-found="true"]').click()
        await page.getByRole('dialog').getByRole('button', { name: 'Share' }).waitFor()
        // The detail sheet lies over the bar (it is modal): its own end must clear the inset.
        await record(page, report, 'inventory: item detail', { scroller: '.inventory-detail', bar: false })

        await page.goto(appUrl('/no-such-page'))
        await page.getByRole('heading', { name: 'Page not found' }).waitFor()
        await record(page, report, 'error page')

        const covered = Object.entries(report)
          .filter(([, entry]) => entry.covered)
          .map(
            ([screen, entry]) =>
              `${screen}: ${entry.last} ends at ${Math.round(entry.lastBottom)} px, the scrolling area at ${Math.round(entry.areaBottom)} px, button top ${entry.barTop === null ? '–' : Math.round(entry.barTop)} px, safe area from ${entry.safeBottom} px`,
          )
        expect(covered, 'content covered by the bottom bar or the safe area').toEqual([])
        expect(Object.keys(report)).toHaveLength(8)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test('behavior: the login view after a failed sign-in keeps Retry above the bottom inset', async () => {
    const session = await openSession(browser, {
      simulator: {
        privateKey: randomPrivateKey(),
        safeAreaInsets: SAFE_AREA,
        behaviour: { 'wallet-auth': { outcome: 'reject', errorCode: 'user_rejected' } },
      },
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await page.getByText('You cancelled the sign-in.').waitFor()
      const measured = await clearance(page, SAFE_AREA.bottom, '.login-screen')
      expect(measured.barTop).toBeNull()
      expect(measured.lastBottom).toBeLessThanOrEqual(measured.safeBottom)
    } finally {
      await session.close()
    }
  })
})
