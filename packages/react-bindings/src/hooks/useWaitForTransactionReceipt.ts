import {
  createReceiptWatcher,
  getReceiptState,
  type ReceiptState,
  type ReceiptTarget,
  type ReceiptWatcher,
} from '@worldmap/minikit/transactions'
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { MiniKitContext } from '../context.js'

/** Parameters of {@link useWaitForTransactionReceipt}: a `ReceiptTarget` of `@worldmap/minikit/transactions`. */
export type UseWaitForTransactionReceiptParameters = ReceiptTarget

/** Return type of {@link useWaitForTransactionReceipt}: the receipt watcher's state plus `retry`. */
export type UseWaitForTransactionReceiptReturnType = ReceiptState & Pick<ReceiptWatcher, 'retry'>

/**
 * Wait for a transaction's receipt on World Chain: a `createReceiptWatcher`
 * (from `@worldmap/minikit/transactions`) rendered through
 * `useSyncExternalStore`. Pass the `hash`, or the MiniKit `transactionId`
 * from a `sendTransaction` reply: it is resolved to a hash through the
 * Developer Portal first (`appId` defaults to the provider's). `isLoading` is
 * true while waiting, `retry()` really re-runs, a `failed` transaction ends
 * the wait. The wait is aborted on unmount and when the hash or id changes.
 *
 * Pass a memoised `client` (a new object each render restarts the wait).
 *
 * @example
 * ```tsx
 * function Receipt({ transactionId }: { transactionId: string }) {
 *   const { isLoading, isSuccess, error, retry } = useWaitForTransactionReceipt({ transactionId, appId: 'app_123' })
 *   if (isLoading) return <p>Confirming…</p>
 *   if (error) return <button type="button" onClick={retry}>Retry</button>
 *   return isSuccess ? <p>Confirmed</p> : null
 * }
 * ```
 */
export function useWaitForTransactionReceipt(
  parameters: UseWaitForTransactionReceiptParameters = {},
): UseWaitForTransactionReceiptReturnType {
  const { hash, transactionId, client, developerPortalUrl, confirmations, timeout, pollingInterval } = parameters
  const context = useContext(MiniKitContext)
  const appId = parameters.appId ?? context?.appId
  const [watcher] = useState(createReceiptWatcher)
  const state = useSyncExternalStore(watcher.subscribe, watcher.getState, watcher.getState)
  useEffect(
    () => watcher.watch({ hash, transactionId, client, appId, developerPortalUrl, confirmations, timeout, pollingInterval }),
    [watcher, hash, transactionId, client, appId, developerPortalUrl, confirmations, timeout, pollingInterval],
  )
  // The effect starts a new wait after rendering; until then, show the new target as pending.
  const view = getReceiptState(state, { hash, transactionId })
  return useMemo(() => ({ ...view, retry: watcher.retry }), [view, watcher])
}
