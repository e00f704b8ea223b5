import { createServer, Agent as HttpAgent, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { ProxyStartError } from './errors/ProxyStartError.js'
import { SIMULATOR_SCRIPT_PATH } from './injectSimulatorBootstrap.js'
import { parseTargetUrl } from './parseTargetUrl.js'
import { DEFAULT_PROXY_PORT } from './proxyPort.js'
import { forwardRequest, type ProxyContext, tunnelUpgrade } from './proxyRoutes.js'
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
  const secure = target.protocol === 'https:'
  const host = options.host ?? '127.0.0.1'
  let port = options.port ?? DEFAULT_PROXY_PORT
  const context: ProxyContext = {
    target,
    // URL keeps IPv6 literals bracketed; sockets want them bare.
    hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
    request: secure ? httpsRequest : httpRequest,
    agent: secure
      ? new HttpsAgent({ keepAlive: true, rejectUnauthorized: !options.ignoreHTTPSErrors })
      : new HttpAgent({ keepAlive: true }),
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    config: { mode: 'interactive', ...options.config },
    sockets: new Set(),
    proxyOrigin: (req: IncomingMessage) => `http://${req.headers.host ?? `${host}:${port}`}`,
  }
  const server = createProxyServer(context)
  // Fail now, not on the first page view, if the simulator is not built.
  readSimulatorScript()
  await listen(server, host, port)
  port = (server.address() as AddressInfo).port
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
        for (const socket of context.sockets) socket.destroy()
        context.agent.destroy()
      }
      await closed
    },
  }
}

/** The proxy's server: the simulator script at its own path, every other request and upgrade to the target. */
function createProxyServer(context: ProxyContext): Server {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://proxy.local').pathname === SIMULATOR_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : readSimulatorScript())
      return
    }
    forwardRequest(context, req, res)
  })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    context.sockets.add(socket)
    socket.once('close', () => context.sockets.delete(socket))
    tunnelUpgrade(context, req, socket, head)
  })
  return server
}

/** Listen on `host:port`, or fail with a {@link ProxyStartError} naming them (port taken, address unusable). */
function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (cause: Error) => reject(new ProxyStartError(host, port, { cause }))
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      resolve()
    })
  })
}
