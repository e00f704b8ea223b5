import { worldchain } from 'viem/chains'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeChain, type FakeChain, rpcReceipt, txHash } from '../../test/chain.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { TransactionFailedError } from '../errors/transactions/TransactionFailedError.js'
import { TransactionRevertedError } from '../errors/transactions/TransactionRevertedError.js'
import { TransactionStatusError } from '../errors/transactions/TransactionStatusError.js'
import { createReceiptWatcher, getReceiptState, type ReceiptState, type ReceiptWatcher } from './createReceiptWatcher.js'

let chain: FakeChain
let watcher: ReceiptWatcher

beforeEach(() => {
  chain = createFakeChain()
  watcher = createReceiptWatcher()
})

afterEach(() => {
  watcher.stop()
  vi.unstubAllGlobals()
})

type PortalAnswer = { transactionHash?: string | null; transactionStatus: string } | number

/** Developer Portal stub: `answers` is consumed per request, the last one repeats. */
function stubPortal(answers: PortalAnswer[]) {
  const fetch = vi.fn(async (_url: string) => {
    const answer = (answers.length > 1 ? answers.shift() : answers[0]) as PortalAnswer
    return typeof answer === 'number' ? new Response('error', { status: answer }) : Response.json(answer)
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const mine = (hash: string, status: '0x1' | '0x0' = '0x1') => chain.receipts.set(hash, rpcReceipt(hash, status))

/** Resolves once the watcher leaves `pending`. */
const settled = () =>
  vi.waitFor(
    () => {
      const state = watcher.getState()
      expect(state.status).not.toBe('pending')
      return state
    },
    { timeout: 5_000 },
  )

test('default: idle until told what to watch', () => {
  expect(watcher.getState()).toEqual({
    status: 'idle',
    target: undefined,
    transactionHash: undefined,
    receipt: undefined,
    error: null,
    isLoading: false,
    isSuccess: false,
    isError: false,
  })
})

test('default: with a hash, pending (isLoading) while waiting, then the receipt', async () => {
  const hash = txHash('1')
  const seen: ReceiptState[] = []
  watcher.subscribe(() => seen.push(watcher.getState()))
  watcher.watch({ hash, client: chain.client })
  expect(watcher.getState()).toMatchObject({ status: 'pending', isLoading: true, target: hash, transactionHash: hash })
  await vi.waitFor(() => expect(chain.calls.filter((m) => m === 'eth_getTransactionReceipt').length).toBeGreaterThan(1), {
    timeout: 5_000,
  })
  expect(watcher.getState().isLoading).toBe(true)
  mine(hash)
  const state = await settled()
  expect(state).toMatchObject({ status: 'success', isLoading: false, isSuccess: true, isError: false, error: null })
  expect(state.receipt).toMatchObject({ status: 'success', transactionHash: hash, blockNumber: 16n })
  expect(seen.map((s) => s.status)).toEqual(['pending', 'success'])
  expect(Object.isFrozen(state)).toBe(true)
})

test('default: with a MiniKit transaction id, resolves the hash on the Developer Portal first', async () => {
  const hash = txHash('2')
  mine(hash)
  const fetch = stubPortal([{ transactionStatus: 'pending' }, { transactionHash: hash, transactionStatus: 'mined' }])
  watcher.watch({ transactionId: 'tx_1', appId: 'app_123', client: chain.client, pollingInterval: 5 })
  expect(watcher.getState()).toMatchObject({ isLoading: true, target: 'tx_1', transactionHash: undefined })
  expect(await settled()).toMatchObject({ status: 'success', transactionHash: hash })
  expect(fetch).toHaveBeenCalledTimes(2)
  expect(fetch.mock.calls[0]?.[0]).toBe(
    'https://developer.worldcoin.org/api/v2/minikit/transaction/tx_1?app_id=app_123&type=transaction',
  )
})

test('parameters: developerPortalUrl; the client’s polling interval paces the portal', async () => {
  const hash = txHash('3')
  mine(hash)
  const fetch = stubPortal([{ transactionStatus: 'pending' }, { transactionHash: hash, transactionStatus: 'mined' }])
  watcher.watch({ transactionId: 'tx_2', appId: 'app_1', client: chain.client, developerPortalUrl: 'https://portal.test' })
  expect(await settled()).toMatchObject({ status: 'success' })
  expect(fetch.mock.calls[0]?.[0]).toBe('https://portal.test/api/v2/minikit/transaction/tx_2?app_id=app_1&type=transaction')
})

test('parameters: confirmations waits for more blocks', async () => {
  const hash = txHash('4')
  mine(hash)
  watcher.watch({ hash, client: chain.client, confirmations: 3 })
  expect(await settled()).toMatchObject({ status: 'success' })
  // Receipt in block 0x10: three confirmations need block 0x12.
  expect(chain.calls.filter((m) => m === 'eth_blockNumber').length).toBeGreaterThanOrEqual(2)
})

test('parameters: without a client, the World Chain default client (viem http over fetch) is used', async () => {
  const hash = txHash('5')
  const bodies: Array<{ method: string }[]> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(worldchain.rpcUrls.default.http[0])
      const batch = JSON.parse(String(init.body)) as Array<{ id: number; method: string; params: string[] }>
      bodies.push(batch)
      return Response.json(
        batch.map(({ id, method, params }) => ({
          jsonrpc: '2.0',
          id,
          result: method === 'eth_getTransactionReceipt' ? rpcReceipt(params[0] as string) : '0x20',
        })),
      )
    }),
  )
  watcher.watch({ hash })
  expect(await settled()).toMatchObject({ status: 'success' })
  expect(bodies.flat().map(({ method }) => method)).toContain('eth_getTransactionReceipt')
})

