import { handleSignNonce } from '@worldmap/functions/sign-nonce'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createDevUsernamesRoutes } from './createDevUsernamesRoutes.js'

/** Options of {@link createServerApp}. */
export interface CreateServerAppOptions {
  /** `WORLDMAP_NONCE_SECRET`, shared with the functions. */
  nonceSecret: string
  /**
   * Mount the development-only routes (`/api/dev/usernames`). Never in
   * production. Resolves the simulator wallet's address on first use.
   */
  devUsernames?: (() => Promise<string>) | false
}

/**
 * The app server's own API, as a Hono app that Vike's pages are added to:
 *
 * - `POST /api/sign-nonce` `{nonce}` → `{status: 'OK', signedNonce}`; bad JSON
 *   or body → 400, another method → 405 (all decided by `handleSignNonce`,
 *   shared with the functions so the HMAC exists once).
 * - in development, the usernames stand-in under `/api/dev/usernames`.
 *
 * @example
 * ```ts
 * const app = createServerApp({ nonceSecret })
 * vike(app)
 * export default { fetch: app.fetch }
 * ```
 */
export function createServerApp({ nonceSecret, devUsernames = false }: CreateServerAppOptions): Hono {
  const app = new Hono()

  app.all('/api/sign-nonce', async (c) => {
    // The raw text goes to the handler, which owns the size limit and the JSON parse.
    const body = c.req.method === 'POST' ? await c.req.text() : undefined
    const result = handleSignNonce({ method: c.req.method, body }, { secret: nonceSecret })
    return c.json(result.body, result.status as ContentfulStatusCode, { 'cache-control': 'no-store', ...result.headers })
  })

  if (devUsernames) app.route('/api/dev/usernames', createDevUsernamesRoutes(devUsernames))
  return app
}
