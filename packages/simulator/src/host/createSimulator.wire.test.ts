// The simulator seen from the wire: messages posted straight to the native
// handlers, replies read from a stand-in `window.MiniKit.trigger`.
import {
  buildPayPayload,
  buildSendTransactionPayload,
  buildSignTypedDataPayload,
  buildVerifyPayload,
  buildWalletAuthPayload,
} from '@worldmap/minikit/internal'
import {
  HOST_COMMANDS,
  HOST_VERSIONS,
  type HostCommand,
  replyProblems,
  supportedCommandsOf,
  WORLD_APP_RELEASES,
} from '@worldmap/minikit/wire'
import { keccak256, toHex, verifyMessage } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createSimulator, type Simulator, type SimulatorOptions } from './createSimulator.js'
import { MALFORMED_CODE, REJECT_CODE, REPLY_EVENT } from './replies.js'

type Page = Window & {
  MiniKit?: unknown
  webkit?: { messageHandlers: { minikit: { postMessage(message: unknown): void } } }
  Android?: { postMessage(message: string): void }
}
const page = window as Page
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'

let simulator: Simulator | undefined
let trigger: ReturnType<typeof vi.fn>

beforeEach(() => {
  trigger = vi.fn()
  page.MiniKit = { trigger }
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(async () => {
  await simulator?.settled()
  simulator?.uninstall()
  simulator = undefined
  delete page.MiniKit
})

function host(options: SimulatorOptions = {}) {
  simulator = createSimulator(options)
  const post = (message: unknown) =>
    options.os === 'android'
      ? page.Android?.postMessage(typeof message === 'string' ? message : JSON.stringify(message))
      : page.webkit?.messageHandlers.minikit.postMessage(message)
  return { simulator, post }
}

/** A payload the host accepts, per command (built by the SDK, or as official MiniKit 2.0.3 sends it). */
const valid: Record<HostCommand, () => unknown> = {
  verify: () => buildVerifyPayload({ action: 'collect', signal: 'x', verification_level: 'device' }),
  pay: () =>
    buildPayPayload({
      reference: 'ref-1',
      to: ADDRESS,
      tokens: [{ symbol: 'WLD', token_amount: '1000000000000000000' }],
      description: 'Tip',
    }),
  'wallet-auth': () => buildWalletAuthPayload({ nonce: 'abcdefgh1234' }),
  'send-transaction': () =>
    buildSendTransactionPayload({
      transaction: [
        {
          address: ADDRESS,
          abi: [{ type: 'function', name: 'mint', inputs: [{ name: 'id', type: 'uint256' }] }],
          functionName: 'mint',
          args: [1n],
        },
      ],
    }),
  'sign-message': () => ({ message: 'hi' }),
  'sign-typed-data': () =>
    buildSignTypedDataPayload({ types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'd1' } }),
  'share-contacts': () => ({ isMultiSelectEnabled: true }),
  'request-permission': () => ({ permission: 'contacts' }),
  'get-permissions': () => ({}),
  'send-haptic-feedback': () => ({ hapticsType: 'impact', style: 'light' }),
  share: () => ({ title: 'WorldMap', text: 'Look' }),
  attestation: () => ({ request_hash: keccak256(toHex('GET /api/drops')) }),
  chat: () => ({ message: 'Found a golden compass!', to: ['ana.world', 'ben.world'] }),
  'close-miniapp': () => ({}),
}
/** send-transaction 2, as official MiniKit 2.0.3 sends it: calldata first, numbers as strings. */
const sendTransactionV2 = () => ({
  transactions: [
    { to: ADDRESS, data: '0xa0712d680000000000000000000000000000000000000000000000000000000000000001', value: '0x0' },
    { to: ADDRESS, data: '0x' },
  ],
  chainId: 480,
})
const payloadAt = (command: HostCommand, version: number) =>
  command === 'send-transaction' && version === 2 ? sendTransactionV2() : valid[command]()

/** Every command and version today's World App answers (close-miniapp answers nothing). */
const ANSWERED = HOST_COMMANDS.filter((command) => command !== 'close-miniapp').flatMap((command) =>
  HOST_VERSIONS[command].map((version) => [command, version] as const),
)
const contractErrors = () =>
  vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).includes('departs from the wire contract'))

