import { createPublicClient, http, type PublicClient, type Transport } from 'viem'
import { worldchain } from 'viem/chains'
import {
  WORLD_CHAIN_BATCH_SIZE,
  WORLD_CHAIN_HTTP_TIMEOUT_MS,
  WORLD_CHAIN_POLLING_INTERVAL_MS,
  WORLD_CHAIN_RETRY_COUNT,
  WORLD_CHAIN_RETRY_DELAY_MS,
} from './constants.js'

/** A viem public client bound to World Chain. */
export type WorldChainClient = PublicClient<Transport, typeof worldchain>

/**
 * A viem public client for World Chain (480) with the spec's defaults:
 * 10 s HTTP timeout, 3 retries with 150 ms exponential backoff, JSON-RPC
 * batches of up to 1000 calls, and a 1 s polling interval (half the 2 s
 * block time).
 *
 * @param rpcUrl JSON-RPC endpoint; viem's public World Chain RPC when omitted.
 * @example
 * ```ts
 * const client = createWorldChainClient('https://worldchain-mainnet.g.alchemy.com/v2/KEY')
 * const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
 * ```
 */
export function createWorldChainClient(rpcUrl?: string): WorldChainClient {
  return createPublicClient({
    chain: worldchain,
    pollingInterval: WORLD_CHAIN_POLLING_INTERVAL_MS,
    transport: http(rpcUrl, {
      timeout: WORLD_CHAIN_HTTP_TIMEOUT_MS,
      retryCount: WORLD_CHAIN_RETRY_COUNT,
      retryDelay: WORLD_CHAIN_RETRY_DELAY_MS,
      batch: { batchSize: WORLD_CHAIN_BATCH_SIZE },
    }),
  })
}
