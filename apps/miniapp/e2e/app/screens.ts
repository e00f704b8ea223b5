// The player's way through every screen, for the tests that check how each
// one looks and feels (touch targets, content clear of the bottom bar, dark
// mode): sign in as a new, verified player with one catch, then hand each
// screen to the caller in turn. Measuring helpers run in the page.
import type { Browser, Page, Response } from 'playwright-core'
import { expect } from 'vitest'
import { awayFromWindowEnd, hurryDeskWalk, markersOnScreen } from './drops.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey } from './harness.js'

/** A nonzero bottom inset (the iPhone home indicator), so "clear of the safe area" means something. */
export const SAFE_AREA = { top: 47, right: 0, bottom: 34, left: 0 } as const

/** Options of {@link startVerifiedPlayer}. */
export interface PlayerOptions {
  colorScheme?: 'light' | 'dark'
  /** The player's name on World's usernames service. */
  username?: string
}

/**
 * A new player, signed in on home at 390×844 with the simulator's safe-area
 * insets ({@link SAFE_AREA}), standing somewhere of their own in Singapore
 * (west of where the other browser tests play) and verified with World ID on
 * the profile. Ends back on home with the nearest drops listed.
 *
 * @example
 * ```ts
 * const session = await startVerifiedPlayer(browser, { colorScheme: 'dark' })
 * ```
 */
export async function startVerifiedPlayer(browser: Browser, options: PlayerOptions = {}): Promise<AppSession> {
  // Room for a walk and a collect before the drops of this spawn window expire.
  await awayFromWindowEnd()
  const start = { lat: 1.25 + Math.random() * 0.05, lng: 103.62 + Math.random() * 0.08 }
  const session = await openSession(browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      identity: { seed: `screens-${Date.now()}-${Math.random()}` },
      geolocation: { position: start, accuracy: 5, interval: 250 },
      safeAreaInsets: SAFE_AREA,
    },
    username: options.username ?? `look-${Date.now().toString(36)}`,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  })
  const { page } = session
  try {
    await page.goto(appUrl('/'))
    await homeGreeting(page).waitFor()
    await page.getByRole('region', { name: 'Nearest drops' }).getByRole('listitem').first().waitFor()
    await verifyWithWorldId(page)
    return session
  } catch (error) {
    await session.close()
    throw error
  }
}

/**
 * From home, verify the player with World ID on the profile (the simulator's orb credential, checked by
 * verifyHuman) and come back to home.
 *
 * @example
 * ```ts
 * await verifyWithWorldId(page)
 * ```
 */
export async function verifyWithWorldId(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
  const worldId = page.getByRole('region', { name: 'World ID' })
  await worldId.getByRole('button', { name: 'Verify' }).click()
  await worldId.getByText('Verified human · Orb').waitFor()
  await page.getByRole('link', { name: 'Back' }).click()
  await homeGreeting(page).waitFor()
}

/**
 * From home: open the nearest drop on the map (its sheet opens), hand the
 * map with the sheet to `onSheet`, walk into reach and collect it, and leave
 * the catch reveal on screen (hand it to `onReveal`, then Continue).
 *
 * @example
 * ```ts
 * await catchNearestDrop(page, { onSheet: () => check('map'), onReveal: () => check('catch reveal') })
 * ```
 */
export async function catchNearestDrop(
  page: Page,
  hooks: { onSheet?: () => Promise<void>; onReveal?: () => Promise<void> } = {},
): Promise<void> {
  const link = page.getByRole('region', { name: 'Nearest drops' }).getByRole('link').first()
  const dropId = new URL(String(await link.getAttribute('href')), appUrl('/')).searchParams.get('drop') ?? ''
  await link.click()
  await page.waitForURL((url) => url.pathname === '/map')
  await page.locator('.map-view[data-map-state="loaded"]').waitFor()
  const sheet = page.getByRole('dialog')
  await sheet.waitFor()
  await hooks.onSheet?.()
  await hurryDeskWalk(page)
  await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
  await page.waitForFunction(() => /^\d m away$/.test(document.querySelector('.drop-sheet-distance')?.textContent ?? ''), null, {
    timeout: 30_000,
  })
  await sheet.getByRole('button', { name: 'Close' }).click()
  const marker = page.locator(`.map-drop[data-drop-id="${dropId}"]`)
  await expect.poll(() => marker.getAttribute('data-in-reach')).toBe('true')
  // A tap on the drop's spot selects the drop in reach on top there (see gameLoop.app-e2e.test.ts).
  const target = (await markersOnScreen(page)).find((candidate) => candidate.id === dropId)
  if (!target) throw new Error(`no marker for ${dropId}`)
  await page.mouse.click(target.x, target.y)
  await page.locator('.map-drop[aria-pressed="true"]').waitFor()
  await page.getByRole('dialog').getByRole('button', { name: 'Collect' }).click()
  const reveal = page.getByRole('dialog', { name: /^You found: / })
  await reveal.waitFor()
  await hooks.onReveal?.()
  await reveal.getByRole('button', { name: 'Continue' }).click()
  await reveal.waitFor({ state: 'detached' })
}

