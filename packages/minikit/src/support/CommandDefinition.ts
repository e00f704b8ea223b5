import type { Command, ResponseEvent } from './constants.js'

/** Minimal schema contract (satisfied by zod and zod/mini schemas). */
export interface ReplySchema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: PropertyKey[] }> } }
}

/**
 * Everything the event layer needs to know about one command: its wire
 * name, reply event, the camelCase method name used in messages, the reply
 * schema and an optional post-processing step (profile fetch, proof
 * compression) that runs before anyone sees the reply.
 */
export interface CommandDefinition<TReply = unknown> {
  command: Command
  event: ResponseEvent
  method: string
  reply: ReplySchema<TReply>
  afterReply?: (reply: TReply) => Promise<TReply>
}

/** A definition of any reply type, for code that only routes replies. */
// biome-ignore lint/suspicious/noExplicitAny: reply types are erased where definitions are stored.
export type AnyCommandDefinition = CommandDefinition<any>
