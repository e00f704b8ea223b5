// The state of one bridge session and the few operations every part of it
// (creating the request, polling, the loop) shares: replacing the snapshot,
// failing, ending the loop. createBridgeSession wires the parts together.
import type { BaseError } from '../errors/BaseError.js'
import type { VerificationLevel } from '../protocol/verificationLevels.js'
import { DEFAULT_VERIFICATION_LEVEL } from '../protocol/verificationLevels.js'
import { createStore, type Store } from '../utils/createStore.js'
import type { BridgeRequestInput } from './buildBridgeRequestPayload.js'
import {
  type AppErrorCodes,
  BRIDGE_EXPIRY_MS,
  DEFAULT_BRIDGE_URL,
  DEFAULT_POLL_INTERVAL,
  VerificationState,
} from './constants.js'
import type { BridgeSuccessResult } from './parseBridgeResult.js'

/** Configuration of `createBridgeSession` (IDKit's `IDKitConfig` plus transport and timing). */
export interface BridgeSessionConfig extends BridgeRequestInput {
  /** A custom bridge; validated by `createClient` (see `validateBridgeUrl`). Default `https://bridge.worldcoin.org`. */
  bridge_url?: string | undefined
  /** Allow deferred (partner) verification: adds `partner=true` to the connector URI. */
  partner?: boolean | undefined
  /** The fetch to use (tests, proxies, React Native). Default: the global `fetch`, looked up per call. */
  fetch?: typeof fetch | undefined
  /** Delay between polls of the polling loop, in ms. Default 3000. */
  pollInterval?: number | undefined
  /** Ceiling of the loop's back-off while the bridge status does not change, in ms. Default 2 × `pollInterval`. */
  maxPollInterval?: number | undefined
  /** The bridge's time-to-live, measured from creating the request, in ms. Default 300 000. */
  expiresAfter?: number | undefined
  /** The verify page the connector URI points at. Default `https://world.org/verify`. */
  connectBaseUrl?: string | undefined
}

/**
 * Immutable snapshot of a session. The first eight fields are spec §4's
 * session fields with IDKit's names; `error` is ours: the typed error
 * behind a failure the session detected itself (null for a code the wallet
 * sent, and whenever the state is not `failed`).
 */
export interface BridgeSessionState {
  /** The 12-byte IV the request was encrypted with (kept after confirmation, like IDKit). */
  readonly iv: Uint8Array | null
  /** The session's AES-GCM key; cleared on confirmation. */
  readonly key: CryptoKey | null
  readonly result: BridgeSuccessResult | null
  /** Why the session failed: a wallet code (kept as sent) or one the session set. */
  readonly errorCode: AppErrorCodes | (string & {}) | null
  readonly requestId: string | null
  /** Deep link / QR payload for the wallet; cleared on confirmation. */
  readonly connectorURI: string | null
  /** The bridge in use: the configured one after `createClient`, the default before and after `reset`. */
  readonly bridge_url: string
  readonly verificationState: VerificationState
  readonly error: BaseError | null
}

/** Called after every state change with the new and the previous snapshot. */
export type BridgeSessionListener = (state: BridgeSessionState, previous: BridgeSessionState) => void

/** Options of `BridgeSession.start`. */
export interface BridgeSessionStartOptions {
  /** Aborting it stops the loop, like `stop()`. */
  signal?: AbortSignal | undefined
}

/** A human-verification session: a framework-free external store plus its polling loop. */
export interface BridgeSession {
  /** The current snapshot; the same object until the state changes (as `useSyncExternalStore` requires). */
  getState(): BridgeSessionState
  /** Listen to state changes; returns the unsubscribe function. */
  subscribe(listener: BridgeSessionListener): () => void
  /** Generate a key, send the encrypted request to the bridge, and wait for the wallet (`awaiting_connection`). */
  createClient(): Promise<BridgeSessionState>
  /** Ask the bridge once for the request's status and apply it. Concurrent calls share one request. */
  pollForUpdates(): Promise<BridgeSessionState>
  /** Back to `loading_widget` with every other field cleared; stops the loop and ignores work still in flight. */
  reset(): void
  /** Create the request if needed and poll until the session is confirmed, failed, stopped or reset. Idempotent. */
  start(options?: BridgeSessionStartOptions): Promise<BridgeSessionState>
  /** Stop the polling loop (the state is kept; `start()` resumes). */
  stop(): void
}