/**
 * Open the map (once), tap the drop `id` in reach and Collect: the server's response.
 *
 * @example
 * ```ts
 * expect((await tapCollect(page, dropId)).status()).toBe(200)
 * ```
 */
export async function tapCollect(page: Page, id: string): Promise<Response> {
  if (!page.url().endsWith('/map')) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
    await page.waitForURL((url) => url.pathname === '/map')
  }
  const marker = page.locator(`.map-drop[data-drop-id="${id}"]`)
  await marker.waitFor({ timeout: 30_000 })
  await marker.dispatchEvent('click')
  const button = page.locator('.drop-sheet .drop-sheet-collect')
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true)
  const answered = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
  await button.click()
  return answered
}

/** An element the player can tap, as measured on screen. */
export interface TapTarget {
  /** Its accessible name (or, without one, its tag), as a screen reader would say it. */
  name: string
  tag: string
  width: number
  height: number
  /** Inside running text (a link within a sentence): WCAG 2.5.8's inline exception may apply. */
  inline: boolean
}

/** What counts as interactive: the issue's list. */
const INTERACTIVE = 'a, button, input, select, textarea, [role=button], [tabindex]:not([tabindex="-1"]), summary'

/**
 * Every visible interactive element on the page, with its size in CSS px.
 *
 * @example
 * ```ts
 * const small = (await tapTargets(page)).filter((t) => t.width < 44 || t.height < 44)
 * ```
 */
export function tapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate((selector) => {
    const nameOf = (element: Element): string => {
      const label = element.getAttribute('aria-label')
      if (label) return label
      const labelledBy = element.getAttribute('aria-labelledby')
      if (labelledBy) {
        return labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim()
      }
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (text) return text
      const alt = element.querySelector('img[alt]')?.getAttribute('alt')
      return alt || element.getAttribute('title') || `<${element.tagName.toLowerCase()}>`
    }
    return [...document.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((element) => {
        const { width, height } = element.getBoundingClientRect()
        const parent = element.parentElement
        // In a sentence: an inline element whose parent also holds text of its own.
        const inline =
          getComputedStyle(element).display === 'inline' &&
          parent !== null &&
          [...parent.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '')
        return { name: nameOf(element), tag: element.tagName.toLowerCase(), width, height, inline }
      })
      .filter((target) => target.width > 0 && target.height > 0)
  }, INTERACTIVE)
}

/** The page's scrolling area scrolled to its end, and where its content ends against what floats over it. */
export interface Clearance {
  /** The scrolling area's last visible content element (tag.class and text), for the report. */
  last: string
  /** Its bottom edge, CSS px from the top of the viewport. */
  lastBottom: number
  /** The top of the bottom bar's button, or `null` on a screen without one. */
  barTop: number | null
  /** The scrolling area's own bottom edge: nothing scrolls below it, at any scroll position. */
  areaBottom: number
  /** Where the safe area starts: the viewport's height less the bottom inset. */
  safeBottom: number
}

/**
 * Scroll the page's scrolling area (`scroller`, `.app-main` by default) to
 * its end and measure its last visible content element against the bottom
 * bar's floating button and the bottom safe-area inset.
 *
 * @example
 * ```ts
 * const c = await clearance(page, SAFE_AREA.bottom)
 * expect(c.lastBottom).toBeLessThanOrEqual(Math.min(c.barTop ?? Infinity, c.safeBottom))
 * ```
 */
