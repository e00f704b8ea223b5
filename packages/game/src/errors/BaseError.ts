import { BaseError as MiniKitBaseError, type BaseErrorParameters as MiniKitBaseErrorParameters } from '@worldmap/minikit'

/** Where the `Docs:` line of a WorldMap error points: the repository's list of error names and codes. */
export const DOCS_BASE_URL = 'docs/errors.md'

/** Package and version {@link BaseError.version} names (never printed in a message: see {@link BaseError}). */
export const VERSION = '@worldmap/game@0.1.0'

export type { ErrorType } from '@worldmap/minikit'

/** Parameters every {@link BaseError} subclass accepts. */
export type BaseErrorParameters = MiniKitBaseErrorParameters

/** {@link BaseError}, with its name as a literal so a union of error types narrows on `name`. */
export type BaseErrorType = BaseError & { name: 'WorldMapError' }

/**
 * The root of every error WorldMap's own code throws — `@worldmap/game`, the
 * functions and the app — so any of them can be recognised with one
 * `instanceof` and read the same way. `name` and `code` are stable and safe
 * to switch on (each subclass sets both); `shortMessage` is the one-line text
 * a screen may show; `message` adds `metaMessages`, `details` and, when the
 * error has a `docsPath`, a `Docs:` line (under {@link DOCS_BASE_URL}) below
 * it; `walk()` follows the `cause` chain.
 *
 * One error family: this class extends `@worldmap/minikit`'s `BaseError`, so
 * the SDK's errors and WorldMap's share one root, one `walk()` and one
 * `ErrorType`. It differs in one way, on purpose: its messages name no
 * `Version:` (the app shows them to players as they are, and the functions
 * log them), and a detail of several lines, or a `- ` list, starts on a line
 * of its own. `version` still says which package threw it.
 *
 * @example
 * ```ts
 * try {
 *   localDayOf(Date.now(), zone)
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.name, error.code, error.walk()) // 'InvalidTimeZoneError', 'invalid_time_zone', …
 * }
 * ```
 */
export class BaseError extends MiniKitBaseError {
  override name = 'WorldMapError'
  override readonly code: string = 'worldmap_error'
  declare readonly version: string

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
    const { details, docsPath, metaMessages } = parameters
    const lines = [shortMessage]
    if (metaMessages?.length) lines.push('', ...metaMessages)
    if (details) lines.push('', /\n|^- /.test(details) ? `Details:\n${details}` : `Details: ${details}`)
    if (docsPath) lines.push('', `Docs: ${DOCS_BASE_URL}${docsPath}`)
    this.message = lines.join('\n')
    this.version = VERSION
  }
}
