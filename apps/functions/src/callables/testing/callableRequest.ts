import type { CallableRequest } from 'firebase-functions/v2/https'
import type { CallableRequestSeen } from '../defineCallable.js'

/** Where a test's call comes from: its source address (as `X-Forwarded-For`) and when its session signed in. */
export interface CallableRequestOptions {
  /** The caller's address, sent as the last `X-Forwarded-For` entry (Google's front end's). @default no HTTP request */
  from?: string
  /** When the session signed in (the ID token's `auth_time`), ms. @default none in the token */
  signedInAt?: number
}

/**
 * Test helper: the parts of a `CallableRequest` the handlers read, signed in
 * as `uid` (or anonymous with `null`).
 *
 * @example
 * ```ts
 * await handler(callableRequest('0xabc…', { lat: 1, lng: 2 }, { from: '203.0.113.7' }))
 * ```
 */
export function callableRequest(uid: string | null, data: unknown, options: CallableRequestOptions = {}): CallableRequestSeen {
  const rawRequest = options.from === undefined ? {} : { rawRequest: { headers: { 'x-forwarded-for': options.from } } }
  if (uid === null) return { data, ...rawRequest }
  const authTime = options.signedInAt === undefined ? {} : { auth_time: Math.floor(options.signedInAt / 1000) }
  const token = { uid, ...authTime } as NonNullable<CallableRequest['auth']>['token']
  return { data, auth: { uid, token, rawToken: 'test-token' }, ...rawRequest }
}
