// @vitest-environment node
// openApp in headless Chromium against a local page: the host is there before
// the page's first script, on a phone-sized touch screen, and answers the
// wire protocol as World App does.
import { COMMAND_EVENTS } from '@worldmap/minikit/wire'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { serveStatic } from '../../e2e/serveStatic.js'
import { TargetUnreachableError } from '../node/errors/TargetUnreachableError.js'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'
import { openApp } from './openApp.js'

type Page = Window & {
  seenAtStart: { host: string; handler: string; os?: string }
  replies: { event: string; payload: Record<string, unknown> }[]
  MiniKit: { trigger(event: string, payload: Record<string, unknown>): void }
  webkit: { messageHandlers: { minikit: { postMessage(message: unknown): void } } }
}

const PROBE = `<script>window.seenAtStart = { host: typeof window.WorldApp, handler: typeof (window.webkit && window.webkit.messageHandlers.minikit), os: window.WorldApp && window.WorldApp.device_os }</script>`
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })
let server: Awaited<ReturnType<typeof serveStatic>>

beforeAll(async () => {
  server = await serveStatic({
    '/': { body: `<!doctype html><html><head>${PROBE}<title>app</title></head><body>app</body></html>`, type: 'text/html' },
    '/strict': {
      body: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src 'none'"><title>strict</title></head><body></body></html>`,
      type: 'text/html',
    },
  })
})
afterAll(() => server?.close())

test('default: World App on a phone, present before the first script', async () => {
  const app = await openApp({ url: `${server.url}/`, headless: true })
  try {
    const page = app.page
    expect(await page.evaluate(() => (window as unknown as Page).seenAtStart)).toEqual({
      host: 'object',
      handler: 'object',
      os: 'ios',
    })
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 })
    expect(
      await page.evaluate(() => ({ dpr: devicePixelRatio, touch: navigator.maxTouchPoints > 0, ua: navigator.userAgent })),
    ).toMatchObject({ dpr: 3, touch: true, ua: expect.stringContaining('iPhone') })
  } finally {
    await app.close()
  }
})

test('behavior: a MiniKit-style message gets its reply through MiniKit.trigger, signed by the wallet', async () => {
  const app = await openApp({ url: server.url, headless: true, config: { mode: 'scripted' } })
  try {
    await app.page.evaluate(() => {
      const page = window as unknown as Page
      page.replies = []
      page.MiniKit = { trigger: (event, payload) => page.replies.push({ event, payload }) }
      page.webkit.messageHandlers.minikit.postMessage({ command: 'sign-message', version: 1, payload: { message: 'hello' } })
    })
    await app.page.waitForFunction(() => (window as unknown as Page).replies.length > 0)
    const [reply] = await app.page.evaluate(() => (window as unknown as Page).replies)
    const address = privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address
    expect(reply).toMatchObject({ event: COMMAND_EVENTS['sign-message'], payload: { status: 'success', address } })
    const signature = reply?.payload.signature as `0x${string}`
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
  } finally {
    await app.close()
  }
})

test('behavior: interactive by default: a command that needs consent opens a sheet instead of answering', async () => {
  const app = await openApp({ url: server.url, headless: true, config: { os: 'android' } })
  try {
    await app.page.evaluate(() => {
      const page = window as unknown as Page & { Android: { postMessage(json: string): void } }
      page.replies = []
      page.MiniKit = { trigger: (event, payload) => page.replies.push({ event, payload }) }
      page.Android.postMessage(JSON.stringify({ command: 'sign-message', version: 1, payload: { message: 'hello' } }))
    })
    await app.page.getByRole('dialog').waitFor({ state: 'visible' })
    expect(await app.page.evaluate(() => (window as unknown as Page).replies)).toEqual([])
  } finally {
    await app.close()
  }
})

test("behavior: the host is injected even where the page's CSP forbids inline scripts", async () => {
  const app = await openApp({ url: `${server.url}/strict`, headless: true, config: { mode: 'scripted' } })
  try {
    expect(await app.page.evaluate(() => typeof (window as unknown as { worldmapSimulator?: unknown }).worldmapSimulator)).toBe(
      'object',
    )
  } finally {
    await app.close()
  }
})

test('behavior: closing the last page ends the session', async () => {
  const app = await openApp({ url: server.url, headless: true })
  await app.page.close()
  await app.closed
  expect(app.browser.isConnected()).toBe(false)
})

test('error: a server that is not running', async () => {
  // A port that was just free: nothing listens there now.
  const closed = await serveStatic({})
  await closed.close()
  const url = `${closed.url}/`
  const error = await openApp({ url, headless: true }).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(TargetUnreachableError)
  expect((error as TargetUnreachableError).shortMessage).toBe(`Could not load ${url}: is the app's server running?`)
  expect(String((error as Error).cause)).toContain('ERR_CONNECTION_REFUSED')
})
