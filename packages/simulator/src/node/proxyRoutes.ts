import { randomBytes } from 'node:crypto'
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Duplex } from 'node:stream'
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { allowInjectedScripts } from './allowInjectedScripts.js'
import { injectSimulatorBootstrap, simulatorBootstrapTags } from './injectSimulatorBootstrap.js'

/** What the proxy's routes share: the target, how to reach it, and the page's simulator config. */
export interface ProxyContext {
  target: URL
  /** The target's host as sockets want it (IPv6 literals without brackets). */
  hostname: string
  /** http's or https' `request` (https' options are a superset: the TLS ones only apply there). */
  request: typeof httpsRequest
  agent: HttpAgent | HttpsAgent
  ignoreHTTPSErrors: boolean
  config: BrowserSimulatorConfig
  /** Upgraded (WebSocket) sockets, both sides: the HTTP server no longer tracks them. */
  sockets: Set<Duplex>
  /** The proxy's origin as this browser reached it (127.0.0.1, localhost or a LAN address). */
  proxyOrigin(req: IncomingMessage): string
}

// Per connection, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  br: brotliDecompressSync,
  // "deflate" is zlib-wrapped by the spec, raw in some old servers.
  deflate: (body) => {
    try {
      return inflateSync(body)
    } catch {
      return inflateRawSync(body)
    }
  },
}

const isHtml = (type: string | undefined) => /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type ?? '')

const endToEnd = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.includes(name)) out[name] = value
  }
  return out
}

/** The browser's request headers as the target must see them: its own host, origin and referer. */
function upstreamHeaders({ target, proxyOrigin }: ProxyContext, req: IncomingMessage): OutgoingHttpHeaders {
  const headers = endToEnd(req.headers)
  const origin = proxyOrigin(req)
  headers.host = target.host
  // Servers that check Origin/Referer (CSRF guards, dev servers' host checks) must see their own origin.
  if (typeof headers.origin === 'string' && headers.origin === origin) headers.origin = target.origin
  if (typeof headers.referer === 'string' && headers.referer.startsWith(`${origin}/`)) {
    headers.referer = target.origin + headers.referer.slice(origin.length)
  }
  // Uncompressed HTML is what can be rewritten; servers that compress anyway are decoded below.
  headers['accept-encoding'] = 'identity'
  return headers
}

/** The target's response headers as the browser must see them: redirects and cookies back to the proxy. */
function downstreamHeaders(
  { target, proxyOrigin }: ProxyContext,
  req: IncomingMessage,
  headers: IncomingHttpHeaders,
): OutgoingHttpHeaders {
  const out = endToEnd(headers)
  if (typeof out.location === 'string') {
    const location = new URL(out.location, new URL(req.url ?? '/', target))
    if (location.origin === target.origin) out.location = proxyOrigin(req) + location.pathname + location.search + location.hash
  }
  const cookies = headers['set-cookie']
  // A cookie scoped to the target's domain would never come back to 127.0.0.1.
  if (cookies) out['set-cookie'] = cookies.map((cookie) => cookie.replace(/;\s*domain=[^;]*/gi, ''))
  return out
}

/** Send an HTML page with the simulator injected right after `<head>` (as it came when it cannot be decoded). */
function sendInjected(
  context: ProxyContext,
  req: IncomingMessage,
  upstream: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  body: Buffer,
): void {
  const encoding = String(upstream.headers['content-encoding'] ?? 'identity').toLowerCase()
  const decode = encoding === 'identity' ? (b: Buffer) => b : DECODERS[encoding]
  let html: Buffer
  try {
    if (!decode) throw new Error(`unsupported content-encoding ${encoding}`)
    html = decode(body)
  } catch (error) {
    // Undecodable: better the page without the simulator than no page.
    console.warn(`[worldmap-simulator] ${req.url ?? '/'} not injected: ${(error as Error).message}`)
    res.writeHead(upstream.statusCode ?? 502, headers).end(body)
    return
  }
  const nonce = randomBytes(16).toString('base64')
  const csp = headers['content-security-policy']
  // Node joins repeated CSP headers with ", ", which allowInjectedScripts reads as several policies.
  if (csp !== undefined) headers['content-security-policy'] = allowInjectedScripts(String(csp), nonce)
  const out = injectSimulatorBootstrap(html, simulatorBootstrapTags(context.config, nonce))
  delete headers['content-encoding']
  // The body is now ours: no validators for the original, no stale copy after a restart with new flags.
  delete headers.etag
  delete headers['last-modified']
  headers['cache-control'] = 'no-store'
  headers['content-length'] = out.length
  res.writeHead(upstream.statusCode ?? 502, headers).end(out)
}

