import { decodeFunctionData, encodeAbiParameters, type Hex } from 'viem'
import { worldchain } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { allCommands, createFakeHost, type FakeHostOptions, resetAll } from '../../test/fakeHost.js'
import { getPermissions } from '../commands/getPermissions.js'
import { pay } from '../commands/pay.js'
import { sendHapticFeedback } from '../commands/sendHapticFeedback.js'
import { signMessage } from '../commands/signMessage.js'
import { verify } from '../commands/verify.js'
import { walletAuth } from '../commands/walletAuth.js'
import { type InstallOptions, install } from '../install.js'
import { ResponseEvent } from '../protocol/protocol.js'
import { state, watchState } from '../state.js'
import { SEMAPHORE_VERIFIER_ADDRESS } from '../utils/compressAndPadProof.js'
import { registerCommand, request, resetEvents, subscribe, trigger } from './dispatcher.js'

const OS = ['ios', 'android'] as const
const UNAVAILABLE = (method: string) => `'${method}' command is unavailable. Check MiniKit.install() or update the app version`
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const PAY_INPUT = {
  reference: 'ref-1',
  to: ADDRESS,
  tokens: [{ symbol: 'WLD' as const, token_amount: '1000' }],
  description: 'tip',
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const signed = (message: string) => ({ status: 'success', signature: `sig:${message}`, address: ADDRESS, version: 1 })
const echoSignature = { 'sign-message': (m: { payload: unknown }) => signed((m.payload as { message: string }).message) }

/** Track whether a promise settled, without leaving its rejection unhandled. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown }
  promise.then(
    (value) => {
      state.settled = true
      state.value = value
    },
    (error) => {
      state.settled = true
      state.error = error
    },
  )
  return state
}

/** A fake host, installed, with the install-time permissions read done and the message log cleared. */
async function setup(options: FakeHostOptions = {}, installOptions: InstallOptions = {}) {
  const host = createFakeHost(options)
  install({ appId: 'app_test', ...installOptions })
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

let error: MockInstance<typeof console.error>
let warn: MockInstance<typeof console.warn>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {})
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  resetAll()
})

