import { afterEach, describe, expect, test, vi } from 'vitest'
import { allCommands, type FakeHostOptions, resetAll } from '../../test/fakeHost.js'
import { installHost } from '../../test/property.js'
import { SendTransactionError } from '../errors/commands/SendTransactionError.js'
import { SignMessageError } from '../errors/commands/SignMessageError.js'
import { SignTypedDataError } from '../errors/commands/SignTypedDataError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { contractProblems, hostMessageContract, replyProblems } from '../wire/hostContract.js'
import { setFallbackAdapter } from './fallbackAdapter.js'
import { sendTransaction } from './sendTransaction.js'
import { signMessage } from './signMessage.js'
import { signTypedData } from './signTypedData.js'

const address = '0x1234567890AbcdEF1234567890aBcdef12345678'
const to = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const signed = { status: 'success', signature: `0x${'ab'.repeat(65)}`, address, version: 1 }
const typed = { types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'drop-1' } }
const userOpHash = `0x${'ef'.repeat(32)}`
const sent = {
  status: 'success',
  userOpHash,
  from: address,
  network: 'worldchain',
  timestamp: '2026-01-01T00:00:00.000Z',
  version: 2,
}

afterEach(() => {
  vi.restoreAllMocks()
  setFallbackAdapter(undefined)
  resetAll()
})

/** A fake World App listing every command as today's World App does (send-transaction at 1 and 2). */
const host = (respond: FakeHostOptions['respond'] = {}, os: 'ios' | 'android' = 'ios') => installHost({ os, respond })

