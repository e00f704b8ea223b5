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
import { contractProblems } from '../wire/hostContract.js'
import { buildSendHapticFeedbackPayload, type SendHapticFeedbackInput, sendHapticFeedback } from './sendHapticFeedback.js'

const success = { status: 'success', version: 1, timestamp: '2025-06-10T12:00:00.000Z' }
const MESSAGE = "'hapticsType' must be notification, selection-changed or impact with a matching style"

afterEach(() => resetAll())

describe('buildSendHapticFeedbackPayload', () => {
  test('default', () => {
    expect(buildSendHapticFeedbackPayload({ hapticsType: 'impact', style: 'light' })).toEqual({
      hapticsType: 'impact',
      style: 'light',
    })
  })

  // The three variants of the reference (§2.7).
  test.each<SendHapticFeedbackInput>([
    { hapticsType: 'notification', style: 'error' },
    { hapticsType: 'notification', style: 'success' },
    { hapticsType: 'notification', style: 'warning' },
    { hapticsType: 'selection-changed' },
    { hapticsType: 'impact', style: 'light' },
    { hapticsType: 'impact', style: 'medium' },
    { hapticsType: 'impact', style: 'heavy' },
  ])('parameters: %j', (input) => {
    expect(buildSendHapticFeedbackPayload(input)).toEqual(input)
    expect(contractProblems('send-haptic-feedback', input)).toEqual([])
  })

  test.each<[string, unknown, string]>([
    ['unknown type', { hapticsType: 'buzz' }, MESSAGE],
    ['no type', {}, MESSAGE],
    ['input not an object', 'impact', MESSAGE],
  ])('error: %s', (_name, input, message) => {
    expect(() => buildSendHapticFeedbackPayload(input as SendHapticFeedbackInput)).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: message, command: 'send-haptic-feedback' }),
    )
  })

  test.each<[string, unknown]>([
    ['notification with an impact style', { hapticsType: 'notification', style: 'light' }],
    ['notification without style', { hapticsType: 'notification' }],
    ['impact with a notification style', { hapticsType: 'impact', style: 'success' }],
    ['impact without style', { hapticsType: 'impact' }],
    ['selection-changed with a style', { hapticsType: 'selection-changed', style: 'light' }],
  ])('error: %s', (_name, input) => {
    expect(() => buildSendHapticFeedbackPayload(input as SendHapticFeedbackInput)).toThrowError(InvalidPayloadError)
  })
})

describe('sendHapticFeedback', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'send-haptic-feedback': () => success } })
    await expect(sendHapticFeedback({ hapticsType: 'notification', style: 'success' })).resolves.toEqual(success)
    expect(host.commands('send-haptic-feedback')).toEqual([
      { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'notification', style: 'success' } },
    ])
  })

  test('behavior: selection-changed is sent without a style', async () => {
    const host = await installHost({ os: 'android', respond: { 'send-haptic-feedback': () => success } })
    await sendHapticFeedback({ hapticsType: 'selection-changed' })
    expect(host.raw.at(-1)).toBe(
      JSON.stringify({ command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'selection-changed' } }),
    )
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'generic_error', version: 1 }
    await installHost({ respond: { 'send-haptic-feedback': () => reply } })
    await expect(sendHapticFeedback({ hapticsType: 'impact', style: 'heavy' })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { 'send-haptic-feedback': () => success } })
    await expect(
      sendHapticFeedback({ hapticsType: 'impact', style: 'success' } as unknown as SendHapticFeedbackInput),
    ).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.commands('send-haptic-feedback')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(sendHapticFeedback({ hapticsType: 'selection-changed' })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('sendHapticFeedback property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'send-haptic-feedback': () => success })
  })
  afterAll(() => resetAll())

  const matched = fc.oneof(
    fc.record({ hapticsType: fc.constant('notification'), style: fc.constantFrom('error', 'success', 'warning') }),
    fc.record({ hapticsType: fc.constant('selection-changed') }),
    fc.record({ hapticsType: fc.constant('impact'), style: fc.constantFrom('light', 'medium', 'heavy') }),
  )
  const mismatched = fc.record(
    {
      hapticsType: fc.constantFrom('notification', 'selection-changed', 'impact', 'buzz', '', undefined, 'toString'),
      style: fc.constantFrom('error', 'success', 'warning', 'light', 'medium', 'heavy', undefined, 'soft', 1),
    },
    { requiredKeys: ['hapticsType'] },
  )
  const nearValid = fc.oneof({ weight: 2, arbitrary: matched }, { weight: 1, arbitrary: mismatched })

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(mixedInput(nearValid, ['hapticsType', 'style']), osArb, async (input, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(
          ph.host,
          'send-haptic-feedback',
          () => sendHapticFeedback(input as SendHapticFeedbackInput),
          {
            check: (result) => expect(result).toEqual(success),
          },
        )
        tally[outcome]++
      }),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.1)
    expect(tally.rejected).toBeGreaterThan(NUM_RUNS * 0.1)
  }, 60_000)
})

describe('host contract (send-haptic-feedback)', () => {
  test.each<[string, unknown]>([
    ['selection-changed with a style', { hapticsType: 'selection-changed', style: 'light' }],
    ['impact without style', { hapticsType: 'impact' }],
    ['notification with an impact style', { hapticsType: 'notification', style: 'heavy' }],
    ['unknown type', { hapticsType: 'buzz' }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('send-haptic-feedback', payload)).not.toEqual([])
  })
})
