import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { allCommands, createFakeHost, type FakeHostOptions, resetAll } from '../../test/fakeHost.js'
import { getPermissions } from '../commands/getPermissions.js'
import { pay } from '../commands/pay.js'
import { requestPermission } from '../commands/requestPermission.js'
import { sendHapticFeedback } from '../commands/sendHapticFeedback.js'
import { sendTransaction } from '../commands/sendTransaction.js'
import { share } from '../commands/share.js'
import { shareContacts } from '../commands/shareContacts.js'
import { signMessage } from '../commands/signMessage.js'
import { signTypedData } from '../commands/signTypedData.js'
import { verify } from '../commands/verify.js'
import { walletAuth, walletAuthVersion } from '../commands/walletAuth.js'
import { install } from '../install.js'
import { state } from '../state.js'
import { hashToField } from '../utils/hashToField.js'
import { type HostMessage, postToHost } from './postToHost.js'

const OS = ['ios', 'android'] as const
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const NOW = new Date('2025-06-10T12:00:00.000Z')

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

type HostWindow = {
  webkit?: { messageHandlers?: { minikit?: { postMessage: (m: unknown) => void } } }
  Android?: { postMessage: (m: string) => void }
}
const hostWindow = () => window as unknown as HostWindow

/** Fake host + install, with the install-time messages cleared. */
async function setup(options: FakeHostOptions = {}) {
  const host = createFakeHost(options)
  install('app_test')
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

/** Leave a call pending without an unhandled rejection when resetAll aborts it. */
const pending = (promise: Promise<unknown>) => {
  promise.catch(() => {})
}

let error: MockInstance<typeof console.error>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (navigator as { share?: unknown }).share
  resetAll()
})

describe('postToHost', () => {
  const message: HostMessage = { command: 'sign-message', version: 1, payload: { message: 'hi' } }

  test('default', () => {
    const postMessage = vi.fn()
    hostWindow().webkit = { messageHandlers: { minikit: { postMessage } } }
    expect(postToHost(message)).toBe(true)
    // iOS receives the object itself.
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(message)
    expect(postMessage.mock.calls[0]?.[0]).toBe(message)
  })

  test('behavior: Android receives a JSON string', () => {
    const postMessage = vi.fn()
    hostWindow().Android = { postMessage }
    expect(postToHost(message)).toBe(true)
    expect(postMessage).toHaveBeenCalledExactlyOnceWith('{"command":"sign-message","version":1,"payload":{"message":"hi"}}')
  })

  test('behavior: iOS wins when both handlers exist', () => {
    const ios = vi.fn()
    const android = vi.fn()
    hostWindow().webkit = { messageHandlers: { minikit: { postMessage: ios } } }
    hostWindow().Android = { postMessage: android }
    expect(postToHost(message)).toBe(true)
    expect(ios).toHaveBeenCalledOnce()
    expect(android).not.toHaveBeenCalled()
  })

  test('behavior: webkit without the minikit handler falls through to Android', () => {
    const android = vi.fn()
    hostWindow().webkit = { messageHandlers: {} }
    hostWindow().Android = { postMessage: android }
    expect(postToHost(message)).toBe(true)
    expect(android).toHaveBeenCalledOnce()
  })

  test('error: no native handler returns false', () => {
    expect(postToHost(message)).toBe(false)
    // Safari outside World App has `webkit` but no minikit handler.
    hostWindow().webkit = { messageHandlers: {} }
    expect(postToHost(message)).toBe(false)
  })

  test('error: a throwing handler propagates', () => {
    hostWindow().Android = {
      postMessage() {
        throw new Error('bridge down')
      },
    }
    expect(() => postToHost(message)).toThrow('bridge down')
  })
})

