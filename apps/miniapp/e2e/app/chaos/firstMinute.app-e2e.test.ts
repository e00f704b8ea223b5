// The first minute (issue 30, point 4), on the production build against the
// local stack: a new player's home and map while the first spawn is still
// running (the ensureDropsNear callable held back, as a cold-starting
// function would be) say "Looking for drops near you…", never "No drops near
// you", until the server has answered and its drops are listed; and a map
// whose location goes off after the server said it jumped shows "Location
// is off" alone, in pt-BR.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { en } from '../../../src/lib/i18n/catalogues/en/index.js'
import { ptBR } from '../../../src/lib/i18n/catalogues/pt-BR/index.js'
import { awayFromWindowEnd, isEnsureDropsNear } from '../drops.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from '../harness.js'
import { delayCallable, sharedBrowserAndDatabase } from './chaos.js'

const shared = sharedBrowserAndDatabase()
const CASE_TIMEOUT_MS = 120_000
/** How long the first spawn is held back: long enough to look at the screen while it runs. */
const SPAWN_DELAY_MS = 5_000

/** A place of its own in Singapore (the location case needs drops around it). */
const somewhereInSingapore = () => ({ lat: 1.33 + Math.random() * 0.1, lng: 103.85 + Math.random() * 0.12 })
/**
 * Somewhere around Bangkok, where no other test plays: the first spawn must find nothing there yet (the other
 * chaos cases spawn around Singapore, and drops already lying there would show at once, as they should).
 */
const somewhereNoOneHasPlayed = () => ({ lat: 13.5 + Math.random() * 0.5, lng: 100.3 + Math.random() * 0.5 })

/**
 * Every text the card titled `title` showed from now on (a MutationObserver
 * in the page), read back with the returned function.
 */
async function recordCardTexts(page: Page, title: string): Promise<() => Promise<string[]>> {
  await page.evaluate((heading) => {
    const seen: string[] = []
    Object.assign(window, { __seenTexts: seen })
    const note = () => {
      const card = [...document.querySelectorAll('section.card')].find(
        (section) => section.querySelector('h2')?.textContent === heading,
      )
      const text = card?.textContent ?? ''
      if (seen.at(-1) !== text) seen.push(text)
    }
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true })
    note()
  }, title)
  return () => page.evaluate(() => (window as { __seenTexts?: string[] }).__seenTexts ?? [])
}

/** A new player somewhere no one has played, the first spawn held back {@link SPAWN_DELAY_MS}. */
async function newPlayerWithSlowSpawn(name: string) {
  const session = await openSession(shared.browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      geolocation: { position: somewhereNoOneHasPlayed(), accuracy: 5, interval: 1000 },
    },
    username: `${name}-${Date.now().toString(36)}`,
  })
  const slow = await delayCallable(session.context, 'ensureDropsNear', SPAWN_DELAY_MS)
  const answered = session.page.waitForResponse(isEnsureDropsNear, { timeout: 60_000 })
  return { session, slow, answered }
}

describe('chaos: the first minute', () => {
  test(
    'behavior: while the first spawn runs, home says "Looking for drops near you…", never "No drops near you"; then the drops',
    async () => {
      await awayFromWindowEnd()
      const { session, slow, answered } = await newPlayerWithSlowSpawn('first')
      const { page } = session
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        const nearest = page.getByRole('region', { name: 'Nearest drops' })
        const seen = await recordCardTexts(page, 'Nearest drops')
        await nearest.getByText(en['home.looking']).waitFor({ timeout: 30_000 })
        expect(slow.delayed).toBeGreaterThanOrEqual(1)
        await screenshot(page, 'first-home-spawning')

        expect((await answered).status()).toBe(200)
        await nearest.getByRole('listitem').first().waitFor({ timeout: 15_000 })
        const texts = await seen()
        console.info(`[first minute] home's nearest drops card showed: ${JSON.stringify(texts)}`)
        expect(texts.some((text) => text.includes(en['home.looking']))).toBe(true)
        expect(texts.some((text) => text.includes(en['home.noneNearby']))).toBe(false)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: the map opened first, while the first spawn runs: "Looking for drops near you…" over an empty map, then the markers',
    async () => {
      await awayFromWindowEnd()
      const { session, slow, answered } = await newPlayerWithSlowSpawn('firstmap')
      const { page } = session
      try {
        await page.goto(appUrl('/map'))
        await page.locator('.map-player').waitFor({ timeout: 30_000 })
        const looking = page.getByRole('status').filter({ hasText: en['map.looking'] })
        await looking.waitFor({ timeout: 30_000 })
        expect(slow.delayed).toBeGreaterThanOrEqual(1)
        expect(await page.locator('.map-drop').count()).toBe(0)
        await screenshot(page, 'first-map-spawning')
        expect((await answered).status()).toBe(200)
        await page.locator('.map-drop').first().waitFor({ timeout: 15_000 })
        await expect.poll(() => looking.count(), { timeout: 5_000 }).toBe(0)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )

  test(
    'behavior: pt-BR, the server said the location jumped, then location goes off: "Localização desativada" alone, no stale jump notice',
    async () => {
      await awayFromWindowEnd()
      const session = await openSession(shared.browser, {
        simulator: {
          privateKey: randomPrivateKey(),
          geolocation: { position: somewhereInSingapore(), accuracy: 5, interval: 1000 },
        },
        username: `jump-${Date.now().toString(36)}`,
        locale: 'pt-BR',
      })
      const { page } = session
      const geolocation = (action: 'jump' | 'deny') =>
        page.evaluate((what) => {
          const geo = (
            window as {
              worldmapSimulator?: { geolocation?: { set(p: { lat: number; lng: number }): void; setDenied(d: boolean): void } }
            }
          ).worldmapSimulator?.geolocation
          // Kuala Lumpur, 300 km away a second later: no one travels that fast.
          if (what === 'jump') geo?.set({ lat: 3.139, lng: 101.6869 })
          else geo?.setDenied(true)
        }, action)
      try {
        await page.goto(appUrl('/map'))
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        await page.locator('.map-player').waitFor({ timeout: 30_000 })
        await page.locator('.map-drop').first().waitFor({ timeout: 30_000 })

        const jumped = page.getByText(ptBR['map.spawnJumped'])
        await geolocation('jump')
        await jumped.waitFor({ timeout: 30_000 })

        await geolocation('deny')
        const off = page.getByRole('alert').filter({ hasText: ptBR['map.locationOff'] })
        await off.waitFor({ timeout: 15_000 })
        await expect.poll(() => jumped.count(), { timeout: 5_000 }).toBe(0)
        expect(await page.locator('.map-overlay-top').textContent()).not.toContain(ptBR['map.spawnJumped'])
        await screenshot(page, 'location-off-map-pt-BR')
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    CASE_TIMEOUT_MS,
  )
})
