// @vitest-environment node
// Differential tests: the root `parseSiweMessage` / `verifySiweMessage`
// against official @worldcoin/minikit-js 1.9.6 with the same input. The
// official verifier refuses to run where `window` exists, hence node.
import { createPublicClient, custom, encodeFunctionResult, parseAbi } from 'viem'
import { worldchain } from 'viem/chains'
import { beforeAll, describe, expect, test } from 'vitest'
import { importOfficial196 } from '../../test/official.js'
import { at, chain, fields, minute, nonce, owner, safeAddress } from '../../test/siweFixtures.js'
import { SiweParseError } from '../errors/siwe/SiweParseError.js'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import { createSiweMessage, type SiweMessage } from './createSiweMessage.js'
import { parseSiweMessageCompat as parseSiweMessage } from './parseSiweMessageCompat.js'
import type { WalletAuthSuccessPayload } from './verifySiweMessage.js'
import { verifySiweMessageCompat as verifySiweMessage } from './verifySiweMessageCompat.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
beforeAll(async () => {
  official = await importOfficial196()
})

/** Parse with both; each side is its result or its error message. */
function both(text: string) {
  const run = (parse: (text: string) => unknown) => {
    try {
      return { result: parse(text) }
    } catch (error) {
      return { error: (error as Error).message.split('\n')[0] }
    }
  }
  return { official: run(official.parseSiweMessage), ours: run(parseSiweMessage) }
}

describe('parseSiweMessage', () => {
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
    [
      'optional fields in another order',
      createSiweMessage(fields()).replace(/(Expiration Time: .*\n)(Not Before: .*\n)/, '$2$1'),
    ],
  ] as const
  test.each(same)('behavior: same result as official 1.9.6 (%s)', (_, text) => {
    const { official: theirs, ours } = both(text)
    expect(theirs.error).toBeUndefined()
    expect(ours).toStrictEqual(theirs)
  })

  test('default: the official shape (scheme kept in domain, chain_id a string, absent keys undefined)', () => {
    expect(parseSiweMessage(createSiweMessage(fields({ statement: undefined, request_id: undefined })))).toMatchObject({
      domain: 'https://app.example',
      chain_id: '480',
      statement: undefined,
      request_id: undefined,
    })
  })

  test.each([
    ['Nonce', (text: string) => text.replace(/Nonce: .*\n/, '')],
    ['URI', (text: string) => text.replace(/URI: .*\n/, '')],
    ['Issued At', (text: string) => text.replace(/Issued At: .*\n/, '')],
  ])('error: a message without %s fails in both, with the same message', (_, edit) => {
    const { official: theirs, ours } = both(edit(createSiweMessage(fields())))
    expect(theirs.error).toBeDefined()
    expect(ours.error).toBe(theirs.error)
  })

  // Listed in the README's differences table: text that was signed is never half-read.
  test.each([
    ['a malformed address', createSiweMessage(fields()).replace(safeAddress, '0xnot-an-address')],
    ['a malformed timestamp', createSiweMessage(fields({ issued_at: 'yesterday' }))],
    ['an unknown trailing line', `${createSiweMessage(fields())}Resources: x\n`],
    ['a repeated trailing line', `${createSiweMessage(fields())}Request ID: again\n`],
  ])('error: stricter than official 1.9.6 on %s (it parses, we refuse)', (_, text) => {
    const { official: theirs, ours } = both(text)
    expect(theirs.error).toBeUndefined()
    expect(() => parseSiweMessage(text)).toThrow(SiweParseError)
    expect(ours.error).toBeDefined()
  })
})

