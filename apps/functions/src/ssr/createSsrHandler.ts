import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'

/** The app server as `vike build` emits it: a fetch handler (pages/+server.ts's default export). */
export interface AppServer {
  fetch(request: Request): Response | Promise<Response>
}

/** The request as Cloud Functions hands it over: its body already read into `rawBody`. */
export type FunctionRequest = IncomingMessage & { rawBody?: Buffer }

/** Options of {@link createSsrHandler}. */
export interface SsrHandlerOptions {
  /** Loads the app server, once (again after a failure). It reads its configuration when it loads. */
  load(): Promise<AppServer>
  /** Where failures go (the function's log); only the error's name and message, never request data. */
  log?(message: string, details: { error: string }): void
}

/**
 * What a response without its own `Cache-Control` gets: Firebase Hosting's CDN
 * would otherwise apply its default, and a server-rendered page is per
 * request (it is never cached, so a deploy is live at once). The app's API
 * answers say `no-store` themselves.
 */
export const DEFAULT_CACHE_CONTROL = 'no-cache'

const first = (value: string | null) => value?.split(',')[0]?.trim() || undefined

/**
 * The request at the page's URL, not the function's: Hosting calls the
 * function on its own address and passes the page's host in
 * `X-Forwarded-Host` (and the scheme in `X-Forwarded-Proto`); the app builds
 * its security policy and absolute URLs from the page's origin.
 */
function atPageUrl(request: Request): Request {
  const own = new URL(request.url)
  const forwardedHost = first(request.headers.get('x-forwarded-host'))
  const forwardedProto = first(request.headers.get('x-forwarded-proto'))
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : own.protocol.slice(0, -1)
  // The forwarded host replaces host and port (none given: the scheme's default).
  const origin = `${proto}://${forwardedHost ?? own.host}`
  if (!URL.canParse(origin)) return request
  const url = new URL(`${own.pathname}${own.search}`, origin)
  if (url.href === request.url) return request
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  }
  if (request.body) init.duplex = 'half'
  return new Request(url, init)
}

/** `response`, with {@link DEFAULT_CACHE_CONTROL} when it says nothing about caching. */
function withCacheControl(response: Response): Response {
  if (response.headers.has('cache-control')) return response
  // Copied: a Response's own headers may be immutable (e.g. one from fetch()).
  const headers = new Headers(response.headers)
  headers.set('cache-control', DEFAULT_CACHE_CONTROL)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * The server-rendered app as a Cloud Functions request handler: every
 * request Hosting rewrites to the function (pages and `/api/*`; static files
 * never reach it) goes to the app server's `fetch`, whose middleware sets the
 * security headers (CSP …) as on any other host. Node ↔ Fetch is Hono's own
 * adapter (`@hono/node-server`), which takes the body Cloud Functions already
 * read (`rawBody`) and streams the response. A response without
 * `Cache-Control` gets {@link DEFAULT_CACHE_CONTROL}. If the app server cannot
 * load (its configuration is invalid: the log names the variables) or fails,
 * the answer is a plain 500 that says nothing more.
 *
 * @example
 * ```ts
 * export const ssr = onRequest({ region }, createSsrHandler({ load: async () => (await import('./app.js')).default }))
 * ```
 */
export function createSsrHandler({ load, log = () => {} }: SsrHandlerOptions) {
  let server: Promise<AppServer> | undefined
  const listener = getRequestListener(
    async (request) => {
      server ??= load()
      const app = await server.catch((error: unknown) => {
        server = undefined
        throw error
      })
      return withCacheControl(await app.fetch(atPageUrl(request)))
    },
    {
      // The app server and its libraries use the platform's Request/Response: leave the globals alone.
      overrideGlobalObjects: false,
      errorHandler: (error) => {
        log('ssr: the app server failed', {
          error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
        })
        return new Response('Internal Server Error', {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        })
      },
    },
  )
  return (req: FunctionRequest, res: ServerResponse): Promise<void> => listener(req, res)
}
