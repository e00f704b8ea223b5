import { type BridgeSession, type BridgeSessionConfig, createBridgeSession } from '@worldmap/minikit/bridge'
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'

/** Where a human-verification session stands (spec §4). */
export type VerificationState = 'loading_widget' | 'awaiting_connection' | 'awaiting_app' | 'confirmed' | 'failed'

/** The session fields of spec §4, as the `@worldmap/minikit/bridge` session exposes them. */
export interface VerificationSessionState {
  iv: Uint8Array | null
  key: CryptoKey | null
  result: unknown
  errorCode: string | null
  requestId: string | null
  connectorURI: string | null
  bridge_url: string | null
  verificationState: VerificationState
}

/**
 * What the hook needs from a session store. `createBridgeSession(config)`
 * from `@worldmap/minikit/bridge` returns one (its `BridgeSession` fits this
 * shape); any object of this shape works, e.g. a fake in tests.
 */
export interface VerificationSessionStore<TState extends VerificationSessionState = VerificationSessionState> {
  /** The current snapshot; the same object until the state changes. */
  getState(): TState
  subscribe(listener: () => void): () => void
  /** Create the encrypted request on the bridge; sets `connectorURI`. */
  createClient(): Promise<unknown>
  /** Ask the bridge once for the request's status. */
  pollForUpdates(): Promise<unknown>
  /** Back to `loading_widget` with every other field cleared. */
  reset(): void
  /** Poll until the session is confirmed, failed or stopped. */
  start(): unknown
  /** Stop polling (the state is kept). */
  stop(): void
}

/** Options of {@link useVerificationSession}. */
export interface UseVerificationSessionOptions {
  /** Start polling as soon as `createClient()` resolved; false by default (call `start()` yourself). */
  autoStart?: boolean
}

/** Return type of {@link useVerificationSession}: the session's state plus its actions. */
export type UseVerificationSessionReturnType<TStore extends VerificationSessionStore<VerificationSessionState>> = ReturnType<
  TStore['getState']
> &
  Pick<TStore, 'createClient' | 'pollForUpdates' | 'reset' | 'start' | 'stop'> & {
    /** The underlying store, for code outside React. */
    store: TStore
  }

/** What {@link useVerificationSession} accepts: a bridge config, a session store, or a factory of one. */
export type VerificationSessionSource<TStore extends VerificationSessionStore<VerificationSessionState>> =
  | BridgeSessionConfig
  | TStore
  | (() => TStore)

const FACTORY = Symbol('factory')

const isStore = (value: unknown): value is VerificationSessionStore<VerificationSessionState> =>
  typeof value === 'object' && value !== null && typeof (value as { getState?: unknown }).getState === 'function'

// A config is compared by value (inline object literals are the norm), a
// store by identity, and a factory runs once per mounted component.
function sourceKey(source: unknown): unknown {
  if (typeof source === 'function') return FACTORY
  if (isStore(source)) return source
  return JSON.stringify(source, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))
}

function toStore(source: unknown): VerificationSessionStore<VerificationSessionState> {
  if (typeof source === 'function') return (source as () => VerificationSessionStore<VerificationSessionState>)()
  if (isStore(source)) return source
  return createBridgeSession(source as BridgeSessionConfig)
}

/**
 * Render a human-verification (IDKit-style) bridge session through
 * `useSyncExternalStore`.
 *
 * - Given a `BridgeSessionConfig`, it creates the session with
 *   `createBridgeSession` from `@worldmap/minikit/bridge`, once per config
 *   value (a config that changes — say a new `signal` — starts a new session).
 * - Given a session store (anything with the {@link VerificationSessionStore}
 *   shape), it renders that store; given a factory, it calls it once per
 *   mounted component.
 * - Polling stops on unmount (and when the session is replaced).
 *
 * @example
 * ```tsx
 * function VerifyWithPhone({ address }: { address: string }) {
 *   const session = useVerificationSession({ app_id: 'app_123', action: 'collect-drop', signal: address }, { autoStart: true })
 *   if (session.verificationState === 'confirmed') return <p>Verified</p>
 *   if (session.connectorURI) return <QRCode value={session.connectorURI} />
 *   return <button type="button" onClick={() => session.createClient()}>Verify with World App</button>
 * }
 * ```
 */
export function useVerificationSession(
  config: BridgeSessionConfig,
  options?: UseVerificationSessionOptions,
): UseVerificationSessionReturnType<BridgeSession>
export function useVerificationSession<TStore extends VerificationSessionStore<VerificationSessionState>>(
  source: TStore | (() => TStore),
  options?: UseVerificationSessionOptions,
): UseVerificationSessionReturnType<TStore>
export function useVerificationSession<TStore extends VerificationSessionStore<VerificationSessionState>>(
  source: VerificationSessionSource<TStore>,
  options: UseVerificationSessionOptions = {},
): UseVerificationSessionReturnType<TStore> {
  const key = sourceKey(source)
  const [slot, setSlot] = useState(() => ({ key, store: toStore(source) }))
  let store = slot.store as TStore
  if (!Object.is(slot.key, key)) {
    // Replacing the session during render (React's "adjust state on prop
    // change" pattern): creating a session has no side effects.
    store = toStore(source) as TStore
    setSlot({ key, store })
  }
  const subscribe = useCallback((listener: () => void) => store.subscribe(() => listener()), [store])
  const getState = useCallback(() => store.getState() as ReturnType<TStore['getState']>, [store])
  // A session starts in the same state on the server and the client, so its
  // own state is the server snapshot too.
  const state = useSyncExternalStore(subscribe, getState, getState)
  useEffect(() => () => store.stop(), [store])
  const { autoStart = false } = options
  const actions = useMemo(
    () => ({
      createClient: (async () => {
        const result = await store.createClient()
        if (autoStart) {
          // A session reports polling failures in its state; the promise is not ours to surface.
          const started = store.start()
          if (started instanceof Promise) started.catch(() => undefined)
        }
        return result
      }) as TStore['createClient'],
      pollForUpdates: (() => store.pollForUpdates()) as TStore['pollForUpdates'],
      reset: (() => store.reset()) as TStore['reset'],
      start: (() => store.start()) as TStore['start'],
      stop: (() => store.stop()) as TStore['stop'],
      store,
    }),
    [store, autoStart],
  )
  return useMemo(() => ({ ...state, ...actions }), [state, actions])
}
