import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
// The receipt watcher itself is tested in @worldmap/minikit; these tests
// cover the React glue, over the same scripted chain.
import { createFakeChain, type FakeChain, rpcReceipt, txHash } from '../../../minikit/test/chain.js'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let lib: Fresh['lib']
let chain: FakeChain
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ lib } = await loadFresh())
  chain = createFakeChain()
})

afterEach(() => {
  host?.uninstall()
  host = undefined
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

test('default: idle without a hash or transaction id', () => {
  const { result } = renderHook(() => lib.useWaitForTransactionReceipt())
  expect(result.current).toEqual({
    status: 'idle',
    target: undefined,
    isLoading: false,
    isSuccess: false,
    isError: false,
    error: null,
    transactionHash: undefined,
    receipt: undefined,
    retry: expect.any(Function),
  })
})

test('default: with a hash, isLoading is true while waiting, then the receipt arrives', async () => {
  const hash = txHash('1')
  const { result } = renderHook(() => lib.useWaitForTransactionReceipt({ hash, client: chain.client }))
  // Loading from the very first render (the official hook never set isLoading).
  expect(result.current).toMatchObject({ status: 'pending', isLoading: true, transactionHash: hash })
  await waitFor(() => expect(chain.calls.filter((m) => m === 'eth_getTransactionReceipt').length).toBeGreaterThan(1))
  expect(result.current.isLoading).toBe(true)
  mine(hash)
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(result.current).toMatchObject({
    status: 'success',
    isLoading: false,
    isError: false,
    error: null,
    transactionHash: hash,
  })
  expect(result.current.receipt).toMatchObject({ status: 'success', transactionHash: hash, blockNumber: 16n })
})

test('default: with a MiniKit transaction id, resolves the hash on the Developer Portal first', async () => {
  const hash = txHash('2')
  mine(hash)
  const fetch = stubPortal([{ transactionStatus: 'pending' }, { transactionHash: hash, transactionStatus: 'mined' }])
  const { result } = renderHook(() =>
    lib.useWaitForTransactionReceipt({ transactionId: 'tx_1', appId: 'app_123', client: chain.client, pollingInterval: 5 }),
  )
  expect(result.current).toMatchObject({ isLoading: true, transactionHash: undefined })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(result.current.transactionHash).toBe(hash)
  expect(fetch).toHaveBeenCalledTimes(2)
  expect(fetch.mock.calls[0]?.[0]).toBe(
    'https://developer.worldcoin.org/api/v2/minikit/transaction/tx_1?app_id=app_123&type=transaction',
  )
})

test('parameters: appId defaults to the provider’s, developerPortalUrl is used', async () => {
  host = createFakeHost()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const hash = txHash('3')
  mine(hash)
  const fetch = stubPortal([{ transactionHash: hash, transactionStatus: 'mined' }])
  const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider appId="app_ctx">{children}</lib.MiniKitProvider>
  const { result } = renderHook(
    () =>
      lib.useWaitForTransactionReceipt({
        transactionId: 'tx_2',
        client: chain.client,
        developerPortalUrl: 'https://portal.test',
      }),
    { wrapper },
  )
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(fetch.mock.calls[0]?.[0]).toBe('https://portal.test/api/v2/minikit/transaction/tx_2?app_id=app_ctx&type=transaction')
})

test('behavior: retry() really re-runs the wait', async () => {
  const hash = txHash('6')
  mine(hash)
  const fetch = stubPortal([503, { transactionHash: hash, transactionStatus: 'mined' }])
  const { result } = renderHook(() =>
    lib.useWaitForTransactionReceipt({ transactionId: 'tx_3', appId: 'app_1', client: chain.client }),
  )
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toBeInstanceOf(lib.TransactionStatusError)
  expect(result.current.isLoading).toBe(false)
  act(() => result.current.retry())
  expect(result.current).toMatchObject({ status: 'pending', isLoading: true, error: null })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(fetch).toHaveBeenCalledTimes(2)
  // After success it still re-runs (e.g. to re-check a receipt).
  act(() => result.current.retry())
  expect(result.current.isLoading).toBe(true)
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(fetch).toHaveBeenCalledTimes(3)
})

test('behavior: a new hash aborts the old wait and never shows the old receipt', async () => {
  const first = txHash('7')
  const second = txHash('8')
  mine(first)
  const { result, rerender } = renderHook(({ hash }) => lib.useWaitForTransactionReceipt({ hash, client: chain.client }), {
    initialProps: { hash: first },
  })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  rerender({ hash: second })
  expect(result.current).toMatchObject({ status: 'pending', isLoading: true, transactionHash: second, receipt: undefined })
  mine(second)
  await waitFor(() => expect(result.current.receipt?.transactionHash).toBe(second))
})

test('behavior: clearing the id returns to idle; unmount stops polling', async () => {
  const fetch = stubPortal([{ transactionStatus: 'pending' }])
  const { result, rerender, unmount } = renderHook(
    ({ id }: { id?: string }) =>
      lib.useWaitForTransactionReceipt({ transactionId: id, appId: 'app_1', client: chain.client, pollingInterval: 5 }),
    { initialProps: { id: 'tx_4' } as { id?: string } },
  )
  await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(1))
  rerender({ id: undefined })
  expect(result.current).toMatchObject({ status: 'idle', isLoading: false })
  rerender({ id: 'tx_5' })
  await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0]).toContain('tx_5'))
  unmount()
  const calls = fetch.mock.calls.length
  await new Promise((resolve) => setTimeout(resolve, 30))
  expect(fetch.mock.calls.length).toBe(calls)
})

test('error: a reverted transaction → TransactionRevertedError, receipt kept', async () => {
  const hash = txHash('9')
  mine(hash, '0x0')
  const { result } = renderHook(() => lib.useWaitForTransactionReceipt({ hash, client: chain.client }))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toBeInstanceOf(lib.TransactionRevertedError)
  expect(result.current.receipt?.status).toBe('reverted')
})

test('error: a transaction id without any app id fails with a typed error', async () => {
  const fresh = await loadFresh()
  lib = fresh.lib
  const { sdk } = fresh
  const fetch = stubPortal([{ transactionStatus: 'pending' }])
  const { result } = renderHook(() => lib.useWaitForTransactionReceipt({ transactionId: 'tx_7', client: chain.client }))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toBeInstanceOf(sdk.InvalidPayloadError)
  expect(fetch).not.toHaveBeenCalled()
})