describe('every command', () => {
  test.each(ANSWERED)('default: %s %i is answered with a success the wire contract accepts', async (command, version) => {
    const { simulator, post } = host({ os: 'android' })
    post({ command, version, payload: payloadAt(command, version) })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledTimes(1)
    const [event, reply] = trigger.mock.calls[0] as [string, Record<string, unknown>]
    expect(event).toBe(REPLY_EVENT[command])
    expect(reply).toMatchObject({ status: 'success', version })
    expect(replyProblems(command, version, reply)).toEqual([])
    expect(contractErrors()).toEqual([])
  })

  test.each(ANSWERED)('parameters: %s %i rejected without a code gets its REJECT_CODE', async (command, version) => {
    const { simulator, post } = host({ os: 'android', behaviour: { [command]: { outcome: 'reject' } } })
    post({ command, version, payload: payloadAt(command, version) })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith(REPLY_EVENT[command], {
      status: 'error',
      error_code: REJECT_CODE[command],
      version,
    })
  })

  test.each(ANSWERED)('error: %s %i with a malformed payload gets its MALFORMED_CODE', async (command, version) => {
    const { simulator, post } = host()
    post({ command, version, payload: 42 })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith(REPLY_EVENT[command], {
      status: 'error',
      error_code: MALFORMED_CODE[command],
      details: expect.stringMatching(/^payload: /),
      version,
    })
  })
})

describe("today's World App", () => {
  test('behavior: send-transaction 2 returns a user operation of the wallet, one hash per call', async () => {
    const { simulator, post } = host()
    post({ command: 'send-transaction', version: 2, payload: sendTransactionV2() })
    post({ command: 'send-transaction', version: 2, payload: sendTransactionV2() })
    await simulator.settled()
    const replies = trigger.mock.calls.map((call) => call[1] as Record<string, unknown>)
    expect(replies).toEqual([
      {
        status: 'success',
        userOpHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        from: simulator.wallet.address,
        network: 'worldchain',
        timestamp: expect.any(String),
        version: 2,
      },
      expect.objectContaining({ status: 'success' }),
    ])
    expect(replies[0]?.userOpHash).not.toBe(replies[1]?.userOpHash)
  })

  test('error: send-transaction 2 off World Chain gets invalid_operation', async () => {
    const { simulator, post } = host()
    post({ command: 'send-transaction', version: 2, payload: { ...sendTransactionV2(), chainId: 10 } })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-send-transaction', {
      status: 'error',
      error_code: 'invalid_operation',
      version: 2,
    })
  })

  test('behavior: send-transaction 1 replies with a reference, as 1.9.6’s types require', async () => {
    const { simulator, post } = host()
    post({ command: 'send-transaction', version: 1, payload: valid['send-transaction']() })
    await simulator.settled()
    expect(trigger.mock.calls[0]?.[1]).toMatchObject({
      transaction_status: 'submitted',
      reference: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      mini_app_id: simulator.appId,
    })
  })

  test('behavior: attestation returns a token bound to the request hash and signed by the wallet', async () => {
    const { simulator, post } = host({ appId: 'app_staging_attest' })
    const payload = valid.attestation() as { request_hash: string }
    post({ command: 'attestation', version: 1, payload })
    await simulator.settled()
    const [[, reply]] = trigger.mock.calls as [[string, { token: string }]]
    const { token } = reply
    const [header, claims, signature] = token.split('.') as [string, string, string]
    const decode = (part: string) => atob(part.replace(/-/g, '+').replace(/_/g, '/'))
    expect(JSON.parse(decode(header))).toEqual({ alg: 'ES256K', typ: 'JWT', kid: simulator.wallet.address })
    expect(JSON.parse(decode(claims))).toMatchObject({
      aud: 'app_staging_attest',
      request_hash: payload.request_hash,
      exp: expect.any(Number),
    })
    const bytes = Uint8Array.from(decode(signature), (char) => char.charCodeAt(0))
    expect(
      await verifyMessage({ address: simulator.wallet.address, message: `${header}.${claims}`, signature: toHex(bytes) }),
    ).toBe(true)
  })

  test('behavior: chat counts the recipients, or the one chat picked', async () => {
    const { simulator, post } = host()
    post({ command: 'chat', version: 1, payload: valid.chat() })
    post({ command: 'chat', version: 1, payload: { message: 'hi' } })
    await simulator.settled()
    expect(trigger.mock.calls.map((call) => (call[1] as { count: number }).count)).toEqual([2, 1])
  })

  test('error: chat without a message gets generic_error', async () => {
    const { simulator, post } = host()
    post({ command: 'chat', version: 1, payload: { message: '' } })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-chat', {
      status: 'error',
      error_code: 'generic_error',
      details: 'payload.message: message must not be empty',
      version: 1,
    })
  })

  test('behavior: close-miniapp closes the page and answers nothing', async () => {
    const { simulator, post } = host({ os: 'android' })
    expect(simulator.closed).toBe(false)
    post({ command: 'close-miniapp', version: 1, payload: {} })
    await simulator.settled()
    expect(simulator.closed).toBe(true)
    expect(trigger).not.toHaveBeenCalled()
  })
})

