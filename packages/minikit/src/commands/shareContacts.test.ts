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
import { buildShareContactsPayload, type ShareContactsInput, shareContacts } from './shareContacts.js'

const success = {
  status: 'success',
  contacts: [{ username: 'alice', walletAddress: '0x1234567890AbcdEF1234567890aBcdef12345678', profilePictureUrl: null }],
  version: 1,
  timestamp: '2025-06-10T12:00:00.000Z',
}

afterEach(() => resetAll())

describe('buildShareContactsPayload', () => {
  test('default', () => {
    expect(buildShareContactsPayload({ isMultiSelectEnabled: true })).toEqual({ isMultiSelectEnabled: true })
  })

  test('parameters: inviteMessage and single select', () => {
    expect(buildShareContactsPayload({ isMultiSelectEnabled: false, inviteMessage: 'Join me on WorldMap' })).toEqual({
      isMultiSelectEnabled: false,
      inviteMessage: 'Join me on WorldMap',
    })
  })

  test.each<[string, unknown, string]>([
    ['isMultiSelectEnabled missing', {}, "'isMultiSelectEnabled' must be a boolean"],
    ['isMultiSelectEnabled as a string', { isMultiSelectEnabled: 'true' }, "'isMultiSelectEnabled' must be a boolean"],
    ['inviteMessage not a string', { isMultiSelectEnabled: true, inviteMessage: 5 }, "'inviteMessage' must be a string"],
  ])('error: %s', (_name, input, message) => {
    expect(() => buildShareContactsPayload(input as ShareContactsInput)).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: message, command: 'share-contacts' }),
    )
  })
})

describe('shareContacts', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'share-contacts': () => success } })
    await expect(shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Join me' })).resolves.toEqual(success)
    expect(host.commands('share-contacts')).toEqual([
      { command: 'share-contacts', version: 1, payload: { isMultiSelectEnabled: true, inviteMessage: 'Join me' } },
    ])
    expect(contractProblems('share-contacts', host.commands('share-contacts')[0]?.payload)).toEqual([])
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', version: 1 }
    await installHost({ respond: { 'share-contacts': () => reply } })
    await expect(shareContacts({ isMultiSelectEnabled: false })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { 'share-contacts': () => success } })
    await expect(shareContacts({} as ShareContactsInput)).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.commands('share-contacts')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(shareContacts({ isMultiSelectEnabled: true })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('shareContacts property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'share-contacts': () => success })
  })
  afterAll(() => resetAll())

  const nearValid = fc.record(
    {
      isMultiSelectEnabled: fc.oneof(
        { weight: 6, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: fc.constantFrom('true', 1, null, undefined) },
      ),
      inviteMessage: fc.oneof(
        { weight: 6, arbitrary: fc.option(fc.string(), { nil: undefined }) },
        { weight: 1, arbitrary: fc.constantFrom(5, null) },
      ),
    },
    { requiredKeys: ['isMultiSelectEnabled'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(mixedInput(nearValid, ['isMultiSelectEnabled', 'inviteMessage']), osArb, async (input, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(ph.host, 'share-contacts', () => shareContacts(input as ShareContactsInput), {
          check: (result) => expect(result).toEqual(success),
        })
        tally[outcome]++
      }),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.1)
    expect(tally.rejected).toBeGreaterThan(NUM_RUNS * 0.1)
  }, 60_000)
})

describe('host contract (share-contacts)', () => {
  test('error: a missing or non-boolean isMultiSelectEnabled is rejected', () => {
    expect(contractProblems('share-contacts', {})).not.toEqual([])
    expect(contractProblems('share-contacts', { isMultiSelectEnabled: 'yes' })).not.toEqual([])
    expect(contractProblems('share-contacts', { isMultiSelectEnabled: true, inviteMessage: 1 })).not.toEqual([])
  })
})
