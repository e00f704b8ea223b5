import * as z from 'zod/mini'

/** What a callable refusal says, read from the Firebase client's `FunctionsError`. */
export interface CallableRefusal {
  /** The callable code without the SDK's prefix (`resource-exhausted`), or `''` when there is none. */
  callableCode: string
  /** The server's stable reason, `details.code` (`rate_limited`), when it sent one. */
  reason: string | undefined
  /** How long until the same request can pass, `details.retryAfterMs`, when waiting helps. */
  retryAfterMs: number | undefined
}

// Lenient per field: a proxy or an older server may send other details, and
// one odd field must not hide the other.
const detailsSchema = z.object({
  code: z.catch(z.optional(z.string()), undefined),
  retryAfterMs: z.catch(z.optional(z.number().check(z.positive())), undefined),
})

/**
 * Read a callable's refusal: the Firebase client rejects with a
 * `FunctionsError` whose `code` is `functions/<callable code>` and whose
 * `details` are the server's (`{ code, retryAfterMs? }`, see
 * docs/data-model.md). Duck-typed, so the map feature never imports Firebase;
 * anything else reads as no code and no details.
 *
 * @example
 * ```ts
 * readCallableError(error) // { callableCode: 'resource-exhausted', reason: 'rate_limited', retryAfterMs: 90_000 }
 * ```
 */
export function readCallableError(error: unknown): CallableRefusal {
  const record = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: unknown }
  const details = detailsSchema.safeParse(record.details)
  return {
    callableCode: typeof record.code === 'string' ? record.code.replace(/^functions\//, '') : '',
    reason: details.success ? details.data.code : undefined,
    retryAfterMs: details.success ? details.data.retryAfterMs : undefined,
  }
}
