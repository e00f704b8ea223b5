import {
  type BridgeSession,
  type BridgeSessionConfig,
  type BridgeSessionStartOptions,
  type BridgeSessionState,
  clearRequest,
  createSessionCore,
  finishLoop,
  isTerminal,
  type SessionCore,
  setInitialState,
} from './bridgeSessionCore.js'
import { armExpiry, openLoop, scheduleNext } from './bridgeSessionLoop.js'
import { createClient } from './createBridgeClient.js'
import { pollForUpdates } from './pollBridge.js'

export type {
  BridgeSession,
  BridgeSessionConfig,
  BridgeSessionListener,
  BridgeSessionStartOptions,
  BridgeSessionState,
} from './bridgeSessionCore.js'

/**
 * Create a World ID verification session that runs through the bridge
 * (QR code / deep link to World App): IDKit 2.1's `WorldBridgeStore`
 * semantics (spec §4) as a small external store, plus a polling loop.
 *
 * Compared with the official widget:
 * - polls never overlap, and a response that arrives after a terminal
 *   state, a `reset()` or a newer `createClient()` is ignored, so a stale
 *   404 cannot turn `confirmed` into `failed`;
 * - a response that cannot be decrypted or read fails with
 *   `unexpected_response` and a typed `error`, instead of an unhandled
 *   rejection followed by a misleading `connection_failed`;
 * - a failed create sets `errorCode: 'generic_error'` (IDKit leaves it null
 *   and only its React widget maps null to `generic_error`);
 * - `reset()` also restores the default `bridge_url` (IDKit keeps the
 *   previous session's custom bridge);
 * - the loop backs off while the status is unchanged, pauses while the page
 *   is hidden (polling right away when it becomes visible again — the user
 *   is likely back from World App), and ends with `connection_failed` when
 *   the bridge's 300 s time-to-live has passed.
 *
 * Creating a session has no side effects, so it is safe during SSR and render.
 *
 * @example
 * ```ts
 * import { createBridgeSession } from '@worldmap/minikit/bridge'
 *
 * const session = createBridgeSession({ app_id: 'app_123', action: 'vote', signal: walletAddress })
 * session.subscribe(({ verificationState, connectorURI }) => render(verificationState, connectorURI))
 * const final = await session.start()
 * if (final.verificationState === 'confirmed') await fetch('/api/verify', { method: 'POST', body: JSON.stringify(final.result) })
 * else console.log(final.errorCode, final.error?.shortMessage)
 * ```
 */
export function createBridgeSession(config: BridgeSessionConfig): BridgeSession {
  const core = createSessionCore(config)
  return {
    getState: core.store.getSnapshot,
    subscribe: core.store.subscribe,
    createClient: () => createClient(core),
    pollForUpdates: () => pollForUpdates(core),
    reset: () => reset(core),
    start: (options) => start(core, options),
    stop: () => finishLoop(core),
  }
}

/** `BridgeSession.start`: create the request if needed and poll until the session ends. Idempotent. */
function start(core: SessionCore, { signal }: BridgeSessionStartOptions = {}): Promise<BridgeSessionState> {
  if (core.loop) return core.loop.done
  const state = core.store.getSnapshot()
  if (isTerminal(state) || signal?.aborted) return Promise.resolve(state)
  const { done } = openLoop(core, signal)
  if (state.requestId) {
    armExpiry(core)
    scheduleNext(core, core.pollInterval)
  } else if (!core.creating) {
    // The failure is in the state (failed, generic_error, error), which also ends the loop.
    createClient(core).catch(() => undefined)
  }
  return done
}

/** `BridgeSession.reset`: back to the initial state; work still in flight belongs to an older generation and is ignored. */
function reset(core: SessionCore): void {
  core.generation++
  core.creating = false
  clearRequest(core)
  setInitialState(core)
  finishLoop(core)
}
