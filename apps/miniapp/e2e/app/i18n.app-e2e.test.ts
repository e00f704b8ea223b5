// The player's language end to end (issue 24, point 6): the page's language
// comes from World App's (Accept-Language, as its webview sends it), from the
// first byte of HTML on (no English flash before hydration), and every
// screen fits the longest language at 390 px: no text cut or off the screen.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en } from '../../src/lib/i18n/catalogues/en/index.js'
import { es } from '../../src/lib/i18n/catalogues/es/index.js'
import { id } from '../../src/lib/i18n/catalogues/id/index.js'
import { launchChromium } from '../launchChromium.js'
import { awayFromWindowEnd } from './drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'
import { SAFE_AREA } from './screens.js'

const TEST_TIMEOUT_MS = 120_000

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Every element whose own text does not fit: wider than its box (cut, or an
 * ellipsis) or reaching past the screen's edges. Inline text is measured by
 * its nearest block box; visually hidden text (a 1 px box) is skipped. Runs in the page.
 */
function textThatDoesNotFit(): string[] {
  const found: string[] = []
  const screenWidth = document.documentElement.clientWidth
  for (const element of document.body.querySelectorAll('*')) {
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim() ?? '')
      .join(' ')
      .trim()
    if (!text) continue
    let box: Element | null = element
    while (box && getComputedStyle(box).display === 'inline') box = box.parentElement
    if (!box) continue
    const style = getComputedStyle(box)
    const rect = box.getBoundingClientRect()
    if (style.visibility === 'hidden' || rect.width <= 1 || rect.height <= 1) continue
    const cut = box.scrollWidth > box.clientWidth + 1
    const offScreen = rect.left < -1 || rect.right > screenWidth + 1
    if (cut || offScreen) {
      found.push(
        `"${text.slice(0, 60)}" in <${box.tagName.toLowerCase()} class="${box.getAttribute('class') ?? ''}">: ` +
          `${box.scrollWidth} px of text in ${box.clientWidth} px, ${Math.round(rect.left)}–${Math.round(rect.right)} px`,
      )
    }
  }
  return found
}

const fits = (page: Page) => page.evaluate(textThatDoesNotFit)

/** A signed-in player whose phone speaks `locale`, standing in Singapore. */
async function playerSpeaking(locale: string): Promise<AppSession> {
  await awayFromWindowEnd()
  return openSession(browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      identity: { seed: `i18n-${locale}-${Date.now()}-${Math.random()}` },
      geolocation: {
        position: { lat: 1.26 + Math.random() * 0.04, lng: 103.64 + Math.random() * 0.06 },
        accuracy: 5,
        interval: 250,
      },
      safeAreaInsets: SAFE_AREA,
    },
    username: `lang-${locale.toLowerCase()}-${Date.now().toString(36)}`,
    locale,
  })
}

/** React's hydration complaints: a page whose server HTML and first client render differ. */
const hydrationErrors = (session: AppSession) =>
  [...session.console.map((entry) => entry.text), ...session.pageErrors].filter((text) =>
    /hydrat|did not match|server rendered/i.test(text),
  )

