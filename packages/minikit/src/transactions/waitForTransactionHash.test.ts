import { afterEach, expect, test, vi } from 'vitest'
import { txHash } from '../../test/chain.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { TransactionFailedError } from '../errors/transactions/TransactionFailedError.js'
import { TransactionStatusError } from '../errors/transactions/TransactionStatusError.js'
import { TransactionStatusTimeoutError } from '../errors/transactions/TransactionStatusTimeoutError.js'
import { waitForTransactionHash } from './waitForTransactionHash.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Stub fetch with a queue of portal answers; the last one repeats. */
function stubPortal(...answers: Array<() => Response | Promise<Response>>) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => (answers.length > 1 ? answers.shift() : answers[0])?.() as Response,
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}
const pending = () => Response.json({ transactionStatus: 'pending' })
const mined =
  (hash = txHash('1')) =>
  () =>
    Response.json({ transactionHash: hash, transactionStatus: 'mined' })

test('default: polls the Developer Portal until a hash appears', async () => {
  const fetch = stubPortal(pending, pending, mined())
  await expect(waitForTransactionHash({ transactionId: 'tx 1/2', appId: 'app_123', pollingInterval: 1 })).resolves.toBe(
    txHash('1'),
  )
  expect(fetch).toHaveBeenCalledTimes(3)
  expect(fetch.mock.calls[0]?.[0]).toBe(
    'https://developer.worldcoin.org/api/v2/minikit/transaction/tx%201%2F2?app_id=app_123&type=transaction',
  )
  expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'GET' })
})

test('parameters: developerPortalUrl (trailing slash tolerated)', async () => {
  const fetch = stubPortal(mined())
  await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1', developerPortalUrl: 'https://portal.test/' })
  expect(fetch.mock.calls[0]?.[0]).toBe('https://portal.test/api/v2/minikit/transaction/tx_1?app_id=app_1&type=transaction')
})

test('behavior: a failed transaction with a hash still yields the hash (the receipt tells the rest)', async () => {
  stubPortal(() => Response.json({ transactionHash: txHash('2'), transactionStatus: 'failed' }))
  await expect(waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1' })).resolves.toBe(txHash('2'))
})

test('behavior: unknown statuses and null hashes keep polling', async () => {
  const fetch = stubPortal(() => Response.json({ transactionHash: null, transactionStatus: 'queued', extra: 1 }), mined())
  await expect(waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1', pollingInterval: 1 })).resolves.toBe(txHash('1'))
  expect(fetch).toHaveBeenCalledTimes(2)
})

test('error: status failed without a hash → TransactionFailedError (no endless polling)', async () => {
  const fetch = stubPortal(() => Response.json({ transactionStatus: 'failed' }))
  const error = await waitForTransactionHash({ transactionId: 'tx_9', appId: 'app_1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionFailedError)
  expect(error).toMatchObject({ name: 'TransactionFailedError', code: 'transaction_failed', transactionId: 'tx_9' })
  expect(error).toMatchObject({
    shortMessage: 'Transaction failed',
    details: 'The Developer Portal reports transaction tx_9 as failed.',
  })
  expect(fetch).toHaveBeenCalledTimes(1)
})

test('error: a non-OK answer → TransactionStatusError with the HTTP status', async () => {
  stubPortal(() => new Response('nope', { status: 404 }))
  const error = await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionStatusError)
  expect(error).toMatchObject({
    name: 'TransactionStatusError',
    code: 'transaction_status_error',
    status: 404,
    shortMessage: 'Failed to fetch transaction status',
    details: 'HTTP 404',
  })
})

test('error: a malformed body → TransactionStatusError naming the field', async () => {
  stubPortal(() => Response.json({ transactionHash: '0x1234', transactionStatus: 'mined' }))
  const error = await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionStatusError)
  expect((error as TransactionStatusError).details).toBe('transactionHash: not a transaction hash')
})

test('error: a body that is not JSON → TransactionStatusError', async () => {
  stubPortal(() => new Response('<html>', { status: 200 }))
  const error = await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1' }).catch((e: unknown) => e)
  expect(error).toMatchObject({ code: 'transaction_status_error', details: 'The body is not JSON' })
})

test('error: a network failure → TransactionStatusError with the cause', async () => {
  const cause = new TypeError('fetch failed')
  stubPortal(() => Promise.reject(cause))
  const error = await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionStatusError)
  expect((error as Error).cause).toBe(cause)
})

test('error: no hash within the timeout → TransactionStatusTimeoutError', async () => {
  stubPortal(pending)
  const error = await waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1', pollingInterval: 5, timeout: 12 }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TransactionStatusTimeoutError)
  expect(error).toMatchObject({
    name: 'TransactionStatusTimeoutError',
    code: 'transaction_status_timeout',
    timeout: 12,
    shortMessage: 'Timed out waiting for the transaction hash',
    details: 'Transaction tx_1 had no hash after 12 ms.',
  })
})

test('error: aborting rejects with the signal reason, also while sleeping', async () => {
  stubPortal(pending)
  const controller = new AbortController()
  const promise = waitForTransactionHash({
    transactionId: 'tx_1',
    appId: 'app_1',
    pollingInterval: 10_000,
    signal: controller.signal,
  })
  await new Promise((resolve) => setTimeout(resolve, 5))
  const reason = new Error('unmounted')
  controller.abort(reason)
  await expect(promise).rejects.toBe(reason)
  await expect(waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1', signal: AbortSignal.abort(reason) })).rejects.toBe(
    reason,
  )
})

test('error: aborting during the request rejects with the signal reason, not a status error', async () => {
  const controller = new AbortController()
  const reason = new Error('id changed')
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      controller.abort(reason)
      throw new DOMException('aborted', 'AbortError')
    }),
  )
  await expect(waitForTransactionHash({ transactionId: 'tx_1', appId: 'app_1', signal: controller.signal })).rejects.toBe(reason)
})

test('error: a transaction id needs an app id', async () => {
  const fetch = stubPortal(mined())
  await expect(waitForTransactionHash({ transactionId: 'tx_1', appId: '' })).rejects.toThrowError(
    new InvalidPayloadError("'appId' is required to look up a MiniKit transaction id"),
  )
  expect(fetch).not.toHaveBeenCalled()
})
