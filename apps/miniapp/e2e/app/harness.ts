// Shared pieces of the app's end-to-end tests: a phone-sized context per test
// that cannot reach the internet, the World App simulator (scripted), a fake
// of World's usernames service, and what the page logged and requested.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserSimulatorConfig } from '@worldmap/simulator'
// window.worldmapSimulator's type.
import type {} from '@worldmap/simulator/global'
import { readSimulatorScript } from '@worldmap/simulator/playwright'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { expect, inject, onTestFinished } from 'vitest'

/** The phone viewport of the conventions (iPhone 12–15 class). */
export const PHONE = { width: 390, height: 844 } as const

/** Screenshots are artifacts: `.test-results/` at the repo root (gitignored, kept by CI). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../.test-results/screenshots/', import.meta.url))

/** What the app's config expects locally (`LOCAL_DEFAULTS.appId`), and what `verifyHuman` checks proofs against. */
export const APP_ID = 'app_staging_worldmap'

/** The app's own origin; every page URL is built on it. */
export const appUrl = (path = '/') => `${inject('appUrl')}${path}`

/** 127.0.0.1 / localhost only: the app must never need the internet. */
export function isLocalUrl(url: string): boolean {
  if (!/^(https?|wss?):/.test(url)) return true
  const { hostname } = new URL(url)
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'
}

/** A fresh wallet key, so every test signs in as its own user. */
export function randomPrivateKey(): `0x${string}` {
  return `0x${randomBytes(32).toString('hex')}`
}

export interface ConsoleEntry {
  type: string
  text: string
  /** For "Failed to load resource": the resource, so a failing test names the request that failed. */
  url?: string
  /** And what it answered (the start of the body), e.g. the refusal a callable gave. */
  body?: string
}

export interface RequestEntry {
  method: string
  url: string
  postData: string | null
  at: number
}

export interface AppSession {
  context: BrowserContext
  page: Page
  /** Every console message of the page, in order. */
  console: ConsoleEntry[]
  /** Uncaught exceptions in the page. */
  pageErrors: string[]
  /** Every request the page made, in order (blocked ones included). */
  requests: RequestEntry[]
  /** Requests to non-local hosts that were aborted. */
  blocked: string[]
  /** Every WebSocket frame the page sent (the Realtime Database speaks over one), in order. */
  socketFrames: string[]
  /**
   * Content-Security-Policy violations in the page so far (the browser's own
   * "Refused to …" messages and `securitypolicyviolation` events). Every test
   * that opens a session fails if this is not empty when it ends.
   */
  readonly cspViolations: string[]
  close(): Promise<void>
}

/** Console text of a CSP violation: Chromium's own message, or the event the page reported. */
const CSP_VIOLATION = /^\[csp-violation\]|Refused to|Content Security Policy/

/** Runs in the page before its scripts: every CSP violation becomes a console error the test sees. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
    )
  })
}

export interface AppSessionOptions {
  /** Scripted World App simulator config; `false` opens the app in a plain browser. */
  simulator?: BrowserSimulatorConfig | false
  /**
   * Username the fake usernames service gives the wallet (`null`: unknown
   * wallet, as World's service answers for an address without a username).
   */
  username?: string | null
  /** The device's light/dark setting (`prefers-color-scheme`); the browser's default (light) when left out. */
  colorScheme?: 'light' | 'dark'
  /** The device's language (`Accept-Language`, `navigator.language`), as World App's webview sends it; en-US when left out. */
  locale?: string
  /**
   * How far the phone's clock is off, ms (positive: ahead). Every `Date` in
   * the page reads it, the simulator's included, as on a real phone; timers
   * and `performance.now()` are untouched (they do not read the wall clock).
   */
  clockSkewMs?: number
  /** The phone's time zone (an IANA name, as `Intl` reports it in the page); the machine's when left out. */
  timeZone?: string
  /** Cookies, local storage and IndexedDB (the Firebase session) of an earlier context: a returning player. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>
}

/** Runs in the page before its scripts: `Date` reads the phone's wall clock, `skewMs` off the real one. */
function skewWallClock(skewMs: number) {
  const RealDate = Date
  // A plain function, not a subclass: every Date keeps the one prototype, so `instanceof Date` holds for all.
  function PhoneDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(RealDate.now() + skewMs).toString()
    return args.length === 0 ? new RealDate(RealDate.now() + skewMs) : new RealDate(...(args as [number]))
  }
  PhoneDate.prototype = RealDate.prototype
  PhoneDate.now = () => RealDate.now() + skewMs
  PhoneDate.parse = RealDate.parse
  PhoneDate.UTC = RealDate.UTC
  globalThis.Date = PhoneDate as unknown as DateConstructor
}

/**
 * A new context (phone viewport, no internet) and page for one test, with
 * the simulator installed before any app script runs.
 *
 * The usernames service is World's, not part of the local stack: the
 * production server has no `/api/dev/usernames` stand-in (development only),
 * so the test answers that route itself, as the real service would.
 *
 * @example
 * ```ts
 * const session = await openSession(browser, { simulator: { privateKey: randomPrivateKey() }, username: 'ana.e2e' })
 * await session.page.goto(appUrl('/'))
 * ```
 */
