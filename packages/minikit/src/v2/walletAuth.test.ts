import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { installHost } from '../../test/property.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { WalletAuthError } from '../errors/commands/WalletAuthError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { state } from '../state.js'
import { contractProblems } from '../wire/hostContract.js'
import { setFallbackAdapter } from './fallbackAdapter.js'
import { walletAuth } from './walletAuth.js'

const NOW = new Date('2025-06-10T12:00:00.000Z')
const nonce = 'a1b2c3d4e5f60718'
const address = '0x1234567890AbcdEF1234567890aBcdef12345678'
const success = { status: 'success', message: 'signed text', signature: `0x${'cd'.repeat(65)}`, address, version: 2 }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  setFallbackAdapter(undefined)
  resetAll()
})

describe('walletAuth (2.x)', () => {
  test.each(['ios', 'android'] as const)(
    'default: %s resolves { executedWith: minikit, data } and stores the user',
    async (os) => {
      const host = await installHost({ os, respond: { 'wallet-auth': () => success } })
      await expect(walletAuth({ nonce, statement: 'Sign in to WorldMap' })).resolves.toEqual({
        executedWith: 'minikit',
        data: { address, message: 'signed text', signature: success.signature, version: 2 },
      })
      const [message] = host.commands('wallet-auth')
      expect(message).toMatchObject({ command: 'wallet-auth', version: 2 })
      expect(contractProblems('wallet-auth', message?.payload)).toEqual([])
      // The 1.x command path stores the wallet and its profile, as official 2.x's updateUserFromWalletAuth does.
      expect(state.user).toMatchObject({ walletAddress: address, username: 'alice' })
    },
  )

  test('behavior: `fallback` never reaches the wire', async () => {
    const host = await installHost({ respond: { 'wallet-auth': () => success } })
    await walletAuth({ nonce, fallback: () => 'web' })
    expect(Object.keys(host.commands('wallet-auth')[0]?.payload as object)).toEqual(['siweMessage'])
  })

  test('error: an error reply rejects with WalletAuthError carrying code and details', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', details: 'User rejected the request.', version: 2 }
    await installHost({ respond: { 'wallet-auth': () => reply } })
    const error = await walletAuth({ nonce }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletAuthError)
    expect(error).toMatchObject({ code: 'user_rejected', details: 'User rejected the request.' })
    expect(state.user.walletAddress).toBeUndefined()
  })

  test('error: details that are not text are left out', async () => {
    await installHost({ respond: { 'wallet-auth': () => ({ status: 'error', error_code: 'generic_error', details: { a: 1 } }) } })
    await expect(walletAuth({ nonce })).rejects.toMatchObject({ name: 'WalletAuthError', details: undefined })
  })

  test.each([
    ['a nonce with a dash', 'abcd-efgh-1234', "'nonce' must be alphanumeric (letters and numbers only)"],
    ['a nonce with a space', 'abcd efgh 1234', "'nonce' must be alphanumeric (letters and numbers only)"],
    ['a short nonce (the 1.x rule comes first)', 'ab-c', "'nonce' must be at least 8 characters"],
    ['an empty nonce', '', "'nonce' is required"],
  ])('error: %s rejects with InvalidPayloadError and sends nothing', async (_, badNonce, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = await installHost({ respond: { 'wallet-auth': () => success } })
    const error = await walletAuth({ nonce: badNonce }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ shortMessage: message, command: 'wallet-auth' })
    expect(host.commands('wallet-auth')).toEqual([])
  })

  test('error: inside a World App without wallet-auth, CommandUnavailableError (oldAppVersion)', async () => {
    await installHost()
    // As when World App does not list the command.
    state.available['wallet-auth'] = false
    await expect(walletAuth({ nonce, fallback: () => 'unused' })).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      reason: 'oldAppVersion',
    })
  })
})

describe('walletAuth (2.x) outside World App', () => {
  test('error: with no web fallback and no `fallback`, CommandUnavailableError (notInWorldApp)', async () => {
    const error = await walletAuth({ nonce }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CommandUnavailableError)
    expect(error).toMatchObject({ reason: 'notInWorldApp', methodName: 'walletAuth' })
  })

  test('behavior: the caller `fallback` answers, with the nonce rule not applied (as the official)', async () => {
    await expect(walletAuth({ nonce: 'not-alnum-nonce', fallback: async () => ({ token: 't' }) })).resolves.toEqual({
      executedWith: 'fallback',
      data: { token: 't' },
    })
  })

  test('behavior: the registered web fallback gets the input without `fallback`, and answers as wagmi', async () => {
    const web = vi.fn(async () => ({ address, message: 'm', signature: '0xsig' }))
    setFallbackAdapter({ walletAuth: web })
    const fallback = vi.fn()
    const result = await walletAuth({ nonce, statement: 'Hi', fallback })
    expect(result).toEqual({ executedWith: 'wagmi', data: { address, message: 'm', signature: '0xsig' } })
    expect(web).toHaveBeenCalledWith({ nonce, statement: 'Hi' })
    expect(fallback).not.toHaveBeenCalled()
  })

  test('behavior: a failed web fallback gives way to the caller `fallback`', async () => {
    setFallbackAdapter({ walletAuth: async () => Promise.reject(new Error('no wallet')) })
    await expect(walletAuth({ nonce, fallback: () => 'manual' })).resolves.toEqual({ executedWith: 'fallback', data: 'manual' })
  })

  test('error: a failed web fallback with no `fallback` rejects with its own error', async () => {
    setFallbackAdapter({ walletAuth: async () => Promise.reject(new Error('no wallet')) })
    await expect(walletAuth({ nonce })).rejects.toThrow('no wallet')
  })

  test('error: a World App page without a native handler', async () => {
    createFakeHost()
    await expect(walletAuth({ nonce })).rejects.toMatchObject({ name: 'CommandUnavailableError', reason: 'oldAppVersion' })
  })
})
