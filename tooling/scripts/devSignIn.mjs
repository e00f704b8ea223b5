// A scripted sign-in on `pnpm dev`'s app, for the README check (readmeCommands.mjs): what a newcomer does first.

import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Sign in on the dev app as a person would: headless Chromium at the phone
 * viewport, the interactive simulator `pnpm dev` injects, Login tapped and
 * every sheet approved, until the signed-in home shows its greeting.
 *
 * @param {string} url @param {number} timeoutMs
 * @returns {Promise<{ ok: boolean, detail: string }>}
 */
export async function signInOnDevApp(url, timeoutMs) {
  const requireFromApp = createRequire(join(root, 'apps/miniapp/package.json'))
  /** @type {typeof import('playwright-core')} */
  const { chromium } = requireFromApp('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    // Offline, as the README promises: anything but this machine is refused.
    await context.route(/^(https?|wss?):\/\/(?!127\.0\.0\.1|localhost)/, (/** @type {any} */ route) =>
      route.abort('internetdisconnected'),
    )
    const page = await context.newPage()
    /** @type {string[]} */
    const errors = []
    page.on('pageerror', (/** @type {Error} */ error) => errors.push(error.message))
    await page.goto(url, { timeout: timeoutMs })
    const home = page.locator('section.home h1.home-name')
    const approve = page.locator('worldmap-simulator-sheet button.approve')
    const login = page.locator('.login-screen button')
    const deadline = Date.now() + timeoutMs
    let approved = 0
    while (Date.now() < deadline) {
      if (await home.isVisible())
        return { ok: true, detail: `home shows "${(await home.textContent())?.trim()}" (${approved} sheet(s) approved)` }
      if (await approve.isVisible()) {
        await approve.click({ timeout: 5000 }).then(
          () => (approved += 1),
          () => {},
        )
      } else if (await login.isVisible()) await login.click({ timeout: 5000 }).catch(() => {})
      await page.waitForTimeout(400)
    }
    const text = (
      (await page
        .locator('body')
        .textContent()
        .catch(() => '')) ?? ''
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300)
    return {
      ok: false,
      detail: `no signed-in home after ${timeoutMs / 1000} s (${approved} sheet(s) approved); page: "${text}"${errors.length ? `; page errors: ${errors.slice(0, 3).join(' | ')}` : ''}`,
    }
  } finally {
    await browser.close()
  }
}
