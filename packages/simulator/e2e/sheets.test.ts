// @vitest-environment node
// The interactive sheets and the developer panel in headless Chromium at a
// phone viewport (390×844): each command through @worldmap/minikit opens its
// sheet, which is screenshotted, checked for what a person needs to see and
// for 44 px tap targets, and answered from the keyboard.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { installSimulator } from '../src/playwright/installSimulator.js'
import { createSimulatorWallet } from '../src/wallet/createSimulatorWallet.js'
import { launchChromium } from './launchChromium.js'
import { serveStatic } from './serveStatic.js'

// Browser work on a shared, busy machine: a test of several sheets needs more than vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 })

const SCREENSHOTS = fileURLToPath(new URL('../../../.test-results/screenshots/', import.meta.url))
const address = createSimulatorWallet().address

let browser: Browser
let context: BrowserContext
let page: Page
let server: Awaited<ReturnType<typeof serveStatic>>

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./pages/sheets.ts', import.meta.url))],
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  server = await serveStatic({
    '/sheets.html': {
      type: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sheets</title>
<style>body{margin:0;font:16px system-ui;background:linear-gradient(#dbeafe,#f0fdf4);min-height:100vh}main{padding:24px}</style></head>
<body><main><h1>WorldMap</h1><p>A mini app under the simulator.</p><button id="app-button">App button</button></main><script type="module" src="/sheets.js"></script></body></html>`,
    },
    '/sheets.js': { type: 'text/javascript', body: result.outputFiles[0]?.text ?? '' },
  })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'))
  // Android: World App answers share there (on iOS the OS sheet does, with no reply).
  await installSimulator(context, { mode: 'interactive', os: 'android', appId: 'app_staging_worldmap_e2e' })
  page = await context.newPage()
  await page.goto(`${server.url}/sheets.html`)
  await page.waitForFunction(() => (window as unknown as { sheetReady?: boolean }).sheetReady === true)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const sheet = () => page.locator('worldmap-simulator-sheet [role="dialog"]')

/** Start a command, wait for its sheet, screenshot it, check it; the caller answers. */
async function open(name: string, shot = name, focus: 'approve' | 'reject' = 'approve') {
  const result = page.evaluate((run) => (window as unknown as { sheetRun(n: string): Promise<unknown> }).sheetRun(run), name)
  await sheet().waitFor({ state: 'visible' })
  // Past the slide-in.
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SCREENSHOTS}simulator-${shot}.png` })
  const layout = await page.evaluate(() => {
    const root = document.querySelector('worldmap-simulator-sheet')?.shadowRoot as ShadowRoot
    const dialog = root.querySelector('.sheet') as HTMLElement
    const small = [...root.querySelectorAll('button')]
      .map((button) => button.getBoundingClientRect())
      .filter((box) => box.height < 44 || box.width < 44)
    const overflowing = [...root.querySelectorAll<HTMLElement>('.body *')].filter(
      (element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'auto',
    )
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out, a line break between label and value
      text: dialog.innerText,
      focused: (root.activeElement as HTMLElement | null)?.className,
      smallTargets: small.length,
      overflowing: overflowing.map((element) => element.className || element.tagName),
      fits: dialog.getBoundingClientRect().top >= 0 && dialog.getBoundingClientRect().right <= window.innerWidth,
    }
  })
  expect(layout.focused).toBe(focus)
  expect(layout.smallTargets).toBe(0)
  expect(layout.overflowing).toEqual([])
  expect(layout.fits).toBe(true)
  return { result, text: layout.text }
}

describe('sheets at 390×844', () => {
  test('default: the sign-in sheet shows the domain, the signing address, statement and expiry in words', async () => {
    const { result, text } = await open('wallet-auth')
    expect(text).toContain('127.0.0.1')
    expect(text).toContain(address)
    expect(text).not.toContain('{address}')
    expect(text).toContain('Sign in to WorldMap to keep your finds.')
    expect(text).toMatch(/Expires in 7 days/)
    expect(text).toMatch(/Not before .+ \(yesterday\)/)
    await page.keyboard.press('Enter')
    expect(await result).toMatchObject({ status: 'success', address })
  })

  test('behavior: Escape rejects and gives focus back; Enter approves', async () => {
    await page.focus('#app-button')
    const first = await open('sign-message')
    expect(first.text).toContain('I found the golden map at Marina Bay.')
    await page.keyboard.press('Escape')
    expect(await first.result).toMatchObject({ status: 'error', error_code: 'user_rejected' })
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('app-button')
    const second = await open('sign-message')
    // Tab stays in the sheet: from approve it wraps to the first control.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('WORLDMAP-SIMULATOR-SHEET')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    expect(await second.result).toMatchObject({ status: 'success', address })
  })

  test('behavior: pay shows token units and the recipient', async () => {
    const { result, text } = await open('pay')
    expect(text).toContain('1.5 WLD')
    expect(text).toContain('0.25 USDC')
    expect(text).toContain('2 EURC')
    expect(text).toContain('0x2222…2222')
    expect(text).toContain('Unlock the golden map')
    await page.keyboard.press('Enter')
    expect(await result).toMatchObject({ status: 'success', reference: 'sheet-e2e-1' })
  })

  test('behavior: transaction sheets, version 1 and version 2', async () => {
    const v1 = await open('send-transaction')
    expect(v1.text).toMatch(/Function\s+mint/)
    expect(v1.text).toContain('0.1 ETH')
    await page.keyboard.press('Enter')
    expect(await v1.result).toMatchObject({ status: 'success' })
    const v2 = await open('send-transaction-v2')
    expect(v2.text).toContain('0xa0712d68 (36 bytes)')
    expect(v2.text).toContain('World Chain (480)')
    await page.keyboard.press('Enter')
    await v2.result
    // The sheet's answer reaches the host: a version 2 reply follows (its content is the host's concern, tested in createSimulator.wire.test.ts).
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            window as unknown as { worldmapSimulator: { replies: { event: string; payload: { version?: number } }[] } }
          ).worldmapSimulator.replies.some((reply) => reply.event === 'miniapp-send-transaction' && reply.payload.version === 2),
        ),
      )
      .toBe(true)
  })

  test('behavior: version 2 reads out an ERC-20 transfer, and flags an unlimited approval', async () => {
    const transfer = await open('send-transaction-erc20')
    expect(transfer.text).toMatch(/Action\s+Transfer 12.5 WLD to 0x2222…2222/)
    expect(transfer.text).toMatch(/Recipient\s+0x2222…2222/)
    expect(transfer.text).toContain('0xa9059cbb (68 bytes)')
    expect(transfer.text).not.toContain("In the token's base units")
    await page.keyboard.press('Enter')
    await transfer.result

    // Focus starts on Cancel: Enter must not approve an unlimited approval unread.
    const approval = await open('send-transaction-unlimited-approval', 'send-transaction-unlimited-approval', 'reject')
    expect(approval.text).toContain('⚠ Unlimited approval: 0x0000…Beef could take every WLD token')
    expect(approval.text).toMatch(/Action 1\s+Unlimited approval: 0x0000…Beef may spend all your WLD/)
    // The truncated second call: its raw view, no readout.
    expect(approval.text).toMatch(/Contract 2\s+0x2cFc…3003/)
    expect(approval.text).toContain('0xa9059cbb (6 bytes)')
    await page.keyboard.press('Escape')
    await approval.result
  })

  test('behavior: verify, typed data, contacts, permission and share sheets', async () => {
    const verify = await open('verify')
    expect(verify.text).toContain('collect-drops')
    expect(verify.text).toContain('Device')
    await page.keyboard.press('Enter')
    expect(await verify.result).toMatchObject({ status: 'success', verification_level: 'device' })

    const typed = await open('sign-typed-data')
    expect(typed.text).toMatch(/Primary type\s+Drop/)
    expect(typed.text).toContain('name: WorldMap, version: 1, chainId: 480')
    await page.keyboard.press('Enter')
    expect(await typed.result).toMatchObject({ status: 'success' })

    const contacts = await open('share-contacts')
    expect(contacts.text).toContain('Map with me!')
    await page.keyboard.press('Enter')
    expect(await contacts.result).toMatchObject({ status: 'success' })

    const permission = await open('request-permission')
    expect(permission.text).toContain('wants to use your microphone')
    await page.keyboard.press('Enter')
    expect(await permission.result).toMatchObject({ status: 'success', permission: 'microphone' })

    const share = await open('share')
    expect(share.text).toContain('I found a golden map drop near Marina Bay!')
    expect(share.text).toContain('golden-find.png')
    expect(share.text).toMatch(/image\/png · \d/)
    const thumbnail = await page.evaluate(() => {
      const img = document.querySelector('worldmap-simulator-sheet')?.shadowRoot?.querySelector('img.thumb') as HTMLImageElement
      return img?.complete && img.naturalWidth
    })
    expect(thumbnail).toBe(96)
    await page.keyboard.press('Enter')
    expect(await share.result).toMatchObject({ status: 'success', shared_files_count: 1 })
  })
})

