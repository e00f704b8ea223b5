import { BaseError } from '../errors/BaseError.js'
import { BridgeExpiredError } from '../errors/BridgeExpiredError.js'
import { BridgeRequestError } from '../errors/BridgeRequestError.js'
import { BridgeUrlError } from '../errors/BridgeUrlError.js'
import { MissingKeypairError } from '../errors/MissingKeypairError.js'
import { DEFAULT_VERIFICATION_LEVEL } from '../protocol/verificationLevels.js'
import { exportBridgeKey, generateBridgeKey } from './bridgeKey.js'
import { type BridgeEnvelope, createRequestReplySchema, pollReplySchema } from './bridgeSchemas.js'
import { type BridgeRequestInput, buildBridgeRequestPayload } from './buildBridgeRequestPayload.js'
import { buildConnectorURI } from './buildConnectorURI.js'
import {
  AppErrorCodes,
  BRIDGE_EXPIRY_MS,
  BridgeResponseStatus,
  DEFAULT_BRIDGE_URL,
  DEFAULT_POLL_INTERVAL,
  VerificationState,
} from './constants.js'
import { decryptBridgePayload } from './decryptBridgePayload.js'
import { encryptBridgePayload, IV_BYTES } from './encryptBridgePayload.js'
import { getCrypto } from './getCrypto.js'
import { type BridgeSuccessResult, parseBridgeResult } from './parseBridgeResult.js'
import { STAGING_LOCALHOST_MESSAGE, validateBridgeUrl } from './validateBridgeUrl.js'

/** Configuration of {@link createBridgeSession} (IDKit's `IDKitConfig` plus transport and timing). */
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

/** Options of {@link BridgeSession.start}. */
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

// setTimeout overflows (and fires at once) beyond 2^31 - 1 ms.
const MAX_TIMER_DELAY = 2 ** 31 - 1
const BACKOFF_FACTOR = 1.5

const isTerminal = (state: BridgeSessionState): boolean =>
  state.verificationState === VerificationState.Confirmed || state.verificationState === VerificationState.Failed

const positive = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback

const isHidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden'

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

