import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { Hash, TransactionReceipt } from 'viem'
import { MiniKitContext } from '../context.js'
import { createReceiptWatcher, type ReceiptTarget, receiptStateFor } from '../transactions/createReceiptWatcher.js'

/** Parameters of {@link useWaitForTransactionReceipt}. */
export type UseWaitForTransactionReceiptParameters = ReceiptTarget

/** Return type of {@link useWaitForTransactionReceipt}. */
export interface UseWaitForTransactionReceiptReturnType {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** The on-chain hash: given, or found on the Developer Portal. */
  transactionHash: Hash | undefined
  receipt: TransactionReceipt | undefined
  /** True while waiting for the hash or the receipt. */
  isLoading: boolean
  /** The receipt arrived and the transaction did not revert. */
  isSuccess: boolean
  isError: boolean
  /**
   * Typed failure: `TransactionFailedError`, `TransactionStatusError`,
   * `TransactionStatusTimeoutError`, `TransactionRevertedError`, or viem's
   * `WaitForTransactionReceiptTimeoutError`.
   */
  error: Error | null
  /** Wait again from the start (for example after a timeout). */
  retry(): void
}

/**
 * Wait for a transaction's receipt on World Chain. Pass the `hash`, or the
 * MiniKit `transactionId` from a `sendTransaction` reply: it is resolved to a
 * hash through the Developer Portal first (`appId` defaults to the
 * provider's). Fixes the official hook: `isLoading` is true while waiting,
 * `retry()` really re-runs, a `failed` transaction ends the wait. The wait is
 * aborted on unmount and when the hash or id changes.
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
  const view = receiptStateFor(state, { hash, transactionId })
  return useMemo(
    () => ({
      status: view.status,
      transactionHash: view.transactionHash,
      receipt: view.receipt,
      isLoading: view.status === 'pending',
      isSuccess: view.status === 'success',
      isError: view.status === 'error',
      error: view.error,
      retry: watcher.retry,
    }),
    [view, watcher],
  )
}
