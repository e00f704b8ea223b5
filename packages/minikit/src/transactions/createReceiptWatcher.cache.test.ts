import { afterEach, expect, test, vi } from 'vitest'
import { rpcReceipt, txHash } from '../../test/chain.js'
import { resetState } from '../state.js'
import { createReceiptWatcher } from './createReceiptWatcher.js'

// The shared World Chain client is a module cache: count how often it is created.
const { created } = vi.hoisted(() => ({ created: [] as unknown[] }))
vi.mock('./createWorldChainClient.js', async () => {
  const { createFakeChain } = await import('../../test/chain.js')
  return {
    createWorldChainClient: () => {
      const chain = createFakeChain()
      chain.receipts.set(txHash('1'), rpcReceipt(txHash('1')))
      created.push(chain.client)
      return chain.client
    },
  }
})

afterEach(() => resetState())

test('behavior: watchers share one default client, and resetState() drops it', async () => {
  const watcher = createReceiptWatcher()
  watcher.watch({ hash: txHash('1') })
  await vi.waitFor(() => expect(watcher.getState().status).toBe('success'), { timeout: 5_000 })
  watcher.watch({ hash: txHash('1') })
  await vi.waitFor(() => expect(watcher.getState().status).toBe('success'), { timeout: 5_000 })
  createReceiptWatcher().watch({ hash: txHash('1') })
  expect(created).toHaveLength(1)

  resetState()
  watcher.watch({ hash: txHash('1') })
  await vi.waitFor(() => expect(watcher.getState().status).toBe('success'), { timeout: 5_000 })
  expect(created).toHaveLength(2)
  expect(created[1]).not.toBe(created[0])
})