describe('signMessage (2.x)', () => {
  test('default: resolves the success reply as data, executed with minikit', async () => {
    const fake = await host({ 'sign-message': () => signed })
    await expect(signMessage({ message: 'hello', fallback: () => 'unused' })).resolves.toEqual({
      executedWith: 'minikit',
      data: signed,
    })
    expect(fake.commands('sign-message')).toEqual([{ command: 'sign-message', version: 1, payload: { message: 'hello' } }])
  })

  test('error: an error reply rejects with SignMessageError (error_code and code)', async () => {
    await host({ 'sign-message': () => ({ status: 'error', error_code: 'user_rejected', version: 1 }) })
    const error = await signMessage({ message: 'hello' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignMessageError)
    expect(error).toMatchObject({ error_code: 'user_rejected', code: 'user_rejected' })
  })

  test('behavior: outside World App the web fallback gets only the message', async () => {
    const web = vi.fn(async () => ({ status: 'success' as const, version: 1, signature: '0xs', address }))
    setFallbackAdapter({ signMessage: web })
    await expect(signMessage({ message: 'hi' })).resolves.toMatchObject({ executedWith: 'wagmi' })
    expect(web).toHaveBeenCalledWith({ message: 'hi' })
  })
})

describe('signTypedData (2.x)', () => {
  test('default: sends chainId 480 unless given, resolves the success reply', async () => {
    const fake = await host({ 'sign-typed-data': () => signed })
    await expect(signTypedData(typed)).resolves.toEqual({ executedWith: 'minikit', data: signed })
    expect(fake.commands('sign-typed-data')[0]?.payload).toEqual({ ...typed, chainId: 480 })
  })

  test('error: an error reply rejects with SignTypedDataError, details text kept', async () => {
    await host({ 'sign-typed-data': () => ({ status: 'error', error_code: 'invalid_contract', details: 'not allowed' }) })
    await expect(signTypedData(typed)).rejects.toMatchObject({
      name: 'SignTypedDataError',
      error_code: 'invalid_contract',
      details: 'not allowed',
    })
    await expect(signTypedData(typed)).rejects.toBeInstanceOf(SignTypedDataError)
  })

  test('behavior: outside World App the web fallback gets the typed data and chainId as given', async () => {
    const web = vi.fn(async () => ({ status: 'success' as const, version: 1, signature: '0xs', address }))
    setFallbackAdapter({ signTypedData: web })
    await signTypedData({ ...typed, chainId: 480 })
    expect(web).toHaveBeenCalledWith({ ...typed, domain: undefined, chainId: 480 })
  })
})

describe('sendTransaction (2.x)', () => {
  test.each(['ios', 'android'] as const)(
    'default: %s sends send-transaction 2 and resolves { userOpHash, status, version, from, timestamp }',
    async (os) => {
      const fake = await host({ 'send-transaction': () => sent }, os)
      const transactions = [{ to, data: '0xa9059cbb', value: '0x0' }, { to }]
      await expect(sendTransaction({ chainId: 480, transactions })).resolves.toEqual({
        executedWith: 'minikit',
        data: { userOpHash, status: 'success', version: 2, from: address, timestamp: sent.timestamp },
      })
      const [message] = fake.commands('send-transaction')
      expect(message).toEqual({ command: 'send-transaction', version: 2, payload: { transactions, chainId: 480 } })
      // What the simulator's host contract accepts, and its reply shape.
      expect(hostMessageContract.safeParse(message).success).toBe(true)
      expect(contractProblems('send-transaction', message?.payload, 2)).toEqual([])
      expect(replyProblems('send-transaction', 2, sent)).toEqual([])
    },
  )

  test('behavior: unknown keys of a call are not sent; a reply without from or timestamp still resolves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-02-02T00:00:00.000Z'))
    try {
      const fake = await host({ 'send-transaction': () => ({ status: 'success', userOpHash, version: 2 }) })
      const call = { to, data: '0x', gas: 1 } as { to: string; data: string }
      await expect(sendTransaction({ chainId: 480, transactions: [call] })).resolves.toMatchObject({
        data: { from: '', timestamp: '2026-02-02T00:00:00.000Z' },
      })
      expect(fake.commands('send-transaction')[0]?.payload).toEqual({ transactions: [{ to, data: '0x' }], chainId: 480 })
    } finally {
      vi.useRealTimers()
    }
  })

  test('error: an error reply rejects with SendTransactionError carrying World App details', async () => {
    const details = { reason: 'simulation reverted', debugUrl: 'https://example.test' }
    await host({ 'send-transaction': () => ({ status: 'error', error_code: 'simulation_failed', details, version: 2 }) })
    const error = await sendTransaction({ chainId: 480, transactions: [{ to }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect(error).toMatchObject({ code: 'simulation_failed', details })
    expect((error as Error).message).toContain('simulation reverted')
  })

  test('error: a text details is not the official object shape and is dropped', async () => {
    await host({ 'send-transaction': () => ({ status: 'error', error_code: 'generic_error', details: 'x', version: 2 }) })
    await expect(sendTransaction({ chainId: 480, transactions: [{ to }] })).rejects.toMatchObject({ details: undefined })
  })

  test.each([
    [
      'another chain',
      { chainId: 1, transactions: [{ to }] },
      'invalid_operation',
      'World App only supports World Chain (chainId: 480)',
    ],
    [
      'an empty batch',
      { chainId: 480, transactions: [] },
      'input_error',
      'At least one transaction is required. Use `transactions: [{ to, data, value }]`.',
    ],
  ])('error: %s rejects with SendTransactionError before any path, even with a fallback', async (_, input, code, reason) => {
    const fake = await host({ 'send-transaction': () => sent })
    const fallback = vi.fn()
    const error = await sendTransaction({ ...input, fallback } as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect(error).toMatchObject({ code, details: { reason } })
    expect(fallback).not.toHaveBeenCalled()
    expect(fake.commands('send-transaction')).toEqual([])
  })

  test.each([
    ['a short address', [{ to: '0x1234' }], "'to' must be a 20-byte hex address"],
    ['non-hex data', [{ to, data: 'hello' }], "'data' must be a hex string"],
    ['a decimal value', [{ to, value: '100' }], 'Transaction value must be a valid hex string'],
    ['a number value', [{ to, value: 1 }], 'Transaction value must be a valid hex string'],
    ['not an array', 'nope', "'transactions' must be an array"],
  ])('error: %s rejects with InvalidPayloadError and sends nothing', async (_, transactions, message) => {
    const fake = await host({ 'send-transaction': () => sent })
    const error = await sendTransaction({ chainId: 480, transactions } as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ shortMessage: message, command: 'send-transaction' })
    expect(fake.commands('send-transaction')).toEqual([])
  })

  test('error: a World App that lists send-transaction only at version 1 is too old (oldAppVersion)', async () => {
    const supported = allCommands().map((entry) =>
      entry.name === 'send-transaction' ? { ...entry, supported_versions: [1] } : entry,
    )
    const fake = await installHost({ respond: { 'send-transaction': () => sent }, supported })
    await expect(sendTransaction({ chainId: 480, transactions: [{ to }] })).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      reason: 'oldAppVersion',
    })
    expect(fake.commands('send-transaction')).toEqual([])
  })

  test('behavior: outside World App the web fallback answers with its transaction hash', async () => {
    const web = vi.fn(async () => ({ transactionHash: userOpHash as `0x${string}` }))
    setFallbackAdapter({ sendTransaction: web })
    const result = await sendTransaction({ chainId: 480, transactions: [{ to, data: '0x' }] })
    expect(result).toMatchObject({ executedWith: 'wagmi', data: { userOpHash, status: 'success', version: 2, from: '' } })
    expect(web).toHaveBeenCalledWith({ transactions: [{ to, data: '0x' }], chainId: 480 })
  })
})
