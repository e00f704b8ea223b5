import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `chat` rejects with this when World App answers with an error (the person cancelled, the message could not be sent …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.chat({ message: 'Meet at the mill?' })
 * } catch (error) {
 *   if (error instanceof ChatError) console.log(error.code)
 * }
 * ```
 */
export class ChatError extends CommandReplyError {
  override name = 'ChatError'
  constructor(code: string, details?: string) {
    super('Chat failed', code, '#chaterror', details)
  }
}

/** {@link ChatError}, with its name as a literal so a union of error types narrows on `name`. */
export type ChatErrorType = ChatError & { name: 'ChatError' }
