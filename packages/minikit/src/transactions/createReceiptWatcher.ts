import type { Client, Hash, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { TransactionRevertedError } from '../errors/transactions/TransactionRevertedError.js'
import { clearOnReset } from '../state.js'
import { createStore } from '../utils/createStore.js'
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

/** Lifecycle of one wait. */
export type ReceiptStatus = 'idle' | 'pending' | 'success' | 'error'

/** State of a receipt watcher. */
export interface ReceiptState {
  status: ReceiptStatus
  /** The target this state belongs to (hash or transaction id). */
  target: string | undefined
  /** The on-chain hash: given, or found on the Developer Portal. */
  transactionHash: Hash | undefined
  /** Kept on a revert too, next to the {@link TransactionRevertedError}. */
  receipt: TransactionReceipt | undefined
  /**
   * Typed failure: `TransactionFailedError`, `TransactionStatusError`,
   * `TransactionStatusTimeoutError`, `TransactionRevertedError`,
   * `InvalidPayloadError` (a transaction id without an app id), or viem's
   * `WaitForTransactionReceiptTimeoutError`.
   */
  error: Error | null
  /** True while waiting for the hash or the receipt. */
  isLoading: boolean
  /** The receipt arrived and the transaction did not revert. */
  isSuccess: boolean
  isError: boolean
}

/** A framework-free store that waits for one transaction at a time. */
export interface ReceiptWatcher {
  /** The current snapshot; the same object until the state changes. */
  getState(): ReceiptState
  subscribe(listener: () => void): () => void
  /** Start waiting for `target` (cancelling any previous wait); returns {@link ReceiptWatcher.stop}. */
  watch(target: ReceiptTarget): () => void
  /** Wait for the current target again from the start (after an error or a timeout). */
  retry(): void
  /** Cancel the current wait; `retry()` does nothing until the next `watch()`. */
  stop(): void
}

type Fields = Omit<ReceiptState, 'isLoading' | 'isSuccess' | 'isError'>

// The flags are derived once per state change, so snapshots stay plain,
// frozen objects that UIs can compare by reference.
const toState = (fields: Fields): ReceiptState =>
  Object.freeze({
    ...fields,
    isLoading: fields.status === 'pending',
    isSuccess: fields.status === 'success',
    isError: fields.status === 'error',
  })

const idle = toState({ status: 'idle', target: undefined, transactionHash: undefined, receipt: undefined, error: null })

let defaultClient: Client | undefined

/** The shared World Chain client: created on first use, never at import time, and dropped by `resetState()`. */
function worldChainClient(): Client {
  if (!defaultClient) {
    defaultClient = createWorldChainClient()
    clearOnReset(() => {
      defaultClient = undefined
    })
  }
  return defaultClient
}

const targetKey = (target: Pick<ReceiptTarget, 'hash' | 'transactionId'>): string | undefined =>
  target.hash ?? target.transactionId ?? undefined

const pendingFor = (key: string, hash: Hash | undefined): ReceiptState =>
  toState({ status: 'pending', target: key, transactionHash: hash, receipt: undefined, error: null })

/**
 * The watcher's state as seen for `target`: `pending` (not the previous
 * target's state) for a target whose wait has not started yet. A UI that
 * calls `watch()` after rendering (a React effect, a Vue watcher) thus never
 * shows the previous transaction's receipt for a new hash.
 *
 * @example
 * ```ts
 * const view = getReceiptState(watcher.getState(), { hash })
 * if (view.isLoading) console.log('Confirming…')
 * ```
 */
export function getReceiptState(state: ReceiptState, target: Pick<ReceiptTarget, 'hash' | 'transactionId'>): ReceiptState {
  const key = targetKey(target)
  if (state.target === key) return state
  return key === undefined ? idle : pendingFor(key, target.hash)
}

/**
 * Create a receipt watcher: given a hash, wait for its receipt; given a
 * MiniKit transaction id, first poll the Developer Portal for the hash
 * (see {@link waitForTransactionHash}), then wait for the receipt with
 * viem's `waitForTransactionReceipt`. Each wait has its own AbortController,
 * so a stale wait can never overwrite a newer one. Fixes the official
 * toolkit's hook: loading is reported while waiting, `retry()` really
 * re-runs, and a `failed` transaction ends the wait.
 *
 * @example
 * ```ts
 * const watcher = createReceiptWatcher()
 * watcher.subscribe(() => console.log(watcher.getState().status))
 * const stop = watcher.watch({ transactionId: 'tx_123', appId: 'app_123' })
 * ```
 */
export function createReceiptWatcher(): ReceiptWatcher {
  const store = createStore(idle)
  let current: { controller: AbortController; target: ReceiptTarget } | undefined

  const run = (target: ReceiptTarget) => {
    current?.controller.abort()
    const key = targetKey(target)
    if (key === undefined) {
      current = undefined
      store.set(idle)
      return
    }
    const controller = new AbortController()
    const own = { controller, target }
    current = own
    store.set(pendingFor(key, target.hash))
    void followTarget(target, controller.signal, {
      live: () => current === own && !controller.signal.aborted,
      update: (fields) => store.set(toState({ ...store.getSnapshot(), ...fields })),
    })
  }

  const stop = () => {
    current?.controller.abort()
    current = undefined
  }

  return {
    getState: store.getSnapshot,
    subscribe: store.subscribe,
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

/**
 * One wait: the hash (given, or polled from the Developer Portal), then its
 * receipt. Every step reports through `update`, and only while `live()`: a
 * newer wait or `stop()` silences this one.
 */
async function followTarget(
  target: ReceiptTarget,
  signal: AbortSignal,
  { live, update }: { live(): boolean; update(fields: Partial<Fields>): void },
): Promise<void> {
  const timeout = target.timeout ?? RECEIPT_TIMEOUT_MS
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
    if (!target.hash) update({ transactionHash: hash })
    const receipt = await waitForTransactionReceipt(target.client ?? worldChainClient(), {
      hash,
      confirmations: target.confirmations ?? 1,
      timeout,
      signal,
      ...(target.pollingInterval === undefined ? {} : { pollingInterval: target.pollingInterval }),
    })
    if (!live()) return
    update(
      receipt.status === 'reverted'
        ? { status: 'error', receipt, error: new TransactionRevertedError(hash) }
        : { status: 'success', receipt, error: null },
    )
  } catch (error) {
    if (!live()) return
    update({ status: 'error', error: error instanceof Error ? error : new Error(String(error), { cause: error }) })
  }
}
