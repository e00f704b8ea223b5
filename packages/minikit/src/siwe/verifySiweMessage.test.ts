import fc from 'fast-check'
import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  HttpRequestError,
  hashMessage,
  keccak256,
  parseAbi,
  TimeoutError,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { worldchain } from 'viem/chains'
import { describe, expect, test, vi } from 'vitest'
import { SiweParseError } from '../errors/siwe/SiweParseError.js'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import { createSiweMessage, type SiweMessage } from './createSiweMessage.js'
import { type VerifySiweMessageParameters, verifySiweMessage, type WalletAuthSuccessPayload } from './verifySiweMessage.js'

// Derived rather than pasted, so no raw key literal lives in the repo.
const account = privateKeyToAccount(keccak256(toHex('worldmap siwe test key')))
const otherAccount = privateKeyToAccount(keccak256(toHex('worldmap siwe other key')))
const safeAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nonce = 'a1b2c3d4e5f60718'
const now = new Date('2025-06-10T12:00:00.000Z')
const erc1271Abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

function fields(overrides: Partial<SiweMessage> = {}): SiweMessage {
  return {
    scheme: 'https',
    domain: 'app.example',
    address: account.address,
    statement: `Authenticate (${nonce}).`,
    uri: 'https://app.example/login',
    version: '1',
    chain_id: 480,
    nonce,
    issued_at: '2025-06-10T11:59:00.000Z',
    expiration_time: '2025-06-17T11:59:00.000Z',
    not_before: '2025-06-09T11:59:00.000Z',
    request_id: 'req-42',
    ...overrides,
  }
}

async function signedPayload(overrides: Partial<SiweMessage> = {}, signer = account): Promise<WalletAuthSuccessPayload> {
  const message = createSiweMessage(fields(overrides))
  return { status: 'success', message, signature: await signer.signMessage({ message }), address: account.address, version: 2 }
}

/** A client whose node must never be asked anything: proves the EOA path stays offline. */
function offlineClient() {
  const request = vi.fn(async ({ method }: { method: string }) => {
    throw new Error(`unexpected RPC ${method}`)
  })
  return { request, client: createPublicClient({ chain: worldchain, transport: custom({ request }, { retryCount: 0 }) }) }
}

/** A fake World Chain node answering `eth_call` the way a wallet contract would. */
function erc1271Client(answer: () => Hex) {
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (method === 'eth_call') return answer()
    throw new Error(`unexpected RPC ${method}`)
  })
  return { request, client: createPublicClient({ chain: worldchain, transport: custom({ request }, { retryCount: 0 }) }) }
}

const magic = () => encodeFunctionResult({ abi: erc1271Abi, functionName: 'isValidSignature', result: '0x1626ba7e' })

async function verifyError(parameters: VerifySiweMessageParameters): Promise<SiweVerificationError> {
  try {
    await verifySiweMessage(parameters)
  } catch (error) {
    if (error instanceof SiweVerificationError) return error
    throw error
  }
  throw new Error('verifySiweMessage did not throw')
}