export async function openSession(browser: Browser, options: AppSessionOptions = {}): Promise<AppSession> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    hasTouch: false,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
    ...(options.timeZone ? { timezoneId: options.timeZone } : {}),
  })
  // First of the init scripts: the simulator, like World App, reads the phone's clock.
  if (options.clockSkewMs) await context.addInitScript(skewWallClock, options.clockSkewMs)
  const blocked: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (isLocalUrl(url)) return route.fallback()
    blocked.push(url)
    return route.abort('internetdisconnected')
  })
  const username = options.username === undefined ? null : options.username
  await context.route('**/api/dev/usernames/api/v1/query', async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as { addresses?: string[] }
    const found = username
      ? (body.addresses ?? []).slice(0, 1).map((address) => ({ address, username, profile_picture_url: null }))
      : []
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(found) })
  })
  await context.addInitScript(reportCspViolations)
  if (options.simulator !== false) {
    // The whole simulator as one init script, evaluated before the page's own scripts, as World App
    // injects its host natively. Not installSimulator(): its fast boot evaluates the simulator later
    // by inserting an inline <script>, which the production server's CSP refuses, as it must. Init
    // scripts arrive through the DevTools protocol, outside the page's CSP, like the native host.
    // The simulator's zod would compile its parsers with `new Function` (allowed while the init script
    // runs, refused by the page's CSP when a command arrives): it starts with zod's own `jitless`
    // switch, shared through globalThis, which is removed again before the app's scripts run, so the
    // app's zod is tested exactly as it ships.
    const config: BrowserSimulatorConfig = {
      mode: 'scripted',
      os: 'ios',
      appId: APP_ID,
      geolocation: false,
      ...options.simulator,
    }
    await context.addInitScript({
      content: [
        'globalThis.__zod_globalConfig = { jitless: true };',
        `window.__WORLDMAP_SIMULATOR__ = ${JSON.stringify(config)};`,
        readSimulatorScript(),
        'delete globalThis.__zod_globalConfig;',
      ].join('\n'),
    })
  }
  const page = await context.newPage()
  const consoleEntries: ConsoleEntry[] = []
  const pageErrors: string[] = []
  const requests: RequestEntry[] = []
  page.on('console', (message) => {
    const text = message.text()
    const url = text.startsWith('Failed to load resource') ? message.location().url : ''
    consoleEntries.push({ type: message.type(), text, ...(url ? { url } : {}) })
  })
  // An HTTP error's body goes with the browser's "Failed to load resource" line for it (read later, at the assertion).
  page.on('response', (response) => {
    if (response.status() < 400) return
    void response.text().then(
      (body) => {
        const entry = [...consoleEntries].reverse().find((each) => each.url === response.url() && each.body === undefined)
        if (entry) entry.body = body.slice(0, 300)
      },
      () => {},
    )
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('request', (request: Request) =>
    requests.push({ method: request.method(), url: request.url(), postData: request.postData(), at: Date.now() }),
  )
  const socketFrames: string[] = []
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => socketFrames.push(String(payload))))
  const cspViolations = () => consoleEntries.filter((entry) => CSP_VIOLATION.test(entry.text)).map((entry) => entry.text)
  // The production server's policy is strict: any violation is a bug in the policy or the app.
  onTestFinished(() => {
    expect(cspViolations(), 'Content-Security-Policy violations').toEqual([])
  })
  return {
    context,
    page,
    console: consoleEntries,
    pageErrors,
    requests,
    blocked,
    socketFrames,
    get cspViolations() {
      return cspViolations()
    },
    close: () => context.close(),
  }
}

/** Save a 390×844 screenshot as `.test-results/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  // The settled frame a player looks at, not whichever frame of an entrance animation was current.
  await page.screenshot({ path, animations: 'disabled' })
  return path
}

/**
 * The database paths the page started (`listen`) and stopped (`unlisten`)
 * listening to, in order, read from the Realtime Database protocol's frames
 * (`{t: 'd', d: {a: 'q' | 'n', b: {p: path}}}`): what the client downloads.
 *
 * @example
 * ```ts
 * expect(databaseListens(session.socketFrames).filter((l) => l.path.startsWith('drops/'))).toHaveLength(9)
 * ```
 */
export function databaseListens(frames: readonly string[]): { action: 'listen' | 'unlisten'; path: string }[] {
  const listens: { action: 'listen' | 'unlisten'; path: string }[] = []
  for (const frame of frames) {
    let message: { t?: unknown; d?: { a?: unknown; b?: { p?: unknown } } }
    try {
      message = JSON.parse(frame)
    } catch {
      continue
    }
    const path = message.d?.b?.p
    if (message.t !== 'd' || typeof path !== 'string') continue
    const action = message.d?.a === 'q' ? 'listen' : message.d?.a === 'n' ? 'unlisten' : null
    if (action) listens.push({ action, path: path.replace(/^\//, '') })
  }
  return listens
}

/** The signed-in home's greeting heading: the app's "authenticated" marker. */
export const homeGreeting = (page: Page) => page.locator('section.home h1.home-name')

/** The wallet address the simulator in this page signs with. */
export function simulatorAddress(page: Page): Promise<string> {
  return page.evaluate(() => {
    const simulator = window.worldmapSimulator
    if (!simulator) throw new Error('no simulator in this page')
    return simulator.wallet.address
  })
}
