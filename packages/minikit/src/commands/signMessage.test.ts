import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import {
  installHost,
  installPropertyHost,
  judgeRun,
  mixedInput,
  NUM_RUNS,
  newTally,
  osArb,
  type PropertyHost,
} from '../../test/property.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { contractProblems, hostContract, hostMessageContract } from '../wire/hostContract.js'
import { buildSignMessagePayload, type SignMessageInput, signMessage } from './signMessage.js'

const success = { status: 'success', signature: `0x${'ab'.repeat(65)}`, address: `0x${'12'.repeat(20)}`, version: 1 }

afterEach(() => resetAll())

describe('buildSignMessagePayload', () => {
  test('default', () => {
    expect(buildSignMessagePayload({ message: 'I found a golden drop' })).toEqual({ message: 'I found a golden drop' })
  })

  test('parameters: empty and multi-line messages pass through unchanged', () => {
    expect(buildSignMessagePayload({ message: '' })).toEqual({ message: '' })
    expect(buildSignMessagePayload({ message: 'line 1\nline 2' })).toEqual({ message: 'line 1\nline 2' })
  })

  test('behavior: unknown keys are not sent', () => {
    expect(buildSignMessagePayload({ message: 'hi', extra: 1 } as SignMessageInput)).toEqual({ message: 'hi' })
  })

  test.each([
    ['missing message', {}, "'message' must be a string"],
    ['number message', { message: 42 }, "'message' must be a string"],
    ['null message', { message: null }, "'message' must be a string"],
  ])('error: %s', (_name, input, message) => {
    expect(() => buildSignMessagePayload(input as SignMessageInput)).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: message, command: 'sign-message' }),
    )
  })
})

describe('signMessage', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'sign-message': () => success } })
    await expect(signMessage({ message: 'hello' })).resolves.toEqual(success)
    expect(host.commands('sign-message')).toEqual([{ command: 'sign-message', version: 1, payload: { message: 'hello' } }])
    if (os === 'android')
      expect(host.raw.at(-1)).toBe(JSON.stringify({ command: 'sign-message', version: 1, payload: { message: 'hello' } }))
    expect(hostContract['sign-message'].safeParse(host.commands('sign-message')[0]?.payload).success).toBe(true)
    expect(hostMessageContract.safeParse(host.commands('sign-message')[0]).success).toBe(true)
  })

  test('behavior: resolves with an error reply too', async () => {
    const reply = { status: 'error', error_code: 'invalid_message', version: 1 }
    await installHost({ respond: { 'sign-message': () => reply } })
    await expect(signMessage({ message: 'hello' })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { 'sign-message': () => success } })
    await expect(signMessage({ message: 1 } as unknown as SignMessageInput)).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.commands('sign-message')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(signMessage({ message: 'hello' })).rejects.toBeInstanceOf(CommandUnavailableError)
    expect(errors).toHaveBeenCalledWith("'signMessage' command is unavailable. Check MiniKit.install() or update the app version")
  })
})

describe('signMessage property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'sign-message': () => success })
  })
  afterAll(() => resetAll())

  const nearValid = fc.record(
    { message: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.integer(), fc.constant(undefined)) },
    { requiredKeys: [] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(mixedInput(nearValid, ['message']), osArb, async (input, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(ph.host, 'sign-message', () => signMessage(input as SignMessageInput), {
          check: (result) => expect(result).toEqual(success),
        })
        tally[outcome]++
      }),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent + tally.rejected).toBe(NUM_RUNS)
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.1)
    expect(tally.rejected).toBeGreaterThan(NUM_RUNS * 0.1)
  }, 60_000)
})

describe('host contract (sign-message)', () => {
  test('behavior: whole messages are checked for command and version too', () => {
    expect(hostMessageContract.safeParse({ command: 'sign-message', version: 1, payload: { message: 'hi' } }).success).toBe(true)
    expect(hostMessageContract.safeParse({ command: 'sign-message', version: 2, payload: { message: 'hi' } }).success).toBe(false)
    expect(hostMessageContract.safeParse({ command: 'sign-message', version: 1, payload: { message: 1 } }).success).toBe(false)
    expect(hostMessageContract.safeParse({ command: 'sign-mesage', version: 1, payload: { message: 'hi' } }).success).toBe(false)
    expect(hostMessageContract.safeParse({ command: 'wallet-auth', version: 2, payload: {} }).success).toBe(false)
  })

  test('error: a message that is not a string is rejected', () => {
    expect(contractProblems('sign-message', { message: 1 })).not.toEqual([])
    expect(contractProblems('sign-message', {})).not.toEqual([])
  })
})
