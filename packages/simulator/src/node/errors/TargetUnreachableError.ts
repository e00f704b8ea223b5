import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The browser could not load the app's URL (connection refused, DNS, TLS…);
 * the browser's own error is the `cause`.
 *
 * @example
 * ```ts
 * await openApp({ url: 'http://127.0.0.1:1/' }) // rejects with TargetUnreachableError
 * ```
 */
export class TargetUnreachableError extends BaseError {
  override name = 'TargetUnreachableError'
  override readonly code = 'cli_target_unreachable'
  readonly url: string
  constructor(url: string, parameters: BaseErrorParameters = {}) {
    super(`Could not load ${url}: is the app's server running?`, {
      metaMessages: ['For a self-signed https certificate, add --ignore-https-errors.'],
      ...parameters,
    })
    this.url = url
  }
}
