// @vitest-environment node
// Differential tests: `@worldmap/minikit/siwe` (and the root's official-shape
// parser) against official 2.0.3's `./siwe`, the same messages and payloads
// on both, comparing what each returns or whether each refuses. The official
// verifier refuses to run where `window` exists, hence node.
import type { Hex } from 'viem'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { importOfficial203 } from '../../test/official203.js'
import { at, chain, fields, minute, nonce, owner, safeAddress } from '../../test/siweFixtures.js'
import { SiweParseError } from '../errors/siwe/SiweParseError.js'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import * as root from '../exports/index.js'
import * as siwe from '../exports/siwe.js'
import { createSiweMessage, type SiweMessage } from './createSiweMessage.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
beforeAll(async () => {
  official = await importOfficial203('siwe')
})

/** Run `call` on one side: its result, or the first line of its error and the error itself. */
async function settle(call: () => unknown): Promise<{ result?: unknown; error?: string; thrown?: unknown }> {
  try {
    return { result: await call() }
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0], thrown: error }
  }
}

test('default: ./siwe has the official 2.0.3 runtime names', () => {
  const missing = Object.keys(official).filter((name) => !(name in siwe))
  expect(missing).toStrictEqual([])
})

describe('parseSiweMessage (the official shape is the root one)', () => {
  const same = [
    ['a World App message with every field', createSiweMessage(fields())],
    ['no scheme', createSiweMessage(fields({ scheme: undefined }))],
    ['no statement', createSiweMessage(fields({ statement: undefined }))],
    ['the unsigned {address} template', createSiweMessage(fields({ address: undefined }))],
    [
      'only the required fields',
      createSiweMessage(fields({ expiration_time: undefined, not_before: undefined, request_id: undefined })),
    ],
    ['a port in the domain', createSiweMessage(fields({ scheme: 'http', domain: '127.0.0.1:4390' }))],
    ['a statement that looks like a field', createSiweMessage(fields({ statement: 'URI: https://evil.example/' }))],
  ] as const
  test.each(same)('behavior: same result as official 2.0.3 (%s)', async (_, text) => {
    const theirs = await settle(() => official.parseSiweMessage(text))
    const ours = await settle(() => root.parseSiweMessage(text))
    expect(theirs.error).toBeUndefined()
    expect(ours.result).toStrictEqual(theirs.result)
  })

  test('behavior: ./siwe parses the same text into our typed form (scheme apart, chain_id a number)', () => {
    const text = createSiweMessage(fields())
    const theirs = official.parseSiweMessage(text)
    const ours = siwe.parseSiweMessage(text)
    expect(ours).toMatchObject({ scheme: 'https', domain: 'app.example', chain_id: 480, nonce: theirs.nonce, uri: theirs.uri })
    expect(theirs).toMatchObject({ domain: 'https://app.example', chain_id: '480' })
  })

  const refusedByBoth = [
    ['no nonce', createSiweMessage(fields()).replace(/Nonce: .*\n/, '')],
    ['no URI', createSiweMessage(fields()).replace(/URI: .*\n/, '')],
    ['no Issued At', createSiweMessage(fields()).replace(/Issued At: .*\n/, '')],
  ] as const
  test.each(refusedByBoth)('error: %s is refused by both, with the same message', async (_, text) => {
    const theirs = await settle(() => official.parseSiweMessage(text))
    const ours = await settle(() => root.parseSiweMessage(text))
    expect(theirs.error).toBeDefined()
    expect(ours.error).toBe(theirs.error)
    expect(ours.thrown).toBeInstanceOf(SiweParseError)
  })

  const refusedByBothWorded = [
    ['no preamble', 'hello\n'],
    ['an empty string', ''],
    ['a forged second address line', createSiweMessage(fields()).replace(safeAddress, `${safeAddress}\n0x${'ee'.repeat(20)}`)],
  ] as const
  test.each(refusedByBothWorded)('error: %s is refused by both (ours a SiweParseError)', async (_, text) => {
    const theirs = await settle(() => official.parseSiweMessage(text))
    expect(theirs.error).toMatch(/^Missing '/)
    for (const parse of [root.parseSiweMessage, siwe.parseSiweMessage]) {
      expect(() => parse(text)).toThrow(SiweParseError)
    }
  })

  // Hostile text official 2.0.3 half-reads (listed in the README's differences): we refuse it.
  const hostile = [
    ['a malformed address', createSiweMessage(fields()).replace(safeAddress, '0xnot-an-address')],
    ['a smuggled chain id', createSiweMessage(fields()).replace('Chain ID: 480', 'Chain ID: 480 or 1')],
    ['a malformed timestamp', createSiweMessage(fields({ issued_at: 'yesterday' }))],
    ['an unknown trailing line', `${createSiweMessage(fields())}Resources: x\n`],
    ['a repeated Request ID', `${createSiweMessage(fields())}Request ID: again\n`],
    ['a repeated Expiration Time after the real one', `${createSiweMessage(fields())}Expiration Time: 2999-01-01T00:00:00Z\n`],
  ] as const
  test.each(hostile)('error: %s parses in official 2.0.3, is refused by ours', async (_, text) => {
    const theirs = await settle(() => official.parseSiweMessage(text))
    expect(theirs.error).toBeUndefined()
    for (const parse of [root.parseSiweMessage, siwe.parseSiweMessage]) {
      expect(() => parse(text)).toThrow(SiweParseError)
    }
  })
})

describe('verifySiweMessage', () => {
  /** A 2.x WalletAuthResult (`MiniKit.walletAuth(…)`'s data): no `status`. */
  async function result(overrides: Partial<SiweMessage> = {}, address = safeAddress) {
    const message = createSiweMessage(fields({ address, ...overrides }))
    return { address, message, signature: await owner.signMessage({ message }), version: 2 }
  }

  /** The same positional call on both, each with its own fake chain answering `answer`. */
  async function both(
    args: (payload: Awaited<ReturnType<typeof result>>) => unknown[],
    payload: Awaited<ReturnType<typeof result>>,
    answer: Hex = '0x1626ba7e',
  ) {
    const theirChain = chain(answer)
    const ourChain = chain(answer)
    vi.spyOn(console, 'log').mockImplementation(() => {})
    // (payload, nonce, statement?, requestId?) then the client, in its fifth place.
    const positional = (client: unknown) => [
      ...Object.assign([undefined, undefined, undefined, undefined], args(payload)),
      client,
    ]
    const theirs = await settle(() => official.verifySiweMessage(...positional(theirChain.client)))
    // biome-ignore lint/suspicious/noExplicitAny: the tuple spreads into the positional overload.
    const ours = await settle(() => (siwe.verifySiweMessage as any)(...positional(ourChain.client)))
    return { theirs, ours, theirCalls: theirChain.calls, ourCalls: ourChain.calls }
  }

  test('behavior: a 2.x WalletAuthResult from a Safe resolves as in official 2.0.3, after the same ERC-1271 call', async () => {
    const { theirs, ours, theirCalls, ourCalls } = await both((p) => [p, nonce, 'Sign in to WorldMap.', 'req-42'], await result())
    expect(theirs.result).toMatchObject({ isValid: true })
    expect(ours.result).toStrictEqual(theirs.result)
    expect(ourCalls).toStrictEqual(theirCalls)
    expect(ourCalls).toHaveLength(1)
  })

  test('behavior: the 1.x success reply (with status) resolves the same too', async () => {
    const { theirs, ours } = await both((p) => [{ status: 'success', ...p }, nonce], await result())
    expect(ours.result).toStrictEqual(theirs.result)
  })

  test('behavior: an EOA sign-in resolves in both without touching the chain', async () => {
    const { theirs, ours, theirCalls, ourCalls } = await both((p) => [p, nonce], await result({}, owner.address), '0xffffffff')
    expect(theirs.result).toMatchObject({ isValid: true })
    expect(ours.result).toStrictEqual(theirs.result)
    expect({ theirCalls, ourCalls }).toStrictEqual({ theirCalls: [], ourCalls: [] })
  })

  // Listed difference: 2.0.3 has one path for every payload and does not recover
  // a signature written without 0x (wallet-auth 1, old World Apps), so it asks
  // the address's contract instead; an EOA has none to say yes. Ours recovers it.
  test('behavior: a wallet-auth 1 EOA payload (signature without 0x) is verified by ours, sent to the chain by official 2.0.3', async () => {
    const payload = await result({}, owner.address)
    const legacy = { ...payload, signature: payload.signature.slice(2), version: 1 }
    // The chain refuses, as an address without a wallet contract cannot vouch.
    const { theirs, ours, theirCalls, ourCalls } = await both((p) => [p, nonce], legacy as typeof payload, '0xffffffff')
    expect(theirs.result).toMatchObject({ isValid: false })
    expect(theirCalls).toHaveLength(1)
    expect(ours.result).toMatchObject({ isValid: true })
    expect(ourCalls).toStrictEqual([])
  })

  test('behavior: our one-object form takes a 2.x WalletAuthResult and answers with our typed shape', async () => {
    const payload = await result({}, owner.address)
    const { siweMessageData } = await siwe.verifySiweMessage({ payload, nonce })
    expect(siweMessageData).toMatchObject({ scheme: 'https', domain: 'app.example', chain_id: 480 })
  })

  const refusedByBoth: Array<
    [
      string,
      () => Promise<{ args: (p: Awaited<ReturnType<typeof result>>) => unknown[]; payload: Awaited<ReturnType<typeof result>> }>,
      string,
    ]
  > = [
    ['a nonce mismatch', async () => ({ args: (p) => [p, 'ffffffffffffffff'], payload: await result() }), 'nonce_mismatch'],
    [
      'a statement mismatch',
      async () => ({ args: (p) => [p, nonce, 'Another statement'], payload: await result() }),
      'statement_mismatch',
    ],
    [
      'a request id mismatch',
      async () => ({ args: (p) => [p, nonce, undefined, 'req-43'], payload: await result() }),
      'request_id_mismatch',
    ],
    [
      'an expired message',
      async () => ({ args: (p) => [p, nonce], payload: await result({ expiration_time: at(-minute) }) }),
      'expired',
    ],
    [
      'a message not yet valid',
      async () => ({ args: (p) => [p, nonce], payload: await result({ not_before: at(10 * minute) }) }),
      'not_yet_valid',
    ],
    [
      'a payload address other than the message one',
      async () => ({ args: (p) => [{ ...p, address: owner.address }, nonce], payload: await result() }),
      'address_mismatch',
    ],
    [
      "a nonce outside ERC-4361's alphabet",
      async () => ({ args: (p) => [p, 'abcd-1234-efgh'], payload: await result({ nonce: 'abcd-1234-efgh' }) }),
      'invalid_nonce',
    ],
    [
      'a message tampered after signing (EOA)',
      async () => ({
        args: (p) => [{ ...p, message: p.message.replace('Sign in to WorldMap.', 'Sign in to EvilMap.') }, nonce],
        payload: await result({}, owner.address),
      }),
      'invalid_signature',
    ],
  ]
  test.each(refusedByBoth)('error: %s rejects in both', async (_, make, code) => {
    const { args, payload } = await make()
    // A Safe that refuses, so no case passes on the contract's word.
    const { theirs, ours } = await both(args, payload, '0xffffffff')
    expect(theirs.error ?? (theirs.result as { isValid: boolean }).isValid).not.toBe(true)
    expect(ours.thrown).toBeInstanceOf(SiweVerificationError)
    expect(ours.thrown).toMatchObject({ code })
  })

  // Listed difference (as for 1.9.6): the official resolves isValid false when the Safe refuses; we throw.
  test('error: a signature the Safe refuses resolves isValid false in official 2.0.3, rejects in ours', async () => {
    const { theirs, ours } = await both((p) => [p, nonce], await result(), '0xffffffff')
    expect(theirs.result).toMatchObject({ isValid: false })
    expect(ours.thrown).toMatchObject({ name: 'SiweVerificationError', code: 'invalid_signature' })
  })

  // Listed difference: the official skips an empty expected nonce's comparison only to refuse it as not alphanumeric.
  test('error: an empty expected nonce is refused by both', async () => {
    const { theirs, ours } = await both((p) => [p, ''], await result())
    expect(theirs.error).toBe('Invalid nonce: must be alphanumeric only (per ERC-4361)')
    expect(ours.thrown).toMatchObject({ code: 'nonce_mismatch' })
  })

  test('error: an error reply is refused as a payload by ours', async () => {
    const refused = await settle(() => siwe.verifySiweMessage({ status: 'error', error_code: 'user_rejected' } as never, nonce))
    expect(refused.thrown).toMatchObject({ code: 'malformed_payload' })
  })
})
