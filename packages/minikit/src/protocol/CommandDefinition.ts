import type { CommandEvent, ReplyingCommand } from './protocol.js'

/** Minimal schema contract (satisfied by zod and zod/mini schemas). */
export interface ReplySchema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: PropertyKey[] }> } }
}

/** One command's definition; see {@link CommandDefinition}. */
export interface CommandDefinitionOf<C extends ReplyingCommand, TReply = unknown> {
  command: C
  event: CommandEvent<C>
  method: string
  reply: ReplySchema<TReply>
  afterReply?: (reply: TReply) => Promise<TReply>
}

/**
 * Everything the event layer needs to know about one command: its wire
 * name, reply event, the camelCase method name used in messages, the reply
 * schema and an optional post-processing step (profile fetch, proof
 * compression) that runs before anyone sees the reply.
 *
 * A union over the commands of the protocol table that get a reply (not
 * close-miniapp, which is only ever sent), so a definition whose
 * event is not its command's reply event in the table does not compile.
 */
export type CommandDefinition<TReply = unknown> = {
  [C in ReplyingCommand]: CommandDefinitionOf<C, TReply>
}[ReplyingCommand]

/** A definition of any reply type, for code that only routes replies. */
// biome-ignore lint/suspicious/noExplicitAny: reply types are erased where definitions are stored.
export type AnyCommandDefinition = CommandDefinition<any>
