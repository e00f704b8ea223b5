import type { IncomingMessage, ServerResponse } from 'node:http'

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

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()

/**
 * The Fetch API request for a Node request behind Firebase Hosting. The URL is
 * the page's, not the function's: Hosting calls the function on its own
 * address and passes the page's host in `X-Forwarded-Host` (and the scheme in
 * `X-Forwarded-Proto`); the app builds its security policy and its absolute
 * URLs from the page's origin. The body is the one Cloud Functions already
 * read (`rawBody`), else the stream.
 *
 * @example
 * ```ts
 * const response = await app.fetch(toFetchRequest(req))
 * ```
 */
export function toFetchRequest(req: FunctionRequest): Request {
  const host = first(req.headers['x-forwarded-host']) || req.headers.host || 'localhost'
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted)
  const proto = first(req.headers['x-forwarded-proto']) || (encrypted ? 'https' : 'http')
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = req.method ?? 'GET'
  const init: RequestInit & { duplex?: 'half' } = { method, headers }
  if (method !== 'GET' && method !== 'HEAD') {
    if (Buffer.isBuffer(req.rawBody)) {
      init.body = new Uint8Array(req.rawBody)
      // The buffer is the whole body: whatever length the client announced, this is it.
      headers.delete('content-length')
      headers.delete('transfer-encoding')
    } else {
      init.body = req as unknown as ReadableStream
      init.duplex = 'half'
    }
  }
  return new Request(new URL(req.url ?? '/', `${proto === 'https' ? 'https' : 'http'}://${host}`), init)
}

/**
 * Write a Fetch API response to a Node response, streaming its body (React
 * streams server-rendered HTML). Every `Set-Cookie` header is kept apart.
 */
export async function writeFetchResponse(response: Response, res: ServerResponse, method = 'GET'): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  if (!response.headers.has('cache-control')) res.setHeader('cache-control', DEFAULT_CACHE_CONTROL)
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel()
    res.end()
    return
  }
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve))
  }
  res.end()
}

/**
 * The server-rendered app as a Cloud Functions request handler: every
 * request Hosting rewrites to the function (pages and `/api/*`; static files
 * never reach it) goes to the app server's `fetch`, whose middleware sets the
 * security headers (CSP …) as on any other host. A response without
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
  return async (req: FunctionRequest, res: ServerResponse): Promise<void> => {
    try {
      server ??= load()
      const app = await server.catch((error: unknown) => {
        server = undefined
        throw error
      })
      const response = await app.fetch(toFetchRequest(req))
      await writeFetchResponse(response, res, req.method)
    } catch (error) {
      log('ssr: the app server failed', {
        error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
      })
      if (res.headersSent) {
        res.destroy()
        return
      }
      res.statusCode = 500
      res.setHeader('content-type', 'text/plain; charset=utf-8')
      res.setHeader('cache-control', 'no-store')
      res.end('Internal Server Error')
    }
  }
}
