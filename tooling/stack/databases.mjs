// The Realtime Database stand-ins (firebase-server, patched: admin connections bypass the rules,
// compare-and-set is atomic), loaded with our rules, counted, and speaking a handshake that works.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createDatabaseCounters } from './counters.mjs'
import { pieces, StackStartError } from './errors.mjs'
import { functionsDir, PROJECT_ID, requireFromFunctions } from './project.mjs'

/** @import { DatabaseStats } from './counters.mjs' */
/** @import { IncomingMessage } from 'node:http' */

/**
 * The server side of one websocket (ws), as the counters and the handshake rewrite see it.
 *
 * @typedef {{ send: (data: unknown, ...rest: unknown[]) => unknown, on: (event: string, listener: (...args: any[]) => void) => unknown }} ServerSocket
 */

/**
 * Start one Realtime Database stand-in (firebase-server) with our rules on
 * 127.0.0.1:`port`, serving `namespace` (default `demo-worldmap`, the main
 * instance; region instances are `demo-worldmap-r{i}`). `stats()` counts its
 * traffic ({@link DatabaseStats}); `close()` stops it. `now` (a test stack's
 * clock) is its time: the rules' `now`, server timestamps, and the handshake's
 * `ts` from which clients learn the server's time.
 *
 * @param {number} port
 * @param {{ namespace?: string, now?: () => number }} [options]
 * @returns {Promise<{ port: number, namespace: string, stats: () => DatabaseStats, close: () => Promise<void> }>}
 * @example
 * const database = await startDatabase(9177, { namespace: 'demo-worldmap-r1' })
 * database.stats() // { connections: 0, peakConnections: 0, writes: 0, bytesIn: 0, bytesOut: 0 }
 * await database.close()
 */
export async function startDatabase(port, options = {}) {
  const namespace = options.namespace ?? PROJECT_ID
  const FirebaseServer = requireFromFunctions('firebase-server')
  const rules = JSON.parse(readFileSync(join(functionsDir, 'database.rules.json'), 'utf8'))
  const server = new FirebaseServer({ port, address: '127.0.0.1' }, namespace, {})
  server.setRules(rules)
  // firebase-server reads `server.clock || real time` at every write; its own setTime() still pins a value.
  if (options.now) {
    /** @type {number | null} */
    let pinned = null
    const now = options.now
    Object.defineProperty(server, 'clock', {
      get: () => pinned ?? now(),
      set: (value) => {
        pinned = value
      },
    })
  }
  const counters = createDatabaseCounters()
  // Before firebase-server's own listener, which sends the handshake as soon as a socket connects.
  // Counting wraps `send` first, so it sees the bytes that leave (after the handshake's rewrite).
  server.wss.prependListener('connection', (/** @type {ServerSocket} */ socket, /** @type {IncomingMessage} */ request) => {
    counters.watch(socket)
    rewriteHandshake(socket, { host: request.headers.host, ...(options.now ? { now: options.now } : {}) })
  })
  await /** @type {Promise<void>} */ (
    new Promise((done, fail) => {
      if (server.wss.address()) return done()
      server.wss.once('listening', done)
      server.wss.once('error', (/** @type {Error} */ error) =>
        fail(new StackStartError(`${pieces.database} failed: ${error.message}`, { code: 'start_failed', piece: 'database' })),
      )
    })
  )
  return { port, namespace, stats: counters.stats, close: () => server.close() }
}

/**
 * Make the stand-in's handshake name the host the client connected to, and
 * the stack's time.
 *
 * The Realtime Database's handshake (`{t: 'c', d: {t: 'h', d: {h, ts, v, s}}}`)
 * names the host a client uses from then on; a client that did not call
 * `connectDatabaseEmulator` (the app gives the SDK the stand-in's URL, as it
 * gives production its database URL) honours it on its next connection.
 * firebase-server names its namespace there (`demo-worldmap`), so every
 * reconnect after a dropped socket went to `ws://demo-worldmap/`, which does
 * not resolve and which the page's CSP refuses. The Firebase emulator and
 * production name a host that works; so does the stand-in now. `ts` is the
 * server's time, from which the client computes `.info/serverTimeOffset`:
 * with `now` (a test stack's clock) it is the stack's time, so the app's
 * clock agrees with the functions'. Only the first message (the handshake)
 * is touched.
 *
 * @param {{ send: (data: unknown, ...rest: unknown[]) => unknown }} socket the server side of one connection (ws)
 * @param {{ host?: string, now?: () => number }} rewrite the upgrade request's Host header; the stack's clock
 * @example
 * ```js
 * wss.prependListener('connection', (socket, request) => rewriteHandshake(socket, { host: request.headers.host }))
 * ```
 */
export function rewriteHandshake(socket, { host, now }) {
  if (!host && !now) return
  const send = socket.send
  socket.send = (data, ...rest) => {
    // firebase-server announces each message's frame count ("1") before it: not yet the handshake.
    if (/^\d+$/.test(String(data))) return send.call(socket, data, ...rest)
    socket.send = send
    let frame = null
    try {
      frame = JSON.parse(String(data))
    } catch {
      // Not JSON: not the handshake.
    }
    const hello = frame?.t === 'c' && frame.d?.t === 'h' && frame.d.d ? frame : null
    if (hello && host) hello.d.d.h = host
    if (hello && now) hello.d.d.ts = now()
    return send.call(socket, hello ? JSON.stringify(hello) : data, ...rest)
  }
}
