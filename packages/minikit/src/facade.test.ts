import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { allCommands, createFakeHost, type FakeHostOptions, resetAll } from '../test/fakeHost.js'
import { trigger } from './events/dispatcher.js'
import { MiniKit } from './facade.js'
import { state } from './state.js'
import { hashToField } from './utils/hashToField.js'

const OS = ['ios', 'android'] as const
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const NOW = new Date('2025-06-10T12:00:00.000Z')
const UNAVAILABLE = (method: string) => `'${method}' command is unavailable. Check MiniKit.install() or update the app version`
const PAY_INPUT = {
  reference: 'ref-1',
  to: ADDRESS,
  tokens: [{ symbol: 'WLD' as const, token_amount: '1000' }],
  description: 'tip',
}
const ABI = [
  { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] },
]

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const signed = (message: string) => ({ status: 'success', signature: `sig:${message}`, address: ADDRESS, version: 1 })
const echoSignature = { 'sign-message': (m: { payload: unknown }) => signed((m.payload as { message: string }).message) }
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Globals = { MiniKit?: unknown; WorldApp?: unknown }
const globals = () => window as unknown as Globals

/** Fake host + MiniKit.install, with the install-time messages cleared. */
async function setup(options: FakeHostOptions = {}, appId: Parameters<typeof MiniKit.install>[0] = 'app_test') {
  const host = createFakeHost(options)
  MiniKit.install(appId)
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

/**
 * Every facade command with a valid input, the payload `commands.*` returns
 * and its wire name (Date fixed to NOW).
 */
const COMMANDS = [
  ['verify', { action: 'collect', signal: 'x', verification_level: 'device' }, 'verify'],
  ['pay', PAY_INPUT, 'pay'],
  ['walletAuth', { nonce: 'abcdefgh12' }, 'wallet-auth'],
  ['sendTransaction', { transaction: [{ address: ADDRESS, abi: ABI, functionName: 'mint', args: [5n] }] }, 'send-transaction'],
  ['signMessage', { message: 'hi' }, 'sign-message'],
  [
    'signTypedData',
    { types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'd1' } },
    'sign-typed-data',
  ],
  ['shareContacts', { isMultiSelectEnabled: false }, 'share-contacts'],
  ['requestPermission', { permission: 'contacts' }, 'request-permission'],
  ['getPermissions', undefined, 'get-permissions'],
  ['sendHapticFeedback', { hapticsType: 'selection-changed' }, 'send-haptic-feedback'],
  ['share', { text: 'hello' }, 'share'],
] as const

type Method = (typeof COMMANDS)[number][0]
const sync = (method: Method, input: unknown) => (MiniKit.commands[method] as (input: unknown) => unknown)(input)
const async = (method: Method, input: unknown, options?: unknown) =>
  method === 'getPermissions'
    ? MiniKit.commandsAsync.getPermissions(options as never)
    : (MiniKit.commandsAsync[method] as (input: unknown, options?: unknown) => Promise<unknown>)(input, options)

let error: MockInstance<typeof console.error>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  MiniKit.unsubscribe('miniapp-sign-message')
  MiniKit.unsubscribe('miniapp-share')
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (navigator as { share?: unknown }).share
  resetAll()
})

