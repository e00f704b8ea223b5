import type { CallableRequest } from 'firebase-functions/v2/https'

/**
 * Test helper: the parts of a `CallableRequest` the handlers read, signed in
 * as `uid` (or anonymous with `null`).
 *
 * @example
 * ```ts
 * await handler(callableRequest('0xabc…', { lat: 1, lng: 2 }))
 * ```
 */
export function callableRequest(uid: string | null, data: unknown): Pick<CallableRequest, 'auth' | 'data'> {
  if (uid === null) return { data }
  return { data, auth: { uid, token: { uid } as NonNullable<CallableRequest['auth']>['token'], rawToken: 'test-token' } }
}
