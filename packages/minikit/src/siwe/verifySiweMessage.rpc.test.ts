// @vitest-environment node
// The ERC-1271 fallback against a real JSON-RPC endpoint over HTTP (viem's
// own `http()` transport, no stand-in client): which node answers are the
// contract's verdict (`invalid_signature`) and which are an outage
// (`verifier_unavailable`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { createPublicClient, encodeFunctionResult, type Hex, http, keccak256, parseAbi, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { worldchain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import { createSiweMessage } from './createSiweMessage.js'
import { verifySiweMessage, type WalletAuthSuccessPayload } from './verifySiweMessage.js'

const owner = privateKeyToAccount(keccak256(toHex('worldmap siwe test key')))
const safeAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nonce = 'a1b2c3d4e5f60718'
const now = new Date('2025-06-10T12:00:00.000Z')
const abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
const result = (value: Hex) => encodeFunctionResult({ abi, functionName: 'isValidSignature', result: value })

/** How the node answers the next `eth_call`. */
type Answer =
  | { kind: 'result'; result: Hex }
  | { kind: 'rpc-error'; code: number; message: string; data?: Hex }
  | { kind: 'http-status'; status: number }
  | { kind: 'silence' }

let answer: Answer = { kind: 'result', result: '0x' }
let server: Server
let url: string
const hanging: ServerResponse[] = []

function reply(request: IncomingMessage, response: ServerResponse) {
  let body = ''
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () => {
    const { id } = JSON.parse(body) as { id: number }
    const json = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    switch (answer.kind) {
      case 'result':
        return json({ jsonrpc: '2.0', id, result: answer.result })
      case 'rpc-error':
        return json({ jsonrpc: '2.0', id, error: { code: answer.code, message: answer.message, data: answer.data } })
      case 'http-status':
        return response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('upstream unavailable')
      case 'silence':
        hanging.push(response)
    }
  })
}

beforeAll(async () => {
  server = createServer(reply)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const response of hanging) response.destroy()
  await new Promise((done) => server.close(done))
})

/** A Safe's sign-in: the owner's signature does not recover to the Safe, so the contract must decide. */
async function safePayload(): Promise<WalletAuthSuccessPayload> {
  const message = createSiweMessage({
    scheme: 'https',
    domain: 'app.example',
    address: safeAddress,
    uri: 'https://app.example/',
    version: '1',
    chain_id: 480,
    nonce,
    issued_at: now.toISOString(),
  })
  return { status: 'success', message, signature: await owner.signMessage({ message }), address: safeAddress }
}

/** viem's http transport, no retries, a short timeout: the outcome, not the backoff, is under test. */
const clientFor = (endpoint: string) =>
  createPublicClient({ chain: worldchain, transport: http(endpoint, { retryCount: 0, timeout: 300 }) })

async function outcome(next: Answer, endpoint = url): Promise<string> {
  answer = next
  try {
    await verifySiweMessage({ payload: await safePayload(), nonce, now, client: clientFor(endpoint) })
    return 'valid'
  } catch (error) {
    if (error instanceof SiweVerificationError) return error.code
    throw error
  }
}

describe('verifySiweMessage over a real JSON-RPC endpoint', () => {
  test('default: the magic value verifies', async () => {
    expect(await outcome({ kind: 'result', result: result('0x1626ba7e') })).toBe('valid')
  })

  test.each<[string, string, Answer]>([
    ['no contract at the address (0x)', 'invalid_signature', { kind: 'result', result: '0x' }],
    ['another bytes4', 'invalid_signature', { kind: 'result', result: result('0xffffffff') }],
    ['return data too short for a bytes4', 'invalid_signature', { kind: 'result', result: '0x01' }],
    [
      'a revert with a reason (code 3)',
      'invalid_signature',
      { kind: 'rpc-error', code: 3, message: 'execution reverted: GS026', data: '0x08c379a0' },
    ],
    ['a bare revert (geth -32000)', 'invalid_signature', { kind: 'rpc-error', code: -32000, message: 'execution reverted' }],
    ['HTTP 503', 'verifier_unavailable', { kind: 'http-status', status: 503 }],
    ['HTTP 401 (a bad API key is our outage)', 'verifier_unavailable', { kind: 'http-status', status: 401 }],
    ['JSON-RPC internal error', 'verifier_unavailable', { kind: 'rpc-error', code: -32603, message: 'header not found' }],
    ['JSON-RPC rate limit', 'verifier_unavailable', { kind: 'rpc-error', code: -32005, message: 'limit exceeded' }],
    [
      'geth -32000 that is not a revert',
      'verifier_unavailable',
      { kind: 'rpc-error', code: -32000, message: 'missing trie node' },
    ],
    ['eth_call not served', 'verifier_unavailable', { kind: 'rpc-error', code: -32601, message: 'method not found' }],
    ['no answer before the timeout', 'verifier_unavailable', { kind: 'silence' }],
  ])('error: %s → %s', async (_name, code, next) => {
    expect(await outcome(next)).toBe(code)
  })

  test('error: a refused connection (nothing listens) → verifier_unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const { port } = closed.address() as AddressInfo
    await new Promise((done) => closed.close(done))
    expect(await outcome({ kind: 'result', result: '0x' }, `http://127.0.0.1:${port}`)).toBe('verifier_unavailable')
  })

  test('behavior: any HTTP error status is an outage, never a verdict', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }), async (status) => {
        expect(await outcome({ kind: 'http-status', status })).toBe('verifier_unavailable')
      }),
      { numRuns: 40 },
    )
  })

  test('behavior: any revert, with any data, is a verdict, never an outage', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 68 }), fc.constantFrom(3, -32000), async (bytes, code) => {
        const data = toHex(bytes)
        expect(await outcome({ kind: 'rpc-error', code, message: 'execution reverted', data })).toBe('invalid_signature')
      }),
      { numRuns: 40 },
    )
  })
})
