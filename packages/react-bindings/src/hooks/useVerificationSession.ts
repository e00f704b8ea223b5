import {
  type BridgeSession,
  type BridgeSessionConfig,
  type BridgeSessionState,
  createBridgeSession,
} from '@worldmap/minikit/bridge'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'

/** Return type of {@link useVerificationSession}: the session's state plus its actions. */
export type UseVerificationSessionReturnType = BridgeSessionState &
  Pick<BridgeSession, 'createClient' | 'pollForUpdates' | 'reset' | 'start' | 'stop'> & {
    /** The session itself, for code outside React. */
    session: BridgeSession
  }

const isSession = (source: BridgeSession | BridgeSessionConfig): source is BridgeSession =>
  typeof (source as Partial<BridgeSession>).getState === 'function'

// Inline config literals are the norm, so a config counts by value (a new
// `signal` is a new session); a session counts by identity.
const keyOf = (source: BridgeSession | BridgeSessionConfig): unknown =>
  isSession(source) ? source : JSON.stringify(source, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))

const toSession = (source: BridgeSession | BridgeSessionConfig): BridgeSession =>
  isSession(source) ? source : createBridgeSession(source)

/**
 * Render a human-verification (IDKit-style) bridge session from
 * `@worldmap/minikit/bridge` through `useSyncExternalStore`. Pass either a
 * `BridgeSession` (rendered as given) or its `BridgeSessionConfig` (one
 * `createBridgeSession` per config value). Polling stops on unmount and when
 * the session is replaced. `start()` creates the bridge request if needed and
 * polls until the session is confirmed or failed.
 *
 * @example
 * ```tsx
 * function VerifyWithPhone({ address }: { address: string }) {
 *   const session = useVerificationSession({ app_id: 'app_123', action: 'collect-drop', signal: address })
 *   if (session.verificationState === 'confirmed') return <p>Verified</p>
 *   if (session.connectorURI) return <QRCode value={session.connectorURI} />
 *   return <button type="button" onClick={() => session.start()}>Verify with World App</button>
 * }
 * ```
 */
export function useVerificationSession(source: BridgeSession | BridgeSessionConfig): UseVerificationSessionReturnType {
  const key = keyOf(source)
  const [slot, setSlot] = useState(() => ({ key, session: toSession(source) }))
  let { session } = slot
  if (!Object.is(slot.key, key)) {
    // React's "adjust state when a prop changes" pattern: creating a session has no side effects.
    session = toSession(source)
    setSlot({ key, session })
  }
  // A session starts in the same state on the server and the client, so its own state is the server snapshot too.
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState)
  useEffect(() => () => session.stop(), [session])
  return useMemo(() => {
    const { createClient, pollForUpdates, reset, start, stop } = session
    return { ...state, createClient, pollForUpdates, reset, start, stop, session }
  }, [state, session])
}
