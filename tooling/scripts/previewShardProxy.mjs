// `pnpm preview:prod`'s model of production Realtime Database routing: one
// listener in front of the database stand-in that routes websockets by their
// Host header, as Firebase's front ends do.
//
// - A client on the database's own host (`worldmap-default-rtdb.localhost`,
//   the configured database URL) gets a reset naming the shard host
//   (`{t:'c', d:{t:'r', d:'s-preview1.localhost:PORT'}}`) and the socket is
//   closed: the SDK moves to that host at once (Connection.onReset_) and,
//   as the name starts with `s-`, remembers it for later launches
//   (`firebase:host:*` in localStorage).
// - A client on the shard host is piped, bytes as they are, to the stand-in,
//   whose handshake names the host the client connected to (the shard).
// - Anything else is refused (421 Misdirected Request); plain HTTP requests
//   (REST, the long-polling fallback's scripts) get 404: the app uses
//   websockets only.
//
// Chromium resolves every `*.localhost` name to loopback (RFC 6761), so both
// hosts are this machine and one port serves them.
//
// What it does not model: several shards (one shard host only), a reset
// after the connection was established, TLS (wss://), the long-polling
// transport, latency between front end and shard, and Firebase's own rules
// for which shard serves which namespace.
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { connect } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// ws, as the database stand-in (firebase-server) resolves it: no dependency of our own.
const requireFromServer = createRequire(createRequire(join(root, 'apps/functions/package.json')).resolve('firebase-server'))

/**
 * @typedef {object} ShardProxy
 * @property {number} port
 * @property {{ resets: number, forwarded: number, refused: number }} counts  websockets seen so far, by route
 * @property {() => Promise<void>} close  stops listening and ends every socket
 */

/**
 * Start the routing front end on 127.0.0.1:`port`: `namespaceHost` is reset
 * to `shardHost`, `shardHost` is piped to the stand-in on 127.0.0.1:`upstreamPort`.
 *
 * @param {{ port: number, namespaceHost: string, shardHost: string, upstreamPort: number }} options
 *   hosts without the port (the port is the proxy's own)
 * @returns {Promise<ShardProxy>}
 * @example
 * const proxy = await startShardProxy({
 *   port: 9400, namespaceHost: 'worldmap-default-rtdb.localhost', shardHost: 's-preview1.localhost', upstreamPort: 9401,
 * })
 * // the app's database URL: http://worldmap-default-rtdb.localhost:9400/?ns=demo-worldmap
 * await proxy.close()
 */
export async function startShardProxy({ port, namespaceHost, shardHost, upstreamPort }) {
  const { Server: WebSocketServer } = requireFromServer('ws')
  const websockets = new WebSocketServer({ noServer: true })
  const counts = { resets: 0, forwarded: 0, refused: 0 }
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  const track = (/** @type {import('node:net').Socket} */ socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('The database answers websockets only.\n')
  })
  server.on('connection', track)
  server.on('upgrade', (request, socket, head) => {
    const host = String(request.headers.host ?? '').toLowerCase()
    if (host === `${namespaceHost}:${port}`) {
      counts.resets += 1
      websockets.handleUpgrade(
        request,
        socket,
        head,
        (/** @type {{ send: (data: string) => void, close: (code: number) => void }} */ client) => {
          client.send(JSON.stringify({ t: 'c', d: { t: 'r', d: `${shardHost}:${port}` } }))
          client.close(1000)
        },
      )
      return
    }
    if (host === `${shardHost}:${port}`) {
      counts.forwarded += 1
      const upstream = connect(upstreamPort, '127.0.0.1')
      track(upstream)
      upstream.on('close', () => socket.destroy())
      socket.on('close', () => upstream.destroy())
      upstream.on('connect', () => {
        // The upgrade request as it came (its Host header included: the stand-in's handshake names it).
        const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`]
        for (let i = 0; i < request.rawHeaders.length; i += 2)
          lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
        if (head.length > 0) upstream.write(head)
        socket.pipe(upstream).pipe(socket)
      })
      return
    }
    counts.refused += 1
    socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\n\r\n')
  })
  await new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done(undefined))
  })
  return {
    port,
    counts,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      websockets.close()
      await new Promise((done) => server.close(() => done(undefined)))
    },
  }
}
