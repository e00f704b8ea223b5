import { CollectDropError, type CollectDropErrorCode, collectDropErrorMessages } from './CollectDropError.js'

/** Fallback by callable code, for errors whose `details.code` is missing (older servers, proxies). */
const byCallableCode: Record<string, CollectDropErrorCode> = {
  unauthenticated: 'unauthenticated',
  'permission-denied': 'not_verified',
  'invalid-argument': 'invalid_location',
  'not-found': 'drop_not_found',
  'already-exists': 'already_collected',
  'out-of-range': 'out_of_reach',
  unavailable: 'network',
  'deadline-exceeded': 'network',
}

const isCode = (code: unknown): code is CollectDropErrorCode =>
  typeof code === 'string' && Object.hasOwn(collectDropErrorMessages, code)

/**
 * Map whatever the `collectDrop` callable threw to a {@link CollectDropError}.
 * The server sends an `HttpsError` whose `details.code` is the game error's
 * stable code (`out_of_reach`, `already_collected`…); the Firebase client
 * surfaces it as a `FunctionsError` with `code: 'functions/<callable code>'`.
 * Read duck-typed so the map feature never imports Firebase.
 *
 * @example
 * ```ts
 * try {
 *   return (await collectDrop({ dropId, ...fix })).data
 * } catch (error) {
 *   throw toCollectDropError(error)
 * }
 * ```
 */
export function toCollectDropError(error: unknown): CollectDropError {
  if (error instanceof CollectDropError) return error
  const record = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: unknown }
  const details = (typeof record.details === 'object' && record.details !== null ? record.details : {}) as { code?: unknown }
  if (isCode(details.code)) return new CollectDropError(details.code, { cause: error })
  const callable = typeof record.code === 'string' ? record.code.replace(/^functions\//, '') : ''
  const mapped = byCallableCode[callable]
  if (mapped) return new CollectDropError(mapped, { cause: error })
  // fetch() rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return new CollectDropError('network', { cause: error })
  return new CollectDropError('unknown', { cause: error })
}
