// The signed-in layout in the production app (spec §1, §2): the bars per route,
// document titles and language, the page skeleton while a page loads and the
// body's transition class during client-side navigation.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Somewhere in Singapore, away from where the collect test plays. */
const somewhere = { lat: 1.3, lng: 103.78 }

/** What a route shows, read from the DOM. */
async function bars(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const navLinks = await nav.getByRole('link').all()
  return {
    title: await page.title(),
    lang: await page.locator('html').getAttribute('lang'),
    topBar: await page.getByRole('banner').isVisible(),
    bottom: await Promise.all(
      navLinks.map(async (link) => ({
        name: await link.getAttribute('aria-label'),
        href: await link.getAttribute('href'),
        round: ((await link.getAttribute('class')) ?? '').split(' ').includes('round-button'),
        visible: await link.isVisible(),
      })),
    ),
  }
}

describe('layout', () => {
  test('behavior: the bars, title and lang on /, /map, /profile and /inventory (client-side navigation)', async () => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), geolocation: { position: somewhere, accuracy: 5, interval: 250 } },
      username: 'bars.e2e',
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      expect(await bars(page)).toEqual({
        title: 'WorldMap',
        lang: 'en',
        topBar: true,
        bottom: [{ name: 'Map', href: '/map', round: true, visible: true }],
      })
      // Top bar: the logo and the round avatar (no picture → the person icon) linking to /profile.
      const topBar = page.getByRole('banner')
      expect(await topBar.getByRole('img', { name: 'WorldMap' }).isVisible()).toBe(true)
      const avatar = topBar.getByRole('link', { name: 'Profile' })
      expect(await avatar.getAttribute('href')).toBe('/profile')
      expect(await avatar.locator('[data-icon="person"]').isVisible()).toBe(true)
      expect(await avatar.locator('img').count()).toBe(0)

      // / → /map: the map, and a round Back button to / instead of the map pin.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      await page.waitForURL(appUrl('/map'))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      await page.getByRole('img', { name: 'Your position' }).waitFor()
      expect(await page.locator('.map-screen').getAttribute('data-style-source')).toBe('local')
      expect(await bars(page)).toEqual({
        title: 'Map · WorldMap',
        lang: 'en',
        topBar: true,
        bottom: [{ name: 'Back', href: '/', round: true, visible: true }],
      })
      await screenshot(page, 'map')
      // The markers' drawings in their rarity rings (issue 31).
      await page.locator('.map-drop .map-drop-art').first().waitFor()
      await screenshot(page, 'map-markers-art')

      // /map → / → /profile: no top bar, no bottom bar.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
      await page.waitForURL(appUrl('/'))
      await homeGreeting(page).waitFor()
      expect((await bars(page)).title).toBe('WorldMap')
      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      await page.waitForURL(appUrl('/profile'))
      await page.getByRole('button', { name: 'Sign out' }).waitFor()
      expect(await bars(page)).toEqual({ title: 'Profile · WorldMap', lang: 'en', topBar: false, bottom: [] })
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('bars.e2e')
      await screenshot(page, 'profile')

      // /profile → /inventory: no top bar, the map pin to /map; a new user's empty state.
      await page.getByRole('link', { name: 'Inventory' }).click()
      await page.waitForURL(appUrl('/inventory'))
      await page.getByText('Your book is empty — for now.').waitFor()
      expect(await bars(page)).toEqual({
        title: 'Inventory · WorldMap',
        lang: 'en',
        topBar: false,
        bottom: [{ name: 'Map', href: '/map', round: true, visible: true }],
      })
      await screenshot(page, 'inventory-empty')
      expect(session.pageErrors).toEqual([])
      // Local mode with no map style configured: the offline style, and nothing asked of the internet.
      expect(session.blocked).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('behavior: the server renders each route with its title and lang="en"; unknown routes are a 404 page', async () => {
    const session = await openSession(browser, { simulator: false })
    const { page } = session
    try {
      const titles: Record<string, string> = {}
      for (const path of ['/', '/map', '/profile', '/inventory', '/no-such-page']) {
        const response = await page.goto(appUrl(path))
        expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200)
        // Read from the HTML the server sent, before any script could change it.
        const html = (await response?.text()) ?? ''
        expect(html).toMatch(/<html lang="en">/)
        titles[path] = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
        expect(await page.title()).toBe(titles[path])
      }
      expect(titles).toEqual({
        '/': 'WorldMap',
        '/map': 'Map · WorldMap',
        '/profile': 'Profile · WorldMap',
        '/inventory': 'Inventory · WorldMap',
        '/no-such-page': 'Page not found · WorldMap',
      })
      await screenshot(page, 'not-found')
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('behavior: the skeleton shows while a page loads; page-is-transitioning is on <body> from start to end', async () => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), geolocation: { position: somewhere, accuracy: 5, interval: 250 } },
    })
    const { page, context } = session
    try {
      // Every change of the body's class, in order, from the first script on.
      await context.addInitScript(() => {
        const log: { transitioning: boolean; path: string }[] = []
        ;(window as unknown as { __bodyClassLog: typeof log }).__bodyClassLog = log
        new MutationObserver(() => {
          const transitioning = document.body?.classList.contains('page-is-transitioning') ?? false
          if (log.at(-1)?.transitioning !== transitioning) log.push({ transitioning, path: location.pathname })
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] })
      })
      const classLog = () =>
        page.evaluate(() => (window as unknown as { __bodyClassLog: { transitioning: boolean; path: string }[] }).__bodyClassLog)
      const transitioning = () => page.evaluate(() => document.body.classList.contains('page-is-transitioning'))

      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      expect(await transitioning()).toBe(false)
      const shellSkeleton = page.locator('.app-main > .page-skeleton')
      expect(await shellSkeleton.isVisible()).toBe(false)

      // 1. /  → /profile with the profile page's code held back: the transition is under way.
      const held = await holdRequests(page, /\/assets\/entries\/pages_profile\.[\w-]+\.js$/)
      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      await held.requested
      expect(await transitioning()).toBe(true)
      await shellSkeleton.waitFor({ state: 'visible' })
      expect(await shellSkeleton.getAttribute('aria-busy')).toBe('true')
      expect(await page.locator('.app-main > .page-content').isVisible()).toBe(false)
      await screenshot(page, 'skeleton')
      await held.release()
      await page.getByRole('button', { name: 'Sign out' }).waitFor()
      await page.waitForFunction(() => !document.body.classList.contains('page-is-transitioning'))
      expect(await shellSkeleton.isVisible()).toBe(false)
      expect(page.url()).toBe(appUrl('/profile'))

      // 2. /profile → / → /map with the map screen's lazy chunk held back: the page
      // changed (class gone) but the map is still loading, so the map page shows the skeleton.
      await page.getByRole('link', { name: 'Back' }).click()
      await homeGreeting(page).waitFor()
      // The map screen's chunk, by its recentre button's class (its words live in the catalogue now).
      const mapChunk = findChunk('map-recenter')
      const heldMap = await holdRequests(page, new RegExp(`/assets/chunks/${mapChunk.replace(/[.-]/g, '\\$&')}$`))
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
      await heldMap.requested
      const mapSkeleton = page.locator('.map-page [data-testid="page-skeleton"]')
      await mapSkeleton.waitFor({ state: 'visible' })
      await page.waitForFunction(() => !document.body.classList.contains('page-is-transitioning'))
      await heldMap.release()
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      expect(await mapSkeleton.count()).toBe(0)

      // The class was added and removed once per navigation, never left behind.
      expect(await classLog()).toEqual([
        { transitioning: true, path: '/' },
        { transitioning: false, path: '/profile' },
        { transitioning: true, path: '/profile' },
        { transitioning: false, path: '/' },
        { transitioning: true, path: '/' },
        { transitioning: false, path: '/map' },
      ])
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('behavior: a link to a drop that is gone says so kindly and shows the map (issue 31)', async () => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), geolocation: { position: somewhere, accuracy: 5, interval: 250 } },
      username: 'gone.e2e',
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      // A drop of a window long past, in the player's own watch cell: collected or expired, it is not on the map.
      await page.goto(appUrl('/map?drop=w21z6h8_964296_0'))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      const gone = page.getByTestId('map-drop-gone')
      await gone.waitFor({ timeout: 15_000 })
      expect(await gone.textContent()).toBe(
        "That drop isn't here anymore — someone found it first, or its time ran out. Here are the drops around you.",
      )
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.locator('.map-drop').count()).toBeGreaterThan(0)
      await screenshot(page, 'map-gone-drop')
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})

/** The built client chunk whose code contains `marker` (chunk names are content hashes). */
function findChunk(marker: string): string {
  const dir = join(inject('appClientDir'), 'assets/chunks')
  const found = readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(join(dir, file), 'utf8').includes(marker))
  if (found.length !== 1) throw new Error(`expected one chunk containing ${JSON.stringify(marker)}, found ${found.join(', ')}`)
  return found[0] as string
}

/** Hold requests matching `pattern` until `release()`; `requested` resolves on the first. */
async function holdRequests(page: Page, pattern: RegExp) {
  let markRequested: () => void = () => {}
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve
  })
  let open: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const handler = async (route: Route) => {
    markRequested()
    await gate
    await route.fallback()
  }
  await page.route(pattern, handler)
  return {
    requested,
    async release() {
      open()
      await page.unroute(pattern, handler)
    },
  }
}