describe('verifySiweMessage', () => {
  async function payload(overrides: Partial<SiweMessage> = {}): Promise<WalletAuthSuccessPayload> {
    const message = createSiweMessage(fields(overrides))
    // The Safe's owner signs; the Safe contract (the fake chain) vouches for it.
    return { status: 'success', message, signature: await owner.signMessage({ message }), address: safeAddress, version: 2 }
  }

  test('behavior: positional form resolves as official 1.9.6 does, after the same ERC-1271 call', async () => {
    const signed = await payload()
    const theirs = chain('0x1626ba7e')
    const ours = chain('0x1626ba7e')
    const expected = await official.verifySiweMessage(signed, nonce, 'Sign in to WorldMap.', 'req-42', theirs.client)
    expect(await verifySiweMessage(signed, nonce, 'Sign in to WorldMap.', 'req-42', ours.client)).toStrictEqual(expected)
    expect(expected.isValid).toBe(true)
    expect(ours.calls).toStrictEqual(theirs.calls)
    expect(ours.calls).toHaveLength(1)
  })

  // Listed difference: for a wallet-auth 1 payload the official recovers a signer
  // over the message hashed with the EIP-191 prefix twice and asks the Safe
  // isOwner(signer); ours asks the Safe isValidSignature over the message hashed once
  // (what ERC-1271 wallets answer), as for wallet-auth 2.
  test('behavior: wallet-auth 1 resolves in both against a Safe, through different contract calls', async () => {
    const safeAbi = parseAbi([
      'function isOwner(address owner) view returns (bool)',
      'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
    ])
    const selectors: string[] = []
    const client = createPublicClient({
      chain: worldchain,
      transport: custom(
        {
          async request({ method, params }: { method: string; params?: unknown }) {
            if (method === 'eth_chainId') return '0x1e0'
            const data = ((params as [{ data?: string; input?: string }])[0].data ??
              (params as [{ input?: string }])[0].input) as string
            selectors.push(data.slice(0, 10))
            return data.startsWith('0x2f54bf6e')
              ? encodeFunctionResult({ abi: safeAbi, functionName: 'isOwner', result: true })
              : encodeFunctionResult({ abi: safeAbi, functionName: 'isValidSignature', result: '0x1626ba7e' })
          },
        },
        { retryCount: 0 },
      ),
    })
    const signed = { ...(await payload()), version: 1 }
    // Legacy hosts send the signature without 0x.
    signed.signature = signed.signature.slice(2)
    const expected = await official.verifySiweMessage(signed, nonce, undefined, undefined, client)
    const theirSelectors = selectors.splice(0)
    expect(await verifySiweMessage(signed, nonce, undefined, undefined, client)).toStrictEqual(expected)
    expect({ official: theirSelectors, ours: selectors }).toStrictEqual({ official: ['0x2f54bf6e'], ours: ['0x1626ba7e'] })
  })

  test('behavior: a falsy statement or request id is not checked, as in official 1.9.6', async () => {
    const signed = await payload()
    const expected = await official.verifySiweMessage(signed, nonce, '', undefined, chain('0x1626ba7e').client)
    expect(await verifySiweMessage(signed, nonce, '', undefined, chain('0x1626ba7e').client)).toStrictEqual(expected)
  })

  test('behavior: our one-object form still resolves with our shape', async () => {
    const signed = await payload()
    const result = await verifySiweMessage({ payload: signed, nonce, client: chain('0x1626ba7e').client })
    expect(result.siweMessageData).toMatchObject({ scheme: 'https', domain: 'app.example', chain_id: 480 })
  })

  test.each([
    ['nonce', () => [nonce.replace('a', 'b')], 'nonce_mismatch'],
    ['statement', () => [nonce, 'Another statement'], 'statement_mismatch'],
    ['request id', () => [nonce, undefined, 'req-43'], 'request_id_mismatch'],
  ] as const)('error: a %s mismatch rejects in both', async (_, args, code) => {
    const signed = await payload()
    await expect(official.verifySiweMessage(signed, ...args(), undefined, chain('0x1626ba7e').client)).rejects.toThrow(/mismatch/)
    await expect(
      // biome-ignore lint/suspicious/noExplicitAny: the tuple spreads into the positional overload.
      (verifySiweMessage as any)(signed, ...args(), undefined, chain('0x1626ba7e').client),
    ).rejects.toMatchObject({ name: 'SiweVerificationError', code })
  })

  test('error: an expired message rejects in both', async () => {
    const signed = await payload({ expiration_time: at(-minute) })
    await expect(official.verifySiweMessage(signed, nonce, undefined, undefined, chain('0x1626ba7e').client)).rejects.toThrow(
      'Expired message',
    )
    await expect(verifySiweMessage(signed, nonce, undefined, undefined, chain('0x1626ba7e').client)).rejects.toMatchObject({
      code: 'expired',
    })
  })

  // Listed differences: the official resolves `isValid: false` for a v2 payload the wallet refuses; we throw.
  test('error: a signature the wallet refuses resolves isValid false in official 1.9.6, rejects in ours', async () => {
    const signed = await payload()
    const refused = await official.verifySiweMessage(signed, nonce, undefined, undefined, chain('0xffffffff').client)
    expect(refused.isValid).toBe(false)
    await expect(verifySiweMessage(signed, nonce, undefined, undefined, chain('0xffffffff').client)).rejects.toBeInstanceOf(
      SiweVerificationError,
    )
  })

  test('error: an empty expected nonce is skipped by official 1.9.6, compared by ours', async () => {
    const signed = await payload()
    expect((await official.verifySiweMessage(signed, '', undefined, undefined, chain('0x1626ba7e').client)).isValid).toBe(true)
    await expect(verifySiweMessage(signed, '', undefined, undefined, chain('0x1626ba7e').client)).rejects.toMatchObject({
      code: 'nonce_mismatch',
    })
  })
})
