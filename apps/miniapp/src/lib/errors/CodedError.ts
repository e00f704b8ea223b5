import { BaseError } from '@worldmap/game'

/** Options every {@link CodedError} accepts. */
export interface CodedErrorOptions {
  /** The underlying error (a failed fetch, a Firebase error…); never a nonce, token or proof. */
  cause?: unknown
}

/**
 * An app error that is one of a closed set of `code`s, each with its
 * sentence: `message` is that sentence, exactly as the screen (or the spec)
 * says it; `code` stays stable for logic and tests; `cause` keeps the
 * underlying error. The one class behind `LoginError`, `ShareCardError` and
 * `LeaderboardError`, which only give it their `name` and their table.
 *
 * @example
 * ```ts
 * type ExampleErrorCode = 'offline' | 'refused'
 * const messages: Record<ExampleErrorCode, string> = { offline: 'You are offline.', refused: 'Not now.' }
 * class ExampleError extends CodedError<ExampleErrorCode> {
 *   override name = 'ExampleError'
 *   constructor(code: ExampleErrorCode, options?: CodedErrorOptions) {
 *     super(code, messages, options)
 *   }
 * }
 * new ExampleError('offline').message // 'You are offline.'
 * ```
 */
export abstract class CodedError<code extends string> extends BaseError {
  override readonly code: code

  constructor(code: code, messages: Readonly<Record<code, string>>, options: CodedErrorOptions = {}) {
    super(messages[code], { cause: options.cause })
    this.code = code
  }
}
