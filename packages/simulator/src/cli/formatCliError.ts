import { BaseError } from '@worldmap/minikit'

/**
 * How the bin prints a failure: for our typed errors the short message and
 * its detail lines (no stack: the message says what to do); anything else
 * is a bug, so its stack.
 *
 * @example
 * ```ts
 * process.stderr.write(formatCliError(new InvalidFlagsError(['--os: must be ios or android'])))
 * // worldmap-simulator: Invalid command line. Run `worldmap-simulator --help` for usage.
 * //   --os: must be ios or android
 * ```
 */
export function formatCliError(error: unknown): string {
  if (error instanceof BaseError) {
    const lines = [`worldmap-simulator: ${error.shortMessage}`, ...(error.metaMessages ?? []).map((line) => `  ${line}`)]
    if (error.details) lines.push(`  ${error.details}`)
    const cause = error.cause instanceof Error ? error.cause.message.split('\n')[0] : undefined
    if (cause && !(error.cause instanceof BaseError)) lines.push(`  Cause: ${cause}`)
    return `${lines.join('\n')}\n`
  }
  return `worldmap-simulator: unexpected error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
}
