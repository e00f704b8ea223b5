// @vitest-environment node
// The Playwright helper's fast boot in Chromium: the page-facing host is there
// before any page script, the wallet and World ID load only when needed, and
// a page that blocks inline scripts gets a clear error instead of silence.
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { installSimulator } from '../src/playwright/installSimulator.js'
import { DEV_WALLET_PRIVATE_KEY } from '../src/wallet/createSimulatorWallet.js'
import { launchChromium } from './launchChromium.js'
import { serveStatic } from './serveStatic.js'

type Probe = {
  WorldApp?: { device_os: string }
  worldmapSimulator?: { received: { command: string }[]; replies: { event: string; payload: { status: string } }[] }
  MiniKit?: { trigger(event: string, payload: unknown): void }
  webkit: { messageHandlers: { minikit: { postMessage(message: unknown): void } } }
}

let browser: Browser
let server: Awaited<ReturnType<typeof serveStatic>>

beforeAll(async () => {
  const html = (head = '') =>
    `<!doctype html><html><head><meta charset="utf-8">${head}<title>boot</title></head><body>` +
    // What a page script sees at its first line.
    `<script>window.seenAtStart = { host: typeof window.WorldApp, wallet: window.WorldApp && window.WorldApp.wallet_address, loaded: Object.getOwnPropertyDescriptor(window, 'worldmapSimulator')?.get === undefined }</script></body></html>`
  server = await serveStatic({
    '/page.html': { body: html(), type: 'text/html' },
    '/strict.html': {
      body: html(`<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`),
      type: 'text/html',
    },
  })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function open(path: string): Promise<{ page: Page; close(): Promise<void>; errors: string[] }> {
  const context = await browser.newContext()
  await installSimulator(context, { geolocation: false })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${server.url}${path}`)
  return { page, errors, close: () => context.close() }
}

test('default: the host is there before page scripts, with the wallet official 2.x reads at install; the full simulator is not loaded yet', async () => {
  const { page, close } = await open('/page.html')
  try {
    expect(await page.evaluate(() => (window as unknown as { seenAtStart: unknown }).seenAtStart)).toEqual({
      host: 'object',
      wallet: privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address,
      loaded: false,
    })
    // Reading the simulator loads it on the spot.
    expect(await page.evaluate(() => (window as unknown as Probe).worldmapSimulator?.received.length)).toBe(0)
  } finally {
    await close()
  }
})

test('behavior: a message sent before the load is answered once the page is idle', async () => {
  const { page, close } = await open('/page.html')
  try {
    await page.evaluate(() => {
      const probe = window as unknown as Probe & { events: unknown[] }
      probe.events = []
      probe.MiniKit = { trigger: (event, payload) => probe.events.push({ event, payload }) }
      probe.webkit.messageHandlers.minikit.postMessage({
        command: 'send-haptic-feedback',
        version: 1,
        payload: { hapticsType: 'impact', style: 'light' },
      })
    })
    await page.waitForFunction(() => (window as unknown as { events: unknown[] }).events.length === 1)
    expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
      { event: 'miniapp-send-haptic-feedback', payload: expect.objectContaining({ status: 'success', version: 1 }) },
    ])
  } finally {
    await close()
  }
})

test('error: a page whose policy blocks inline scripts keeps the host and logs why nothing answers', async () => {
  const { page, errors, close } = await open('/strict.html')
  try {
    expect(await page.evaluate(() => (window as unknown as Probe).WorldApp?.device_os)).toBe('ios')
    expect(await page.evaluate(() => (window as unknown as Probe).worldmapSimulator)).toBeUndefined()
    expect(errors.join('\n')).toMatch(/the full simulator failed to load; commands stay unanswered/)
  } finally {
    await close()
  }
})