describe('worldAppVersion', () => {
  test.each(Object.entries(WORLD_APP_RELEASES))('default: %s (%i) advertises what that build speaks', (_, version) => {
    host({ worldAppVersion: version })
    expect((page as { WorldApp?: unknown }).WorldApp).toMatchObject({
      world_app_version: version,
      supported_commands: supportedCommandsOf(version),
    })
  })

  test('default: today’s World App by default', () => {
    host()
    expect((page as { WorldApp?: unknown }).WorldApp).toMatchObject({
      world_app_version: WORLD_APP_RELEASES.current,
      supported_commands: supportedCommandsOf(WORLD_APP_RELEASES.current),
    })
  })

  test('behavior: an older build leaves commands it does not know unanswered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { simulator, post } = host({ worldAppVersion: WORLD_APP_RELEASES.walletAuthV2 })
    post({ command: 'chat', version: 1, payload: valid.chat() })
    await simulator.settled()
    expect(trigger).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledWith('[simulator] World App 2087901 does not know chat')
  })

  test('error: an older build refuses a version it does not speak', async () => {
    const { simulator, post } = host({ worldAppVersion: WORLD_APP_RELEASES.walletAuthV2 })
    post({ command: 'send-transaction', version: 2, payload: sendTransactionV2() })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-send-transaction', {
      status: 'error',
      error_code: 'input_error',
      details: 'version: World App 2087901 does not speak send-transaction 2',
      version: 2,
    })
  })
})

