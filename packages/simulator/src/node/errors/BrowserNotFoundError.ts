import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * No Chromium to launch: the `--browser` path does not exist, or none of
 * `$CHROME_PATH`, /usr/bin/chromium and chromium on the PATH was found.
 * Browsers are never downloaded.
 *
 * @example
 * ```ts
 * findBrowser({ env: {} }) // throws BrowserNotFoundError on a machine without Chromium
 * ```
 */
export class BrowserNotFoundError extends BaseError {
  override name = 'BrowserNotFoundError'
  override readonly code = 'cli_browser_not_found'
  /** Every place looked at, in order. */
  readonly tried: readonly string[]
  constructor(tried: readonly string[], parameters: BaseErrorParameters = {}) {
    super('No Chromium found: install Chromium or Chrome, or pass --browser <path> (or set CHROME_PATH).', {
      metaMessages: tried.map((place) => `Tried: ${place}`),
      ...parameters,
    })
    this.tried = Object.freeze([...tried])
  }
}