export function clearance(page: Page, bottomInset: number, scroller = '.app-main'): Promise<Clearance> {
  return page.evaluate(
    ({ bottomInset, scroller }) => {
      const area = document.querySelector(scroller)
      if (!area) throw new Error(`no ${scroller} on this page`)
      area.scrollTop = area.scrollHeight
      let last: Element | null = null
      let lastBottom = Number.NEGATIVE_INFINITY
      for (const element of area.querySelectorAll('*')) {
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
        // Out of the flow and pinned (the detail sheet's backdrop): not content that scrolls.
        if (getComputedStyle(element).position === 'fixed') continue
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) continue
        if (box.bottom > lastBottom) {
          last = element
          lastBottom = box.bottom
        }
      }
      const button = document.querySelector('.bottom-bar .round-button')
      const describe = (element: Element | null) =>
        element
          ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}"`
          : '(nothing)'
      return {
        last: describe(last),
        lastBottom,
        barTop: button?.checkVisibility() ? button.getBoundingClientRect().top : null,
        areaBottom: area.getBoundingClientRect().bottom,
        safeBottom: window.innerHeight - bottomInset,
      }
    },
    { bottomInset, scroller },
  )
}

/** A run of text whose contrast with what is behind it is under WCAG AA. */
export interface LowContrast {
  text: string
  /** The element holding the text (tag.class). */
  element: string
  ratio: number
  /** 4.5, or 3 for large text (24 px, or 18.66 px bold). */
  required: number
}

/**
 * Every visible text on the page whose contrast with its background is
 * under WCAG AA (4.5:1; 3:1 for large text). The background is the nearest
 * ancestor's background colour, translucent ones laid over the next; text
 * on a picture (a background image, the map's canvas, an `<img>`) is not
 * judged. Opacity of the text and its ancestors is applied.
 *
 * @example
 * ```ts
 * expect(await lowContrastText(page)).toEqual([])
 * ```
 */
