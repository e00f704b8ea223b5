import type { Command } from '../protocol/protocol.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import { type CallContext, type CommandContextOrOptions, readCommandContext, sendWithContext } from './commandContext.js'
import { runV2Command } from './runV2Command.js'

/** A reply of the host's common shape: the command's success payload or `{ status: 'error', error_code }`. */
type HostReply = { status: 'success' } | { status: 'error'; error_code: string }

/** The success branch of a 1.x reply type. */
export type SuccessOf<TReply> = Extract<TReply, { status: 'success' }>

/** A 2.x command function: its input plus `fallback`, resolving with the data and the path that ran. */
export type V2Command<TInput, TData> = <TFallback = TData>(
  options: TInput & FallbackConfig<TFallback>,
  ctx?: CommandContextOrOptions,
) => Promise<CommandResultByVia<TData, TFallback, 'minikit'>>

/** A 2.x command whose input may be left out (`shareContacts()`, `getPermissions()`). */
export type V2CommandOptionalInput<TInput, TData> = <TFallback = TData>(
  options?: TInput & FallbackConfig<TFallback>,
  ctx?: CommandContextOrOptions,
) => Promise<CommandResultByVia<TData, TFallback, 'minikit'>>

/** What makes a 1.x command a 2.x one: only the differences, as data. */
export interface ReplyCommandSpec<TInput, TReply extends HostReply, TData> {
  /** The wire command (availability, errors). */
  command: Command
  /** The one command path: the 1.x free function (validation, payload, reply schema, runCommand), with the call's options and context. */
  run: (input: TInput, context: CallContext) => Promise<TReply>
  /** The command reads the context's device (`ctx.state.deviceProperties`), as official 2.x's share does. */
  readsState?: boolean
  /** The 2.x error class for an error reply. */
  error: new (
    code: string,
    details?: string,
  ) => Error
  /** The 2.x data of a success reply (the reply as it came, for most commands). */
  data: (reply: SuccessOf<TReply>) => TData
}

// World App's own words about a failure travel as `description` or `details`.
const detailsOf = (reply: Record<string, unknown>) => {
  const text = reply.description ?? reply.details
  return typeof text === 'string' ? text : undefined
}

/**
 * Make the 2.x form of a command from its 1.x free function: the official
 * path choice (`runV2Command`), then a success reply mapped to the 2.x data
 * and an error reply turned into the command's 2.x error. The 2.x command
 * adds nothing else: validation, the wire message and the reply check stay
 * in the one command path.
 *
 * @example
 * ```ts
 * const chat = replyCommand({ command: 'chat', run: (input: ChatInput, { options }) => chatV1(input, options), error: ChatError, data: (reply) => reply })
 * const { executedWith, data } = await chat({ message: 'Meet at the mill?' })
 * ```
 */
export function replyCommand<TInput, TReply extends HostReply, TData>(
  spec: ReplyCommandSpec<TInput, TReply, TData>,
): V2Command<TInput, TData> {
  const { command, run, error, data, readsState } = spec
  return async (options, ctx) => {
    // `fallback` is the 2.x call's own: it never reaches the 1.x path (nor the wire).
    const { fallback, ...input } = options ?? ({} as typeof options)
    const native = async () => {
      // Read on the native path only: official 2.x never touches the context outside World App.
      const context = readCommandContext(ctx, command, readsState)
      const reply = await sendWithContext(context, command, () => run(input as TInput, context))
      if (reply.status === 'error') throw new error(reply.error_code, detailsOf(reply))
      return data(reply as SuccessOf<TReply>)
    }
    return (await runV2Command({ command, native, fallback })) as never
  }
}

/** The 2.x data of most commands: the success reply as World App sent it. */
export const asSent = <T>(reply: T): T => reply