interface Loop {
  done: Promise<BridgeSessionState>
  finish(state: BridgeSessionState): void
  cleanup(): void
  /** Only the newest tick may schedule the next one. */
  token: number
  interval: number
}

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
  const pollInterval = positive(config.pollInterval, DEFAULT_POLL_INTERVAL)
  const maxPollInterval = Math.max(pollInterval, positive(config.maxPollInterval, pollInterval * 2))
  const expiresAfter = positive(config.expiresAfter, BRIDGE_EXPIRY_MS)
  const bridgeUrl = config.bridge_url ?? DEFAULT_BRIDGE_URL
  const level = config.verification_level ?? DEFAULT_VERIFICATION_LEVEL

  let state = INITIAL_STATE
  const listeners = new Set<BridgeSessionListener>()
  // Bumped by createClient and reset: async work begun under an older generation is stale and must not touch state.
  let generation = 0
  let creating = false
  let polling: Promise<BridgeSessionState> | null = null
  let expiresAt = Number.POSITIVE_INFINITY
  // Last status the bridge reported; the loop backs off while it stays the same.
  let lastStatus: string | null = null
  let loop: Loop | null = null
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let expiryTimer: ReturnType<typeof setTimeout> | undefined

  function setState(patch: Partial<BridgeSessionState>): void {
    const keys = Object.keys(patch) as Array<keyof BridgeSessionState>
    if (keys.every((key) => Object.is(state[key], patch[key]))) return
    const previous = state
    state = Object.freeze({ ...state, ...patch })
    // End the loop before notifying, so a listener that calls start() again gets a fresh loop.
    if (isTerminal(state)) finishLoop()
    for (const listener of [...listeners]) {
      // One throwing listener must not starve the others or break the session's own flow.
      try {
        listener(state, previous)
      } catch (error) {
        console.error(error)
      }
    }
  }

  /** True while work begun under `gen` may still change the state. */
  const current = (gen: number): boolean => gen === generation && !isTerminal(state)

  function fail(gen: number, errorCode: AppErrorCodes | (string & {}), error: BaseError | null): BridgeSessionState {
    if (current(gen)) setState({ verificationState: VerificationState.Failed, errorCode, error })
    return state
  }

  async function postRequest(envelope: BridgeEnvelope): Promise<string> {
    const fetcher = config.fetch ?? globalThis.fetch
    const failed = (details: string, extra: { status?: number; cause?: unknown } = {}) =>
      new BridgeRequestError('Failed to create client', { operation: 'create', details, ...extra })
    let response: Response
    try {
      response = await fetcher(new URL('/request', bridgeUrl).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(envelope),
      })
    } catch (cause) {
      throw failed('The bridge could not be reached.', { cause })
    }
    if (!response.ok) throw failed(`The bridge answered ${response.status}.`, { status: response.status })
    const body = createRequestReplySchema.safeParse(await readJson(response))
    if (!body.success) throw failed('The bridge did not return a valid request_id.', { status: response.status })
    return body.data.request_id
  }

  async function createClient(): Promise<BridgeSessionState> {
    const gen = ++generation
    polling = null
    lastStatus = null
    expiresAt = Number.POSITIVE_INFINITY
    clearTimeout(pollTimer)
    clearTimeout(expiryTimer)
    creating = true
    setState({ ...INITIAL_STATE })
    try {
      if (config.bridge_url !== undefined) {
        const validation = validateBridgeUrl(config.bridge_url, config.app_id)
        if (validation.skipped) console.log(STAGING_LOCALHOST_MESSAGE)
        for (const warning of validation.warnings) console.warn(warning)
        if (!validation.valid) {
          console.error(validation.errors.join('\n'))
          throw new BridgeUrlError(validation.errors)
        }
      }
      const payload = buildBridgeRequestPayload(config)
      const crypto = getCrypto()
      const key = await generateBridgeKey()
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
      const envelope = await encryptBridgePayload(key, JSON.stringify(payload), iv)
      const exportedKey = await exportBridgeKey(key)
      const requestId = await postRequest(envelope)
      if (gen !== generation) return state
      // The bridge starts its time-to-live when it stores the request.
      expiresAt = Date.now() + expiresAfter
      lastStatus = BridgeResponseStatus.Initialized
      setState({
        iv,
        key,
        requestId,
        bridge_url: bridgeUrl,
        connectorURI: buildConnectorURI({
          requestId,
          key: exportedKey,
          bridgeUrl: config.bridge_url,
          partner: config.partner,
          connectBaseUrl: config.connectBaseUrl,
        }),
        verificationState: VerificationState.WaitingForConnection,
      })
      if (loop) {
        armExpiry()
        scheduleNext(pollInterval)
      }
      return state
    } catch (cause) {
      const error =
        cause instanceof BaseError
          ? cause
          : new BridgeRequestError('Failed to create client', { operation: 'create', details: 'Unexpected failure.', cause })
      fail(gen, AppErrorCodes.GenericError, error)
      throw error
    } finally {
      if (gen === generation) creating = false
    }
  }

  async function poll(gen: number, key: CryptoKey, requestId: string): Promise<BridgeSessionState> {
    if (Date.now() >= expiresAt) return fail(gen, AppErrorCodes.ConnectionFailed, new BridgeExpiredError(expiresAfter))
    const fetcher = config.fetch ?? globalThis.fetch
    const failed = (details: string, extra: { status?: number; cause?: unknown } = {}) =>
      new BridgeRequestError('Failed to poll the bridge.', { operation: 'poll', details, ...extra })
    let response: Response
    try {
      response = await fetcher(new URL(`/response/${encodeURIComponent(requestId)}`, state.bridge_url).href)
    } catch (cause) {
      return fail(gen, AppErrorCodes.ConnectionFailed, failed('The bridge could not be reached.', { cause }))
    }
    if (!response.ok) {
      const hint = response.status === 404 ? ' The request expired or its response was already read.' : ''
      return fail(
        gen,
        AppErrorCodes.ConnectionFailed,
        failed(`The bridge answered ${response.status}.${hint}`, { status: response.status }),
      )
    }
    const body = pollReplySchema.safeParse(await readJson(response))
    if (!current(gen)) return state
    if (!body.success) {
      return fail(
        gen,
        AppErrorCodes.UnexpectedResponse,
        failed('The bridge sent an unexpected body.', { status: response.status }),
      )
    }
    const { status } = body.data
    lastStatus = status
    if (status !== BridgeResponseStatus.Completed) {
      setState({
        verificationState:
          status === BridgeResponseStatus.Retrieved ? VerificationState.WaitingForApp : VerificationState.WaitingForConnection,
      })
      return state
    }
    let plaintext: string
    try {
      plaintext = await decryptBridgePayload(key, body.data.response)
    } catch (error) {
      const typed = error instanceof BaseError ? error : failed('Unexpected failure.', { cause: error })
      return fail(gen, AppErrorCodes.UnexpectedResponse, typed)
    }
    const outcome = parseBridgeResult(plaintext, level)
    if (outcome.status === 'failed') return fail(gen, outcome.errorCode, outcome.error)
    if (current(gen)) {
      setState({
        result: Object.freeze(outcome.result),
        key: null,
        requestId: null,
        connectorURI: null,
        verificationState: VerificationState.Confirmed,
      })
    }
    return state
  }

  function pollForUpdates(): Promise<BridgeSessionState> {
    // Terminal states stay terminal: nothing left to ask the bridge.
    if (isTerminal(state)) return Promise.resolve(state)
    const { key, requestId } = state
    if (!key || !requestId) return Promise.reject(new MissingKeypairError())
    // The bridge hands out a completed response once; a second request in flight would get a 404.
    if (polling) return polling
    const request: Promise<BridgeSessionState> = poll(generation, key, requestId).finally(() => {
      if (polling === request) polling = null
    })
    polling = request
    return request
  }

  function scheduleNext(delay: number): void {
    clearTimeout(pollTimer)
    pollTimer = undefined
    if (!loop || isTerminal(state) || !state.requestId || isHidden()) return
    pollTimer = setTimeout(tick, Math.min(delay, MAX_TIMER_DELAY))
  }

  async function tick(): Promise<void> {
    pollTimer = undefined
    const active = loop
    if (!active) return
    const token = ++active.token
    const before = lastStatus
    try {
      await pollForUpdates()
    } catch {
      // Only MissingKeypairError can land here, when reset() raced the tick; the reset already ended the loop.
    }
    if (loop !== active || token !== active.token) return
    active.interval = lastStatus === before ? Math.min(active.interval * BACKOFF_FACTOR, maxPollInterval) : pollInterval
    scheduleNext(active.interval)
  }

  function armExpiry(): void {
    clearTimeout(expiryTimer)
    expiryTimer = undefined
    if (!loop || !Number.isFinite(expiresAt)) return
    const gen = generation
    expiryTimer = setTimeout(() => void onExpiry(gen), Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_DELAY))
  }

  async function onExpiry(gen: number): Promise<void> {
    expiryTimer = undefined
    if (!current(gen)) return
    // A timer may fire a little early, or cut a long delay short (MAX_TIMER_DELAY).
    if (Date.now() < expiresAt) return armExpiry()
    // A poll already on its way may still bring the answer the bridge held until now.
    if (polling) await polling.catch(() => undefined)
    fail(gen, AppErrorCodes.ConnectionFailed, new BridgeExpiredError(expiresAfter))
  }

  function onVisibilityChange(): void {
    if (!loop) return
    if (isHidden()) {
      clearTimeout(pollTimer)
      pollTimer = undefined
      return
    }
    // Visible again: the user is probably back from World App, so ask now.
    if (!state.requestId || isTerminal(state)) return
    loop.interval = pollInterval
    clearTimeout(pollTimer)
    void tick()
  }

  function finishLoop(): void {
    const active = loop
    if (!active) return
    loop = null
    clearTimeout(pollTimer)
    clearTimeout(expiryTimer)
    pollTimer = undefined
    expiryTimer = undefined
    active.cleanup()
    active.finish(state)
  }

  function start(options: BridgeSessionStartOptions = {}): Promise<BridgeSessionState> {
    if (loop) return loop.done
    const { signal } = options
    if (isTerminal(state) || signal?.aborted) return Promise.resolve(state)
    let finish: (state: BridgeSessionState) => void = () => undefined
    const done = new Promise<BridgeSessionState>((resolve) => {
      finish = resolve
    })
    const doc = typeof document === 'undefined' ? undefined : document
    const onAbort = () => stop()
    signal?.addEventListener('abort', onAbort, { once: true })
    doc?.addEventListener('visibilitychange', onVisibilityChange)
    const active: Loop = {
      done,
      finish,
      cleanup() {
        signal?.removeEventListener('abort', onAbort)
        doc?.removeEventListener('visibilitychange', onVisibilityChange)
      },
      token: 0,
      interval: pollInterval,
    }
    loop = active
    if (state.requestId) {
      armExpiry()
      scheduleNext(pollInterval)
    } else if (!creating) {
      // The failure is in the state (failed, generic_error, error), which also ends the loop.
      createClient().catch(() => undefined)
    }
    return done
  }

  function stop(): void {
    finishLoop()
  }

  function reset(): void {
    generation++
    creating = false
    polling = null
    lastStatus = null
    expiresAt = Number.POSITIVE_INFINITY
    setState({ ...INITIAL_STATE })
    finishLoop()
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    createClient,
    pollForUpdates,
    reset,
    start,
    stop,
  }
}
