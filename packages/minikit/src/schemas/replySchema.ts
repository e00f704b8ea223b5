import * as z from 'zod/mini'

const errorReply = z.looseObject({
  status: z.literal('error'),
  error_code: z.string(),
  version: z.optional(z.number()),
})

/** Wire type: the error shape every command reply can take. */
export type ErrorReply<Code extends string = string> = {
  status: 'error'
  error_code: Code
  version?: number
  details?: unknown
  [key: string]: unknown
}

/**
 * Build a reply schema: the command's success shape or the common error
 * shape. Unknown extra fields from newer hosts are kept, not rejected.
 */
export function replySchema<Shape extends z.core.$ZodLooseShape>(success: Shape) {
  return z.union([z.looseObject({ status: z.literal('success'), ...success }), errorReply])
}
