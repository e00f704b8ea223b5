/**
 * Where a `Docs:` line points: this package's README, by its path in the
 * repository (the published package carries the same file, at
 * `node_modules/@worldmap/minikit/README.md`). An error's `docsPath`, the
 * anchor of its README heading, is appended. A path, not an npm URL: the
 * package is not on the registry yet, and a URL would point nowhere
 * (tooling/scripts/docsLinks.test.ts checks every link's file and heading).
 */
export const DOCS_BASE_URL = 'packages/minikit/README.md'

/**
 * Package and version every message names, so an error pasted into an issue
 * says which build threw it. Hard-coded: reading package.json at runtime
 * would ship a JSON import (or a `fs` read) to every browser bundle.
 */
export const VERSION = '@worldmap/minikit@0.1.0'

/** Parameters every {@link BaseError} subclass accepts. */
export interface BaseErrorParameters {
  /** Native cause, kept for debugging (never contains secrets). */
  cause?: unknown
  /** Extra, human-readable detail appended under the short message. */
  details?: string
  /** Anchor in {@link DOCS_BASE_URL} that explains this failure, e.g. `#commandunavailableerror` (a README heading). */
  docsPath?: string
  /** Lines of context printed after the message. */
  metaMessages?: string[]
}

/**
 * Narrows any error to one named error, viem style: `ErrorType<'Error'>` is
 * what a command can reject with besides its own errors (a host handler that
 * throws, a file that cannot be read).
 */
export type ErrorType<name extends string = 'Error'> = Error & { name: name }

/** {@link BaseError}, with its name as a literal so a union of error types narrows on `name`. */
export type BaseErrorType = BaseError & { name: 'MiniKitError' }

/**
 * Root of every error thrown by `@worldmap/minikit`.
 *
 * `shortMessage` is the spec's exact text; `message` adds meta lines,
 * details, a `Docs:` link (when the error has a `docsPath`) and the
 * `Version:` of the SDK. `name` and `code` are stable and safe to switch on.
 * `walk()` finds the root cause (or the first matching error) along `cause`.
 *
 * @example
 * ```ts
 * try {
 *   await walletAuth({ nonce: 'x' })
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.code, error.shortMessage, error.walk())
 * }
 * ```
 */
export class BaseError extends Error {
  override name = 'MiniKitError'
  /** Stable machine-readable code of this failure. */
  readonly code: string = 'minikit_error'
  declare readonly shortMessage: string
  declare readonly details: string | undefined
  declare readonly docsPath: string | undefined
  declare readonly metaMessages: string[] | undefined
  declare readonly version: string

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const { cause, details, docsPath, metaMessages } = parameters
    const lines = [shortMessage]
    if (metaMessages?.length) lines.push('', ...metaMessages)
    if (details) lines.push('', `Details: ${details}`)
    lines.push('')
    if (docsPath) lines.push(`Docs: ${DOCS_BASE_URL}${docsPath}`)
    lines.push(`Version: ${VERSION}`)
    super(lines.join('\n'), cause === undefined ? undefined : { cause })
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = docsPath
    this.metaMessages = metaMessages
    this.version = VERSION
  }

  /**
   * Follow the `cause` chain (through `Error`s only; an abort reason or other
   * non-error cause ends it). Without `fn`, the deepest error; with `fn`, the
   * first error it accepts, starting with this one, or `null`.
   *
   * @example
   * ```ts
   * const root = error.walk() // e.g. the TypeError a host handler threw
   * const timeout = error.walk((e) => e instanceof CommandTimeoutError)
   * ```
   */
  walk(): Error
  walk<T extends Error>(fn: (error: Error) => error is T): T | null
  walk(fn: (error: Error) => boolean): Error | null
  walk(fn?: (error: Error) => boolean): Error | null {
    let error: Error = this
    // A cause cycle (a.cause = b, b.cause = a) must end the walk, not loop forever.
    const seen = new Set<Error>()
    for (;;) {
      if (fn?.(error)) return error
      seen.add(error)
      const { cause } = error
      if (!(cause instanceof Error) || seen.has(cause)) return fn ? null : error
      error = cause
    }
  }
}
