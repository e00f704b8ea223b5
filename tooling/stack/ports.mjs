// The stack's ports: the two port sets, where each database instance listens, and the check that
// every one is free before anything starts.

import { createServer as createNetServer } from 'node:net'
import { pieces, StackStartError } from './errors.mjs'

/**
 * `app` is not the stack's own: it is where the app that signs in against
 * this stack is served (the dev server, or the end-to-end tests' production
 * server), so its origins are the ones the functions accept by default.
 *
 * `regionDatabase` is the first region instance's port; region instance i
 * (1-based) listens on `regionDatabase + i - 1`.
 *
 * `notifications` is the send-notification stand-in's (notificationsApi.mjs); a caller that moves `chain` without
 * naming it gets it 10 above the chain.
 *
 * @typedef {{ auth: number, functions: number, database: number, regionDatabase: number, hub: number, logging: number,
 *   chain: number, notifications: number, app: number }} StackPorts
 */

/** Port sets: `dev` for `pnpm dev`/`pnpm stack`, `test` for the test command, so both can run at once. */
export const PORTS = {
  /** @type {StackPorts} */
  dev: {
    auth: 9099,
    functions: 5001,
    database: 9000,
    regionDatabase: 9077,
    hub: 4400,
    logging: 4500,
    chain: 8545,
    notifications: 8555,
    app: 3000,
  },
  /** @type {StackPorts} */
  test: {
    auth: 9199,
    functions: 5101,
    database: 9100,
    regionDatabase: 9177,
    hub: 4499,
    logging: 4599,
    chain: 8645,
    notifications: 8655,
    app: 3100,
  },
}

/** A caller that moves `database` without naming `regionDatabase` gets the region instances this far above it. */
export const REGION_DATABASE_OFFSET = 77

/** The pieces the stack itself listens on (checked free before anything starts); `app` is someone else's. */
const STACK_PIECES = /** @type {const} */ (['auth', 'functions', 'database', 'hub', 'logging', 'chain', 'notifications'])

/**
 * The port of database instance `index` (0: `ports.database`; i ≥ 1: `ports.regionDatabase + i - 1`).
 *
 * @param {StackPorts} ports
 * @param {number} index
 */
export function databasePort(ports, index) {
  return index === 0 ? ports.database : ports.regionDatabase + index - 1
}

/** @param {number} port */
export function isPortFree(port) {
  return new Promise((done) => {
    const probe = createNetServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })
}

/**
 * Refuse to start when any port the stack would listen on is taken: a half-started stack is worse than none.
 *
 * @param {StackPorts} ports
 * @param {number} databases  how many database instances (main + region instances) will listen
 */
export async function checkPortsFree(ports, databases) {
  const listening = [
    ...STACK_PIECES.map((piece) => ({ piece, port: ports[piece], what: pieces[piece] })),
    ...Array.from({ length: databases - 1 }, (_, at) => ({
      piece: 'regionDatabase',
      port: databasePort(ports, at + 1),
      what: `region database instance ${at + 1} (firebase-server)`,
    })),
  ]
  for (const { piece, port, what } of listening) {
    if (!(await isPortFree(port))) {
      throw new StackStartError(
        `Port ${port} is already in use, so ${what} cannot start. Stop whatever listens there ` +
          `(\`lsof -i :${port}\`), or stop the other WorldMap stack using it.`,
        { code: 'port_in_use', piece },
      )
    }
  }
}
