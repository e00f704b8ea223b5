import { BridgeExpiredError } from '../errors/bridge/BridgeExpiredError.js'
import {
  type BridgeSessionState,
  fail,
  finishLoop,
  isCurrent,
  isTerminal,
  type Loop,
  type SessionCore,
} from './bridgeSessionCore.js'
import { AppErrorCodes } from './constants.js'
import { pollForUpdates } from './pollBridge.js'

// setTimeout overflows (and fires at once) beyond 2^31 - 1 ms.
const MAX_TIMER_DELAY = 2 ** 31 - 1
const BACKOFF_FACTOR = 1.5

const isHidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden'

/** Poll again after `delay` ms, while a loop runs for a live request and the page is visible. */
export function scheduleNext(core: SessionCore, delay: number): void {
  clearTimeout(core.pollTimer)
  core.pollTimer = undefined
  const state = core.store.getSnapshot()
  if (!core.loop || isTerminal(state) || !state.requestId || isHidden()) return
  core.pollTimer = setTimeout(() => void tick(core), Math.min(delay, MAX_TIMER_DELAY))
}

/** One round of the loop: poll, then schedule the next, backing off while the bridge's status stays the same. */
async function tick(core: SessionCore): Promise<void> {
  core.pollTimer = undefined
  const active = core.loop
  if (!active) return
  const token = ++active.token
  const before = core.lastStatus
  try {
    await pollForUpdates(core)
  } catch {
    // Only MissingKeypairError can land here, when reset() raced the tick; the reset already ended the loop.
  }
  if (core.loop !== active || token !== active.token) return
  active.interval =
    core.lastStatus === before ? Math.min(active.interval * BACKOFF_FACTOR, core.maxPollInterval) : core.pollInterval
  scheduleNext(core, active.interval)
}

/** Fail with `connection_failed` when the bridge's time-to-live has passed, while a loop runs. */
export function armExpiry(core: SessionCore): void {
  clearTimeout(core.expiryTimer)
  core.expiryTimer = undefined
  if (!core.loop || !Number.isFinite(core.expiresAt)) return
  const gen = core.generation
  core.expiryTimer = setTimeout(
    () => void onExpiry(core, gen),
    Math.min(Math.max(0, core.expiresAt - Date.now()), MAX_TIMER_DELAY),
  )
}

async function onExpiry(core: SessionCore, gen: number): Promise<void> {
  core.expiryTimer = undefined
  if (!isCurrent(core, gen)) return
  // A timer may fire a little early, or cut a long delay short (MAX_TIMER_DELAY).
  if (Date.now() < core.expiresAt) return armExpiry(core)
  // A poll already on its way may still bring the answer the bridge held until now.
  if (core.polling) await core.polling.catch(() => undefined)
  fail(core, gen, AppErrorCodes.ConnectionFailed, new BridgeExpiredError(core.expiresAfter))
}

/** Pause while the page is hidden; when it shows again, poll at once (the user is likely back from World App). */
function onVisibilityChange(core: SessionCore): void {
  if (!core.loop) return
  if (isHidden()) {
    clearTimeout(core.pollTimer)
    core.pollTimer = undefined
    return
  }
  const state = core.store.getSnapshot()
  if (!state.requestId || isTerminal(state)) return
  core.loop.interval = core.pollInterval
  clearTimeout(core.pollTimer)
  void tick(core)
}

/**
 * Open the polling loop: `done` settles with the final state when the loop
 * ends (confirmed, failed, stopped, reset); aborting `signal` stops it. The
 * caller starts the first poll or the request.
 */
export function openLoop(core: SessionCore, signal: AbortSignal | undefined): Loop {
  let finish: (state: BridgeSessionState) => void = () => undefined
  const done = new Promise<BridgeSessionState>((resolve) => {
    finish = resolve
  })
  const doc = typeof document === 'undefined' ? undefined : document
  const onAbort = () => finishLoop(core)
  const onVisible = () => onVisibilityChange(core)
  signal?.addEventListener('abort', onAbort, { once: true })
  doc?.addEventListener('visibilitychange', onVisible)
  const loop: Loop = {
    done,
    finish,
    cleanup() {
      signal?.removeEventListener('abort', onAbort)
      doc?.removeEventListener('visibilitychange', onVisible)
    },
    token: 0,
    interval: core.pollInterval,
  }
  core.loop = loop
  return loop
}
