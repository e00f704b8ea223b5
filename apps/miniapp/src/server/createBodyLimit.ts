import type { HandleSignNonceResult } from '@worldmap/game/server'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** Largest request body per path, bytes; other paths get {@link DEFAULT_BODY_LIMIT}. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // A `{nonce}` body is ~80 bytes; handleSignNonce refuses anything over 1 KiB too.
  '/api/sign-nonce': 1024,
  // A batch is at most 20 reports of ≤ 3 KiB of scrubbed text; a browser's CSP report is ~1 KiB.
  '/api/reports': 16 * 1024,
}

/**
 * Every other request with a body: pages never take one, and the development
 * usernames stand-in takes at most 100 addresses (~5 KiB).
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024

/** The 413 body: the same shape (and, for the sign-nonce route, text) handleSignNonce answers with. */
type PayloadTooLargeBody = Extract<HandleSignNonceResult['body'], { error: unknown }>

/**
 * Refuse request bodies over their path's limit while they stream in, with
 * Hono's `bodyLimit`: a `Content-Length` over the limit is answered before a
 * byte of the body is read, a chunked body as soon as it crosses the limit.
 * So a huge POST costs the server the limit, never the body's size.
 *
 * The answer is `413 {error: 'payload_too_large', message}`, sent at once; the
 * rest of the body is never read. It deliberately does not say
 * `Connection: close`: Node would then close the socket right after the
 * answer with the client's bytes still arriving, and the reset can reach the
 * client before the 413 does. Left open, the connection stalls (the unread
 * body fills the socket buffers, then the client waits); the client, having
 * its answer, drops the upload, or the server's keep-alive timeout closes it.
 *
 * @example
 * ```ts
 * const app = new Hono()
 * app.use(createBodyLimit())
 * app.post('/api/sign-nonce', async (c) => c.text(await c.req.text())) // at most 1 KiB arrives
 * ```
 */
export function createBodyLimit(): MiddlewareHandler {
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          { error: 'payload_too_large', message: `Body must be at most ${maxSize} bytes.` } satisfies PayloadTooLargeBody,
          413,
          {
            'cache-control': 'no-store',
          },
        ),
    })
  const byPath = new Map(Object.entries(BODY_LIMITS).map(([path, maxSize]) => [path, limit(maxSize)]))
  const fallback = limit(DEFAULT_BODY_LIMIT)
  return (c, next) => (byPath.get(c.req.path) ?? fallback)(c, next)
}
