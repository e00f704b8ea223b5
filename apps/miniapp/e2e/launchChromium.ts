import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium; browsers are never downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The machine's standard headless flags (as in packages/simulator/e2e). MapLibre
 * needs no more: with --disable-gpu, Chromium still gives WebGL 2 through
 * ANGLE on SwiftShader (software Vulkan), which is what the map draws with.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Launch headless Chromium with the flags this machine needs.
 *
 * @example
 * ```ts
 * const browser = await launchChromium()
 * ```
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium); .ci/run does this`,
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS })
}
