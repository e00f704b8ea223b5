import { type ChatInput, chat as chatCommand } from '../commands/chat.js'
import { ChatError } from '../errors/commands/ChatError.js'
import { asSent, replyCommand } from './replyCommand.js'

/**
 * Send a message through World Chat, the 2.x way: resolves with
 * `{ executedWith, data }` (data: World App's reply, with `count`). Outside
 * World App it runs your `fallback`, or rejects with `CommandUnavailableError`;
 * an error reply rejects with {@link ChatError}.
 *
 * @example
 * ```ts
 * const { data } = await chat({ message: 'I claimed the old mill, come and see', to: ['alice'] })
 * console.log(`sent to ${data.count} chats`)
 * ```
 */
export const chat = /* @__PURE__ */ replyCommand({
  command: 'chat',
  run: (input: ChatInput, { options }) => chatCommand(input, options),
  error: ChatError,
  data: asSent,
})
