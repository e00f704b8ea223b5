import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The URL to open (or to proxy) is not an absolute http:// or https:// URL.
 *
 * @example
 * ```ts
 * parseTargetUrl('localhost:5173') // throws InvalidTargetUrlError
 * ```
 */
export class InvalidTargetUrlError extends BaseError {
  override name = 'InvalidTargetUrlError'
  override readonly code = 'cli_invalid_target_url'
  /** What was given. */
  readonly url: string
  constructor(url: string, parameters: BaseErrorParameters = {}) {
    super('The app URL must be an absolute http:// or https:// URL, e.g. http://localhost:5173/.', {
      metaMessages: [`Given: ${url}`],
      ...parameters,
    })
    this.url = url
  }
}
