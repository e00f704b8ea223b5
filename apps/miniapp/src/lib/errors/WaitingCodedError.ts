import { BaseError } from '@worldmap/game'
import { formatWait } from '../format/formatWait.js'

/** Options every {@link WaitingCodedError} accepts. */
export interface WaitingCodedErrorOptions {
  /** The underlying error (a Firebase `FunctionsError`, a network failure…). */
  cause?: unknown
  /** How long until the refusal lifts, ms (the server's `details.retryAfterMs`), when it said. */
  retryAfterMs?: number | undefined
}

/**
 * A {@link import('./CodedError.js').CodedError} whose sentence may name a
 * wait: one of a closed set of `code`s, each with a sentence built from the
 * server's `retryAfterMs` in plain words (`formatWait`, or `null` when it sent
 * none). The one class behind `CollectDropError` and `SpawnRefusedError`,
 * which only give it their `name` and their table.
 *
 * @example
 * ```ts
 * const messages = { busy: (wait: string | null) => `Try again ${wait ? `in ${wait}` : 'soon'}.` }
 * class ExampleError extends WaitingCodedError<'busy'> {
 *   override name = 'ExampleError'
 *   constructor(code: 'busy', options?: WaitingCodedErrorOptions) {
 *     super(code, messages, options)
 *   }
 * }
 * new ExampleError('busy', { retryAfterMs: 90_000 }).message // 'Try again in 2 min.'
 * ```
 */
export abstract class WaitingCodedError<code extends string> extends BaseError {
  override readonly code: code
  readonly retryAfterMs: number | undefined

  constructor(
    code: code,
    messages: Readonly<Record<code, (wait: string | null) => string>>,
    options: WaitingCodedErrorOptions = {},
  ) {
    super(messages[code](formatWait(options.retryAfterMs)), { cause: options.cause })
    this.code = code
    this.retryAfterMs = options.retryAfterMs
  }
}
