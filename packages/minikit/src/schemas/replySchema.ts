import * as z from 'zod/mini'
import { acceptorOf } from './acceptor.js'

const errorShape = {
  status: z.literal('error'),
  error_code: z.string(),
  version: z.optional(z.number()),
}
const errorReply = z.looseObject(errorShape)
const acceptError = acceptorOf(errorShape, true)

/** Wire type: the error shape every command reply can take. */
export type ErrorReply<Code extends string = string> = {
  status: 'error'
  error_code: Code
  version?: number
  details?: unknown
  [key: string]: unknown
}

/** A reply validator: the command's success shape or the common error shape. */
export interface ReplyParser<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: PropertyKey[] }> } }
}

/** The validated reply type of a {@link replySchema}. */
export type ReplyOf<P> = P extends ReplyParser<infer T> ? T : never

/**
 * Build a reply schema: the command's success shape or the common error
 * shape. Unknown extra fields from newer hosts are kept, not rejected.
 *
 * The `status` field picks the branch before any schema runs. A `z.union`
 * would first try the success branch on every error reply and build a
 * failed result for it: that was most of the cost of a rejected command.
 * A status that is neither value is reported against the success shape.
 * Well-formed replies skip zod's parse (see {@link acceptorOf}).
 */
export function replySchema<Shape extends z.core.$ZodLooseShape>(success: Shape) {
  const okShape = { status: z.literal('success'), ...success }
  const ok = z.looseObject(okShape)
  const acceptOk = acceptorOf(okShape, true)
  type Reply = z.output<typeof ok> | z.output<typeof errorReply>
  const parser: ReplyParser<Reply> = {
    safeParse(data) {
      const error = (data as { status?: unknown } | null)?.status === 'error'
      const accepted = (error ? acceptError : acceptOk)?.(data)
      if (accepted) return { success: true, data: accepted as Reply }
      return error ? errorReply.safeParse(data) : ok.safeParse(data)
    },
  }
  return parser
}
