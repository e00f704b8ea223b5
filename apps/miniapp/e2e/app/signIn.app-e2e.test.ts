// Signing in, for real: the production app in Chromium, the scripted World App
// simulator as host (a real key signs the SIWE message), our server's
// /api/sign-nonce, onRequestCustomToken on the Functions emulator and the Auth
// emulator. Spec §2 (login view), §4 Auth, §7 login sequence, §8 logs.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { type AppSession, appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'

const NOT_INSTALLED_WARNING = "MiniKit is not installed. Make sure you're running the application inside of World App"
const DAY_MS = 24 * 60 * 60 * 1000

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Wrap the iOS handler so every command the page sends is timed on the page's clock. */
async function timeSentCommands(session: AppSession) {
  await session.context.addInitScript(() => {
    const w = window as unknown as {
      webkit?: { messageHandlers?: { minikit?: { postMessage(message: unknown): void } } }
      __sentCommands?: { command: string; at: number }[]
    }
    const handler = w.webkit?.messageHandlers?.minikit
    if (!handler) return
    const post = handler.postMessage
    w.__sentCommands = []
    handler.postMessage = (message: unknown) => {
      w.__sentCommands?.push({ command: String((message as { command?: unknown }).command), at: performance.now() })
      post(message)
    }
  })
}

const decodeJwt = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

const walletAuthMessages = (page: Page) =>
  page.evaluate(() => (window.worldmapSimulator?.received ?? []).filter((message) => message.command === 'wallet-auth'))

