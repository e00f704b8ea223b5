import { randomBytes } from 'node:crypto'
import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { allowInjectedScripts } from './allowInjectedScripts.js'
import { ProxyStartError } from './errors/ProxyStartError.js'
import { injectSimulatorBootstrap, SIMULATOR_SCRIPT_PATH, simulatorBootstrapTags } from './injectSimulatorBootstrap.js'
import { parseTargetUrl } from './parseTargetUrl.js'
import { DEFAULT_PROXY_PORT } from './proxyPort.js'
import { readSimulatorScript } from './readSimulatorScript.js'

/** Options of {@link startSimulatorProxy}. */
export interface SimulatorProxyOptions {
  /** The mini app: its origin is proxied, its path is where {@link SimulatorProxy.url} points. */
  target: string | URL
  /**
   * The port to listen on; 0 for any free one. Its origin is the page's, so a
   * backend that checks the SIWE domain must allow it: keep it stable.
   * @default {@link DEFAULT_PROXY_PORT} (4390)
   */
  port?: number
  /** @default '127.0.0.1' (never exposed beyond this machine unless asked) */
  host?: string
  /** The simulator in the page; `mode` defaults to `interactive`. */
  config?: BrowserSimulatorConfig
  /** Accept the target's self-signed certificate. @default false */
  ignoreHTTPSErrors?: boolean
}

