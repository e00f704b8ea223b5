// A real wagmi config for the ./wagmi and ./wagmi-fallback tests, with no
// network: World Chain (480) and Ethereum (1), wagmi's `mock` connector
// (whose wallet requests go over HTTP to the chain's RPC URL) and a
// `custom` transport for reads. `fetch` is replaced by a scripted node that
// signs with a local private key, so signatures are real and verifiable.
import { type Hex, keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet, worldchain } from 'viem/chains'
import { vi } from 'vitest'
import { type Config, type CreateConnectorFn, createConfig, custom, mock } from 'wagmi'

/** The web wallet's key (a fixed test key; it holds nothing anywhere). */
export const walletAccount = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

/** What the scripted node was asked, in order. */
export interface NodeCall {
  method: string
  params: unknown[]
}

export interface FakeNode {
  calls: NodeCall[]
  /** Make the n-th (zero-based) eth_sendTransaction fail. */
  failSend: Set<number>
}

/** Replace `fetch` with a JSON-RPC node answering the mock wallet's requests. */
export function stubNode(): FakeNode {
  const node: FakeNode = { calls: [], failSend: new Set() }
  let sends = 0
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    // Not the chain's RPC URL: the usernames service a World App sign-in asks; it knows nobody.
    if (!String(url).startsWith(RPC)) return new Response('[]')
    const body = JSON.parse(init.body) as { id: number; method: string; params: unknown[] }
    node.calls.push({ method: body.method, params: body.params })
    const answer = (result: unknown) => new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
    switch (body.method) {
      case 'eth_sign':
        return answer(await walletAccount.signMessage({ message: { raw: body.params[1] as Hex } }))
      case 'eth_signTypedData_v4':
        return answer(await walletAccount.signTypedData(JSON.parse(body.params[1] as string)))
      case 'eth_sendTransaction': {
        const index = sends++
        if (node.failSend.has(index))
          return new Response(
            JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'insufficient funds' } }),
          )
        return answer(keccak256(toHex(`tx ${index}`)))
      }
      default:
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'not scripted' } }))
    }
  })
  return node
}

const RPC = 'http://127.0.0.1:9/'

const local = (chain: typeof worldchain | typeof mainnet) => ({
  ...chain,
  rpcUrls: { default: { http: [`${RPC}${chain.id}`] } },
})

/** A wagmi config over World Chain (first) and Ethereum, with `connectors` plus the mock web wallet. */
export function wagmiConfig(connectors: CreateConnectorFn[] = [], features: Parameters<typeof mock>[0]['features'] = {}): Config {
  const reads = custom({
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_chainId') return '0x1e0'
      throw new Error(`unscripted read ${method}`)
    },
  })
  return createConfig({
    chains: [local(worldchain), local(mainnet)],
    connectors: [...connectors, mock({ accounts: [walletAccount.address], features })],
    transports: { [worldchain.id]: reads, [mainnet.id]: reads },
    storage: null,
  })
}
