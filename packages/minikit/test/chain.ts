// A scripted World Chain for the receipt tests: a viem client over a
// `custom` transport that answers eth_chainId, eth_blockNumber and
// eth_getTransactionReceipt from memory.
import { type Client, createPublicClient, custom, defineChain, type Hash } from 'viem'
import { worldchain } from 'viem/chains'

export const txHash = (digit: string): Hash => `0x${digit.repeat(64)}`

export function rpcReceipt(hash: string, status: '0x1' | '0x0' = '0x1') {
  return {
    blockHash: `0x${'b'.repeat(64)}`,
    blockNumber: '0x10',
    contractAddress: null,
    cumulativeGasUsed: '0x5208',
    effectiveGasPrice: '0x3b9aca00',
    from: `0x${'a'.repeat(40)}`,
    gasUsed: '0x5208',
    logs: [],
    logsBloom: `0x${'0'.repeat(512)}`,
    status,
    to: `0x${'c'.repeat(40)}`,
    transactionHash: hash,
    transactionIndex: '0x0',
    type: '0x2',
  }
}

// Replacement detection would also ask for the transaction and blocks; the
// hook does not care, so the scripted chain leaves it out.
const testChain = defineChain({ ...worldchain, supportsTransactionReplacementDetection: false })

export interface FakeChain {
  client: Client
  /** Every JSON-RPC method called, in order. */
  calls: string[]
  /** Receipts by hash; a missing hash answers null (not mined yet). */
  receipts: Map<string, ReturnType<typeof rpcReceipt>>
}

function createTestClient(request: (args: { method: string; params?: unknown }) => Promise<unknown>): Client {
  return createPublicClient({ chain: testChain, pollingInterval: 10, transport: custom({ request }, { retryCount: 0 }) })
}

export function createFakeChain(): FakeChain {
  let block = 0x10n
  const calls: string[] = []
  const receipts = new Map<string, ReturnType<typeof rpcReceipt>>()
  const client = createTestClient(async ({ method, params }) => {
    calls.push(method)
    switch (method) {
      case 'eth_chainId':
        return '0x1e0'
      case 'eth_blockNumber':
        block += 1n
        return `0x${block.toString(16)}`
      case 'eth_getTransactionReceipt':
        return receipts.get((params as string[])[0] as string) ?? null
      default:
        throw new Error(`unexpected ${method}`)
    }
  })
  return { client, calls, receipts }
}
