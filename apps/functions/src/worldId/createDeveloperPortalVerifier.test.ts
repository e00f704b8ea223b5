import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hashToField } from '@worldmap/minikit'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createDeveloperPortalVerifier } from './createDeveloperPortalVerifier.js'
import { VerifierUnavailableError } from './errors/VerifierUnavailableError.js'
import type { HumanProofPayload } from './ProofVerifier.js'

type Handler = (body: unknown, req: IncomingMessage, res: ServerResponse) => void
let handler: Handler
let requests: { method: string | undefined; url: string | undefined; contentType: string | undefined; body: unknown }[]
let server: Server
let baseUrl: string

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined
      requests.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body })
      handler(body, req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  requests = []
})

const appId = 'app_123'
const proof: HumanProofPayload = { proof: '0xabc', merkle_root: '0x01', nullifier_hash: '0x02', verification_level: 'orb' }
const request = { appId, action: 'verify-human', signal: '0xuser' }

describe('createDeveloperPortalVerifier', () => {
  test('default', async () => {
    handler = (_body, _req, res) =>
      reply(res, 200, {
        success: true,
        action: 'verify-human',
        nullifier_hash: '0x02',
        created_at: 'now',
        verification_level: 'orb',
      })
    const result = await createDeveloperPortalVerifier({ appId, baseUrl })(proof, request)
    expect(result).toEqual({ success: true, nullifier_hash: '0x02', verification_level: 'orb' })
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/v2/verify/app_123',
        contentType: 'application/json',
        body: {
          nullifier_hash: '0x02',
          merkle_root: '0x01',
          proof: '0xabc',
          verification_level: 'orb',
          action: 'verify-human',
          signal_hash: hashToField('0xuser'),
        },
      },
    ])
  })

  test('parameters: baseUrl with a trailing slash and an injected fetch', async () => {
    handler = (_body, _req, res) => reply(res, 200, { nullifier_hash: '0x02', verification_level: 'device' })
    let calls = 0
    const fetch: typeof globalThis.fetch = (...args) => {
      calls += 1
      return globalThis.fetch(...args)
    }
    const result = await createDeveloperPortalVerifier({ appId, baseUrl: `${baseUrl}/`, fetch })(proof, request)
    expect(result).toMatchObject({ success: true, verification_level: 'device' })
    expect(calls).toBe(1)
    expect(requests[0]?.url).toBe('/api/v2/verify/app_123')
  })

  test.each([
    { status: 400, body: { code: 'invalid_proof', detail: 'The provided proof is invalid.', attribute: null } },
    { status: 400, body: { code: 'max_verifications_reached', detail: 'This person has already verified.' } },
    { status: 404, body: { code: 'not_found', detail: 'App not found.' } },
  ])('behavior: a $status $body.code reply is a rejection', async ({ status, body }) => {
    handler = (_body, _req, res) => reply(res, status, body)
    const result = await createDeveloperPortalVerifier({ appId, baseUrl })(proof, request)
    expect(result).toEqual({ success: false, code: body.code, detail: body.detail })
  })

  test.each([
    { name: '500', status: 500, body: { code: 'internal', detail: 'oops' } },
    { name: '200 without a nullifier', status: 200, body: { success: true } },
    { name: '200 with an unknown level', status: 200, body: { nullifier_hash: '0x02', verification_level: 'face' } },
    { name: '400 without a code', status: 400, body: { message: 'bad' } },
    { name: 'non-JSON body', status: 200, body: '<html>' },
    { name: '302', status: 302, body: {} },
  ])('error: $name → VerifierUnavailableError', async ({ status, body }) => {
    handler = (_body, _req, res) => reply(res, status, body)
    await expect(createDeveloperPortalVerifier({ appId, baseUrl })(proof, request)).rejects.toThrow(VerifierUnavailableError)
  })

  test('error: unreachable server', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(
      createDeveloperPortalVerifier({ appId, baseUrl: url })(proof, request),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [VerifierUnavailableError: World ID verifier is unavailable.

      Details: request failed or reply was not JSON]
    `)
  })

  test('error: timeout', async () => {
    handler = () => {}
    await expect(createDeveloperPortalVerifier({ appId, baseUrl, timeoutMs: 50 })(proof, request)).rejects.toThrow(
      VerifierUnavailableError,
    )
  })
})
