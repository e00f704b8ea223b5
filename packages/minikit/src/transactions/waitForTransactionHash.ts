import type { Hash } from 'viem'
import * as z from 'zod/mini'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { TransactionFailedError } from '../errors/transactions/TransactionFailedError.js'
import { TransactionStatusError } from '../errors/transactions/TransactionStatusError.js'
import { TransactionStatusTimeoutError } from '../errors/transactions/TransactionStatusTimeoutError.js'
import { DEFAULT_DEVELOPER_PORTAL_URL, RECEIPT_TIMEOUT_MS, WORLD_CHAIN_POLLING_INTERVAL_MS } from './constants.js'

// Wire type: the Developer Portal's answer. Unknown statuses are tolerated
// (and polled again); only a 32-byte hash ends the wait.
const statusBody = z.looseObject({
  transactionHash: z.optional(z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'not a transaction hash')))),
  transactionStatus: z.string(),
})

/** Parameters of {@link waitForTransactionHash}. */
export interface WaitForTransactionHashParameters {
  /** The MiniKit `transaction_id` from a `sendTransaction` reply. */
  transactionId: string
  /** Your Developer Portal app id. */
  appId: string
  /** Developer Portal base URL; `https://developer.worldcoin.org` by default. */
  developerPortalUrl?: string | undefined
  /** Time between two status requests, in ms; 1000 by default. */
  pollingInterval?: number | undefined
  /** Give up after this many ms; 180000 by default. */
  timeout?: number | undefined
  signal?: AbortSignal | undefined
}

/**
 * Poll the Developer Portal until the MiniKit transaction has an on-chain
 * hash. Rejects with {@link TransactionFailedError} when the portal reports
 * `failed` (the official hook polled forever), {@link TransactionStatusError}
 * when a request fails or its body is malformed, and
 * {@link TransactionStatusTimeoutError} after `timeout`. Aborting `signal`
 * rejects with the signal's reason.
 *
 * @example
 * ```ts
 * const hash = await waitForTransactionHash({ transactionId: reply.transaction_id, appId: 'app_123' })
 * ```
 */
export async function waitForTransactionHash({
  transactionId,
  appId,
  developerPortalUrl = DEFAULT_DEVELOPER_PORTAL_URL,
  pollingInterval = WORLD_CHAIN_POLLING_INTERVAL_MS,
  timeout = RECEIPT_TIMEOUT_MS,
  signal,
}: WaitForTransactionHashParameters): Promise<Hash> {
  if (!appId) throw new InvalidPayloadError("'appId' is required to look up a MiniKit transaction id")
  const url = `${developerPortalUrl.replace(/\/+$/, '')}/api/v2/minikit/transaction/${encodeURIComponent(transactionId)}?app_id=${encodeURIComponent(appId)}&type=transaction`
  const deadline = Date.now() + timeout
  for (;;) {
    signal?.throwIfAborted()
    let response: Response
    try {
      response = await fetch(url, { method: 'GET', ...(signal ? { signal } : {}) })
    } catch (cause) {
      signal?.throwIfAborted()
      throw new TransactionStatusError({ cause })
    }
    if (!response.ok) throw new TransactionStatusError({ status: response.status, details: `HTTP ${response.status}` })
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      signal?.throwIfAborted()
      throw new TransactionStatusError({ status: response.status, cause, details: 'The body is not JSON' })
    }
    const parsed = statusBody.safeParse(body)
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
      throw new TransactionStatusError({ status: response.status, details })
    }
    const { transactionHash, transactionStatus } = parsed.data
    if (transactionHash) return transactionHash as Hash
    if (transactionStatus === 'failed') throw new TransactionFailedError(transactionId)
    if (Date.now() + pollingInterval > deadline) throw new TransactionStatusTimeoutError(transactionId, timeout)
    await sleep(pollingInterval, signal)
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
