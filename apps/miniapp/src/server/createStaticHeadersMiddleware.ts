import { Hono, type MiddlewareHandler } from 'hono'
import type { Server } from 'vike/types'

/** A middleware of the production server (srvx), as `+server.ts` may list them under `prod.middleware`. */
export type ProductionServerMiddleware = NonNullable<NonNullable<Server['prod']>['middleware']>[number]

type Bindings = { next: () => Response | Promise<Response> }

/**
 * The security headers for what the production server answers before the
 * app sees a request: Vike's Node adapter serves the built client files
 * (`/assets/…`, precompressed) from a srvx middleware in front of `+server.ts`'s
 * fetch. Listed first in `prod.middleware`, this wraps that whole chain and
 * sets the same headers (Hono's `secureHeaders` through a two-line Hono app)
 * on every response, files included. It matters beyond the documents: a
 * worker's CSP is its script's response header, and MapLibre's worker fetches
 * the map tiles. The request passes through untouched, body unread.
 *
 * @example
 * ```ts
 * // pages/+server.ts
 * export default { fetch: app.fetch, prod: { middleware: [createStaticHeadersMiddleware(securityHeaders)] } }
 * ```
 */
export function createStaticHeadersMiddleware(securityHeaders: MiddlewareHandler): ProductionServerMiddleware {
  const edge = new Hono<{ Bindings: Bindings }>()
  edge.use(securityHeaders)
  edge.all('*', (c) => c.env.next())
  return (request, next) => edge.fetch(request, { next })
}