describe('developer panel at 390×844', () => {
  test('default: closed it is a 44 px tab at the edge; open it shows identities, position and the wire log', async () => {
    const toggle = page.locator('worldmap-simulator-panel .toggle')
    const box = await toggle.boundingBox()
    expect(box).toMatchObject({ width: 44, height: 44 })
    await page.screenshot({ path: `${SCREENSHOTS}simulator-panel-closed.png` })
    await toggle.click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${SCREENSHOTS}simulator-panel-identity.png` })
    const overflow = () =>
      page.evaluate(() => {
        const sections = document.querySelector('worldmap-simulator-panel')?.shadowRoot?.querySelectorAll<HTMLElement>('.section')
        const shown = [...(sections ?? [])].find((element) => !element.hidden)
        return shown ? shown.scrollWidth - shown.clientWidth : -1
      })
    expect(await overflow()).toBe(0)
    await expect.poll(() => page.locator('worldmap-simulator-panel .identity').count()).toBe(2)

    await page.locator('worldmap-simulator-panel [data-tab="position"]').click()
    const before = await page.evaluate(() =>
      (
        window as unknown as { worldmapSimulator: { geolocation: { current(): { lat: number } } } }
      ).worldmapSimulator.geolocation.current(),
    )
    await page.locator('worldmap-simulator-panel svg').focus()
    await page.keyboard.press('Shift+ArrowUp')
    const after = await page.evaluate(() =>
      (
        window as unknown as { worldmapSimulator: { geolocation: { current(): { lat: number } } } }
      ).worldmapSimulator.geolocation.current(),
    )
    expect((after.lat - before.lat) * 111_320).toBeCloseTo(100, 0)
    await page.screenshot({ path: `${SCREENSHOTS}simulator-panel-position.png` })

    await page.locator('worldmap-simulator-panel [data-tab="log"]').click()
    const entries = await page.locator('worldmap-simulator-panel .log summary').allInnerTexts()
    expect(entries.some((entry) => entry.includes('→ pay v1'))).toBe(true)
    expect(entries.some((entry) => entry.includes('← sign-message v1 error user_rejected'))).toBe(true)
    await page.locator('worldmap-simulator-panel .log summary').first().click()
    await page.screenshot({ path: `${SCREENSHOTS}simulator-panel-log.png` })
    expect(await overflow()).toBe(0)
  })

  test('behavior: the position survives a reload', async () => {
    const before = await page.evaluate(() =>
      (
        window as unknown as { worldmapSimulator: { geolocation: { current(): unknown } } }
      ).worldmapSimulator.geolocation.current(),
    )
    await page.reload()
    const after = await page.evaluate(
      () =>
        new Promise((resolve) =>
          navigator.geolocation.getCurrentPosition((position) =>
            resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
          ),
        ),
    )
    expect(after).toEqual(before)
  })

  test('behavior: switching to the new user reloads as a different wallet, and sheets show it', async () => {
    await page.locator('worldmap-simulator-panel .toggle').click()
    await Promise.all([page.waitForEvent('load'), page.locator('worldmap-simulator-panel [aria-label="Use New user"]').click()])
    await page.waitForFunction(() => (window as unknown as { sheetReady?: boolean }).sheetReady === true)
    const fresh = await page.evaluate(
      () => (window as unknown as { worldmapSimulator: { wallet: { address: string } } }).worldmapSimulator.wallet.address,
    )
    expect(fresh).not.toBe(address)
    const { result, text } = await open('sign-message', 'new-user-sign-message')
    expect(text).toContain(`${fresh.slice(0, 6)}…${fresh.slice(-4)}`)
    await page.keyboard.press('Enter')
    expect(await result).toMatchObject({ status: 'success', address: fresh })
  })

  test('behavior: what an identity grants survives a reload, and stays that identity’s', async () => {
    const run = (name: string) =>
      page.evaluate((which) => (window as unknown as { sheetRun(n: string): Promise<unknown> }).sheetRun(which), name)
    const ready = () => page.waitForFunction(() => (window as unknown as { sheetReady?: boolean }).sheetReady === true)
    // The new user (the previous test's) allows notifications in the sheet.
    const allowed = await open('request-notifications', 'new-user-request-notifications')
    expect(allowed.text).toContain('wants to send you notifications')
    await page.keyboard.press('Enter')
    expect(await allowed.result).toMatchObject({ status: 'success', permission: 'notifications' })

    await page.reload()
    await ready()
    // What the app reads at its next start, and so tells its server: still granted.
    expect(await run('get-permissions')).toMatchObject({
      status: 'success',
      permissions: { notifications: true, contacts: false, microphone: false },
    })
    await page.locator('worldmap-simulator-panel .toggle').click()
    await expect
      .poll(() => page.locator('worldmap-simulator-panel .identity').allInnerTexts())
      .toEqual([
        expect.stringContaining('Granted: notifications, contacts, microphone'),
        expect.stringMatching(/New user\s+Granted: notifications\s+In use/),
      ])
    await page.screenshot({ path: `${SCREENSHOTS}simulator-panel-permissions.png` })

    // The returning user keeps their own: the microphone granted earlier, not the new user's choices.
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('worldmap-simulator-panel [aria-label="Use Returning user"]').click(),
    ])
    await ready()
    expect(await run('get-permissions')).toMatchObject({
      permissions: { notifications: true, contacts: true, microphone: true },
    })
  })
})