describe('sign-in against the local stack', () => {
  test('default: signs in on load — the spec §7 sequence in order, an id token for the wallet, the signed-in home', async () => {
    const session = await openSession(browser, { simulator: { privateKey: randomPrivateKey() }, username: 'ana.e2e' })
    const { page } = session
    try {
      await timeSentCommands(session)
      const customTokenUrl = inject('stackUrls').customToken
      const signNonce = page.waitForResponse((response) => response.url() === appUrl('/api/sign-nonce'))
      const customToken = page.waitForResponse((response) => response.url().startsWith(`${customTokenUrl}?`))
      const backendSignIn = page.waitForResponse((response) => response.url().includes('/accounts:signInWithCustomToken'))
      await page.goto(appUrl('/'))

      await homeGreeting(page).waitFor()
      const address = await simulatorAddress(page)

      // 1. Nonce and its signature from our server.
      const nonceResponse = await signNonce
      expect(nonceResponse.request().method()).toBe('POST')
      const { nonce } = nonceResponse.request().postDataJSON() as { nonce: string }
      expect(nonce).toMatch(/^[0-9a-f]{32}$/)
      const nonceReply = (await nonceResponse.json()) as { status: string; signedNonce: string; serverTime: number }
      expect(nonceReply).toEqual({ status: 'OK', signedNonce: expect.stringMatching(/.{16,}/), serverTime: expect.any(Number) })
      // The server's time, which the game clock learns (one machine: the same clock, give or take the round trip).
      expect(Math.abs(nonceReply.serverTime - Date.now())).toBeLessThan(60_000)

      // 2. wallet-auth with that nonce, the statement, 7 days to expiry, valid since a day ago.
      const walletAuths = await walletAuthMessages(page)
      expect(walletAuths).toHaveLength(1)
      const siwe = (walletAuths[0]?.payload as { siweMessage?: string } | undefined)?.siweMessage ?? ''
      expect(siwe).toContain(`Authenticate (${nonce}).`)
      expect(siwe).toContain(`Nonce: ${nonce}`)
      // The template's address placeholder is the wallet's to fill in.
      expect(siwe).toContain('{address}')
      const expiry = Date.parse(/Expiration Time: (\S+)/.exec(siwe)?.[1] ?? '')
      const notBefore = Date.parse(/Not Before: (\S+)/.exec(siwe)?.[1] ?? '')
      expect(Math.abs(expiry - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000)
      expect(Math.abs(Date.now() - notBefore - DAY_MS)).toBeLessThan(60_000)
      const replies = await page.evaluate(() => window.worldmapSimulator?.replies ?? [])
      const walletReply = replies.find((reply) => reply.event === 'miniapp-wallet-auth')?.payload
      expect(walletReply).toMatchObject({ status: 'success', address })
      const signedMessage = (walletReply as { message: string }).message
      expect(signedMessage).toBe(siwe.replace('{address}', address))

      // 3. The custom token request carries the wallet's reply, the nonce and its signature.
      const tokenResponse = await customToken
      expect(tokenResponse.request().method()).toBe('GET')
      const query = new URL(tokenResponse.url()).searchParams
      expect(query.get('nonce')).toBe(nonce)
      expect(query.get('signedNonce')).toBe(nonceReply.signedNonce)
      expect(JSON.parse(query.get('payload') ?? '{}')).toMatchObject({
        status: 'success',
        address,
        message: (walletReply as { message: string }).message,
        signature: (walletReply as { signature: string }).signature,
      })
      expect(tokenResponse.status()).toBe(200)
      // With the player's generated name, the leaderboard's name for them (issue 31).
      expect(await tokenResponse.json()).toEqual({
        customToken: expect.any(String),
        generatedName: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{3}$/),
      })

      // In that order, on the page's own clock: nonce answered → wallet-auth sent → token requested.
      const timing = await page.evaluate((url) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const sent = (window as unknown as { __sentCommands: { command: string; at: number }[] }).__sentCommands
        return {
          nonceAnswered: entries.find((entry) => entry.name.endsWith('/api/sign-nonce'))?.responseEnd ?? Number.NaN,
          walletAuthSent: sent.find((entry) => entry.command === 'wallet-auth')?.at ?? Number.NaN,
          tokenRequested: entries.find((entry) => entry.name.startsWith(url))?.startTime ?? Number.NaN,
        }
      }, customTokenUrl)
      expect(timing.nonceAnswered).toBeLessThanOrEqual(timing.walletAuthSent)
      expect(timing.walletAuthSent).toBeLessThanOrEqual(timing.tokenRequested)

      // 4. Backend sign-in: an id token for uid = the wallet address.
      const signInReply = (await (await backendSignIn).json()) as { idToken?: string }
      expect(signInReply.idToken).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\./))
      expect(decodeJwt(signInReply.idToken ?? '')).toMatchObject({ user_id: address, aud: 'demo-worldmap' })

      // The signed-in app: greeting with the username, the top bar's avatar (no picture → person icon).
      expect(await homeGreeting(page).textContent()).toBe('ana.e2e')
      const topBar = page.getByRole('banner')
      expect(await topBar.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
      expect(await topBar.locator('[data-icon="person"]').count()).toBe(1)
      expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0)
      await screenshot(page, 'home')
      expect(session.pageErrors).toEqual([])
      expect(session.blocked).toEqual([])
      expect(session.console.filter((entry) => entry.type === 'error')).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('error: a rejected wallet-auth leaves the user signed out, logs the error code and says so in plain words; Retry then signs in', async () => {
    const session = await openSession(browser, {
      simulator: {
        privateKey: randomPrivateKey(),
        behaviour: { 'wallet-auth': { outcome: 'reject', errorCode: 'user_rejected' } },
      },
    })
    const { page } = session
    try {
      const logged = page.waitForEvent('console', (message) => message.text() === 'Wallet auth failed: user_rejected')
      await page.goto(appUrl('/'))
      const login = page.getByRole('button', { name: 'Retry' })
      await login.waitFor()
      expect((await logged).type()).toBe('error')
      // In words, never the code.
      await page.getByText('You cancelled the sign-in.').waitFor()
      expect(await page.getByText('user_rejected').count()).toBe(0)
      const replies = await page.evaluate(() => window.worldmapSimulator?.replies ?? [])
      expect(replies.filter((reply) => reply.event === 'miniapp-wallet-auth').map((reply) => reply.payload)).toEqual([
        expect.objectContaining({ status: 'error', error_code: 'user_rejected' }),
      ])
      // Signed out: the login view only, and no token was ever asked for.
      expect(await page.getByRole('banner').count()).toBe(0)
      expect(await homeGreeting(page).count()).toBe(0)
      expect(session.requests.filter((request) => request.url.includes('onRequestCustomToken'))).toEqual([])
      await screenshot(page, 'login')

      // The user changes their mind: Retry runs the sequence again and this time it completes.
      await page.evaluate(() => window.worldmapSimulator?.setBehaviour('wallet-auth', undefined))
      await login.click()
      await homeGreeting(page).waitFor()
      expect(await walletAuthMessages(page)).toHaveLength(2)
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('error: outside World App (no host) — the not-installed warning and a spinner, no sign-in attempt', async () => {
    const session = await openSession(browser, { simulator: false })
    const { page } = session
    try {
      const warned = page.waitForEvent('console', (message) => message.text() === NOT_INSTALLED_WARNING)
      await page.goto(appUrl('/'))
      expect((await warned).type()).toBe('warning')
      const spinner = page.getByRole('status', { name: 'Connecting to World App' })
      expect(await spinner.isVisible()).toBe(true)
      expect(await page.getByRole('img', { name: 'WorldMap' }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0)
      // Only logged: nothing about it on screen, and nothing was sent anywhere.
      expect(await page.getByText(/not installed/i).count()).toBe(0)
      expect(session.requests.filter((request) => request.url.includes('/api/sign-nonce'))).toEqual([])
      await screenshot(page, 'not-installed')
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })

  test('behavior: Sign out on the profile returns to the login view with Login, and does not sign in again by itself', async () => {
    const session = await openSession(browser, { simulator: { privateKey: randomPrivateKey() } })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      const address = await simulatorAddress(page)
      // Unknown to the usernames service: the game's generated name (the leaderboard's for them), never (part
      // of) the wallet address (issue 31).
      expect(await homeGreeting(page).textContent()).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{3}$/)
      expect(await page.locator('section.home').textContent()).not.toContain(address.slice(2, 8))

      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
      const signOut = page.getByRole('button', { name: 'Sign out' })
      await signOut.waitFor()
      await page.waitForURL(appUrl('/profile'))
      await signOut.click()

      const login = page.getByRole('button', { name: 'Login' })
      await login.waitFor()
      expect(await page.getByRole('img', { name: 'WorldMap' }).isVisible()).toBe(true)
      expect(await signOut.count()).toBe(0)
      expect(await page.getByRole('banner').count()).toBe(0)
      expect(await walletAuthMessages(page)).toHaveLength(1)
      // Nothing of the session is left for the next launch.
      const stored = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => /^(worldmap:user|firebase:authUser)/.test(key)),
      )
      expect(stored).toEqual([])
      await screenshot(page, 'signed-out')
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