describe('verifySiweMessage', () => {
  test('default', async () => {
    const { client, request } = offlineClient()
    const payload = await signedPayload()
    await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toStrictEqual({
      isValid: true,
      siweMessageData: fields(),
    })
    expect(request).not.toHaveBeenCalled()
  })

  test('parameters: every optional expectation given and met', async () => {
    const { client } = offlineClient()
    const result = await verifySiweMessage({
      payload: await signedPayload(),
      nonce,
      statement: `Authenticate (${nonce}).`,
      requestId: 'req-42',
      scheme: 'https',
      domain: 'APP.example',
      uri: 'https://app.example/login',
      chainId: 480,
      now,
      client,
    })
    expect(result.isValid).toBe(true)
  })

  test('parameters: chainId overrides the 480 default', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ chain_id: 10 })
    await expect(verifySiweMessage({ payload, nonce, now, client, chainId: 10 })).resolves.toMatchObject({ isValid: true })
  })

  test('parameters: statement "" matches a message without a statement', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ statement: undefined })
    expect(payload.message).toContain('\n\n\nURI: ')
    await expect(verifySiweMessage({ payload, nonce, now, client, statement: '' })).resolves.toMatchObject({ isValid: true })
  })

  test('parameters: minimal message without optional fields', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({
      scheme: undefined,
      statement: undefined,
      expiration_time: undefined,
      not_before: undefined,
      request_id: undefined,
    })
    const { siweMessageData } = await verifySiweMessage({ payload, nonce, now, client })
    expect(Object.keys(siweMessageData)).toEqual(['domain', 'address', 'uri', 'version', 'chain_id', 'nonce', 'issued_at'])
  })

  test('behavior: addresses compare case-insensitively', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ address: account.address.toLowerCase() })
    await expect(
      verifySiweMessage({
        payload: { ...payload, address: account.address.toUpperCase().replace('0X', '0x') },
        nonce,
        now,
        client,
      }),
    ).resolves.toMatchObject({
      isValid: true,
    })
  })

  test('behavior: a legacy signature without 0x is accepted', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload()
    await expect(
      verifySiweMessage({ payload: { ...payload, signature: payload.signature.slice(2) }, nonce, now, client }),
    ).resolves.toMatchObject({
      isValid: true,
    })
  })

  test('behavior: extra fields on the payload are tolerated', async () => {
    const { client } = offlineClient()
    const payload = { ...(await signedPayload()), from_newer_host: true } as WalletAuthSuccessPayload
    await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toMatchObject({ isValid: true })
  })

  test('behavior: Issued At up to five minutes ahead is clock skew, not an error', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ issued_at: '2025-06-10T12:05:00.000Z' })
    await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toMatchObject({ isValid: true })
  })

  test('parameters: maxIssuedAtSkewMs widens (or narrows) how far ahead Issued At may be', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ issued_at: '2025-06-10T14:00:00.000Z' })
    await expect(verifySiweMessage({ payload, nonce, now, client })).rejects.toMatchObject({ code: 'issued_in_future' })
    const twoHours = 2 * 60 * 60 * 1000
    await expect(verifySiweMessage({ payload, nonce, now, client, maxIssuedAtSkewMs: twoHours })).resolves.toMatchObject({
      isValid: true,
    })
    await expect(verifySiweMessage({ payload, nonce, now, client, maxIssuedAtSkewMs: twoHours - 1 })).rejects.toMatchObject({
      code: 'issued_in_future',
    })
  })

  test('behavior: Not Before equal to now is valid', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload({ not_before: now.toISOString() })
    await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toMatchObject({ isValid: true })
  })

  test('behavior: now defaults to the current time', async () => {
    vi.useFakeTimers({ now })
    try {
      const { client } = offlineClient()
      await expect(verifySiweMessage({ payload: await signedPayload(), nonce, client })).resolves.toMatchObject({ isValid: true })
      vi.setSystemTime(new Date('2025-06-18T00:00:00.000Z'))
      expect((await verifyError({ payload: await signedPayload(), nonce, client })).code).toBe('expired')
    } finally {
      vi.useRealTimers()
    }
  })

  describe('ERC-1271 (Safe wallets)', () => {
    async function safePayload(signature?: Hex): Promise<WalletAuthSuccessPayload> {
      const message = createSiweMessage(fields({ address: safeAddress }))
      // An owner's signature: it recovers to the owner, not to the Safe, so the contract must decide.
      return {
        status: 'success',
        message,
        signature: signature ?? (await otherAccount.signMessage({ message })),
        address: safeAddress,
      }
    }

    test('default', async () => {
      const { client, request } = erc1271Client(magic)
      const payload = await safePayload()
      await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toMatchObject({ isValid: true })

      expect(request).toHaveBeenCalledTimes(1)
      const [call] = (request.mock.calls[0]?.[0].params ?? []) as [{ to: string; data: Hex }]
      expect(call.to.toLowerCase()).toBe(safeAddress.toLowerCase())
      const { functionName, args } = decodeFunctionData({ abi: erc1271Abi, data: call.data })
      expect(functionName).toBe('isValidSignature')
      // One EIP-191 prefix: the standard personal-sign hash (1.9.6's V1 applied it twice).
      expect(args).toEqual([hashMessage(payload.message), payload.signature])
    })

    test('parameters: a non-ECDSA (Safe-format) signature goes straight to the contract', async () => {
      const { client } = erc1271Client(magic)
      const payload = await safePayload(`0x${'ab'.repeat(97)}`)
      await expect(verifySiweMessage({ payload, nonce, now, client })).resolves.toMatchObject({ isValid: true })
    })

    test('error: the contract answers another value', async () => {
      const { client } = erc1271Client(() =>
        encodeFunctionResult({ abi: erc1271Abi, functionName: 'isValidSignature', result: '0xffffffff' }),
      )
      const error = await verifyError({ payload: await safePayload(), nonce, now, client })
      expect(error.code).toBe('invalid_signature')
      expect(error.message).toBe(
        'Signature verification failed\n\nDetails: The wallet contract did not return the ERC-1271 magic value\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      )
      expect(error.cause).toBeUndefined()
    })

    test('error: the call reverts', async () => {
      const revert = Object.assign(new Error('execution reverted'), { code: 3, data: '0x' })
      const { client } = erc1271Client(() => {
        throw revert
      })
      const error = await verifyError({ payload: await safePayload(), nonce, now, client })
      expect(error.code).toBe('invalid_signature')
      expect(error.message).toBe(
        'Signature verification failed\n\nDetails: The ERC-1271 isValidSignature call failed\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      )
      expect(error.cause).toBeInstanceOf(Error)
    })

    test('error: no contract at the address (empty return data)', async () => {
      const { client } = erc1271Client(() => '0x')
      const error = await verifyError({ payload: await safePayload(), nonce, now, client })
      expect(error.code).toBe('invalid_signature')
      expect(error.cause).toBeInstanceOf(Error)
    })

    test('error: a signature of an odd number of hex digits never reaches the node', async () => {
      const { client, request } = erc1271Client(magic)
      const error = await verifyError({ payload: await safePayload(`0x${'ab'.repeat(97)}a`), nonce, now, client })
      expect({ code: error.code, message: error.message }).toEqual({
        code: 'invalid_signature',
        message:
          'Signature verification failed\n\nDetails: The signature is not a whole number of bytes\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      })
      expect(request).not.toHaveBeenCalled()
    })

    test.each([
      ['an HTTP error', () => new HttpRequestError({ url: 'https://rpc.example', status: 502, details: 'Bad Gateway' })],
      ['a timeout', () => new TimeoutError({ body: {}, url: 'https://rpc.example' })],
      ['a provider that throws (no JSON-RPC code)', () => new Error('socket hang up')],
      ['a JSON-RPC internal error', () => Object.assign(new Error('header not found'), { code: -32603 })],
      ['a JSON-RPC rate limit', () => Object.assign(new Error('rate limited'), { code: -32005 })],
    ])('error: %s is verifier_unavailable, not a verdict on the signature', async (_name, failure) => {
      const { client } = erc1271Client(() => {
        throw failure()
      })
      const error = await verifyError({ payload: await safePayload(), nonce, now, client })
      expect({ name: error.name, code: error.code, shortMessage: error.shortMessage, message: error.message }).toEqual({
        name: 'SiweVerificationError',
        code: 'verifier_unavailable',
        shortMessage: 'Signature verifier unavailable',
        message:
          'Signature verifier unavailable\n\nDetails: The ERC-1271 isValidSignature call did not reach the chain\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      })
      expect(error.cause).toBeInstanceOf(Error)
    })

    test.each([
      ['a revert with a reason', () => Object.assign(new Error('execution reverted: GS026'), { code: 3, data: '0x08c379a0' })],
      ['a bare revert (-32000)', () => Object.assign(new Error('execution reverted'), { code: -32000 })],
      [
        'a revert reported as -32603 with revert data',
        () => Object.assign(new Error('reverted'), { code: -32603, data: '0xdeadbeef' }),
      ],
    ])('error: %s is the contract saying no (invalid_signature)', async (_name, failure) => {
      const { client } = erc1271Client(() => {
        throw failure()
      })
      const error = await verifyError({ payload: await safePayload(), nonce, now, client })
      expect(error.code).toBe('invalid_signature')
    })

    test('error: return data that is not a bytes4 is invalid_signature', async () => {
      const { client } = erc1271Client(() => '0x01')
      expect((await verifyError({ payload: await safePayload(), nonce, now, client })).code).toBe('invalid_signature')
    })

    test('error: another chain without a client', async () => {
      const message = createSiweMessage(fields({ address: safeAddress, chain_id: 10 }))
      const payload: WalletAuthSuccessPayload = {
        status: 'success',
        message,
        signature: `0x${'ab'.repeat(97)}`,
        address: safeAddress,
      }
      const error = await verifyError({ payload, nonce, now, chainId: 10 })
      expect(error.code).toBe('invalid_signature')
      expect(error.message).toBe(
        'Signature verification failed\n\nDetails: Not an EOA signature, and no client was given for chain 10 to check ERC-1271\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      )
    })
  })

  describe('errors', () => {
    const cases: Array<[string, () => Promise<Partial<VerifySiweMessageParameters>>, string, string]> = [
      [
        'malformed_payload',
        async () => ({
          payload: { status: 'error', error_code: 'user_rejected', version: 2 } as unknown as WalletAuthSuccessPayload,
        }),
        'Invalid wallet auth payload',
        'Invalid wallet auth payload\n\nDetails: Invalid field(s): status, message, signature, address',
      ],
      [
        'malformed_message',
        async () => ({ payload: { ...(await signedPayload()), message: 'hello' } }),
        "Missing 'wants you to sign in with your Ethereum account:'",
        "Missing 'wants you to sign in with your Ethereum account:'",
      ],
      [
        'unsupported_version',
        async () => ({ payload: await signedPayload({ version: '2' }) }),
        'Unsupported SIWE message version',
        "Unsupported SIWE message version\n\nDetails: Expected 'Version: 1'",
      ],
      [
        'address_mismatch',
        async () => ({ payload: { ...(await signedPayload()), address: otherAccount.address } }),
        'Address mismatch',
        'Address mismatch\n\nDetails: The payload address does not match the address in the message',
      ],
      [
        'chain_mismatch',
        async () => ({ payload: await signedPayload({ chain_id: 10 }) }),
        'Chain ID mismatch',
        'Chain ID mismatch\n\nDetails: Expected 480, got 10',
      ],
      [
        'scheme_mismatch',
        async () => ({ payload: await signedPayload({ scheme: 'http' }), scheme: 'https' }),
        'Scheme mismatch',
        'Scheme mismatch',
      ],
      [
        'domain_mismatch',
        async () => ({ payload: await signedPayload({ domain: 'evil.example' }), domain: 'app.example' }),
        'Domain mismatch',
        'Domain mismatch',
      ],
      [
        'uri_mismatch',
        async () => ({ payload: await signedPayload(), uri: 'https://app.example/other' }),
        'URI mismatch',
        'URI mismatch',
      ],
      [
        'invalid_nonce',
        async () => ({ payload: await signedPayload({ nonce: 'short1' }), nonce: 'short1' }),
        'Nonce must be at least 8 alphanumeric characters',
        'Nonce must be at least 8 alphanumeric characters',
      ],

      ['nonce_mismatch', async () => ({ nonce: 'ffffffffffffffff' }), 'Nonce mismatch', 'Nonce mismatch'],
      ['statement_mismatch', async () => ({ statement: 'Something else' }), 'Statement mismatch', 'Statement mismatch'],
      ['request_id_mismatch', async () => ({ requestId: 'req-43' }), 'Request ID mismatch', 'Request ID mismatch'],
      [
        'expired',
        async () => ({ payload: await signedPayload({ expiration_time: now.toISOString() }) }),
        'Expired message',
        'Expired message',
      ],
      [
        'not_yet_valid',
        async () => ({ payload: await signedPayload({ not_before: '2025-06-10T12:00:00.001Z' }) }),
        'Not Before time has not passed',
        'Not Before time has not passed',
      ],
      [
        'issued_in_future',
        async () => ({ payload: await signedPayload({ issued_at: '2025-06-10T12:05:00.001Z' }) }),
        'Issued At is in the future',
        'Issued At is in the future',
      ],
      [
        'invalid_signature',
        // Signed by another key: recovery gives the wrong address, and the fake node says "not a contract".
        async () => ({ payload: { ...(await signedPayload({}, otherAccount)) }, client: erc1271Client(() => '0x').client }),
        'Signature verification failed',
        'Signature verification failed\n\nDetails: The ERC-1271 isValidSignature call failed',
      ],
      [
        'verifier_unavailable',
        // Signed by another key, and the node is down: nobody could say whether a contract wallet signed it.
        async () => ({
          payload: { ...(await signedPayload({}, otherAccount)) },
          client: erc1271Client(() => {
            throw new HttpRequestError({ url: 'https://rpc.example', status: 503 })
          }).client,
        }),
        'Signature verifier unavailable',
        'Signature verifier unavailable\n\nDetails: The ERC-1271 isValidSignature call did not reach the chain',
      ],
    ]

    test.each(cases)('error: %s', async (code, make, shortMessage, message) => {
      const overrides = await make()
      const error = await verifyError({
        payload: await signedPayload(),
        nonce,
        now,
        client: offlineClient().client,
        ...overrides,
      })
      expect(error).toBeInstanceOf(SiweVerificationError)
      expect({ name: error.name, code: error.code, shortMessage: error.shortMessage, message: error.message }).toEqual({
        name: code === 'malformed_message' ? 'SiweParseError' : 'SiweVerificationError',
        code,
        shortMessage,
        message: `${message}\n\nDocs: packages/minikit/README.md#${code === 'malformed_message' ? 'siweparseerror' : 'siweverificationerror'}\nVersion: @worldmap/minikit@0.1.0`,
      })
    })

    test('error: every failure has its own code', () => {
      expect(new Set(cases.map(([code]) => code)).size).toBe(cases.length)
    })

    test("error: a nonce outside ERC-4361's alphabet is invalid_nonce, however long", async () => {
      const error = await verifyError({
        payload: await signedPayload({ nonce: 'abcd-1234-efgh' }),
        nonce: 'abcd-1234-efgh',
        now,
        client: offlineClient().client,
      })
      expect(error.code).toBe('invalid_nonce')
    })

    test('behavior: a 2.x WalletAuthResult (no status) verifies like the 1.x success reply', async () => {
      const { status: _status, ...result } = await signedPayload()
      const { siweMessageData } = await verifySiweMessage({ payload: result, nonce, now, client: offlineClient().client })
      expect(siweMessageData.nonce).toBe(nonce)
    })

    test('error: a parse failure is a SiweParseError', async () => {
      const error = await verifyError({ payload: { ...(await signedPayload()), message: 'hello' }, nonce, now })
      expect(error).toBeInstanceOf(SiweParseError)
    })

    test('error: messages keep nonce, statement and signature out', async () => {
      const payload = await signedPayload()
      const errors = await Promise.all([
        verifyError({ payload, nonce: 'expected-nonce-value', now }),
        verifyError({ payload, nonce, now, statement: 'expected statement' }),
        verifyError({
          payload: { ...payload, signature: payload.signature.replace(/.$/, '0') },
          nonce,
          now,
          client: erc1271Client(() => '0x').client,
        }),
      ])
      for (const error of errors) {
        for (const secret of [
          nonce,
          'expected-nonce-value',
          'expected statement',
          `Authenticate (${nonce}).`,
          payload.signature.slice(2, 40),
        ]) {
          expect(error.message).not.toContain(secret)
        }
      }
    })

    test('error: a malformed address in the payload', async () => {
      const error = await verifyError({ payload: { ...(await signedPayload()), address: '0x9202…4500' }, nonce, now })
      expect(error.message).toBe(
        'Invalid wallet auth payload\n\nDetails: Invalid field(s): address\n\nDocs: packages/minikit/README.md#siweverificationerror\nVersion: @worldmap/minikit@0.1.0',
      )
    })

    test('error: the {address} placeholder was never filled in', async () => {
      const payload = await signedPayload({ address: undefined })
      expect(payload.message).toContain('\n{address}\n')
      expect((await verifyError({ payload, nonce, now })).code).toBe('address_mismatch')
    })
  })
})

describe('verifySiweMessage properties', () => {
  test('behavior: any payload either verifies or throws SiweVerificationError', async () => {
    const { client } = offlineClient()
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.string(), async (payload, expected) => {
        await expect(
          verifySiweMessage({ payload: payload as WalletAuthSuccessPayload, nonce: expected, now, client }),
        ).rejects.toBeInstanceOf(SiweVerificationError)
      }),
      { numRuns: 300 },
    )
  })

  test('behavior: changing any character of a signed message invalidates it', async () => {
    const { client } = offlineClient()
    const payload = await signedPayload()
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: payload.message.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        async (at, char) => {
          fc.pre(payload.message[at] !== char)
          const message = payload.message.slice(0, at) + char + payload.message.slice(at + 1)
          await expect(verifySiweMessage({ payload: { ...payload, message }, nonce, now, client })).rejects.toBeInstanceOf(
            SiweVerificationError,
          )
        },
      ),
      { numRuns: 200 },
    )
  })

  test('behavior: any well-formed message signed by the address verifies', async () => {
    const { client } = offlineClient()
    const text = fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).filter((value) => !value.includes('\n'))
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/),
          statement: fc.option(text, { nil: undefined }),
          request_id: fc.option(text, { nil: undefined }),
          uri: text,
        }),
        async (overrides) => {
          const payload = await signedPayload(overrides)
          const { siweMessageData } = await verifySiweMessage({
            payload,
            nonce: overrides.nonce,
            ...(overrides.statement === undefined ? {} : { statement: overrides.statement }),
            ...(overrides.request_id === undefined ? {} : { requestId: overrides.request_id }),
            uri: overrides.uri,
            now,
            client,
          })
          expect(siweMessageData.nonce).toBe(overrides.nonce)
        },
      ),
      { numRuns: 30 },
    )
  })
})
