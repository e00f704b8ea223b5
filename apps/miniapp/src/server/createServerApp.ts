import { handleSignNonce } from '@worldmap/game/server'
import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { readPublicEnv } from '../lib/config/readPublicEnv.js'
import { REPORTS_PATH } from '../lib/reporting/ClientReport.js'
import { createBodyLimit } from './createBodyLimit.js'
import { createDevUsernamesRoutes } from './createDevUsernamesRoutes.js'
import { createSecurityHeaders } from './createSecurityHeaders.js'
import { createReportRoutes, type ReportRoutesOptions } from './reports/createReportRoutes.js'

/** Options of {@link createServerApp}. */
export interface CreateServerAppOptions {
  /** `WORLDMAP_NONCE_SECRET`, shared with the functions. */
  nonceSecret: string
  /**
   * Mount the development-only routes (`/api/dev/usernames`). Honoured in
   * development builds only: a production build compiles the route out,
   * whatever is passed. Resolves the simulator wallet's address on first use.
   */
  devUsernames?: (() => Promise<string>) | false
  /**
   * The security headers of every response. Default: {@link createSecurityHeaders}
   * for the client this build serves (its `PUBLIC_ENV__*`), strict in a
   * production build.
   */
  securityHeaders?: MiddlewareHandler
  /** The report route's settings (where its lines go, the origins it accepts, its limits). @default its defaults */
  reports?: ReportRoutesOptions
  /** The clock stamped into signed nonces, ms since the epoch (a test stack's, in its tests). @default Date.now */
  now?: () => number
}

/**
 * The app server's own API, as a Hono app that Vike's pages are added to:
 *
 * - first, on every request: the security headers (so pages, API answers,
 *   errors and 404s all carry them) and the request body limit, enforced
 *   while the body streams in (`createBodyLimit`: 1 KiB for the sign-nonce
 *   route, 16 KiB elsewhere, 413 JSON beyond);
 * - pages gzip-compressed when the browser accepts it: a page carries its
 *   language's whole catalogue for the client (about 24 KB of the 26 KB of
 *   `/`), which gzip brings to about 8 KB — on a 400 kbit/s link, 0.35 s less
 *   before the page's scripts are even asked for (docs/first-launch.md).
 *   HTML only: the client files come precompressed from the adapter, and the
 *   pages hold no secret a reflected input could be compressed beside;
 * - `POST /api/sign-nonce` `{nonce}` → `{status: 'OK', signedNonce}`; bad JSON
 *   or body → 400, another method → 405 (all decided by `handleSignNonce`,
 *   shared with the functions so the HMAC exists once);
 * - `POST /api/reports`: the app's reports and the browser's CSP reports, one
 *   Cloud Logging JSON line each on stdout (`createReportRoutes`);
 * - in development builds, the usernames stand-in under `/api/dev/usernames`.
 *
 * Routes added to the returned app later (Vike's pages) come after the
 * middleware, so they get the headers and the limit too.
 *
 * @example
 * ```ts
 * const app = createServerApp({ nonceSecret })
 * vike(app)
 * export default { fetch: app.fetch }
 * ```
 */
export function createServerApp({
  nonceSecret,
  devUsernames = false,
  now = Date.now,
  reports,
  securityHeaders = createSecurityHeaders({ publicEnv: readPublicEnv(), production: import.meta.env.PROD }),
}: CreateServerAppOptions): Hono {
  const app = new Hono()
  app.use(securityHeaders)
  app.use(createBodyLimit())
  app.use(compress({ encoding: 'gzip', contentTypeFilter: /^text\/html\b/ }))

  app.all('/api/sign-nonce', async (c) => {
    // The body limit has already capped what this reads; the handler still owns the JSON parse.
    const body = c.req.method === 'POST' ? await c.req.text() : undefined
    const result = handleSignNonce({ method: c.req.method, body }, { secret: nonceSecret, now })
    return c.json(result.body, result.status as ContentfulStatusCode, { 'cache-control': 'no-store', ...result.headers })
  })

  app.route(REPORTS_PATH, createReportRoutes(reports))

  // `vike build` makes import.meta.env.DEV `false`: the branch, and with it the
  // route module, is dropped from the production server.
  if (import.meta.env.DEV && devUsernames) app.route('/api/dev/usernames', createDevUsernamesRoutes(devUsernames))
  return app
}
