import { connect, createServer } from 'node:net'

/**
 * A TCP proxy on 127.0.0.1 that counts the bytes it relays, both ways: put
 * it in front of the database or the Functions port and point one client at
 * it to measure what that client really downloads (WebSocket and HTTP
 * framing included).
 *
 * @param {number} targetPort  The port on 127.0.0.1 to forward to.
 * @returns {Promise<{ port: number, bytes: { down: number, up: number }, lastByteAt: () => number, close: () => Promise<void> }>}
 * @example
 * ```js
 * const proxy = await startCountingProxy(9500)
 * connectDatabaseEmulator(db, '127.0.0.1', proxy.port)
 * // … later
 * console.log(proxy.bytes.down)
 * await proxy.close()
 * ```
 */
export async function startCountingProxy(targetPort) {
  const bytes = { down: 0, up: 0 }
  let lastByteAt = performance.now()
  const sockets = new Set()
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    sockets.add(client)
    sockets.add(upstream)
    client.on('data', (chunk) => {
      bytes.up += chunk.length
    })
    upstream.on('data', (chunk) => {
      bytes.down += chunk.length
      lastByteAt = performance.now()
    })
    client.pipe(upstream)
    upstream.pipe(client)
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end)
    upstream.on('error', end)
    client.on('close', () => {
      sockets.delete(client)
      end()
    })
    upstream.on('close', () => {
      sockets.delete(upstream)
      end()
    })
  })
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
  )
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    bytes,
    lastByteAt: () => lastByteAt,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
