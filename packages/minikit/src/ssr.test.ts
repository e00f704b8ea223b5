// @vitest-environment node
import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import * as minikit from './exports/index.js'
import * as internal from './exports/internal.js'
import * as siwe from './exports/siwe.js'
import { setupMicrophone } from './microphone/setupMicrophone.js'

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const UNAVAILABLE = (method: string) => `'${method}' command is unavailable. Check MiniKit.install() or update the app version`
const PAY_INPUT = {
  reference: 'ref-1',
  to: ADDRESS,
  tokens: [{ symbol: 'WLD' as const, token_amount: '1000' }],
  description: 'tip',
}
const ABI = [{ type: 'function', name: 'mint', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] }]

/** Every command with a valid input, as [method, call]. */
const CALLS: Array<[string, (options?: minikit.CommandOptions) => Promise<unknown>]> = [
  ['verify', (o) => minikit.verify({ action: 'collect' }, o)],
  ['pay', (o) => minikit.pay(PAY_INPUT, o)],
  ['walletAuth', (o) => minikit.walletAuth({ nonce: 'abcdefgh12' }, o)],
  [
    'sendTransaction',
    (o) => minikit.sendTransaction({ transaction: [{ address: ADDRESS, abi: ABI, functionName: 'mint', args: [1] }] }, o),
  ],
  ['signMessage', (o) => minikit.signMessage({ message: 'hi' }, o)],
  [
    'signTypedData',
    (o) => minikit.signTypedData({ types: { A: [{ name: 'a', type: 'string' }] }, primaryType: 'A', message: { a: 'x' } }, o),
  ],
  ['shareContacts', (o) => minikit.shareContacts({ isMultiSelectEnabled: true }, o)],
  ['requestPermission', (o) => minikit.requestPermission({ permission: 'notifications' }, o)],
  ['getPermissions', (o) => minikit.getPermissions(o)],
  ['sendHapticFeedback', (o) => minikit.sendHapticFeedback({ hapticsType: 'impact', style: 'light' }, o)],
  ['share', (o) => minikit.share({ text: 'hello' }, o)],
]

let error: MockInstance<typeof console.error>
let warn: MockInstance<typeof console.warn>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {})
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  internal.miniKitState.config.appId = null
})

describe('server-side rendering (no window)', () => {
  test('default', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof minikit.install).toBe('function')
    expect(typeof minikit.MiniKit.commandsAsync.walletAuth).toBe('function')
    expect(typeof siwe.parseSiweMessage).toBe('function')
    expect(internal.miniKitState.installed).toBe(false)
  })

  test.each([
    ['no argument', undefined],
    ['an app id', 'app_123'],
    ['options', { appId: 'app_123', timeout: 10 }],
  ])('behavior: install(%s) returns already_installed', (_, options) => {
    expect(minikit.install(options)).toStrictEqual({
      success: false,
      errorCode: 'already_installed',
      errorMessage: 'MiniKit is already installed.',
    })
    expect(internal.miniKitState.installed).toBe(false)
    // Nothing is configured on the server.
    expect(internal.miniKitState.config.appId).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  test('behavior: MiniKit.install returns already_installed and isInstalled() is false', () => {
    expect(minikit.MiniKit.install('app_123')).toMatchObject({ success: false, errorCode: 'already_installed' })
    expect(minikit.isInstalled()).toBe(false)
    expect(minikit.MiniKit.isInstalled()).toBe(false)
    expect(error).toHaveBeenCalledWith("MiniKit is not installed. Make sure you're running the application inside of World App")
  })

  test.each(CALLS)('error: %s does not throw synchronously; it rejects with CommandUnavailableError', async (method, call) => {
    let promise: Promise<unknown> | undefined
    expect(() => {
      promise = call()
    }).not.toThrow()
    await expect(promise).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      code: 'command_unavailable',
      shortMessage: UNAVAILABLE(method),
    })
    expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE(method))
  })

  test.each(CALLS)('error: MiniKit.commandsAsync.%s rejects with CommandUnavailableError', async (method) => {
    const commandsAsync = minikit.MiniKit.commandsAsync as unknown as Record<string, (input?: unknown) => Promise<unknown>>
    let promise: Promise<unknown> | undefined
    expect(() => {
      promise = commandsAsync[method]?.({})
    }).not.toThrow()
    await expect(promise).rejects.toMatchObject({ name: 'CommandUnavailableError', shortMessage: UNAVAILABLE(method) })
  })

  test.each(CALLS)('error: MiniKit.commands.%s returns null', (method) => {
    const commands = minikit.MiniKit.commands as unknown as Record<string, (input?: unknown) => unknown>
    expect(commands[method]?.({})).toBeNull()
    expect(error).toHaveBeenCalledExactlyOnceWith(UNAVAILABLE(method))
  })

  test('behavior: the transport and the event layer are inert', () => {
    expect(internal.postToHost({ command: 'sign-message', version: 1, payload: {} })).toBe(false)
    const handler = vi.fn()
    const stop = minikit.subscribe('miniapp-sign-message', handler)
    internal.trigger('miniapp-sign-message', { status: 'error', error_code: 'x' })
    expect(handler).toHaveBeenCalledOnce()
    stop()
    internal.trigger('miniapp-sign-message', { status: 'error', error_code: 'x' })
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'No handler for event miniapp-sign-message, payload: {"status":"error","error_code":"x"}',
    )
  })

  test('behavior: microphone tracking is skipped without a browser', () => {
    expect(() => setupMicrophone()).not.toThrow()
  })

  test('behavior: pure helpers work on the server', () => {
    expect(minikit.tokenToDecimals(0.5, minikit.Tokens.USDC)).toBe('500000')
    expect(minikit.hashToField('')).toBe('0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4')
    expect(minikit.walletAuthVersion()).toBe(1)
    const message = siwe.createSiweMessage({
      scheme: 'https',
      domain: 'worldmap.test',
      address: ADDRESS,
      uri: 'https://worldmap.test/',
      version: '1',
      chain_id: 480,
      nonce: 'abcdefgh12',
      issued_at: '2025-06-10T12:00:00.000Z',
    })
    expect(siwe.parseSiweMessage(message)).toMatchObject({ address: ADDRESS, nonce: 'abcdefgh12', chain_id: 480 })
  })
})
