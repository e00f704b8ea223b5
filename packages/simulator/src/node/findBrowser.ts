import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { BrowserNotFoundError } from './errors/BrowserNotFoundError.js'

/** Options of {@link findBrowser}; everything but `browser` is for tests. */
export interface FindBrowserOptions {
  /** An explicit path (`--browser`): used if it exists, an error otherwise (never silently replaced). */
  browser?: string | undefined
  /** @default process.env */
  env?: Record<string, string | undefined>
  /** @default fs.existsSync */
  exists?: (path: string) => boolean
}

// Debian/Ubuntu names first, then Google's builds: any Chromium-based browser
// Playwright can drive over CDP.
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']

/**
 * Find the Chromium to launch: `browser`, else `$CHROME_PATH`, else Debian's
 * /usr/bin/chromium, else the first Chromium or Chrome on the `PATH`.
 * Browsers are never downloaded.
 *
 * @example
 * ```ts
 * const executablePath = findBrowser({ browser: process.env.MY_CHROME })
 * ```
 */
export function findBrowser(options: FindBrowserOptions = {}): string {
  const env = options.env ?? process.env
  const exists = options.exists ?? existsSync
  if (options.browser !== undefined) {
    if (exists(options.browser)) return options.browser
    throw new BrowserNotFoundError([`--browser ${options.browser}`])
  }
  const candidates: string[] = []
  if (env.CHROME_PATH) candidates.push(env.CHROME_PATH)
  candidates.push('/usr/bin/chromium')
  for (const folder of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) candidates.push(join(folder, name))
  }
  const found = candidates.find((path) => exists(path))
  if (found) return found
  throw new BrowserNotFoundError([
    env.CHROME_PATH ? `$CHROME_PATH (${env.CHROME_PATH})` : '$CHROME_PATH (not set)',
    '/usr/bin/chromium',
    `${PATH_NAMES.join(', ')} on the PATH`,
  ])
}
