import { worldchain } from 'viem/chains'
import { afterEach, expect, test, vi } from 'vitest'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import {
  DEFAULT_DEVELOPER_PORTAL_URL,
  RECEIPT_TIMEOUT_MS,
  WORLD_CHAIN_BATCH_SIZE,
  WORLD_CHAIN_BLOCK_TIME_MS,
  WORLD_CHAIN_HTTP_TIMEOUT_MS,
  WORLD_CHAIN_POLLING_INTERVAL_MS,
  WORLD_CHAIN_RETRY_COUNT,
  WORLD_CHAIN_RETRY_DELAY_MS,
} from './constants.js'
import { createWorldChainClient } from './createWorldChainClient.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default: the spec §9 chain client constants', () => {
  expect({
    WORLD_CHAIN_ID,
    WORLD_CHAIN_BLOCK_TIME_MS,
    WORLD_CHAIN_HTTP_TIMEOUT_MS,
    WORLD_CHAIN_RETRY_COUNT,
    WORLD_CHAIN_RETRY_DELAY_MS,
    WORLD_CHAIN_BATCH_SIZE,
    RECEIPT_TIMEOUT_MS,
    WORLD_CHAIN_POLLING_INTERVAL_MS,
    DEFAULT_DEVELOPER_PORTAL_URL,
  }).toEqual({
    WORLD_CHAIN_ID: 480,
    WORLD_CHAIN_BLOCK_TIME_MS: 2000,
    WORLD_CHAIN_HTTP_TIMEOUT_MS: 10000,
    WORLD_CHAIN_RETRY_COUNT: 3,
    WORLD_CHAIN_RETRY_DELAY_MS: 150,
    WORLD_CHAIN_BATCH_SIZE: 1000,
    RECEIPT_TIMEOUT_MS: 180000,
    // clamp(2000 / 2, 500, 4000)
    WORLD_CHAIN_POLLING_INTERVAL_MS: 1000,
    DEFAULT_DEVELOPER_PORTAL_URL: 'https://developer.worldcoin.org',
  })
  // Our constants agree with viem's chain definition.
  expect(worldchain.id).toBe(WORLD_CHAIN_ID)
  expect(worldchain.blockTime).toBe(WORLD_CHAIN_BLOCK_TIME_MS)
})

test('default: a World Chain public client with the spec defaults', () => {
  const client = createWorldChainClient()
  expect(client.chain.id).toBe(480)
  expect(client.pollingInterval).toBe(1000)
  expect(client.transport).toMatchObject({ type: 'http', timeout: 10000, retryCount: 3, retryDelay: 150 })
  expect(client.transport.url).toBe(worldchain.rpcUrls.default.http[0])
})

test('parameters: rpcUrl picks the endpoint', () => {
  expect(createWorldChainClient('https://rpc.worldmap.test').transport.url).toBe('https://rpc.worldmap.test')
})

test('behavior: concurrent calls go out as one JSON-RPC batch', async () => {
  const bodies: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Array<{ id: number }>
      bodies.push(body)
      return Response.json(body.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x1' })))
    }),
  )
  const client = createWorldChainClient('https://rpc.worldmap.test')
  const addresses = ['1', '2', '3'].map((digit) => `0x${digit.repeat(40)}` as const)
  await Promise.all(addresses.map((address) => client.getBalance({ address })))
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toHaveLength(3)
})

test('behavior: a failing request is retried 3 times with a 150 ms exponential backoff', async () => {
  vi.useFakeTimers()
  try {
    const times: number[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        times.push(Date.now())
        return new Response('busy', { status: 503 })
      }),
    )
    const client = createWorldChainClient('https://rpc.worldmap.test')
    const result = client.getChainId().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await result).toBeInstanceOf(Error)
    expect(times).toHaveLength(1 + 3)
    // viem waits ~~(1 << attempt) * retryDelay between attempts (+1 ms for the batch tick).
    const gaps = times.slice(1).map((time, index) => time - (times[index] as number))
    expect(gaps.map((gap) => Math.round(gap / 10) * 10)).toEqual([150, 300, 600])
  } finally {
    vi.useRealTimers()
  }
})
