import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { readSimulatorBootScript, readSimulatorScript } from '../node/readSimulatorScript.js'
import { withWalletAddress } from '../node/withWalletAddress.js'

/** The part of Playwright's `Page` (or `BrowserContext`) this helper uses. */
export interface InitScriptTarget {
  addInitScript(script: { content: string }): Promise<unknown>
}

/**
 * Make every page of a Playwright `page` or `context` a World App webview:
 * the host is there before any app script, in scripted mode by default.
 * Read what happened with `page.evaluate(() => window.worldmapSimulator.replies)`.
 *
 * Only the page-facing host runs up front (see `bootSimulator`); the wallet
 * and World ID load when the page is idle after its first message, or when a
 * test reads `window.worldmapSimulator`, so load-time measurements see the
 * app, not the simulator. The page must allow inline scripts (no strict CSP).
 *
 * @example
 * ```ts
 * await installSimulator(page, { os: 'android', behaviour: { pay: { outcome: 'reject' } } })
 * await page.goto('http://127.0.0.1:3000/')
 * ```
 */
export async function installSimulator(target: InitScriptTarget, config: BrowserSimulatorConfig = {}): Promise<void> {
  const settings = JSON.stringify(withWalletAddress({ mode: 'scripted', ...config }))
  // A string literal costs the page a fast scan, not a parse of the whole simulator.
  const source = JSON.stringify(readSimulatorScript())
  await target.addInitScript({
    content: `window.__WORLDMAP_SIMULATOR__ = ${settings};\nwindow.__WORLDMAP_SIMULATOR_SOURCE__ = ${source};\n${readSimulatorBootScript()}`,
  })
}