/** A running proxy. */
export interface SimulatorProxy {
  /** Open this in any browser: the target's URL, served through the proxy. */
  url: string
  /** The proxy's origin, e.g. `http://127.0.0.1:4390`. */
  origin: string
  target: URL
  /** Settles when the proxy has stopped. */
  closed: Promise<void>
  close(): Promise<void>
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

/**
 * Serve a mini app through a local reverse proxy that makes it a World App
 * webview in any browser, for browsers the CLI does not drive (Firefox,
 * Safari, a phone on the LAN with `host: '0.0.0.0'`). Every request goes to
 * the target's origin; HTML pages get the simulator injected right after
 * `<head>`, before any page script; everything else streams through
 * untouched. Redirects to the target come back to the proxy, cookies lose
 * their `Domain`, WebSocket upgrades (dev-server hot reload) are tunnelled.
 * The page's origin becomes the proxy's (`http://127.0.0.1:4390` by default),
 * so SIWE messages name that domain: a backend must allow it to sign in.
 *
 * @throws ProxyStartError when the port is taken (naming it) or cannot be used
 * @example
 * ```ts
 * const proxy = await startSimulatorProxy({ target: 'http://localhost:5173/', config: { os: 'android' } })
 * console.log(`open ${proxy.url}`) // http://127.0.0.1:4390/
 * ```
 */
export async function startSimulatorProxy(options: SimulatorProxyOptions): Promise<SimulatorProxy> {
  const target = parseTargetUrl(options.target)
  const config: BrowserSimulatorConfig = { mode: 'interactive', ...options.config }
  const secure = target.protocol === 'https:'
  const request = secure ? httpsRequest : httpRequest
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, rejectUnauthorized: !options.ignoreHTTPSErrors })
    : new HttpAgent({ keepAlive: true })
  const host = options.host ?? '127.0.0.1'
  // Upgraded (WebSocket) sockets, both sides: the HTTP server no longer tracks them.
  const sockets = new Set<Duplex>()
  // URL keeps IPv6 literals bracketed; sockets want them bare.
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1')

  /** The proxy's origin as this browser reached it (127.0.0.1, localhost or a LAN address). */
  const proxyOrigin = (req: IncomingMessage) => `http://${req.headers.host ?? `${host}:${port}`}`

  function upstreamHeaders(req: IncomingMessage): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(name)) headers[name] = value
    }
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

  function downstreamHeaders(req: IncomingMessage, headers: IncomingHttpHeaders): OutgoingHttpHeaders {
    const out: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(name)) out[name] = value
    }
    if (typeof out.location === 'string') {
      const location = new URL(out.location, new URL(req.url ?? '/', target))
      if (location.origin === target.origin) out.location = proxyOrigin(req) + location.pathname + location.search + location.hash
    }
    const cookies = headers['set-cookie']
    // A cookie scoped to the target's domain would never come back to 127.0.0.1.
    if (cookies) out['set-cookie'] = cookies.map((cookie) => cookie.replace(/;\s*domain=[^;]*/gi, ''))
    return out
  }

  function sendInjected(
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
    const out = injectSimulatorBootstrap(html, simulatorBootstrapTags(config, nonce))
    delete headers['content-encoding']
    // The body is now ours: no validators for the original, no stale copy after a restart with new flags.
    delete headers.etag
    delete headers['last-modified']
    headers['cache-control'] = 'no-store'
    headers['content-length'] = out.length
    res.writeHead(upstream.statusCode ?? 502, headers).end(out)
  }

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const outgoing = request(
      {
        protocol: target.protocol,
        hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: upstreamHeaders(req),
        agent,
      },
      (upstream) => {
        const headers = downstreamHeaders(req, upstream.headers)
        const status = upstream.statusCode ?? 502
        const hasBody = req.method !== 'HEAD' && status !== 204 && status !== 304
        if (!hasBody || !isHtml(upstream.headers['content-type'])) {
          res.writeHead(status, upstream.statusMessage, headers)
          upstream.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        upstream.on('data', (chunk: Buffer) => chunks.push(chunk))
        upstream.on('end', () => sendInjected(req, upstream, res, headers, Buffer.concat(chunks)))
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

  // WebSocket (or any) upgrade: replay the handshake upstream, then splice the two sockets.
  function tunnel(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const outgoing = request({
      protocol: target.protocol,
      hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...upstreamHeaders(req), connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' },
      rejectUnauthorized: !options.ignoreHTTPSErrors,
    })
    outgoing.on('upgrade', (upstream, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${upstream.statusCode} ${upstream.statusMessage}`]
      for (let i = 0; i < upstream.rawHeaders.length; i += 2)
        lines.push(`${upstream.rawHeaders[i]}: ${upstream.rawHeaders[i + 1]}`)
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (upstreamHead.length) socket.write(upstreamHead)
      if (head.length) upstreamSocket.write(head)
      // Either side going away takes the other with it (pipe alone would leave a half-open socket).
      sockets.add(upstreamSocket)
      upstreamSocket.once('close', () => {
        sockets.delete(upstreamSocket)
        socket.destroy()
      })
      socket.once('close', () => upstreamSocket.destroy())
      upstreamSocket.on('error', () => socket.destroy())
      socket.on('error', () => upstreamSocket.destroy())
      upstreamSocket.pipe(socket).pipe(upstreamSocket)
    })
    outgoing.on('response', (upstream) => {
      // Refused upgrade: pass the refusal on and hang up.
      socket.end(`HTTP/1.1 ${upstream.statusCode} ${upstream.statusMessage}\r\nconnection: close\r\n\r\n`)
      upstream.resume()
    })
    outgoing.on('error', () => socket.destroy())
    socket.on('error', () => outgoing.destroy())
    outgoing.end()
  }

  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://proxy.local').pathname === SIMULATOR_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : readSimulatorScript())
      return
    }
    forward(req, res)
  })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    tunnel(req, socket, head)
  })

  // Fail now, not on the first page view, if the simulator is not built.
  readSimulatorScript()
  const requested = options.port ?? DEFAULT_PROXY_PORT
  await new Promise<void>((resolve, reject) => {
    const fail = (cause: Error) => reject(new ProxyStartError(host, requested, { cause }))
    server.once('error', fail)
    server.listen(requested, host, () => {
      server.off('error', fail)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()))
  const origin = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  return {
    url: origin + target.pathname + target.search + target.hash,
    origin,
    target,
    closed,
    async close() {
      if (server.listening) {
        server.close()
        server.closeAllConnections()
        for (const socket of sockets) socket.destroy()
        agent.destroy()
      }
      await closed
    },
  }
}
