import { HttpsError } from 'firebase-functions/v2/https'

/**
 * Test helper: the `HttpsError` a callable rejected with, in its wire form
 * (`{ status, message, details }`); fails when it resolved or threw anything else.
 *
 * @example
 * ```ts
 * expect(await rejectionOf(handler(request))).toMatchObject({ status: 'NOT_FOUND' })
 * ```
 */
export async function rejectionOf(call: Promise<unknown>): Promise<ReturnType<HttpsError['toJSON']> & { code: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof HttpsError)) throw new Error(`expected an HttpsError, got ${String(error)}`)
    return { code: error.code, ...error.toJSON() }
  }
  throw new Error('expected the call to reject')
}