describe.each(OS)('dispatcher (%s host)', (os) => {
  test('default', async () => {
    const host = await setup({ os, respond: echoSignature })
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual(signed('hi'))
    expect(host.messages).toStrictEqual([{ command: 'sign-message', version: 1, payload: { message: 'hi' } }])
    expect(error).not.toHaveBeenCalled()
  })

  test('behavior: the handler is removed after it fires; a duplicate reply is logged and resolves nothing else', async () => {
    const host = await setup({ os, respond: echoSignature })
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual(signed('hi'))
    // Another command waits meanwhile: the duplicate must not reach it.
    const haptic = track(sendHapticFeedback({ hapticsType: 'impact', style: 'light' }))
    host.reply('miniapp-sign-message', signed('hi'))
    expect(error).toHaveBeenCalledExactlyOnceWith(
      `No handler for event miniapp-sign-message, payload: ${JSON.stringify(signed('hi'))}`,
    )
    await flush()
    expect(haptic.settled).toBe(false)
    host.reply('miniapp-send-haptic-feedback', { status: 'success', version: 1 })
    await flush()
    expect(haptic.value).toStrictEqual({ status: 'success', version: 1 })
  })

  test('behavior: a reply with no handler is logged', async () => {
    const host = await setup({ os })
    const payload = { status: 'error', error_code: 'user_rejected', version: 1 }
    host.reply('miniapp-payment', payload)
    expect(error).toHaveBeenCalledExactlyOnceWith(`No handler for event miniapp-payment, payload: ${JSON.stringify(payload)}`)
  })

  test('behavior: an unexpected event name is logged', async () => {
    const host = await setup({ os })
    host.reply('miniapp-something-new', { a: 1 })
    expect(error).toHaveBeenCalledExactlyOnceWith('No handler for event miniapp-something-new, payload: {"a":1}')
    host.reply('miniapp-something-new', 'text')
    expect(error).toHaveBeenLastCalledWith('No handler for event miniapp-something-new, payload: "text"')
  })

  test('behavior: an unserialisable payload is still logged', async () => {
    await setup({ os })
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    trigger('miniapp-payment', cyclic)
    expect(error).toHaveBeenCalledExactlyOnceWith('No handler for event miniapp-payment, payload: [object Object]')
  })

  test('error: a malformed reply rejects the waiting call with MalformedReplyError; the next queued call works', async () => {
    const host = await setup({
      os,
      respond: {
        'sign-message': (m) => {
          const { message } = m.payload as { message: string }
          return message === 'bad' ? { status: 'success', address: ADDRESS, version: 1 } : signed(message)
        },
      },
    })
    const first = signMessage({ message: 'bad' })
    const second = signMessage({ message: 'good' })
    await expect(first).rejects.toMatchObject({
      name: 'MalformedReplyError',
      code: 'malformed_reply',
      event: 'miniapp-sign-message',
      shortMessage: 'Malformed reply for event miniapp-sign-message',
    })
    await expect(second).resolves.toStrictEqual(signed('good'))
    expect(host.commands('sign-message')).toHaveLength(2)
  })

  // The reply's status picks the shape it is checked against, so details
  // name the fields at fault instead of a bare union failure.
  test.each([
    ['a string that is not JSON', 'garbage', 'payload: Invalid input'],
    ['null', null, 'payload: Invalid input'],
    [
      'an unknown status',
      { status: 'pending', version: 1 },
      'status: Invalid input; signature: Invalid input; address: Invalid input',
    ],
    ['an error without error_code', { status: 'error', version: 1 }, 'error_code: Invalid input'],
  ])('error: %s is a malformed reply', async (_, payload, details) => {
    await setup({ os, respond: { 'sign-message': () => payload } })
    const rejection = await signMessage({ message: 'hi' }).catch((e: unknown) => e)
    // zod words an issue by its global locale: the bare 'Invalid input' of zod/mini, or with 'expected …, received …'
    // once anything in the process has loaded classic zod (which installs the English locale), as another test file
    // in the same worker, or another library in an app's bundle, may have done.
    const worded = new RegExp(`^${details.replace(/Invalid input/g, 'Invalid input(?:: [^;]*)?')}$`)
    expect(rejection).toMatchObject({
      name: 'MalformedReplyError',
      code: 'malformed_reply',
      shortMessage: 'Malformed reply for event miniapp-sign-message',
      details: expect.stringMatching(worded),
    })
    const { message, details: said } = rejection as { message: string; details: string }
    expect(message).toContain(`Malformed reply for event miniapp-sign-message\n\nDetails: ${said}`)
  })

  test('behavior: JSON-string payloads are parsed', async () => {
    await setup({ os, respond: { 'sign-message': () => JSON.stringify(signed('hi')) } })
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual(signed('hi'))
  })

  test('behavior: error replies resolve, they do not reject', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', version: 1, details: { reason: 'tap' } }
    await setup({ os, respond: { 'sign-message': () => reply } })
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual(reply)
  })

  test('behavior: unknown extra reply fields from newer hosts are kept', async () => {
    await setup({ os, respond: { 'sign-message': () => ({ ...signed('hi'), extra: 1 }) } })
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual({ ...signed('hi'), extra: 1 })
  })

  test('behavior: 5 concurrent calls of one command each resolve with their own reply, in order', async () => {
    const host = await setup({ os, respond: echoSignature })
    const messages = ['m0', 'm1', 'm2', 'm3', 'm4']
    const results = await Promise.all(messages.map((message) => signMessage({ message })))
    expect(results.map((r) => (r as { signature: string }).signature)).toStrictEqual(messages.map((m) => `sig:${m}`))
    expect(host.commands('sign-message').map((m) => (m.payload as { message: string }).message)).toStrictEqual(messages)
  })

  test('behavior: only one call of a command is in flight on the wire at a time', async () => {
    const host = await setup({ os })
    const calls = ['a', 'b', 'c'].map((message) => track(signMessage({ message })))
    expect(host.commands('sign-message')).toHaveLength(1)
    for (const [index, message] of ['a', 'b', 'c'].entries()) {
      expect(host.commands('sign-message')).toHaveLength(index + 1)
      expect(host.messages.at(-1)?.payload).toStrictEqual({ message })
      host.reply('miniapp-sign-message', signed(message))
      await flush()
      expect(calls[index]?.value).toStrictEqual(signed(message))
      // The following call is still waiting for its own reply.
      if (index < 2) expect(calls[index + 1]?.settled).toBe(false)
    }
    expect(host.commands('sign-message')).toHaveLength(3)
  })

  test('behavior: different commands do not interfere', async () => {
    const host = await setup({ os })
    const sign = signMessage({ message: 'hi' })
    const haptic = sendHapticFeedback({ hapticsType: 'notification', style: 'success' })
    // Both are on the wire at once; they have different reply events.
    expect(host.messages.map((m) => m.command)).toStrictEqual(['sign-message', 'send-haptic-feedback'])
    host.reply('miniapp-send-haptic-feedback', { status: 'success', version: 1 })
    host.reply('miniapp-sign-message', signed('hi'))
    await expect(haptic).resolves.toStrictEqual({ status: 'success', version: 1 })
    await expect(sign).resolves.toStrictEqual(signed('hi'))
  })

  test('error: the timeout option rejects with CommandTimeoutError and the queue moves on', async () => {
    const host = await setup({ os })
    vi.useFakeTimers()
    const first = track(signMessage({ message: 'slow' }, { timeout: 100 }))
    const second = track(signMessage({ message: 'next' }))
    expect(host.commands('sign-message')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(99)
    expect(first.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(first.error).toMatchObject({
      name: 'CommandTimeoutError',
      code: 'command_timeout',
      timeout: 100,
      shortMessage: "'signMessage' did not receive a reply within 100 ms",
    })
    expect(host.commands('sign-message')).toHaveLength(2)
    expect(host.messages.at(-1)?.payload).toStrictEqual({ message: 'next' })
    host.reply('miniapp-sign-message', signed('next'))
    await vi.advanceTimersByTimeAsync(0)
    expect(second.value).toStrictEqual(signed('next'))
  })

  test('behavior: a reply before the timeout resolves and clears the timer', async () => {
    await setup({ os, respond: echoSignature })
    vi.useFakeTimers()
    const call = track(signMessage({ message: 'hi' }, { timeout: 100 }))
    await vi.advanceTimersByTimeAsync(0)
    expect(call.value).toStrictEqual(signed('hi'))
    expect(vi.getTimerCount()).toBe(0)
  })

  test('parameters: install({timeout}) is the default timeout; a call option overrides it', async () => {
    const host = await setup({ os }, { timeout: 250 })
    vi.useFakeTimers()
    const byDefault = track(signMessage({ message: 'a' }))
    const overridden = track(sendHapticFeedback({ hapticsType: 'impact', style: 'heavy' }, { timeout: 50 }))
    await vi.advanceTimersByTimeAsync(50)
    expect(overridden.error).toMatchObject({ shortMessage: "'sendHapticFeedback' did not receive a reply within 50 ms" })
    expect(byDefault.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(byDefault.error).toMatchObject({
      name: 'CommandTimeoutError',
      shortMessage: "'signMessage' did not receive a reply within 250 ms",
    })
    expect(host.messages).toHaveLength(2)
  })

  test('behavior: without any timeout a call waits indefinitely', async () => {
    await setup({ os })
    vi.useFakeTimers()
    const call = track(signMessage({ message: 'a' }))
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(call.settled).toBe(false)
  })

  test('error: an already-aborted signal rejects at once and sends nothing', async () => {
    const host = await setup({ os, respond: echoSignature })
    const reason = new Error('user left')
    await expect(signMessage({ message: 'hi' }, { signal: AbortSignal.abort(reason) })).rejects.toMatchObject({
      name: 'CommandAbortedError',
      code: 'command_aborted',
      shortMessage: "'signMessage' was aborted",
      cause: reason,
    })
    expect(host.messages).toHaveLength(0)
  })

  test('error: aborting the call in flight rejects it and sends the next queued call', async () => {
    const host = await setup({ os })
    const controller = new AbortController()
    const first = track(signMessage({ message: 'a' }, { signal: controller.signal }))
    const second = track(signMessage({ message: 'b' }))
    controller.abort()
    await flush()
    expect(first.error).toMatchObject({ name: 'CommandAbortedError', shortMessage: "'signMessage' was aborted" })
    expect(host.commands('sign-message')).toHaveLength(2)
    host.reply('miniapp-sign-message', signed('b'))
    await flush()
    expect(second.value).toStrictEqual(signed('b'))
  })

  test('error: aborting a queued call removes it without sending it', async () => {
    const host = await setup({ os })
    const controller = new AbortController()
    const first = track(signMessage({ message: 'a' }))
    const second = track(signMessage({ message: 'b' }, { signal: controller.signal }))
    const third = track(signMessage({ message: 'c' }))
    controller.abort('changed my mind')
    await flush()
    expect(second.error).toMatchObject({ name: 'CommandAbortedError', cause: 'changed my mind' })
    expect(first.settled).toBe(false)
    expect(host.commands('sign-message')).toHaveLength(1)
    host.reply('miniapp-sign-message', signed('a'))
    await flush()
    expect(first.value).toStrictEqual(signed('a'))
    // 'b' was never sent: 'c' follows 'a' directly.
    expect(host.commands('sign-message').map((m) => m.payload)).toStrictEqual([{ message: 'a' }, { message: 'c' }])
    host.reply('miniapp-sign-message', signed('c'))
    await flush()
    expect(third.value).toStrictEqual(signed('c'))
  })

  test('behavior: aborting after the reply changes nothing', async () => {
    await setup({ os, respond: echoSignature })
    const controller = new AbortController()
    await expect(signMessage({ message: 'hi' }, { signal: controller.signal })).resolves.toStrictEqual(signed('hi'))
    controller.abort()
    expect(error).not.toHaveBeenCalled()
  })

  test('error: an unavailable command rejects at once with CommandUnavailableError and sends nothing', async () => {
    const host = await setup({ os, supported: allCommands().filter((c) => c.name !== 'pay') })
    await expect(pay(PAY_INPUT)).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      code: 'command_unavailable',
      methodName: 'pay',
      shortMessage: UNAVAILABLE('pay'),
      message: `${UNAVAILABLE('pay')}\n\nDocs: packages/minikit/README.md#commandunavailableerror\nVersion: @worldmap/minikit@0.1.0`,
    })
    expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE('pay'))
    expect(host.messages).toHaveLength(0)
  })

  test('error: not installed rejects with CommandUnavailableError and sends nothing', async () => {
    const host = createFakeHost({ os })
    await expect(pay(PAY_INPUT)).rejects.toMatchObject({ name: 'CommandUnavailableError', shortMessage: UNAVAILABLE('pay') })
    await expect(signMessage({ message: 'hi' })).rejects.toMatchObject({ shortMessage: UNAVAILABLE('signMessage') })
    expect(host.messages).toHaveLength(0)
  })

  test('error: invalid input rejects with InvalidPayloadError and sends nothing', async () => {
    const host = await setup({ os, respond: echoSignature })
    await expect(signMessage({ message: 42 } as never)).rejects.toMatchObject({
      name: 'InvalidPayloadError',
      code: 'invalid_payload',
      shortMessage: "'message' must be a string",
    })
    expect(host.messages).toHaveLength(0)
  })

  test('error: HostUnavailableError when the native handler disappears after install; the queue keeps draining', async () => {
    const host = await setup({ os })
    const w = window as unknown as { webkit?: unknown; Android?: unknown }
    delete w.webkit
    delete w.Android
    const first = signMessage({ message: 'a' })
    const second = signMessage({ message: 'b' })
    const expected = {
      name: 'HostUnavailableError',
      code: 'host_unavailable',
      shortMessage: 'No World App message handler found (window.webkit.messageHandlers.minikit or window.Android).',
    }
    await expect(first).rejects.toMatchObject(expected)
    await expect(second).rejects.toMatchObject(expected)
    expect(host.messages).toHaveLength(0)
  })

  test('error: a native handler that throws rejects the call with its error', async () => {
    await setup({ os })
    const boom = new Error('bridge down')
    const throwing = () => {
      throw boom
    }
    const w = window as unknown as { webkit?: { messageHandlers: { minikit: unknown } }; Android?: unknown }
    if (os === 'ios') w.webkit = { messageHandlers: { minikit: { postMessage: throwing } } }
    else w.Android = { postMessage: throwing }
    await expect(signMessage({ message: 'a' })).rejects.toBe(boom)
  })

  describe('subscribe', () => {
    test('default', async () => {
      const host = await setup({ os, respond: echoSignature })
      const handler = vi.fn()
      subscribe(ResponseEvent.MiniAppSignMessage, handler)
      const result = await signMessage({ message: 'hi' })
      expect(handler).toHaveBeenCalledExactlyOnceWith(result)
      // With no call waiting, a subscriber alone also receives replies.
      host.reply('miniapp-sign-message', signed('later'))
      expect(handler).toHaveBeenLastCalledWith(signed('later'))
      expect(error).not.toHaveBeenCalled()
    })

    test('behavior: subscribers receive validated payloads: JSON text parsed, malformed replies withheld and logged', async () => {
      const host = await setup({ os, respond: echoSignature })
      const handler = vi.fn()
      subscribe('miniapp-sign-message', handler)
      // The first call makes the reply schema known to the dispatcher.
      await signMessage({ message: 'x' })
      handler.mockClear()
      host.reply('miniapp-sign-message', JSON.stringify(signed('text')))
      expect(handler).toHaveBeenCalledExactlyOnceWith(signed('text'))
      host.reply('miniapp-sign-message', { status: 'success' })
      expect(handler).toHaveBeenCalledOnce()
      expect(error).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ name: 'MalformedReplyError', shortMessage: 'Malformed reply for event miniapp-sign-message' }),
      )
    })

    test('behavior: a throwing subscriber does not break the others or the waiting call', async () => {
      await setup({ os, respond: echoSignature })
      const boom = new Error('handler bug')
      const first = vi.fn(() => {
        throw boom
      })
      const second = vi.fn()
      subscribe('miniapp-sign-message', first)
      subscribe('miniapp-sign-message', second)
      await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual(signed('hi'))
      expect(first).toHaveBeenCalledOnce()
      expect(second).toHaveBeenCalledExactlyOnceWith(signed('hi'))
      expect(error).toHaveBeenCalledExactlyOnceWith('Handler for event miniapp-sign-message threw', boom)
    })

    test('behavior: the returned function unsubscribes; a later reply logs No handler', async () => {
      const host = await setup({ os })
      const handler = vi.fn()
      const unsubscribe = subscribe('miniapp-share-contacts', handler)
      unsubscribe()
      host.reply('miniapp-share-contacts', { status: 'error', error_code: 'user_rejected' })
      expect(handler).not.toHaveBeenCalled()
      expect(error).toHaveBeenCalledExactlyOnceWith(
        'No handler for event miniapp-share-contacts, payload: {"status":"error","error_code":"user_rejected"}',
      )
    })

    test('behavior: events without a command definition reach subscribers as sent (JSON text parsed)', async () => {
      const host = await setup({ os })
      const handler = vi.fn()
      subscribe('miniapp-custom', handler)
      host.reply('miniapp-custom', { any: 'shape' })
      host.reply('miniapp-custom', '{"parsed":true}')
      host.reply('miniapp-custom', 'not json')
      expect(handler.mock.calls).toStrictEqual([[{ any: 'shape' }], [{ parsed: true }], ['not json']])
    })
  })

  describe('walletAuth reply', () => {
    const authReply = { status: 'success', message: 'siwe', signature: '0xsig', address: ADDRESS, version: 2 }
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

    test('default', async () => {
      const fetch = vi.fn(async () => json([{ username: 'alice', profile_picture_url: 'https://pics.test/alice.png' }]))
      vi.stubGlobal('fetch', fetch)
      const host = await setup({ os, respond: { 'wallet-auth': () => authReply } })
      await expect(walletAuth({ nonce: 'abcdefgh12' })).resolves.toStrictEqual(authReply)
      expect(host.commands('wallet-auth')).toHaveLength(1)
      expect(state.user).toMatchObject({
        walletAddress: ADDRESS,
        username: 'alice',
        profilePictureUrl: 'https://pics.test/alice.png',
      })
      expect(fetch).toHaveBeenCalledExactlyOnceWith('https://usernames.worldcoin.org/api/v1/query', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"addresses":["${ADDRESS}"]}`,
      })
    })

    test('parameters: install({usernamesUrl}) is the profile base URL; a missing picture is null', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json([{ username: 'bob' }]))
      vi.stubGlobal('fetch', fetch)
      await setup({ os, respond: { 'wallet-auth': () => authReply } }, { usernamesUrl: 'https://names.test' })
      await walletAuth({ nonce: 'abcdefgh12' })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://names.test/api/v1/query')
      expect(state.user).toMatchObject({ walletAddress: ADDRESS, username: 'bob', profilePictureUrl: null })
    })

    test('behavior: watchState is notified of the address and of the profile', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json([{ username: 'alice', profile_picture_url: null }])),
      )
      await setup({ os, respond: { 'wallet-auth': () => authReply } })
      const seen: unknown[] = []
      const stop = watchState(() => {
        const { walletAddress, username, profilePictureUrl } = state.user
        seen.push({ walletAddress, username, profilePictureUrl })
      })
      try {
        await walletAuth({ nonce: 'abcdefgh12' })
      } finally {
        stop()
      }
      expect(seen).toStrictEqual([
        { walletAddress: ADDRESS, username: undefined, profilePictureUrl: undefined },
        { walletAddress: ADDRESS, username: 'alice', profilePictureUrl: null },
      ])
    })

    test.each([
      ['fetch rejects', () => Promise.reject(new TypeError('network down')), 'Usernames service unreachable'],
      ['the service answers 500', () => Promise.resolve(json({ error: 'x' }, 500)), 'Usernames service answered 500'],
      ['the service answers garbage', () => Promise.resolve(json({ not: 'a list' })), undefined],
    ])('error: a failed profile fetch (%s) is logged and ignored', async (_, impl, message) => {
      vi.stubGlobal('fetch', vi.fn(impl))
      await setup({ os, respond: { 'wallet-auth': () => authReply } })
      await expect(walletAuth({ nonce: 'abcdefgh12' })).resolves.toStrictEqual(authReply)
      expect(state.user.walletAddress).toBe(ADDRESS)
      expect(state.user.username).toBeUndefined()
      expect(error).toHaveBeenCalledExactlyOnceWith('Failed to fetch user profile:', expect.any(Error))
      if (message) expect(error.mock.calls[0]?.[1]).toMatchObject({ name: 'UsernamesServiceError', shortMessage: message })
    })

    test('behavior: an error reply stores nothing and fetches nothing', async () => {
      const fetch = vi.fn()
      vi.stubGlobal('fetch', fetch)
      const reply = { status: 'error', error_code: 'user_rejected', version: 2 }
      await setup({ os, respond: { 'wallet-auth': () => reply } })
      await expect(walletAuth({ nonce: 'abcdefgh12' })).resolves.toStrictEqual(reply)
      expect(fetch).not.toHaveBeenCalled()
      expect(state.user.walletAddress).toBeUndefined()
    })

    test('behavior: the next wallet-auth call is sent while the profile of the previous one is fetched', async () => {
      let release: (response: Response) => void = () => {}
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
      )
      const host = await setup({ os, respond: { 'wallet-auth': () => authReply } })
      const first = track(walletAuth({ nonce: 'abcdefgh12' }))
      const second = track(walletAuth({ nonce: 'abcdefgh34' }))
      await flush()
      expect(first.settled).toBe(false)
      expect(host.commands('wallet-auth')).toHaveLength(2)
      release(json([{ username: 'alice' }]))
      await vi.waitFor(() => expect(first.value).toStrictEqual(authReply), { timeout: 5_000 })
      release(json([{ username: 'alice' }]))
      await vi.waitFor(() => expect(second.value).toStrictEqual(authReply), { timeout: 5_000 })
    })
  })

  describe('verify reply', () => {
    const words = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n] as const
    const proof = encodeAbiParameters([{ type: 'uint256[8]' }], [words])
    const compressedWords = [11n, 12n, 13n, 14n] as const
    const compressed = encodeAbiParameters([{ type: 'uint256[8]' }], [[...compressedWords, 0n, 0n, 0n, 0n]])
    const reply = (level: string, p: Hex = proof) => ({
      status: 'success',
      proof: p,
      merkle_root: '0x01',
      nullifier_hash: '0x02',
      verification_level: level,
      version: 1,
    })
    const compressProofAbi = [
      {
        type: 'function',
        name: 'compressProof',
        stateMutability: 'view',
        inputs: [{ name: 'proof', type: 'uint256[8]' }],
        outputs: [{ name: 'compressed', type: 'uint256[4]' }],
      },
    ] as const

    /** A JSON-RPC node answering eth_call to compressProof with `compressedWords`. */
    function rpc() {
      return vi.fn(async (_url: string, init: { body: string }) => {
        const body = JSON.parse(init.body) as { id: number; method: string; params: [{ to: string; data: Hex }] }
        const result = encodeAbiParameters([{ type: 'uint256[4]' }], [compressedWords])
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), {
          headers: { 'Content-Type': 'application/json' },
        })
      })
    }

    test('default', async () => {
      const fetch = rpc()
      vi.stubGlobal('fetch', fetch)
      await setup({ os, respond: { verify: () => reply('orb') } })
      await expect(verify({ action: 'collect', signal: 'x' })).resolves.toStrictEqual(reply('orb', compressed))
      expect(fetch).toHaveBeenCalledOnce()
      const [url, init] = fetch.mock.calls[0] ?? []
      expect(url).toBe(worldchain.rpcUrls.default.http[0])
      const body = JSON.parse(init?.body ?? '{}')
      expect(body.method).toBe('eth_call')
      expect(body.params[0].to.toLowerCase()).toBe(SEMAPHORE_VERIFIER_ADDRESS.toLowerCase())
      expect(decodeFunctionData({ abi: compressProofAbi, data: body.params[0].data })).toStrictEqual({
        functionName: 'compressProof',
        args: [words],
      })
    })

    test('parameters: install({rpcUrl}) is the JSON-RPC endpoint', async () => {
      const fetch = rpc()
      vi.stubGlobal('fetch', fetch)
      await setup({ os, respond: { verify: () => reply('orb') } }, { rpcUrl: 'https://rpc.test/' })
      await expect(verify({ action: 'collect' })).resolves.toMatchObject({ proof: compressed })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://rpc.test/')
    })

    test('behavior: subscribers see the compressed proof too', async () => {
      vi.stubGlobal('fetch', rpc())
      await setup({ os, respond: { verify: () => reply('orb') } })
      const handler = vi.fn()
      subscribe('miniapp-verify-action', handler)
      await verify({ action: 'collect' })
      expect(handler).toHaveBeenCalledExactlyOnceWith(reply('orb', compressed))
    })

    test.each([
      ['fetch rejects', () => Promise.reject(new TypeError('offline'))],
      [
        'the node returns an RPC error',
        (_: string, init: { body: string }) =>
          Promise.resolve(
            new Response(
              JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(init.body).id, error: { code: 3, message: 'execution reverted' } }),
              {
                headers: { 'Content-Type': 'application/json' },
              },
            ),
          ),
      ],
    ])('error: when compression fails (%s) the original proof is used', async (_, impl) => {
      vi.stubGlobal('fetch', vi.fn(impl))
      await setup({ os, respond: { verify: () => reply('orb') } })
      await expect(verify({ action: 'collect' })).resolves.toStrictEqual(reply('orb'))
      expect(warn).toHaveBeenCalledWith('Proof compression failed; using the original proof', expect.any(Error))
    })

    test('error: a proof that is not eight words is returned unchanged', async () => {
      const fetch = rpc()
      vi.stubGlobal('fetch', fetch)
      await setup({ os, respond: { verify: () => reply('orb', '0x1234') } })
      await expect(verify({ action: 'collect' })).resolves.toStrictEqual(reply('orb', '0x1234'))
      expect(fetch).not.toHaveBeenCalled()
    })

    test.each(['device', 'document', 'secure_document'])('behavior: a %s-level proof is not compressed', async (level) => {
      const fetch = rpc()
      vi.stubGlobal('fetch', fetch)
      await setup({ os, respond: { verify: () => reply(level) } })
      await expect(verify({ action: 'collect', verification_level: level as 'device' })).resolves.toStrictEqual(reply(level))
      expect(fetch).not.toHaveBeenCalled()
    })

    test('behavior: an error reply is passed through', async () => {
      const fetch = rpc()
      vi.stubGlobal('fetch', fetch)
      const failure = { status: 'error', error_code: 'verification_rejected', version: 1 }
      await setup({ os, respond: { verify: () => failure } })
      await expect(verify({ action: 'collect' })).resolves.toStrictEqual(failure)
      expect(fetch).not.toHaveBeenCalled()
    })
  })
})

describe('dispatcher internals', () => {
  test('behavior: registerCommand makes a reply schema known to subscribers without any call', async () => {
    await setup()
    registerCommand({
      command: 'pay',
      event: 'miniapp-payment',
      method: 'pay',
      reply: { safeParse: (data: unknown) => ({ success: true as const, data: { checked: data } }) },
    })
    const handler = vi.fn()
    subscribe('miniapp-payment', handler)
    trigger('miniapp-payment', { status: 'error', error_code: 'x' })
    expect(handler).toHaveBeenCalledExactlyOnceWith({ checked: { status: 'error', error_code: 'x' } })
  })

  test('behavior: request() uses a definition without post-processing and registers it for subscribers', async () => {
    const host = await setup()
    const definition = {
      command: 'get-permissions' as const,
      event: 'miniapp-get-permissions' as const,
      method: 'getPermissions',
      reply: { safeParse: (data: unknown) => ({ success: true as const, data: { wrapped: data } }) },
    }
    const handler = vi.fn()
    subscribe('miniapp-get-permissions', handler)
    const result = request(definition, { command: 'get-permissions', version: 1, payload: {} })
    await expect(result).resolves.toStrictEqual({ wrapped: expect.objectContaining({ status: 'success' }) })
    expect(handler).toHaveBeenCalledOnce()
    expect(host.commands('get-permissions')).toHaveLength(1)
  })

  test('behavior: resetEvents aborts every waiting call and drops subscribers', async () => {
    await setup()
    const handler = vi.fn()
    subscribe('miniapp-sign-message', handler)
    const call = signMessage({ message: 'hi' })
    resetEvents()
    await expect(call).rejects.toMatchObject({ name: 'CommandAbortedError', cause: 'reset' })
    trigger('miniapp-sign-message', signed('hi'))
    expect(handler).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledWith(`No handler for event miniapp-sign-message, payload: ${JSON.stringify(signed('hi'))}`)
  })

  test('behavior: the install-time permissions read is queued like any other call', async () => {
    const host = createFakeHost({ respond: { 'get-permissions': () => undefined } })
    install('app_test')
    const call = track(getPermissions())
    // The second read waits for the first one's reply.
    expect(host.commands('get-permissions')).toHaveLength(1)
    host.reply('miniapp-get-permissions', { status: 'success', permissions: { notifications: false }, version: 1 })
    await flush()
    expect(host.commands('get-permissions')).toHaveLength(2)
    expect(call.settled).toBe(false)
    host.reply('miniapp-get-permissions', { status: 'success', permissions: { contacts: true }, version: 1 })
    await flush()
    expect(call.value).toStrictEqual({ status: 'success', permissions: { contacts: true }, version: 1 })
    expect(state.user.permissions).toStrictEqual({ notifications: false, contacts: false })
  })
})
