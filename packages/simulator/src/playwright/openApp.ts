import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { TargetUnreachableError } from '../node/errors/TargetUnreachableError.js'
import { findBrowser } from '../node/findBrowser.js'
import { parseTargetUrl } from '../node/parseTargetUrl.js'
import { forwardWire, type WireLogEntry } from './forwardWire.js'
import { installSimulator } from './installSimulator.js'

/** Options of {@link openApp}. */
export interface OpenAppOptions {
  /** The mini app: any http:// or https:// URL. */
  url: string | URL
  /** The simulator in the page; `mode` defaults to `interactive` (World App-style sheets). */
  config?: BrowserSimulatorConfig
  /** Chromium to launch. @default {@link findBrowser}() */
  executablePath?: string
  /** @default false */
  headless?: boolean
  /** Launch Chromium with --no-sandbox. @default true when running as root (Chromium refuses to start otherwise) */
  noSandbox?: boolean
  /** Accept self-signed certificates (https dev servers). @default false */
  ignoreHTTPSErrors?: boolean
  /**
   * Let Playwright close the browser on Ctrl-C/SIGTERM/SIGHUP (and exit 130).
   * The CLI turns this off and closes the app itself. @default true
   */
  handleSignals?: boolean
  /** Called in Node with every command the app sends and every reply the simulator gives (the CLI's log). */
  onWire?: (entry: WireLogEntry) => void
}

/** A mini app running in Chromium as if inside World App. */
export interface OpenedApp {
  browser: Browser
  context: BrowserContext
  page: Page
  /** Settles when the browser is gone: closed by the user, by {@link OpenedApp.close}, or crashed. */
  closed: Promise<void>
  close(): Promise<void>
}

// What World App's webviews send, so apps that sniff the user agent take their phone paths.
const USER_AGENTS = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/141.0.0.0 Mobile Safari/537.36 wv',
} as const

/** The phone World App runs on in the screenshots (an iPhone 15-sized screen). */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const

/**
 * Open a mini app in Chromium as if inside World App: a phone-sized touch
 * viewport, and the simulated host (`window.WorldApp`, the native message
 * handler, wallet, World ID, geolocation) injected before the page's first
 * script, with interactive sheets unless `config.mode` says otherwise.
 * The app needs no code changes.
 *
 * @example
 * ```ts
 * const app = await openApp({ url: 'http://localhost:5173/', headless: true, config: { os: 'android' } })
 * await app.page.getByRole('button', { name: 'Sign in' }).click()
 * await app.close()
 * ```
 */
export async function openApp(options: OpenAppOptions): Promise<OpenedApp> {
  const url = parseTargetUrl(options.url)
  const config: BrowserSimulatorConfig = { mode: 'interactive', ...options.config }
  const os = config.os ?? 'ios'
  const headless = options.headless ?? false
  const noSandbox = options.noSandbox ?? process.getuid?.() === 0
  const args = noSandbox ? ['--no-sandbox'] : []
  // Room for the 390×844 page plus the window's own toolbars.
  if (!headless) args.push(`--window-size=${PHONE_VIEWPORT.width + 40},${PHONE_VIEWPORT.height + 140}`)
  const handleSignals = options.handleSignals ?? true
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? findBrowser(),
    headless,
    args,
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
  })
  const closed = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()))
  const close = async () => {
    if (browser.isConnected()) await browser.close()
    await closed
  }
  try {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      userAgent: USER_AGENTS[os],
      ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
      // The boot script evaluates the full simulator as an inline <script>;
      // a strict app CSP would block it, and the app is not what is under test here.
      bypassCSP: true,
    })
    if (options.onWire) await forwardWire(context, options.onWire)
    await installSimulator(context, config)
    const page = await context.newPage()
    // Closing the app's window ends the session, as closing World App would.
    page.once('close', () => {
      if (context.pages().length === 0) void close()
    })
    try {
      await page.goto(url.href)
    } catch (cause) {
      throw new TargetUnreachableError(url.href, { cause })
    }
    return { browser, context, page, closed, close }
  } catch (error) {
    await close()
    throw error
  }
}
