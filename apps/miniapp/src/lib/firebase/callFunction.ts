import { gameClock } from '../clock/gameClock.js'
import { offsetFromRoundTrip } from '../clock/offsetFromRoundTrip.js'
import type { ClientConfig } from '../config/readClientConfig.js'

/**
 * Call a callable Cloud Function in the app's region (the Functions emulator
 * in local mode) and resolve with its `data`. The Functions SDK loads on
 * first call, so it never weighs on the first load. A reply carrying the
 * server's time (`serverTime`) tells `gameClock`. Rejects with the SDK's
 * `FunctionsError` (`code: 'functions/<callable code>'`, server `details`).
 *
 * @example
 * ```ts
 * const data = await callFunction(getClientConfig(), 'verifyHuman', proof)
 * ```
 */
export async function callFunction(config: ClientConfig, name: string, data: unknown): Promise<unknown> {
  const [{ httpsCallable }, { getFirebaseFunctions }] = await Promise.all([
    import('firebase/functions'),
    import('./getFirebaseFunctions.js'),
  ])
  const sentAt = Date.now()
  const reply = (await httpsCallable(getFirebaseFunctions(config), name)(data)).data
  // A reply that says the server's time (ensureDropsNear's `serverTime`) sets the game clock before anyone reads the reply.
  const serverTime = (reply as { serverTime?: unknown } | null)?.serverTime
  if (typeof serverTime === 'number') gameClock.adopt(offsetFromRoundTrip(serverTime, sentAt, Date.now()), 'callable')
  return reply
}
