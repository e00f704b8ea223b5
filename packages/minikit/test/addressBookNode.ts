// A scripted World Chain node on 127.0.0.1 for the address-book tests: the
// official `getIsUserVerified` takes only an RPC URL, so ours and theirs are
// compared against a real HTTP JSON-RPC server. It answers eth_chainId and the
// address book's `addressVerifiedUntil` (single calls and batches), records
// every eth_call, and can answer with an HTTP error instead.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionResult, parseAbi } from 'viem'

const abi = parseAbi(['function addressVerifiedUntil(address) view returns (uint256)'])

/** What the node answers to eth_call: a verification expiry (seconds), or an HTTP status. */
export type NodeAnswer = { verifiedUntil: bigint } | { httpStatus: number }

/** A running node: its URL, its recorded eth_calls, what it answers, and how to stop it. */
export interface AddressBookNode {
  url: string
  calls: unknown[]
  answer: NodeAnswer
  /** Run `theirs` then `ours` on `address` against this node: each side's result and the eth_calls it sent. */
  compare(
    theirs: Lookup,
    ours: Lookup,
    address: string,
  ): Promise<Record<'official' | 'ours', { result: unknown; calls: unknown[] }>>
  close(): Promise<void>
}

/** A `getIsUserVerified`-shaped lookup. */
type Lookup = (address: string, rpcUrl: string) => Promise<unknown>

/**
 * Start a scripted address-book node; set `node.answer` per test and read
 * (or reset) `node.calls`.
 *
 * @example
 * ```ts
 * const node = await startAddressBookNode()
 * node.answer = { verifiedUntil: 2n ** 40n }
 * await getIsUserVerified(wallet, node.url)
 * ```
 */
export async function startAddressBookNode(): Promise<AddressBookNode> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { answer } = node
      if ('httpStatus' in answer) return response.writeHead(answer.httpStatus).end('unavailable')
      const parsed = JSON.parse(body)
      // JSON-RPC allows batches too; answer both forms whatever the client sends.
      const one = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => {
        if (method === 'eth_chainId') return { jsonrpc: '2.0', id, result: '0x1e0' }
        node.calls.push(params[0])
        const result = encodeFunctionResult({ abi, functionName: 'addressVerifiedUntil', result: answer.verifiedUntil })
        return { jsonrpc: '2.0', id, result }
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed)))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const node: AddressBookNode = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: [],
    answer: { verifiedUntil: 0n },
    async compare(theirs, ours, address) {
      node.calls = []
      const official = { result: await theirs(address, node.url), calls: node.calls }
      node.calls = []
      return { official, ours: { result: await ours(address, node.url), calls: node.calls } }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
  return node
}
