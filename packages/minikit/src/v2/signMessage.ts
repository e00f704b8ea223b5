import { type SignMessageInput, type SignMessageResult, signMessage as signMessageCommand } from '../commands/signMessage.js'
import { SignMessageError } from '../errors/commands/SignMessageError.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import { type CommandContextOrOptions, readCommandContext, sendWithContext } from './commandContext.js'
import { getFallbackAdapter } from './fallbackAdapter.js'
import { runV2Command } from './runV2Command.js'

/** Options of the 2.x {@link signMessage}: the 1.x input plus `fallback`. */
export interface SignMessageOptions<TFallback = SignMessageData> extends SignMessageInput, FallbackConfig<TFallback> {}

/** What the 2.x {@link signMessage} resolves with: World App's success reply (`signature`, `address`, …). */
export type SignMessageData = Extract<SignMessageResult, { status: 'success' }>

/** World App's own text about a failure, when it sends one. */
export const textDetails = (reply: Record<string, unknown>): string | undefined =>
  typeof reply.details === 'string' ? reply.details : undefined

/**
 * Sign a personal message (EIP-191) with the user's wallet, the official 2.x
 * way: inside World App through the one sign-message command path; outside
 * it through the registered web fallback, else the caller's `fallback`.
 * An error reply rejects with {@link SignMessageError}.
 *
 * @example
 * ```ts
 * const { data } = await MiniKit.signMessage({ message: 'I claim the old mill' })
 * if (data.status === 'success') await fetch('/api/claim', { method: 'POST', body: JSON.stringify(data) })
 * ```
 */
export async function signMessage<TFallback = SignMessageData>(
  options: SignMessageOptions<TFallback>,
  ctx?: CommandContextOrOptions,
): Promise<CommandResultByVia<SignMessageData, TFallback>> {
  const { fallback, ...input } = options
  const adapter = getFallbackAdapter()
  const web = adapter?.signMessage?.bind(adapter)
  return runV2Command<SignMessageData, TFallback>({
    command: 'sign-message',
    native: async () => {
      const context = readCommandContext(ctx, 'sign-message')
      const reply = await sendWithContext(context, 'sign-message', () => signMessageCommand(input, context.options))
      if (reply.status === 'error') throw new SignMessageError(reply.error_code, textDetails(reply))
      return reply
    },
    // The web wallet answers in World App's success shape.
    web: web && (() => web({ message: input.message }) as Promise<SignMessageData>),
    fallback,
  })
}