describe.each(OS)('wire messages (%s host)', (os) => {
  const abi = [
    { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] },
  ]
  const cases: Array<[string, () => Promise<unknown>, HostMessage]> = [
    [
      'verify',
      () => verify({ action: 'collect', signal: 'x' }),
      {
        command: 'verify',
        version: 1,
        payload: { action: 'collect', signal: hashToField('x'), verification_level: 'orb', timestamp: NOW.toISOString() },
      },
    ],
    [
      'pay',
      () => pay({ reference: 'ref-1', to: ADDRESS, tokens: [{ symbol: 'WLD', token_amount: '1000' }], description: 'tip' }),
      {
        command: 'pay',
        version: 1,
        payload: {
          reference: 'ref-1',
          to: ADDRESS,
          tokens: [{ symbol: 'WLD', token_amount: '1000' }],
          description: 'tip',
          network: 'worldchain',
        },
      },
    ],
    [
      'sendTransaction',
      () => sendTransaction({ transaction: [{ address: ADDRESS, abi, functionName: 'mint', args: [5n] }] }),
      {
        command: 'send-transaction',
        version: 1,
        payload: { transaction: [{ address: ADDRESS, abi, functionName: 'mint', args: ['5'] }], formatPayload: true },
      },
    ],
    ['signMessage', () => signMessage({ message: 'hi' }), { command: 'sign-message', version: 1, payload: { message: 'hi' } }],
    [
      'signTypedData',
      () => signTypedData({ types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'd1' } }),
      {
        command: 'sign-typed-data',
        version: 1,
        payload: { types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'd1' }, chainId: 480 },
      },
    ],
    [
      'shareContacts',
      () => shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'join' }),
      { command: 'share-contacts', version: 1, payload: { isMultiSelectEnabled: true, inviteMessage: 'join' } },
    ],
    [
      'requestPermission',
      () => requestPermission({ permission: 'notifications' }),
      { command: 'request-permission', version: 1, payload: { permission: 'notifications' } },
    ],
    ['getPermissions', () => getPermissions(), { command: 'get-permissions', version: 1, payload: {} }],
    [
      'sendHapticFeedback',
      () => sendHapticFeedback({ hapticsType: 'impact', style: 'medium' }),
      { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'impact', style: 'medium' } },
    ],
  ]

  test.each(cases)('behavior: %s is sent as {command, version, payload}', async (_, call, expected) => {
    const host = await setup({ os })
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    pending(call())
    expect(host.messages).toStrictEqual([expected])
    if (os === 'android') {
      // Android gets exactly the JSON text of the message (key order: command, version, payload).
      expect(typeof host.raw[0]).toBe('string')
      expect(JSON.parse(host.raw[0] as string)).toStrictEqual(expected)
      expect(host.raw[0]).toMatch(/^\{"command":"[a-z-]+","version":1,"payload":\{/)
    } else {
      expect(host.raw[0]).toStrictEqual(expected)
      expect(typeof host.raw[0]).toBe('object')
    }
  })

  test('behavior: wallet-auth carries the SIWE message for this page', async () => {
    const host = await setup({ os })
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    pending(walletAuth({ nonce: 'abcdefgh12', statement: 'Sign in' }))
    const [message] = host.messages
    expect(message).toMatchObject({ command: 'wallet-auth', version: 2 })
    const { siweMessage } = (message?.payload ?? {}) as { siweMessage: string }
    expect(siweMessage).toBe(
      `${location.protocol}//${location.host} wants you to sign in with your Ethereum account:\n{address}\n\nSign in\n\n` +
        `URI: ${location.href}\nVersion: 1\nChain ID: 480\nNonce: abcdefgh12\nIssued At: ${NOW.toISOString()}\n`,
    )
    if (os === 'android') expect(host.raw[0]).toBe(JSON.stringify(message))
  })

  test.each([
    [2087901, 2],
    [2100000, 2],
    [2087900, 1],
    [2000000, 1],
  ])('parameters: wallet-auth is version %i → %i', async (version, wire) => {
    const host = await setup({ os, version })
    expect(walletAuthVersion()).toBe(wire)
    pending(walletAuth({ nonce: 'abcdefgh12' }))
    expect(host.commands('wallet-auth')).toMatchObject([{ version: wire }])
  })

  test('parameters: wallet-auth is version 1 when the host version is missing', async () => {
    const host = await setup({ os })
    state.deviceProperties = { ...state.deviceProperties, worldAppVersion: undefined }
    expect(walletAuthVersion()).toBe(1)
    pending(walletAuth({ nonce: 'abcdefgh12' }))
    expect(host.commands('wallet-auth')).toMatchObject([{ version: 1 }])
  })

  test('behavior: the install-time messages are init then get-permissions', () => {
    const host = createFakeHost({ os })
    install('app_test')
    expect(host.messages).toStrictEqual([
      { command: 'init', payload: { version: 1, minorVersion: 96 } },
      { command: 'get-permissions', version: 1, payload: {} },
    ])
    if (os === 'android') expect(host.raw).toStrictEqual(host.messages.map((m) => JSON.stringify(m)))
  })
})

