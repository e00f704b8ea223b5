// @vitest-environment node
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

test('default: the transactions entry imports and creates its stores on the server without touching the network', async () => {
  expect(typeof window).toBe('undefined')
  const fetch = vi.fn()
  vi.stubGlobal('fetch', fetch)
  const transactions = await import('../exports/transactions.js')
  const watcher = transactions.createReceiptWatcher()
  expect(watcher.getState().status).toBe('idle')
  const store = transactions.createCommandStore(async () => 1)
  await expect(store.execute()).resolves.toBe(1)
  expect(transactions.createWorldChainClient().chain.id).toBe(transactions.WORLD_CHAIN_ID)
  expect(fetch).not.toHaveBeenCalled()
})