describe.each(OS)('MiniKit (%s host)', (os) => {
  describe('install', () => {
    test('default', async () => {
      createFakeHost({ os, version: 2087950, insets: { top: 1, right: 2, bottom: 3, left: 4 } })
      expect(MiniKit.install('app_123')).toStrictEqual({ success: true })
      expect(globals().MiniKit).toBe(MiniKit)
      expect(MiniKit.isInstalled()).toBe(true)
      expect(MiniKit.appId).toBe('app_123')
      expect(MiniKit.deviceProperties).toStrictEqual({
        safeAreaInsets: { top: 1, right: 2, bottom: 3, left: 4 },
        deviceOS: os,
        worldAppVersion: 2087950,
      })
      expect(MiniKit.user).toStrictEqual({ optedIntoOptionalAnalytics: false, deviceOS: os, worldAppVersion: 2087950 })
      await flush()
      expect(MiniKit.user.permissions).toStrictEqual({ notifications: true, contacts: false })
    })

    test('parameters: an options object', () => {
      createFakeHost({ os })
      expect(MiniKit.install({ appId: 'app_456', usernamesUrl: 'https://names.test', timeout: 100 })).toStrictEqual({
        success: true,
      })
      expect(MiniKit.appId).toBe('app_456')
      expect(state.config).toMatchObject({ usernamesUrl: 'https://names.test', timeout: 100 })
    })

    test('parameters: no app id', () => {
      createFakeHost({ os })
      expect(MiniKit.install()).toStrictEqual({ success: true })
      expect(MiniKit.appId).toBeNull()
    })

    test('error: installing twice returns already_installed and keeps the facade', () => {
      createFakeHost({ os })
      MiniKit.install('app_123')
      expect(MiniKit.install('app_123')).toStrictEqual({
        success: false,
        errorCode: 'already_installed',
        errorMessage: 'MiniKit is already installed.',
      })
      expect(globals().MiniKit).toBe(MiniKit)
    })

    test('error: outside World App nothing is exposed', () => {
      expect(MiniKit.install('app_123')).toStrictEqual({
        success: false,
        errorCode: 'outside_of_worldapp',
        errorMessage: 'MiniApp launched outside of WorldApp.',
      })
      expect(globals().MiniKit).toBeUndefined()
      expect(MiniKit.isInstalled()).toBe(false)
      expect(error).toHaveBeenCalledExactlyOnceWith(
        "MiniKit is not installed. Make sure you're running the application inside of World App",
      )
    })

    test('error: a malformed WorldApp exposes nothing', () => {
      createFakeHost({ os })
      globals().WorldApp = { device_os: os }
      expect(MiniKit.install('app_123')).toStrictEqual({
        success: false,
        errorCode: 'unknown',
        errorMessage: 'Failed to install MiniKit.',
      })
      expect(globals().MiniKit).toBeUndefined()
    })

    test('behavior: app_out_of_date still exposes the facade and the working commands', async () => {
      const host = createFakeHost({ os, supported: allCommands().filter((c) => c.name !== 'pay'), respond: echoSignature })
      expect(MiniKit.install('app_123')).toMatchObject({ errorCode: 'app_out_of_date' })
      expect(globals().MiniKit).toBe(MiniKit)
      await expect(MiniKit.commandsAsync.signMessage({ message: 'hi' })).resolves.toMatchObject({ finalPayload: signed('hi') })
      expect(MiniKit.commands.pay(PAY_INPUT)).toBeNull()
      expect(host.commands('pay')).toHaveLength(0)
    })

    test('behavior: MiniKit.trigger is the dispatcher entry point', () => {
      expect(MiniKit.trigger).toBe(trigger)
    })
  })

  describe('commands (sync)', () => {
    test('default', async () => {
      const host = await setup({ os })
      expect(MiniKit.commands.signMessage({ message: 'hi' })).toStrictEqual({ message: 'hi' })
      expect(host.messages).toStrictEqual([{ command: 'sign-message', version: 1, payload: { message: 'hi' } }])
      if (os === 'android') expect(host.raw).toStrictEqual([JSON.stringify(host.messages[0])])
    })

    test.each(COMMANDS.filter(([method]) => method !== 'share' && method !== 'getPermissions'))(
      'behavior: %s returns the payload it sent',
      async (method, input, command) => {
        const host = await setup({ os })
        vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
        const payload = sync(method, input)
        expect(payload).not.toBeNull()
        expect(host.messages).toStrictEqual([{ command, version: method === 'walletAuth' ? 2 : 1, payload }])
      },
    )

    test('behavior: payloads are built as the host expects', async () => {
      await setup({ os })
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
      expect(MiniKit.commands.verify({ action: 'collect', signal: 'x' })).toStrictEqual({
        action: 'collect',
        signal: hashToField('x'),
        verification_level: 'orb',
        timestamp: NOW.toISOString(),
      })
      expect(MiniKit.commands.pay(PAY_INPUT)).toStrictEqual({ ...PAY_INPUT, network: 'worldchain' })
      expect(
        MiniKit.commands.signTypedData({
          types: { Drop: [{ name: 'id', type: 'string' }] },
          primaryType: 'Drop',
          message: { id: 'd' },
        }),
      ).toMatchObject({ chainId: 480 })
      expect(
        MiniKit.commands.sendTransaction({ transaction: [{ address: ADDRESS, abi: ABI, functionName: 'mint', args: [5n] }] }),
      ).toMatchObject({ transaction: [{ args: ['5'] }], formatPayload: true })
      expect(MiniKit.commands.walletAuth({ nonce: 'abcdefgh12' })).toStrictEqual({
        siweMessage: expect.stringContaining('Nonce: abcdefgh12\n'),
      })
    })

    test.each([
      [2087901, 2],
      [2087900, 1],
    ])('parameters: walletAuth on host version %i is sent as version %i', async (version, wire) => {
      const host = await setup({ os, version })
      MiniKit.commands.walletAuth({ nonce: 'abcdefgh12' })
      expect(host.commands('wallet-auth')).toMatchObject([{ version: wire }])
    })

    test('behavior: getPermissions returns {status: "sent"} and sends an empty payload', async () => {
      const host = await setup({ os })
      expect(MiniKit.commands.getPermissions()).toStrictEqual({ status: 'sent' })
      expect(host.messages).toStrictEqual([{ command: 'get-permissions', version: 1, payload: {} }])
    })

    test.each(COMMANDS)('error: %s unavailable logs the spec message and returns null', async (method, input) => {
      const host = createFakeHost({ os })
      expect(sync(method, input)).toBeNull()
      expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE(method))
      expect(host.messages).toHaveLength(0)
    })

    test.each(COMMANDS)('error: %s missing from the host returns null', async (method, input, command) => {
      const host = await setup({ os, supported: allCommands().filter((c) => c.name !== command) })
      expect(sync(method, input)).toBeNull()
      expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE(method))
      expect(host.messages).toHaveLength(0)
    })

    test.each([
      ['signMessage', { message: 1 }, "'message' must be a string"],
      ['pay', { ...PAY_INPUT, reference: 'x'.repeat(37) }, 'Reference must not exceed 36 characters'],
      ['walletAuth', { nonce: 'short' }, "'nonce' must be at least 8 characters"],
      [
        'sendTransaction',
        { transaction: [{ address: ADDRESS, abi: ABI, functionName: 'mint', args: [], value: '12' }] },
        'Transaction value must be a valid hex string',
      ],
      ['share', { files: 'nope' }, 'The "files" property must be an array.'],
    ] as const)('error: %s with invalid input returns null and sends nothing', async (method, input, message) => {
      const host = await setup({ os })
      expect(sync(method, input)).toBeNull()
      expect(host.messages).toHaveLength(0)
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: message }))
    })

    test('behavior: the reply to a sync command reaches the subscribed handler, validated', async () => {
      const host = await setup({ os, respond: echoSignature })
      const handler = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', handler)
      MiniKit.commands.signMessage({ message: 'hi' })
      await flush()
      expect(handler).toHaveBeenCalledExactlyOnceWith(signed('hi'))
      // The facade knows every reply schema: a malformed reply is withheld and logged.
      host.reply('miniapp-sign-message', { status: 'success' })
      expect(handler).toHaveBeenCalledOnce()
      expect(error).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ name: 'MalformedReplyError' }))
    })

    test('behavior: share returns the input and shares on the platform', async () => {
      // Only Android answers share; iOS shows the native sheet.
      const respond: FakeHostOptions['respond'] =
        os === 'android' ? { share: () => ({ status: 'success', shared_files_count: 0, version: 1 }) } : {}
      const host = await setup({ os, respond })
      const nativeShare = vi.fn(async () => {})
      Object.defineProperty(navigator, 'share', { value: nativeShare, configurable: true })
      const input = { title: 'T', text: 'hello', url: 'https://worldmap.test' }
      expect(MiniKit.commands.share(input)).toBe(input)
      await flush()
      expect(host.messages).toStrictEqual([{ command: 'share', version: 1, payload: input }])
      if (os === 'ios') expect(nativeShare).toHaveBeenCalledExactlyOnceWith(input)
      else expect(nativeShare).not.toHaveBeenCalled()
      expect(error).not.toHaveBeenCalled()
    })
  })

  describe('commandsAsync', () => {
    test('default', async () => {
      const host = await setup({ os, respond: echoSignature })
      await expect(MiniKit.commandsAsync.signMessage({ message: 'hi' })).resolves.toStrictEqual({
        commandPayload: { message: 'hi' },
        finalPayload: signed('hi'),
      })
      expect(host.messages).toStrictEqual([{ command: 'sign-message', version: 1, payload: { message: 'hi' } }])
    })

    test.each(COMMANDS.filter(([method]) => method !== 'share'))(
      'behavior: %s resolves {commandPayload, finalPayload} with the sent payload and the host reply',
      async (method, input, command) => {
        const failure = { status: 'error', error_code: 'user_rejected', version: 1 }
        const host = await setup({ os, respond: { [command]: () => failure } })
        const result = (await async(method, input)) as { commandPayload: unknown; finalPayload: unknown }
        expect(result.finalPayload).toStrictEqual(failure)
        expect(host.commands(command)).toHaveLength(1)
        const sent = host.commands(command)[0]?.payload
        expect(result.commandPayload).toStrictEqual(method === 'getPermissions' ? { status: 'sent' } : sent)
      },
    )

    test('behavior: error replies resolve, they do not reject', async () => {
      const failure = { status: 'error', error_code: 'user_rejected', version: 1 }
      await setup({ os, respond: { pay: () => failure } })
      await expect(MiniKit.commandsAsync.pay(PAY_INPUT)).resolves.toStrictEqual({
        commandPayload: { ...PAY_INPUT, network: 'worldchain' },
        finalPayload: failure,
      })
    })

    test('behavior: concurrent calls each resolve with their own reply (the official toolkit lost the first)', async () => {
      await setup({ os, respond: echoSignature })
      const results = await Promise.all(['a', 'b', 'c'].map((message) => MiniKit.commandsAsync.signMessage({ message })))
      expect(results).toStrictEqual(['a', 'b', 'c'].map((m) => ({ commandPayload: { message: m }, finalPayload: signed(m) })))
    })

    test.each(COMMANDS)('error: %s unavailable rejects at once with CommandUnavailableError (no hang)', async (method, input) => {
      const host = createFakeHost({ os })
      await expect(async(method, input)).rejects.toMatchObject({
        name: 'CommandUnavailableError',
        code: 'command_unavailable',
        shortMessage: UNAVAILABLE(method),
      })
      expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE(method))
      expect(host.messages).toHaveLength(0)
    })

    test('error: invalid input rejects with InvalidPayloadError and sends nothing', async () => {
      const host = await setup({ os })
      await expect(MiniKit.commandsAsync.pay({ ...PAY_INPUT, reference: 'x'.repeat(37) })).rejects.toMatchObject({
        name: 'InvalidPayloadError',
        shortMessage: 'Reference must not exceed 36 characters',
      })
      expect(host.messages).toHaveLength(0)
    })

    test('parameters: the timeout option rejects with CommandTimeoutError', async () => {
      await setup({ os })
      await expect(MiniKit.commandsAsync.signMessage({ message: 'hi' }, { timeout: 5 })).rejects.toMatchObject({
        name: 'CommandTimeoutError',
        shortMessage: "'signMessage' did not receive a reply within 5 ms",
      })
    })

    test('behavior: getPermissions resolves {commandPayload: {status: "sent"}, finalPayload}', async () => {
      const host = await setup({ os })
      const { commandPayload, finalPayload } = await MiniKit.commandsAsync.getPermissions()
      expect(commandPayload).toStrictEqual({ status: 'sent' })
      expect(finalPayload).toMatchObject({ status: 'success', permissions: { notifications: true, contacts: false }, version: 1 })
      expect(host.messages).toStrictEqual([{ command: 'get-permissions', version: 1, payload: {} }])
    })

    test('behavior: walletAuth sends version 2, stores the wallet and fetches the profile first', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
        json([{ username: 'alice', profile_picture_url: 'https://pics.test/a.png' }]),
      )
      vi.stubGlobal('fetch', fetch)
      const reply = { status: 'success', message: 'siwe', signature: '0xsig', address: ADDRESS, version: 2 }
      const host = await setup(
        { os, respond: { 'wallet-auth': () => reply } },
        { appId: 'app_test', usernamesUrl: 'https://names.test' },
      )
      const { commandPayload, finalPayload } = await MiniKit.commandsAsync.walletAuth({ nonce: 'abcdefgh12' })
      expect(host.messages).toStrictEqual([{ command: 'wallet-auth', version: 2, payload: commandPayload }])
      expect(finalPayload).toStrictEqual(reply)
      expect(MiniKit.user).toMatchObject({
        walletAddress: ADDRESS,
        username: 'alice',
        profilePictureUrl: 'https://pics.test/a.png',
      })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://names.test/api/v1/query')
    })

    test('behavior: verify resolves with the host reply (device level: not compressed)', async () => {
      const reply = {
        status: 'success',
        proof: '0x12',
        merkle_root: '0x1',
        nullifier_hash: '0x2',
        verification_level: 'device',
        version: 1,
      }
      await setup({ os, respond: { verify: () => reply } })
      await expect(MiniKit.commandsAsync.verify({ action: 'collect', verification_level: 'device' })).resolves.toMatchObject({
        commandPayload: { action: 'collect', verification_level: 'device' },
        finalPayload: reply,
      })
    })

    test('behavior: share resolves on this platform (the official toolkit hangs)', async () => {
      const reply = { status: 'success', shared_files_count: 0, version: 1 }
      const host = await setup({ os, respond: os === 'android' ? { share: () => reply } : {} })
      Object.defineProperty(navigator, 'share', { value: vi.fn(async () => {}), configurable: true })
      const input = { text: 'hello' }
      const result = await MiniKit.commandsAsync.share(input)
      expect(result.commandPayload).toBe(input)
      if (os === 'android') expect(result.finalPayload).toStrictEqual(reply)
      else
        expect(result.finalPayload).toStrictEqual({
          status: 'success',
          shared_files_count: 0,
          version: 1,
          timestamp: expect.any(String),
        })
      expect(host.commands('share')).toHaveLength(1)
    })

    test('behavior: a subscriber and a waiting async call both receive the reply', async () => {
      await setup({ os, respond: echoSignature })
      const handler = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', handler)
      await MiniKit.commandsAsync.signMessage({ message: 'hi' })
      expect(handler).toHaveBeenCalledExactlyOnceWith(signed('hi'))
    })
  })

  describe('subscribe / unsubscribe', () => {
    test('default', async () => {
      const host = await setup({ os })
      const handler = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', handler)
      host.reply('miniapp-sign-message', signed('x'))
      expect(handler).toHaveBeenCalledExactlyOnceWith(signed('x'))
    })

    test('behavior: subscribe replaces the slot', async () => {
      const host = await setup({ os })
      const first = vi.fn()
      const second = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', first)
      MiniKit.subscribe('miniapp-sign-message', second)
      host.reply('miniapp-sign-message', signed('x'))
      expect(first).not.toHaveBeenCalled()
      expect(second).toHaveBeenCalledOnce()
    })

    test('behavior: unsubscribe removes the slot; a later reply logs No handler', async () => {
      const host = await setup({ os })
      const handler = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', handler)
      MiniKit.unsubscribe('miniapp-sign-message')
      host.reply('miniapp-sign-message', signed('x'))
      expect(handler).not.toHaveBeenCalled()
      expect(error).toHaveBeenCalledExactlyOnceWith(
        `No handler for event miniapp-sign-message, payload: ${JSON.stringify(signed('x'))}`,
      )
      // Unsubscribing an empty slot is harmless.
      expect(() => MiniKit.unsubscribe('miniapp-sign-message')).not.toThrow()
    })

    test('behavior: slots are per event', async () => {
      const host = await setup({ os })
      const sign = vi.fn()
      const share = vi.fn()
      MiniKit.subscribe('miniapp-sign-message', sign)
      MiniKit.subscribe('miniapp-share', share)
      MiniKit.unsubscribe('miniapp-sign-message')
      host.reply('miniapp-share', { status: 'success', version: 1 })
      expect(share).toHaveBeenCalledExactlyOnceWith({ status: 'success', version: 1 })
      expect(sign).not.toHaveBeenCalled()
    })
  })

  describe('user lookups', () => {
    test('default', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json([{ username: 'alice', profile_picture_url: null }]))
      vi.stubGlobal('fetch', fetch)
      await setup({ os }, { appId: 'app_test', usernamesUrl: 'https://names.test' })
      await expect(MiniKit.getUserByAddress(ADDRESS)).resolves.toStrictEqual({
        walletAddress: ADDRESS,
        username: 'alice',
        profilePictureUrl: null,
      })
      expect(fetch).toHaveBeenCalledExactlyOnceWith('https://names.test/api/v1/query', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"addresses":["${ADDRESS}"]}`,
      })
    })

    test('behavior: getUserInfo is an alias and defaults to the signed-in wallet', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json([{ username: 'alice' }]))
      vi.stubGlobal('fetch', fetch)
      await setup({ os })
      state.user = { ...state.user, walletAddress: ADDRESS }
      await expect(MiniKit.getUserInfo()).resolves.toMatchObject({ walletAddress: ADDRESS, username: 'alice' })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://usernames.worldcoin.org/api/v1/query')
    })

    test('behavior: getUserByUsername URL-encodes the name and uses the install base URL', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
        json({ address: ADDRESS, username: 'a b', profile_picture_url: 'https://pics.test/x.png' }),
      )
      vi.stubGlobal('fetch', fetch)
      await setup({ os }, { appId: 'app_test', usernamesUrl: 'https://names.test' })
      await expect(MiniKit.getUserByUsername('a b')).resolves.toStrictEqual({
        walletAddress: ADDRESS,
        username: 'a b',
        profilePictureUrl: 'https://pics.test/x.png',
      })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://names.test/api/v1/a%20b')
    })

    test('error: getUserByUsername rejects on 404', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json({ error: 'not found' }, 404)),
      )
      await setup({ os })
      await expect(MiniKit.getUserByUsername('ghost')).rejects.toMatchObject({
        name: 'UsernamesServiceError',
        shortMessage: 'Usernames service answered 404',
      })
    })
  })
})