export async function lowContrastText(page: Page): Promise<LowContrast[]> {
  // Judge the settled screen: entrances that fade text in (a banner, the reveal) end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  )
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (value: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(value)
      if (!match?.[1]) return null
      const parts = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
      1,
    ]
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    /** The colour behind `element`, or null when it is a picture. */
    const backdrop = (element: Element): Rgba | null => {
      const layers: Rgba[] = []
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at)
        if (style.backgroundImage !== 'none') return null
        if (at.classList.contains('map-canvas')) return null
        const colour = parse(style.backgroundColor)
        if (colour && colour[3] > 0) {
          layers.push(colour)
          if (colour[3] >= 1) break
        }
      }
      const base = parse(getComputedStyle(document.documentElement).backgroundColor)
      let result: Rgba = base && base[3] > 0 ? base : [255, 255, 255, 1]
      for (const layer of layers.reverse()) result = over(layer, result)
      return result
    }
    const failures: { text: string; element: string; ratio: number; required: number }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const seen = new Set<Element>()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (!element || !text || seen.has(element)) continue
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      // Visually hidden text (a screen reader's label) is not on screen.
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      seen.add(element)
      const style = getComputedStyle(element)
      const colour = parse(style.color)
      const behind = backdrop(element)
      if (!colour || !behind) continue
      let alpha = colour[3]
      for (let at: Element | null = element; at; at = at.parentElement) alpha *= Number(getComputedStyle(at).opacity)
      const shown = over([colour[0], colour[1], colour[2], alpha], behind)
      const [light, dark] = [luminance(shown), luminance(behind)].sort((a, b) => b - a) as [number, number]
      const ratio = (light + 0.05) / (dark + 0.05)
      const size = Number.parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const required = large ? 3 : 4.5
      if (ratio < required) {
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''}`
        failures.push({ text: text.slice(0, 60), element: name, ratio: Math.round(ratio * 100) / 100, required })
      }
    }
    return failures
  })
}

/**
 * The mean WCAG relative luminance (0 black … 1 white) of a region of the
 * screen as the player sees it — the map's WebGL canvas included, which
 * the DOM cannot tell — decoded in the page from a screenshot.
 *
 * @example
 * ```ts
 * expect(await meanLuminance(page, { x: 0, y: 120, width: 390, height: 300 })).toBeLessThan(0.1)
 * ```
 */
export async function meanLuminance(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = await page.screenshot({ clip, animations: 'disabled' })
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const channel = (value: number) => {
      const c = value / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    let sum = 0
    for (let i = 0; i < data.length; i += 4) {
      sum += 0.2126 * channel(data[i] ?? 0) + 0.7152 * channel(data[i + 1] ?? 0) + 0.0722 * channel(data[i + 2] ?? 0)
    }
    return sum / (data.length / 4)
  }, png.toString('base64'))
}

/**
 * The states a new player meets before any catch, handed to `check` one by
 * one: home and the map's drop sheet while not yet verified (the verify
 * card, the leaderboard's join link, "Verify you're human first"), both
 * again with the device offline (the offline banner, actions off with the
 * reason), home's card once verified there, and — in a second session,
 * location refused — the map's location message with Try again.
 *
 * @example
 * ```ts
 * await walkNewPlayerStates(browser, { colorScheme: 'dark' }, async (page, screen) => report(screen, await lowContrastText(page)))
 * ```
 */
export async function walkNewPlayerStates(
  browser: Browser,
  options: PlayerOptions,
  check: (page: Page, screen: string) => Promise<void>,
): Promise<void> {
  await awayFromWindowEnd(60_000)
  const start = { lat: 1.25 + Math.random() * 0.05, lng: 103.62 + Math.random() * 0.08 }
  const session = await openSession(browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      identity: { seed: `new-player-${Date.now()}-${Math.random()}` },
      geolocation: { position: start, accuracy: 5, interval: 250 },
      safeAreaInsets: SAFE_AREA,
    },
    username: options.username ?? `new-${Date.now().toString(36)}`,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  })
  const { page, context } = session
  try {
    await page.goto(appUrl('/'))
    await homeGreeting(page).waitFor()
    await page.getByRole('region', { name: 'Nearest drops' }).getByRole('listitem').first().waitFor()
    await page
      .getByRole('region', { name: 'Leaderboard' })
      .getByText(/^Week of /)
      .waitFor()
    await check(page, 'home, not verified yet')

    await page.getByRole('region', { name: 'Nearest drops' }).getByRole('link').first().click()
    await page.waitForURL((url) => url.pathname === '/map')
    await page.locator('.map-view[data-map-state="loaded"]').waitFor()
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /^Verify you're human/ })
      .waitFor()
    await check(page, 'map: drop sheet, not verified yet')

    await context.setOffline(true)
    await page.locator('.offline-banner').waitFor()
    await check(page, 'map: drop sheet, offline')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    // The map itself: markers, the first-run hint, the offline badge and banner.
    await page.locator('.map-hint').waitFor()
    await check(page, 'map, offline')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back' }).click()
    await homeGreeting(page).waitFor()
    await page.locator('.offline-banner').waitFor()
    await check(page, 'home, offline')
    await context.setOffline(false)
    await page.locator('.offline-banner').waitFor({ state: 'detached' })
    // Verified right on home: the card that leads back to the game.
    await page.getByRole('region', { name: "Verify you're human" }).getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('region', { name: "You're verified" }).waitFor()
    await check(page, 'home, just verified')
    expect(session.pageErrors).toEqual([])
  } finally {
    await session.close()
  }

  // Location refused: no simulated position, and the browser's own is not allowed.
  const refused = await openSession(browser, {
    simulator: { privateKey: randomPrivateKey(), safeAreaInsets: SAFE_AREA },
    username: options.username ?? `nowhere-${Date.now().toString(36)}`,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  })
  try {
    await refused.page.goto(appUrl('/map'))
    await refused.page.locator('.map-view[data-map-state="loaded"]').waitFor()
    await refused.page.getByRole('alert').filter({ hasText: 'Location is off.' }).waitFor()
    await check(refused.page, 'map: location off')
    expect(refused.pageErrors).toEqual([])
  } finally {
    await refused.close()
  }
}

/**
 * Show MapLibre's compact attribution as a remote style (production's
 * tiles) makes it show — the offline map has no credits, so its control is
 * there but empty and hidden — and say where its "i" button landed against
 * the recenter button.
 *
 * @example
 * ```ts
 * expect((await showMapAttribution(page)).overlapsRecenter).toBe(false)
 * ```
 */
export function showMapAttribution(page: Page): Promise<{ overlapsRecenter: boolean }> {
  return page.evaluate(() => {
    const control = document.querySelector('.map-screen .maplibregl-ctrl-attrib')
    const inner = control?.querySelector('.maplibregl-ctrl-attrib-inner')
    const button = control?.querySelector('.maplibregl-ctrl-attrib-button')
    if (!control || !inner || !button) throw new Error('no MapLibre attribution control on the map')
    // What MapLibre's AttributionControl does once a source has credits, on a phone-wide map.
    inner.textContent = '© OpenFreeMap © OpenMapTiles Data from OpenStreetMap'
    control.classList.remove('maplibregl-attrib-empty')
    control.classList.add('maplibregl-compact', 'maplibregl-compact-show')
    control.setAttribute('open', '')
    const recenter = document.querySelector('.map-recenter')?.getBoundingClientRect()
    const box = control.getBoundingClientRect()
    const overlapsRecenter =
      recenter !== undefined &&
      box.left < recenter.right &&
      recenter.left < box.right &&
      box.top < recenter.bottom &&
      recenter.top < box.bottom
    return { overlapsRecenter }
  })
}