test('behavior: retry() waits again from the start, also after a success', async () => {
  const hash = txHash('6')
  mine(hash)
  const fetch = stubPortal([503, { transactionHash: hash, transactionStatus: 'mined' }])
  watcher.watch({ transactionId: 'tx_3', appId: 'app_1', client: chain.client })
  const failed = await settled()
  expect(failed).toMatchObject({ status: 'error', isError: true, isLoading: false })
  expect(failed.error).toBeInstanceOf(TransactionStatusError)
  watcher.retry()
  expect(watcher.getState()).toMatchObject({ status: 'pending', isLoading: true, error: null })
  expect(await settled()).toMatchObject({ status: 'success' })
  expect(fetch).toHaveBeenCalledTimes(2)
  watcher.retry()
  expect(watcher.getState().isLoading).toBe(true)
  expect(await settled()).toMatchObject({ status: 'success' })
  expect(fetch).toHaveBeenCalledTimes(3)
})

test('behavior: a new target aborts the old wait, whose late result is dropped', async () => {
  const first = txHash('7')
  const second = txHash('8')
  watcher.watch({ hash: first, client: chain.client })
  watcher.watch({ hash: second, client: chain.client })
  mine(first)
  await new Promise((resolve) => setTimeout(resolve, 40))
  expect(watcher.getState()).toMatchObject({ status: 'pending', target: second, receipt: undefined })
  mine(second)
  expect((await settled()).receipt?.transactionHash).toBe(second)
})

test('behavior: watching nothing returns to idle; stop() ends the polling and disarms retry()', async () => {
  const fetch = stubPortal([{ transactionStatus: 'pending' }])
  const listener = vi.fn()
  const unsubscribe = watcher.subscribe(listener)
  watcher.watch({ transactionId: 'tx_4', appId: 'app_1', client: chain.client, pollingInterval: 5 })
  await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(1), { timeout: 5_000 })
  watcher.watch({})
  expect(watcher.getState()).toMatchObject({ status: 'idle', isLoading: false })
  const stop = watcher.watch({ transactionId: 'tx_5', appId: 'app_1', client: chain.client, pollingInterval: 5 })
  await vi.waitFor(() => expect(fetch.mock.calls.at(-1)?.[0]).toContain('tx_5'), { timeout: 5_000 })
  stop()
  const calls = fetch.mock.calls.length
  const notified = listener.mock.calls.length
  watcher.retry()
  await new Promise((resolve) => setTimeout(resolve, 30))
  expect(fetch.mock.calls.length).toBe(calls)
  expect(listener).toHaveBeenCalledTimes(notified)
  unsubscribe()
})

test('behavior: getReceiptState shows pending, never the previous receipt, for a target not watched yet', async () => {
  const hash = txHash('9')
  const other = txHash('a')
  mine(hash)
  watcher.watch({ hash, client: chain.client })
  const state = await settled()
  expect(getReceiptState(state, { hash })).toBe(state)
  expect(getReceiptState(state, { hash: other })).toEqual({
    status: 'pending',
    target: other,
    transactionHash: other,
    receipt: undefined,
    error: null,
    isLoading: true,
    isSuccess: false,
    isError: false,
  })
  expect(getReceiptState(state, { transactionId: 'tx_6' })).toMatchObject({ status: 'pending', transactionHash: undefined })
  expect(getReceiptState(state, {})).toMatchObject({ status: 'idle', target: undefined })
})

test('error: a failed MiniKit transaction ends the wait with TransactionFailedError', async () => {
  stubPortal([{ transactionStatus: 'failed' }])
  watcher.watch({ transactionId: 'tx_6', appId: 'app_1', client: chain.client })
  const state = await settled()
  expect(state).toMatchObject({ status: 'error', isLoading: false, isSuccess: false, transactionHash: undefined })
  expect(state.error).toBeInstanceOf(TransactionFailedError)
})

test('error: a reverted transaction → TransactionRevertedError, receipt kept', async () => {
  const hash = txHash('b')
  mine(hash, '0x0')
  watcher.watch({ hash, client: chain.client })
  const state = await settled()
  expect(state.error).toBeInstanceOf(TransactionRevertedError)
  expect(state.error).toMatchObject({
    name: 'TransactionRevertedError',
    code: 'transaction_reverted',
    hash,
    shortMessage: 'Transaction reverted',
    details: `Transaction ${hash} was mined but reverted.`,
  })
  expect(state.receipt?.status).toBe('reverted')
})

test('error: no receipt within the timeout → viem’s WaitForTransactionReceiptTimeoutError', async () => {
  watcher.watch({ hash: txHash('c'), client: chain.client, timeout: 30 })
  expect((await settled()).error?.name).toBe('WaitForTransactionReceiptTimeoutError')
})

test('error: a transaction id without an app id fails with InvalidPayloadError, without a request', async () => {
  const fetch = stubPortal([{ transactionStatus: 'pending' }])
  watcher.watch({ transactionId: 'tx_7', client: chain.client })
  expect((await settled()).error).toBeInstanceOf(InvalidPayloadError)
  expect(fetch).not.toHaveBeenCalled()
})
