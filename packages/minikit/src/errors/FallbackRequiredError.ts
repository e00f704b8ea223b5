import { BaseError } from './BaseError.js'

/**
 * Raised by a 2.x command that has no web path of its own (pay, chat …)
 * when it runs outside World App without a `fallback`: that is a caller
 * error, so it names the fix.
 *
 * @example
 * ```ts
 * await MiniKit.pay({ ...input, fallback: () => openCheckoutPage() }) // no FallbackRequiredError outside World App
 * ```
 */
export class FallbackRequiredError extends BaseError {
  override name = 'FallbackRequiredError'
  override readonly code = 'fallback_required'
  constructor(methodName: string) {
    super(`'${methodName}' needs a fallback when the page runs outside World App`, {
      docsPath: '#fallbackrequirederror',
      metaMessages: [`Pass one: MiniKit.${methodName}({ ...input, fallback: () => yourWebFlow() })`],
    })
    this.methodName = methodName
  }
  declare readonly methodName: string
}

/** {@link FallbackRequiredError}, with its name as a literal so a union of error types narrows on `name`. */
export type FallbackRequiredErrorType = FallbackRequiredError & { name: 'FallbackRequiredError' }
