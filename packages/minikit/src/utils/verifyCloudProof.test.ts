// @vitest-environment node
// Differential tests: verifyCloudProof against official 1.9.6's (IDKit's)
// with the same input and the same scripted Developer Portal; nothing
// leaves the process.
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { importOfficial196 } from '../../test/official.js'
import { CloudProofVerificationError } from '../errors/CloudProofVerificationError.js'
import { verifyCloudProof } from './verifyCloudProofLazy.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
beforeAll(async () => {
  official = await importOfficial196()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const proof = {
  proof: `0x${'1'.repeat(512)}`,
  merkle_root: `0x${'2'.repeat(64)}`,
  nullifier_hash: `0x${'3'.repeat(64)}`,
  verification_level: 'orb',
}

/** A scripted portal: answers every request with `status` and `body`; records what was sent. */
function portal(status: number, body: string) {
  const requests: { url: string; method?: string; headers: unknown; body: unknown }[] = []
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), method: init?.method, headers: init?.headers, body: JSON.parse(String(init?.body)) })
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  })
  return { fetch, requests }
}

/** Run the official and ours against twin portals; each side's result and request. */
async function both(status: number, body: string, ...args: unknown[]) {
  const theirs = portal(status, body)
  vi.stubGlobal('fetch', theirs.fetch)
  const officialResult = await official.verifyCloudProof(proof, 'app_123', 'vote', ...args)
  vi.unstubAllGlobals()
  const ours = portal(status, body)
  // biome-ignore lint/suspicious/noExplicitAny: the rest parameters follow the official positions.
  const result = await (verifyCloudProof as any)(
    proof,
    'app_123',
    'vote',
    ...[...args, ...Array(3 - args.length).fill(undefined)],
    {
      fetch: ours.fetch,
    },
  )
  return { official: { result: officialResult, requests: theirs.requests }, ours: { result, requests: ours.requests } }
}

test('default: a verified proof resolves success, after the same request as official 1.9.6', async () => {
  const { official: theirs, ours } = await both(200, '{"success":true,"uses":1}')
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toStrictEqual({ success: true })
  expect(ours.requests[0]?.url).toBe('https://developer.worldcoin.org/api/v2/verify/app_123')
})

test('parameters: signal, endpoint and headers are sent as official 1.9.6 sends them', async () => {
  const { official: theirs, ours } = await both(200, '{}', 'user-42', 'http://127.0.0.1:9/verify', { 'X-Trace': 't1' })
  expect(ours).toStrictEqual(theirs)
  expect(ours.requests[0]).toMatchObject({ url: 'http://127.0.0.1:9/verify', headers: { 'X-Trace': 't1' } })
})

test('behavior: a rejected proof resolves the portal verdict, as official 1.9.6', async () => {
  const verdict = '{"code":"invalid_proof","detail":"The provided proof is invalid.","attribute":null}'
  const { official: theirs, ours } = await both(400, verdict)
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toMatchObject({ success: false, code: 'invalid_proof' })
})

test('error: an unreachable portal rejects with a typed error', async () => {
  const fetch = vi.fn(async () => {
    throw new TypeError('fetch failed')
  })
  const error = await verifyCloudProof(proof, 'app_123', 'vote', undefined, undefined, undefined, { fetch }).catch((e) => e)
  expect(error).toBeInstanceOf(CloudProofVerificationError)
  expect(error.shortMessage).toBe('The Developer Portal could not be reached.')
})

test('error: an error page instead of the portal JSON rejects with a typed error carrying the status', async () => {
  const { fetch } = portal(502, '<html>Bad gateway</html>')
  const error = await verifyCloudProof(proof, 'app_123', 'vote', undefined, undefined, undefined, { fetch }).catch((e) => e)
  expect(error).toBeInstanceOf(CloudProofVerificationError)
  expect(error).toMatchObject({ status: 502, shortMessage: 'The Developer Portal answered 502 without a verdict.' })
})

test('error: in a browser it refuses, as official 1.9.6 does', async () => {
  vi.stubGlobal('window', { document: {} })
  const { fetch } = portal(200, '{}')
  await expect(verifyCloudProof(proof, 'app_123', 'vote', undefined, undefined, undefined, { fetch })).rejects.toThrow(
    'verifyCloudProof can only be used in the backend.',
  )
  expect(fetch).not.toHaveBeenCalled()
})
