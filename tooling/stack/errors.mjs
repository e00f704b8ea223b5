// The stack's one failure type, and the words that name each piece in its messages.

/** What each piece of the stack is, as a failure names it. */
export const pieces = {
  auth: 'the Auth emulator',
  functions: 'the Functions emulator',
  database: 'the Realtime Database stand-in (firebase-server)',
  regionDatabase: 'a region database instance (firebase-server)',
  hub: 'the emulator hub',
  logging: 'the emulator logging port',
  chain: 'the local World Chain RPC stand-in',
  notifications: "the Developer Portal's send-notification stand-in",
  scheduler: 'the scheduler stand-in (scheduled functions)',
}

/** A piece of the stack failed to start; `message` says which and why. */
export class StackStartError extends Error {
  /** @override */
  name = 'StackStartError'
  /** @param {string} message @param {{ code: 'port_in_use' | 'start_failed' | 'timeout' | 'invalid_option', piece: string }} detail */
  constructor(message, detail) {
    super(message)
    this.code = detail.code
    this.piece = detail.piece
  }
}