describe('the player’s language', () => {
  test(
    'default: home in Spanish (es-MX): <html lang="es">, Spanish from the server’s first HTML on, nothing cut at 390 px; the profile fits too, and its language choice switches the app to Indonesian and back',
    async () => {
      // The HTML before any script runs: already Spanish (no English flash), its catalogue alone inside.
      const html = await (await fetch(appUrl('/'), { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } })).text()
      expect(html).toMatch(/<html lang="es">/)
      expect(html).toContain(es['auth.tagline'])
      expect(html).not.toContain(en['auth.tagline'])
      expect(html).not.toContain(id['auth.tagline'])

      const session = await playerSpeaking('es-MX')
      const { page } = session
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        expect(await page.locator('html').getAttribute('lang')).toBe('es')
        await page.getByRole('region', { name: es['home.nearestTitle'] }).getByRole('listitem').first().waitFor()
        await page.getByTestId('leaderboard-resets').waitFor()
        expect(await page.getByText(es['home.hello']).isVisible()).toBe(true)
        expect(await page.getByTestId('leaderboard-resets').textContent()).toMatch(
          /^Se reinicia el [a-záéíóú]+ a las 00:00 UTC · en /,
        )
        expect(await page.getByText(en['home.findsTitle']).count()).toBe(0)
        expect(await fits(page), 'home in Spanish').toEqual([])
        await screenshot(page, 'home-es')

        await page.getByRole('banner').getByRole('link', { name: es['layout.profile'] }).click()
        await page.waitForURL((url) => url.pathname === '/profile')
        await page.getByRole('region', { name: 'World ID' }).getByRole('button', { name: es['verification.verify'] }).waitFor()
        expect(await page.title()).toBe(es['layout.titleProfile'])
        expect(await fits(page), 'profile in Spanish').toEqual([])
        await screenshot(page, 'profile-es')

        // The player's own choice on the profile: Bahasa Indonesia reloads the app in it, over World App's Spanish;
        // Automatic goes back to World App's language.
        const language = page.getByRole('region', { name: es['language.title'] })
        await language.scrollIntoViewIfNeeded()
        await screenshot(page, 'profile-language-es')
        await language.getByRole('radio', { name: 'Bahasa Indonesia' }).click()
        await page.waitForFunction(() => document.documentElement.lang === 'id')
        await page.getByRole('region', { name: id['language.title'] }).waitFor()
        expect(await page.title()).toBe(id['layout.titleProfile'])
        expect(await page.getByRole('radio', { name: 'Bahasa Indonesia' }).isChecked()).toBe(true)
        expect(await fits(page), 'profile in Indonesian').toEqual([])
        await page.getByRole('radio', { name: id['language.automatic'] }).click()
        await page.waitForFunction(() => document.documentElement.lang === 'es')
        expect(await page.getByRole('radio', { name: es['language.automatic'] }).isChecked()).toBe(true)
        expect(hydrationErrors(session)).toEqual([])
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test(
    'default: the map in Indonesian (id-ID): <html lang="id">, the title and bars in Indonesian, nothing cut at 390 px',
    async () => {
      const session = await playerSpeaking('id-ID')
      const { page } = session
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        await page.getByRole('navigation', { name: id['layout.mainNav'] }).getByRole('link', { name: id['layout.map'] }).click()
        await page.waitForURL((url) => url.pathname === '/map')
        await page.locator('.map-view[data-map-state="loaded"]').waitFor()
        // The drops around the player, drawn.
        await page.locator('.maplibregl-marker').nth(1).waitFor()
        expect(await page.locator('html').getAttribute('lang')).toBe('id')
        expect(await page.title()).toBe(id['layout.titleMap'])
        expect(await page.getByRole('link', { name: id['layout.back'] }).isVisible()).toBe(true)
        expect(await fits(page), 'map in Indonesian').toEqual([])
        await screenshot(page, 'map-id')
        expect(hydrationErrors(session)).toEqual([])
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test('behavior: the login screen after a refused sign-in fits in Spanish, the longest language', async () => {
    const session = await openSession(browser, {
      simulator: {
        privateKey: randomPrivateKey(),
        safeAreaInsets: SAFE_AREA,
        behaviour: { 'wallet-auth': { outcome: 'reject', errorCode: 'generic_error' } },
      },
      locale: 'es',
    })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await page.getByText(es['auth.failure.wallet_refused']).waitFor()
      expect(await page.getByRole('button', { name: es['auth.retry'] }).isVisible()).toBe(true)
      expect(await fits(page), 'login in Spanish').toEqual([])
      await screenshot(page, 'login-es')
      // The check itself sees a cut line: a sentence squeezed into 80 px without wrapping.
      await page.evaluate(() => {
        const probe = document.createElement('p')
        probe.id = 'fit-probe'
        probe.textContent = 'Inténtalo de nuevo en un momento'
        probe.style.cssText = 'width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis'
        document.body.append(probe)
      })
      const squeezed = await fits(page)
      await page.evaluate(() => document.getElementById('fit-probe')?.remove())
      expect(squeezed).toEqual([
        expect.stringMatching(/^"Inténtalo de nuevo en un momento" in <p class="">: \d+ px of text in 80 px/),
      ])
    } finally {
      await session.close()
    }
  })

  test('behavior: the player’s own choice (the worldmap-lang cookie) wins over World App’s language', async () => {
    const response = await fetch(appUrl('/map'), { headers: { 'accept-language': 'es', cookie: 'worldmap-lang=pt-BR' } })
    const html = await response.text()
    expect(html).toMatch(/<html lang="pt-BR">/)
    expect(html).toContain('<title>Mapa · WorldMap</title>')
    // Any other language, or none: English.
    const fallback = await (await fetch(appUrl('/'), { headers: { 'accept-language': 'fr-FR,de;q=0.8' } })).text()
    expect(fallback).toMatch(/<html lang="en">/)
    expect(fallback).toContain(en['auth.tagline'])
  })
})