describe('share on iOS', () => {
  const input = { title: 'WorldMap', text: 'I found a golden compass!', url: 'https://worldmap.test' }

  function stubShare(impl: (data: ShareData) => Promise<void> = async () => {}) {
    const fn = vi.fn(impl)
    Object.defineProperty(navigator, 'share', { value: fn, configurable: true, writable: true })
    return fn
  }

  test('default', async () => {
    const host = await setup({ os: 'ios' })
    const nativeShare = stubShare()
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    await expect(share(input)).resolves.toStrictEqual({
      status: 'success',
      shared_files_count: 0,
      version: 1,
      timestamp: NOW.toISOString(),
    })
    expect(nativeShare).toHaveBeenCalledExactlyOnceWith(input)
    // The raw input goes to the host, for its analytics.
    expect(host.messages).toStrictEqual([{ command: 'share', version: 1, payload: input }])
    expect(host.messages[0]?.payload).toBe(input)
  })

  test('behavior: files are shared natively and counted', async () => {
    const host = await setup({ os: 'ios' })
    const nativeShare = stubShare()
    const files = [new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.png', { type: 'image/png' })]
    await expect(share({ files, text: 'two' })).resolves.toMatchObject({ status: 'success', shared_files_count: 2 })
    expect(nativeShare.mock.calls[0]?.[0]?.files).toBe(files)
    expect(host.messages[0]?.payload).toMatchObject({ files })
    expect((host.messages[0]?.payload as { files?: File[] } | undefined)?.files).toBe(files)
  })

  test('error: a cancelled share sheet (AbortError) resolves user_rejected', async () => {
    await setup({ os: 'ios' })
    stubShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')))
    await expect(share(input)).resolves.toStrictEqual({
      status: 'error',
      error_code: 'user_rejected',
      version: 1,
      details: 'Share canceled',
    })
  })

  test('error: any other navigator.share failure resolves generic_error', async () => {
    await setup({ os: 'ios' })
    stubShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')))
    await expect(share(input)).resolves.toStrictEqual({
      status: 'error',
      error_code: 'generic_error',
      version: 1,
      details: 'Not allowed',
    })
  })

  test('error: without navigator.share it resolves generic_error', async () => {
    const host = await setup({ os: 'ios' })
    await expect(share(input)).resolves.toStrictEqual({
      status: 'error',
      error_code: 'generic_error',
      version: 1,
      details: 'navigator.share is unavailable',
    })
    expect(host.commands('share')).toHaveLength(1)
  })

  test('error: invalid input rejects before anything is sent or shown', async () => {
    const host = await setup({ os: 'ios' })
    const nativeShare = stubShare()
    await expect(share({ files: 'x' as never })).rejects.toMatchObject({
      name: 'InvalidPayloadError',
      shortMessage: 'The "files" property must be an array.',
    })
    expect(nativeShare).not.toHaveBeenCalled()
    expect(host.messages).toHaveLength(0)
  })

  test('error: an unavailable share command rejects with CommandUnavailableError', async () => {
    const host = await setup({ os: 'ios', supported: allCommands().filter((c) => c.name !== 'share') })
    const nativeShare = stubShare()
    await expect(share(input)).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      shortMessage: "'share' command is unavailable. Check MiniKit.install() or update the app version",
    })
    expect(nativeShare).not.toHaveBeenCalled()
    expect(host.messages).toHaveLength(0)
    expect(error).toHaveBeenCalledExactlyOnceWith(
      "'share' command is unavailable. Check MiniKit.install() or update the app version",
    )
  })
})

describe('share on Android', () => {
  const reply = { status: 'success', shared_files_count: 1, version: 1, timestamp: '2025-06-10T12:00:00.000Z' }

  test('default', async () => {
    const host = await setup({ os: 'android', respond: { share: () => reply } })
    const nativeShare = vi.fn()
    Object.defineProperty(navigator, 'share', { value: nativeShare, configurable: true })
    const file = new File(['hello world'], 'note.txt', { type: 'text/plain' })
    await expect(share({ files: [file], title: 'T', text: 'X', url: 'https://worldmap.test' })).resolves.toStrictEqual(reply)
    const expected = {
      command: 'share',
      version: 1,
      payload: {
        files: [{ name: 'note.txt', type: 'text/plain', data: btoa('hello world') }],
        title: 'T',
        text: 'X',
        url: 'https://worldmap.test',
      },
    }
    expect(JSON.parse(host.raw[0] as string)).toStrictEqual(expected)
    expect(typeof host.raw[0]).toBe('string')
    // Android shows its own sheet.
    expect(nativeShare).not.toHaveBeenCalled()
  })

  test('behavior: large files are base64-encoded in chunks without loss', async () => {
    const host = await setup({ os: 'android', respond: { share: () => reply } })
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256)
    await share({ files: [new File([bytes], 'map.bin', { type: 'application/octet-stream' })] })
    const { files } = (host.messages[0]?.payload ?? {}) as { files?: Array<{ data: string }> }
    expect(files?.[0]?.data).toBe(Buffer.from(bytes).toString('base64'))
  })

  test('behavior: without files only title, text and url are sent', async () => {
    const host = await setup({ os: 'android', respond: { share: () => reply } })
    await share({ text: 'just text' })
    expect(host.raw[0]).toBe('{"command":"share","version":1,"payload":{"text":"just text"}}')
  })

  test('behavior: an error reply resolves', async () => {
    const failure = { status: 'error', error_code: 'invalid_file_name', version: 1 }
    await setup({ os: 'android', respond: { share: () => failure } })
    await expect(share({ files: [new File(['x'], 'noextension')] })).resolves.toStrictEqual(failure)
  })

  test('parameters: the timeout option applies', async () => {
    await setup({ os: 'android' })
    await expect(share({ text: 'x' }, { timeout: 10 })).rejects.toMatchObject({
      name: 'CommandTimeoutError',
      shortMessage: "'share' did not receive a reply within 10 ms",
    })
  })
})
