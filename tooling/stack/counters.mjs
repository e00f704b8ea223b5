// Per-instance traffic counters for the database stand-ins (what `pnpm bench:city` reports per instance).

/**
 * One database instance's traffic since it started (what `pnpm bench:city` reports per instance).
 *
 * @typedef {object} DatabaseStats
 * @property {number} connections  Websockets open now.
 * @property {number} peakConnections  The most open at once.
 * @property {number} writes  Client messages that write: set, update, transaction commit (RTDB actions `p` and `m`).
 * @property {number} bytesIn  Websocket payload bytes received from clients.
 * @property {number} bytesOut  Websocket payload bytes sent to clients.
 */

/**
 * Bytes of one websocket payload (a string, a Buffer, or a list of Buffers).
 *
 * @param {unknown} data
 * @returns {number}
 */
function payloadBytes(data) {
  if (typeof data === 'string') return Buffer.byteLength(data)
  if (Array.isArray(data)) return data.reduce((total, part) => total + payloadBytes(part), 0)
  return /** @type {{ byteLength?: number } | null | undefined} */ (data)?.byteLength ?? Buffer.byteLength(String(data))
}

/**
 * Per-instance traffic counters over server-side websockets: each socket's
 * `message` events (bytes in; writes, reassembling frames the client split
 * the way firebase-server does) and a wrapper around its `send` (bytes out).
 * They read what passes and never change a byte.
 *
 * @example
 * ```js
 * const counters = createDatabaseCounters()
 * wss.prependListener('connection', (socket) => counters.watch(socket))
 * counters.stats().writes
 * ```
 */
export function createDatabaseCounters() {
  const totals = { connections: 0, peakConnections: 0, writes: 0, bytesIn: 0, bytesOut: 0 }
  return {
    /** @param {{ send: Function, on: (event: string, listener: (...args: any[]) => void) => unknown }} socket */
    watch(socket) {
      totals.connections++
      totals.peakConnections = Math.max(totals.peakConnections, totals.connections)
      socket.on('close', () => {
        totals.connections--
      })
      let pending = ''
      socket.on('message', (data) => {
        totals.bytesIn += payloadBytes(data)
        const text = String(data)
        // A message longer than a frame comes as its frame count, then its parts (RTDB wire protocol).
        if (pending === '' && /^\d+$/.test(text)) return
        pending += text
        let frame
        try {
          frame = JSON.parse(pending)
        } catch {
          return
        }
        pending = ''
        if (frame?.t === 'd' && (frame.d?.a === 'p' || frame.d?.a === 'm')) totals.writes++
      })
      const send = socket.send
      socket.send = (/** @type {unknown} */ data, /** @type {unknown[]} */ ...rest) => {
        totals.bytesOut += payloadBytes(data)
        return send.call(socket, data, ...rest)
      }
    },
    /** @returns {DatabaseStats} */
    stats: () => ({ ...totals }),
  }
}
