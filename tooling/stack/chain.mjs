// An empty local World Chain JSON-RPC endpoint, so SIWE's ERC-1271 fallback never reaches for the internet.

import { createServer } from 'node:http'
import { pieces, StackStartError } from './errors.mjs'

/** @typedef {{ id?: unknown, method?: unknown, params?: unknown }} JsonRpcRequest */

/**
 * A JSON-RPC endpoint for an empty World Chain: the chain id, block 0, and no
 * contract code anywhere, so an ERC-1271 check answers "not a contract
 * wallet" at once instead of timing out on a public RPC we cannot reach.
 *
 * Test hook: `worldmap_setUnreachable` `[address, unreachable]` makes every
 * `eth_call` to `address` answer HTTP 503 (an outage, not a contract's
 * answer). Scoped to one address, so tests using the chain otherwise are
 * unaffected.
 *
 * @param {number} port
 */
export function startLocalChain(port) {
  /** Lowercase addresses whose eth_call fails like an RPC outage. */
  const unreachable = new Set()
  /** @param {unknown} value @returns {value is string} */
  const isAddress = (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
  /** @param {JsonRpcRequest | null} request */
  const callsUnreachable = (request) =>
    request?.method === 'eth_call' &&
    unreachable.has(
      String(/** @type {Array<{ to?: unknown } | undefined> | undefined} */ (request?.params)?.[0]?.to ?? '').toLowerCase(),
    )
  /** @param {JsonRpcRequest | null} request */
  const answer = (request) => {
    const id = request?.id ?? null
    switch (request?.method) {
      case 'worldmap_setUnreachable': {
        const [address, down] = Array.isArray(request.params) ? request.params : []
        if (!isAddress(address) || typeof down !== 'boolean') {
          return { jsonrpc: '2.0', id, error: { code: -32602, message: 'params: [address, boolean]' } }
        }
        if (down) unreachable.add(address.toLowerCase())
        else unreachable.delete(address.toLowerCase())
        return { jsonrpc: '2.0', id, result: true }
      }
      case 'eth_chainId':
        return { jsonrpc: '2.0', id, result: '0x1e0' }
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id, result: '0x0' }
      case 'eth_getCode':
      case 'eth_call':
        return { jsonrpc: '2.0', id, result: '0x' }
      default:
        return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${request?.method}` } }
    }
  }
  // Pages call public RPCs straight from the browser, so answer CORS like they do.
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
  }
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end()
      return
    }
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      let reply
      try {
        const parsed = JSON.parse(body)
        if ((Array.isArray(parsed) ? parsed : [parsed]).some(callsUnreachable)) {
          res.writeHead(503, { ...cors, 'content-type': 'text/plain' }).end('Service Unavailable')
          return
        }
        reply = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)
      } catch {
        reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  return new Promise((done, fail) => {
    server.once('error', (error) =>
      fail(new StackStartError(`${pieces.chain} failed: ${error.message}`, { code: 'start_failed', piece: 'chain' })),
    )
    server.listen(port, '127.0.0.1', () => done(server))
  })
}