const INITIAL_STATE: BridgeSessionState = Object.freeze({
  iv: null,
  key: null,
  result: null,
  errorCode: null,
  requestId: null,
  connectorURI: null,
  bridge_url: DEFAULT_BRIDGE_URL,
  verificationState: VerificationState.PreparingClient,
  error: null,
})

/** A running polling loop (`start()` until confirmed, failed, stopped or reset). */
export interface Loop {
  done: Promise<BridgeSessionState>
  finish(state: BridgeSessionState): void
  cleanup(): void
  /** Only the newest tick may schedule the next one. */
  token: number
  interval: number
}

/** One session's settings and mutable internals, shared by its parts (not public API). */
export interface SessionCore {
  readonly config: BridgeSessionConfig
  readonly pollInterval: number
  readonly maxPollInterval: number
  readonly expiresAfter: number
  readonly bridgeUrl: string
  readonly level: VerificationLevel
  readonly store: Store<BridgeSessionState>
  /** Bumped by createClient and reset: async work begun under an older generation is stale and must not touch state. */
  generation: number
  creating: boolean
  polling: Promise<BridgeSessionState> | null
  expiresAt: number
  /** Last status the bridge reported; the loop backs off while it stays the same. */
  lastStatus: string | null
  loop: Loop | null
  pollTimer: ReturnType<typeof setTimeout> | undefined
  expiryTimer: ReturnType<typeof setTimeout> | undefined
}

const positive = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback

/** A fresh session: the config's timings (invalid ones fall back to the defaults), the initial state, no work. */
export function createSessionCore(config: BridgeSessionConfig): SessionCore {
  const pollInterval = positive(config.pollInterval, DEFAULT_POLL_INTERVAL)
  return {
    config,
    pollInterval,
    maxPollInterval: Math.max(pollInterval, positive(config.maxPollInterval, pollInterval * 2)),
    expiresAfter: positive(config.expiresAfter, BRIDGE_EXPIRY_MS),
    bridgeUrl: config.bridge_url ?? DEFAULT_BRIDGE_URL,
    level: config.verification_level ?? DEFAULT_VERIFICATION_LEVEL,
    store: createStore(INITIAL_STATE),
    generation: 0,
    creating: false,
    polling: null,
    expiresAt: Number.POSITIVE_INFINITY,
    lastStatus: null,
    loop: null,
    pollTimer: undefined,
    expiryTimer: undefined,
  }
}

export const isTerminal = (state: BridgeSessionState): boolean =>
  state.verificationState === VerificationState.Confirmed || state.verificationState === VerificationState.Failed

/** Forget the request: back to the initial state's timing fields (the caller bumps or keeps the generation). */
export function clearRequest(core: SessionCore): void {
  core.polling = null
  core.lastStatus = null
  core.expiresAt = Number.POSITIVE_INFINITY
}

/** Back to the initial snapshot (a new object, so listeners hear of it). */
export const setInitialState = (core: SessionCore): void => setState(core, { ...INITIAL_STATE })

/** Apply `patch` when it changes something; a terminal state ends the loop before listeners hear of it. */
export function setState(core: SessionCore, patch: Partial<BridgeSessionState>): void {
  const state = core.store.getSnapshot()
  const keys = Object.keys(patch) as Array<keyof BridgeSessionState>
  if (keys.every((key) => Object.is(state[key], patch[key]))) return
  const next: BridgeSessionState = Object.freeze({ ...state, ...patch })
  // End the loop before notifying, so a listener that calls start() again gets a fresh loop.
  if (isTerminal(next)) finishLoop(core, next)
  core.store.set(next)
}

/** True while work begun under `gen` may still change the state. */
export const isCurrent = (core: SessionCore, gen: number): boolean =>
  gen === core.generation && !isTerminal(core.store.getSnapshot())

/** Fail with `errorCode` and `error`, unless the work of `gen` is stale; the state either way. */
export function fail(
  core: SessionCore,
  gen: number,
  errorCode: AppErrorCodes | (string & {}),
  error: BaseError | null,
): BridgeSessionState {
  if (isCurrent(core, gen)) setState(core, { verificationState: VerificationState.Failed, errorCode, error })
  return core.store.getSnapshot()
}

/** End the polling loop, if one runs: timers cleared, listeners removed, `start()`'s promise settled with `final`. */
export function finishLoop(core: SessionCore, final: BridgeSessionState = core.store.getSnapshot()): void {
  const active = core.loop
  if (!active) return
  core.loop = null
  clearTimeout(core.pollTimer)
  clearTimeout(core.expiryTimer)
  core.pollTimer = undefined
  core.expiryTimer = undefined
  active.cleanup()
  active.finish(final)
}
