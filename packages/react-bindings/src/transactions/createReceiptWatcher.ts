import type { Client, Hash, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { TransactionRevertedError } from '../errors/TransactionRevertedError.js'
import { RECEIPT_TIMEOUT_MS } from './constants.js'
import { createWorldChainClient } from './createWorldChainClient.js'
import { waitForTransactionHash } from './waitForTransactionHash.js'

/** What to wait for: an on-chain hash, or a MiniKit transaction id to resolve first. */
export interface ReceiptTarget {
  /** Transaction hash; skips the Developer Portal. */
  hash?: Hash | undefined
  /** MiniKit `transaction_id` from a `sendTransaction` reply; resolved to a hash through the Developer Portal. */
  transactionId?: string | undefined
  /** viem client used for the receipt; a {@link createWorldChainClient} client by default. */
  client?: Client | undefined
  /** Developer Portal app id, needed with `transactionId`. */
  appId?: string | null | undefined
  /** Developer Portal base URL; `https://developer.worldcoin.org` by default. */
  developerPortalUrl?: string | undefined
  /** Blocks to wait for after inclusion; 1 by default. */
  confirmations?: number | undefined
  /** Give up after this many ms (portal and receipt each); 180000 by default. */
  timeout?: number | undefined
  /** Polling interval in ms (portal and receipt); the client's (1000 ms on World Chain) by default. */
  pollingInterval?: number | undefined
}

/** State of a receipt watcher. */
export interface ReceiptState {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** The target this state belongs to (hash or transaction id). */
  target: string | undefined
  transactionHash: Hash | undefined
  receipt: TransactionReceipt | undefined
  error: Error | null
}

/** A framework-free store that waits for one transaction at a time. */
export interface ReceiptWatcher {
  getState(): ReceiptState
  subscribe(listener: () => void): () => void
  /** Start waiting for `target` (cancelling any previous wait); returns {@link ReceiptWatcher.stop}. */
  watch(target: ReceiptTarget): () => void
  /** Wait for the current target again from the start (after an error or a timeout). */
  retry(): void
  /** Cancel the current wait; `retry()` does nothing until the next `watch()`. */
  stop(): void
}

const idle: ReceiptState = Object.freeze({
  status: 'idle',
  target: undefined,
  transactionHash: undefined,
  receipt: undefined,
  error: null,
})

let defaultClient: Client | undefined

/** The key a state belongs to: the hash when given, else the MiniKit id. */
export function receiptTargetKey(target: Pick<ReceiptTarget, 'hash' | 'transactionId'>): string | undefined {
  return target.hash ?? target.transactionId ?? undefined
}

/**
 * The state as seen for `target`: pending (not idle) for a target whose wait
 * has not started yet, so a new hash never shows the previous receipt.
 */
export function receiptStateFor(state: ReceiptState, target: Pick<ReceiptTarget, 'hash' | 'transactionId'>): ReceiptState {
  const key = receiptTargetKey(target)
  if (state.target === key) return state
  return key === undefined ? idle : { ...idle, status: 'pending', target: key, transactionHash: target.hash }
}

/**
 * Create a receipt watcher: given a hash, wait for its receipt; given a
 * MiniKit transaction id, first poll the Developer Portal for the hash
 * (see {@link waitForTransactionHash}), then wait for the receipt with
 * viem's `waitForTransactionReceipt`. Each wait has its own AbortController,
 * so a stale wait can never overwrite a newer one.
 *
 * @example
 * ```ts
 * const watcher = createReceiptWatcher()
 * watcher.subscribe(() => console.log(watcher.getState().status))
 * const stop = watcher.watch({ transactionId: 'tx_123', appId: 'app_123' })
 * ```
 */
export function createReceiptWatcher(): ReceiptWatcher {
  let state: ReceiptState = idle
  let current: { controller: AbortController; target: ReceiptTarget } | undefined
  const listeners = new Set<() => void>()
  const set = (next: ReceiptState) => {
    state = next
    for (const listener of listeners) listener()
  }

  const run = (target: ReceiptTarget) => {
    current?.controller.abort()
    const key = receiptTargetKey(target)
    if (key === undefined) {
      current = undefined
      set(idle)
      return
    }
    const controller = new AbortController()
    const own = { controller, target }
    current = own
    const { signal } = controller
    const live = () => current === own && !signal.aborted
    set({ ...idle, status: 'pending', target: key, transactionHash: target.hash })
    const timeout = target.timeout ?? RECEIPT_TIMEOUT_MS
    void (async () => {
      try {
        const hash =
          target.hash ??
          (await waitForTransactionHash({
            transactionId: target.transactionId as string,
            appId: target.appId ?? '',
            developerPortalUrl: target.developerPortalUrl,
            pollingInterval: target.pollingInterval ?? target.client?.pollingInterval,
            timeout,
            signal,
          }))
        if (!live()) return
        if (!target.hash) set({ ...state, transactionHash: hash })
        // Created on first use, never at import time.
        defaultClient ??= createWorldChainClient()
        const receipt = await waitForTransactionReceipt(target.client ?? defaultClient, {
          hash,
          confirmations: target.confirmations ?? 1,
          timeout,
          signal,
          ...(target.pollingInterval === undefined ? {} : { pollingInterval: target.pollingInterval }),
        })
        if (!live()) return
        set(
          receipt.status === 'reverted'
            ? { ...state, status: 'error', receipt, error: new TransactionRevertedError(hash) }
            : { ...state, status: 'success', receipt, error: null },
        )
      } catch (error) {
        if (!live()) return
        set({ ...state, status: 'error', error: error instanceof Error ? error : new Error(String(error), { cause: error }) })
      }
    })()
  }

  const stop = () => {
    current?.controller.abort()
    current = undefined
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    watch(target) {
      run(target)
      return stop
    },
    retry() {
      if (current) run(current.target)
    },
    stop,
  }
}
