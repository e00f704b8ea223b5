import type { Command, CommandEvent } from './protocol.js'

/** Minimal schema contract (satisfied by zod and zod/mini schemas). */
export interface ReplySchema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: PropertyKey[] }> } }
}

/** One command's definition; see {@link CommandDefinition}. */
export interface CommandDefinitionOf<C extends Command, TReply = unknown> {
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
 * A union over the commands of the protocol table, so a definition whose
 * event is not its command's reply event in the table does not compile.
 */
export type CommandDefinition<TReply = unknown> = {
  [C in Command]: CommandDefinitionOf<C, TReply>
}[Command]

/** A definition of any reply type, for code that only routes replies. */
// biome-ignore lint/suspicious/noExplicitAny: reply types are erased where definitions are stored.
export type AnyCommandDefinition = CommandDefinition<any>
