import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { readSimulatorScript } from '../node/readSimulatorScript.js'

/** The part of Playwright's `Page` (or `BrowserContext`) this helper uses. */
export interface InitScriptTarget {
  addInitScript(script: { content: string }): Promise<unknown>
}

/**
 * Make every page of a Playwright `page` or `context` a World App webview:
 * the simulator runs before any app script, in scripted mode by default.
 * Read what happened with `page.evaluate(() => window.worldmapSimulator.replies)`.
 *
 * @example
 * ```ts
 * await installSimulator(page, { os: 'android', behaviour: { pay: { outcome: 'reject' } } })
 * await page.goto('http://127.0.0.1:3000/')
 * ```
 */
export async function installSimulator(target: InitScriptTarget, config: BrowserSimulatorConfig = {}): Promise<void> {
  const settings = JSON.stringify({ mode: 'scripted', ...config })
  await target.addInitScript({ content: `window.__WORLDMAP_SIMULATOR__ = ${settings};\n${readSimulatorScript()}` })
}
