import * as z from 'zod/mini'

/**
 * The key a player action's correlation id travels under: inside a callable's
 * `data`, in the custom-token request's query, and in the app's own reports.
 * The functions take it out of `data` before the row's schema reads the
 * request, so no row lists it and a strict row still accepts the call.
 */
export const ACTION_ID_FIELD = 'actionId'

/**
 * A player action's id: 32 lowercase hex digits (128 random bits), the shape
 * of a W3C / Cloud Trace trace id, so the same value is the log entries'
 * `logging.googleapis.com/trace` and Logs Explorer groups one action's lines.
 */
export const ACTION_ID_PATTERN = /^[0-9a-f]{32}$/

/** Schema of {@link ACTION_ID_PATTERN}. */
export const actionIdSchema = z.string().check(z.regex(ACTION_ID_PATTERN))

/**
 * A fresh action id, made when the player taps (a collect, a sign-in).
 *
 * @example
 * ```ts
 * createActionId() // '4bf92f3577b34da6a3ce929d0e0e4736'
 * ```
 */
export function createActionId(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  return Array.from(random.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The action id a request carries under {@link ACTION_ID_FIELD}, and the
 * request without it. A value that is not an action id is dropped (a
 * hostile client cannot put its own text into the log's labels), the rest
 * of the request is left as it came.
 *
 * @example
 * ```ts
 * takeActionId({ dropId: 'd1', actionId: '4bf92f3577b34da6a3ce929d0e0e4736' })
 * // { actionId: '4bf92f3577b34da6a3ce929d0e0e4736', data: { dropId: 'd1' } }
 * ```
 */
export function takeActionId(data: unknown): { actionId: string | undefined; data: unknown } {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !(ACTION_ID_FIELD in data)) {
    return { actionId: undefined, data }
  }
  const { [ACTION_ID_FIELD]: value, ...rest } = data as Record<string, unknown>
  return { actionId: typeof value === 'string' && ACTION_ID_PATTERN.test(value) ? value : undefined, data: rest }
}