describe('wire', () => {
  test('error: a malformed pay gets input_error with the contract’s reasons', async () => {
    const { simulator } = host()
    page.webkit?.messageHandlers.minikit.postMessage({ command: 'pay', version: 1, payload: { reference: 5 } })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledTimes(1)
    const [event, reply] = trigger.mock.calls[0] as [string, Record<string, unknown>]
    expect(event).toBe('miniapp-payment')
    expect(reply).toMatchObject({ status: 'error', error_code: 'input_error', version: 1 })
    expect(reply.details).toMatchInlineSnapshot(
      `"payload.reference: Invalid input: expected string, received number; payload.to: Invalid input: expected string, received undefined; payload.tokens: Invalid input: expected array, received undefined; payload.description: Invalid input: expected string, received undefined; payload.network: Invalid input: expected "worldchain""`,
    )
  })

  test.each(['ios', 'android'] as const)(
    'behavior: %s accepts an unformatted send-transaction as the app wrote it (named args, numbers)',
    async (os) => {
      const { simulator, post } = host({ os })
      const transaction = [{ address: ADDRESS, abi: [], functionName: 'fill', args: [{ amount: 5, to: ADDRESS }, 9] }]
      post({ command: 'send-transaction', version: 1, payload: { transaction, formatPayload: false } })
      await simulator.settled()
      expect(trigger).toHaveBeenCalledWith(
        'miniapp-send-transaction',
        expect.objectContaining({ status: 'success', transaction_status: 'submitted' }),
      )
    },
  )

  test('error: a formatted send-transaction with named args gets input_error', async () => {
    const { simulator, post } = host()
    const transaction = [{ address: ADDRESS, abi: [], functionName: 'fill', args: { amount: '5' } }]
    post({ command: 'send-transaction', version: 1, payload: { transaction, formatPayload: true } })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-send-transaction', {
      status: 'error',
      error_code: 'input_error',
      details: 'payload.transaction.0.args: transaction[0].args: objects must be flattened to positional arrays',
      version: 1,
    })
  })

  test('error: a version the host does not speak is malformed', async () => {
    const { simulator, post } = host()
    post({ command: 'sign-message', version: 7, payload: { message: 'hi' } })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-sign-message', {
      status: 'error',
      error_code: 'invalid_message',
      details: 'version: sign-message has no version 7',
      version: 7,
    })
  })

  test('behavior: a missing version counts as 1', async () => {
    const { simulator, post } = host()
    post({ command: 'sign-message', payload: { message: 'hi' } })
    await simulator.settled()
    expect(simulator.received[0]?.version).toBeUndefined()
    expect(trigger).toHaveBeenCalledWith('miniapp-sign-message', expect.objectContaining({ status: 'success', version: 1 }))
  })

  test('behavior: the malformed reply is delayed like any other', async () => {
    const { simulator, post } = host({ behaviour: { pay: { delay: 30 } } })
    post({ command: 'pay', version: 1, payload: {} })
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(trigger).not.toHaveBeenCalled()
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-payment', expect.objectContaining({ error_code: 'input_error' }))
  })

  test('behavior: replies come after postMessage returns, never inside it', async () => {
    const { simulator, post } = host()
    post({ command: 'get-permissions', version: 1, payload: {} })
    expect(trigger).not.toHaveBeenCalled()
    await simulator.settled()
    expect(trigger).toHaveBeenCalledTimes(1)
  })

  test('behavior: Android receives JSON strings', async () => {
    const { simulator, post } = host({ os: 'android' })
    post({ command: 'init', payload: { version: 1, minorVersion: 96 } })
    post({ command: 'sign-message', version: 1, payload: { message: 'hi' } })
    await simulator.settled()
    expect(simulator.received).toHaveLength(2)
    for (const message of simulator.received) {
      expect(typeof message.raw).toBe('string')
      expect(JSON.parse(message.raw as string)).toEqual({
        command: message.command,
        ...(message.version === undefined ? {} : { version: message.version }),
        payload: message.payload,
      })
    }
  })

  test('behavior: iOS receives objects', async () => {
    const { simulator, post } = host()
    const message = { command: 'sign-message', version: 1, payload: { message: 'hi' } }
    post(message)
    expect(simulator.received[0]?.raw).toBe(message)
  })

  test('error: text that is not JSON on Android is logged and ignored', async () => {
    const { simulator } = host({ os: 'android' })
    page.Android?.postMessage('{not json')
    await simulator.settled()
    expect(simulator.received).toEqual([])
    expect(trigger).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalledWith('[simulator] a message that is not JSON reached the Android handler', '{not json')
  })

  test('behavior: init is recorded and not answered', async () => {
    const { simulator, post } = host()
    post({ command: 'init', payload: { version: 1, minorVersion: 96 } })
    await simulator.settled()
    expect(simulator.received).toEqual([
      {
        command: 'init',
        version: undefined,
        payload: { version: 1, minorVersion: 96 },
        raw: { command: 'init', payload: { version: 1, minorVersion: 96 } },
      },
    ])
    expect(trigger).not.toHaveBeenCalled()
  })

  test.each(['teleport', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'behavior: an unknown command (%s) is recorded and never answered',
    async (command) => {
      const { simulator, post } = host()
      post({ command, version: 1, payload: {} })
      await simulator.settled()
      expect(simulator.received.map((message) => message.command)).toEqual([command])
      expect(trigger).not.toHaveBeenCalled()
      expect(simulator.replies).toEqual([])
    },
  )

  test('behavior: a message that is no object is recorded as such', async () => {
    const { simulator, post } = host()
    post(null)
    await simulator.settled()
    expect(simulator.received).toEqual([{ command: 'undefined', version: undefined, payload: undefined, raw: null }])
  })

  test('behavior: microphone streams are tracked by id', async () => {
    const { simulator, post } = host()
    post({ command: 'microphone-stream-started', version: 1, payload: { streamId: 'a' } })
    post({ command: 'microphone-stream-started', version: 1, payload: { streamId: 'b' } })
    post({ command: 'microphone-stream-started', version: 1, payload: {} })
    await simulator.settled()
    expect([...simulator.openMicrophoneStreams]).toEqual(['a', 'b'])
    post({ command: 'microphone-stream-ended', version: 1, payload: { streamId: 'a' } })
    post({ command: 'microphone-stream-ended', version: 1 })
    await simulator.settled()
    expect([...simulator.openMicrophoneStreams]).toEqual(['b'])
    expect(trigger).not.toHaveBeenCalled()
  })

  test('error: typed data the wallet cannot sign gets an error reply, not silence', async () => {
    const { simulator, post } = host()
    post({
      command: 'sign-typed-data',
      version: 1,
      payload: {
        types: { Drop: [{ name: 'owner', type: 'address' }] },
        primaryType: 'Drop',
        message: { owner: 'not-an-address' },
        chainId: 480,
      },
    })
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-sign-typed-data', {
      status: 'error',
      error_code: 'input_error',
      details: expect.stringContaining('not-an-address'),
      version: 1,
    })
  })

  test('error: a failing confirm hook is logged', async () => {
    const { simulator, post } = host({ confirm: async () => Promise.reject(new Error('sheet crashed')) })
    post({ command: 'sign-message', version: 1, payload: { message: 'hi' } })
    await simulator.settled()
    expect(console.error).toHaveBeenCalledWith('[simulator] failed to answer', 'sign-message', expect.any(Error))
  })
})