/**
 * Forward one request to the target: HTML pages come back with the simulator
 * injected, everything else streams through untouched.
 */
export function forwardRequest(context: ProxyContext, req: IncomingMessage, res: ServerResponse): void {
  const { target } = context
  const outgoing = context.request(
    {
      protocol: target.protocol,
      hostname: context.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: upstreamHeaders(context, req),
      agent: context.agent,
    },
    (upstream) => {
      const headers = downstreamHeaders(context, req, upstream.headers)
      const status = upstream.statusCode ?? 502
      const hasBody = req.method !== 'HEAD' && status !== 204 && status !== 304
      if (!hasBody || !isHtml(upstream.headers['content-type'])) {
        res.writeHead(status, upstream.statusMessage, headers)
        upstream.pipe(res)
        return
      }
      const chunks: Buffer[] = []
      upstream.on('data', (chunk: Buffer) => chunks.push(chunk))
      upstream.on('end', () => sendInjected(context, req, upstream, res, headers, Buffer.concat(chunks)))
      upstream.on('error', () => res.destroy())
    },
  )
  outgoing.on('error', (error) => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    res
      .writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
      .end(`worldmap-simulator proxy: cannot reach ${target.origin}: ${error.message}\n`)
  })
  req.pipe(outgoing)
}

/** Splice the browser's socket and the target's once the target accepted the upgrade; either closing closes both. */
function splice(
  context: ProxyContext,
  socket: Duplex,
  head: Buffer,
  upstream: IncomingMessage,
  upstreamSocket: Duplex,
  upstreamHead: Buffer,
) {
  const lines = [`HTTP/1.1 ${upstream.statusCode} ${upstream.statusMessage}`]
  for (let i = 0; i < upstream.rawHeaders.length; i += 2) lines.push(`${upstream.rawHeaders[i]}: ${upstream.rawHeaders[i + 1]}`)
  socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  if (upstreamHead.length) socket.write(upstreamHead)
  if (head.length) upstreamSocket.write(head)
  // Either side going away takes the other with it (pipe alone would leave a half-open socket).
  context.sockets.add(upstreamSocket)
  upstreamSocket.once('close', () => {
    context.sockets.delete(upstreamSocket)
    socket.destroy()
  })
  socket.once('close', () => upstreamSocket.destroy())
  upstreamSocket.on('error', () => socket.destroy())
  socket.on('error', () => upstreamSocket.destroy())
  upstreamSocket.pipe(socket).pipe(upstreamSocket)
}

/** WebSocket (or any) upgrade: replay the handshake upstream, then splice the two sockets. */
export function tunnelUpgrade(context: ProxyContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const { target } = context
  const outgoing = context.request({
    protocol: target.protocol,
    hostname: context.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: { ...upstreamHeaders(context, req), connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' },
    rejectUnauthorized: !context.ignoreHTTPSErrors,
  })
  outgoing.on('upgrade', (upstream, upstreamSocket, upstreamHead) =>
    splice(context, socket, head, upstream, upstreamSocket, upstreamHead),
  )
  outgoing.on('response', (upstream) => {
    // Refused upgrade: pass the refusal on and hang up.
    socket.end(`HTTP/1.1 ${upstream.statusCode} ${upstream.statusMessage}\r\nconnection: close\r\n\r\n`)
    upstream.resume()
  })
  outgoing.on('error', () => socket.destroy())
  socket.on('error', () => outgoing.destroy())
  outgoing.end()
}
