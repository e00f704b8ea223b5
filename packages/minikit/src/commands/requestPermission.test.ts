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
import { buildRequestPermissionPayload, Permission, type RequestPermissionInput, requestPermission } from './requestPermission.js'

const granted = (permission: string) => ({ status: 'success', permission, timestamp: '2025-06-10T12:00:00.000Z', version: 1 })

afterEach(() => resetAll())

describe('buildRequestPermissionPayload', () => {
  test('default', () => {
    expect(buildRequestPermissionPayload({ permission: 'notifications' })).toEqual({ permission: 'notifications' })
  })

  test.each(Object.values(Permission))('parameters: %s', (permission) => {
    expect(buildRequestPermissionPayload({ permission })).toEqual({ permission })
  })

  test.each<[string, unknown]>([
    ['unknown permission', { permission: 'camera' }],
    ['wrong case', { permission: 'Contacts' }],
    ['missing permission', {}],
    ['input not an object', 'contacts'],
  ])('error: %s', (_name, input) => {
    expect(() => buildRequestPermissionPayload(input as RequestPermissionInput)).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', command: 'request-permission' }),
    )
  })

  test('error: the message lists the permissions', () => {
    expect(() => buildRequestPermissionPayload({ permission: 'camera' } as unknown as RequestPermissionInput)).toThrowError(
      expect.objectContaining({ shortMessage: "'permission' must be notifications, contacts or microphone" }),
    )
  })
})

describe('requestPermission', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({
      os,
      respond: { 'request-permission': (message) => granted((message.payload as { permission: string }).permission) },
    })
    await expect(requestPermission({ permission: 'contacts' })).resolves.toEqual(granted('contacts'))
    expect(host.commands('request-permission')).toEqual([
      { command: 'request-permission', version: 1, payload: { permission: 'contacts' } },
    ])
    expect(contractProblems('request-permission', host.commands('request-permission')[0]?.payload)).toEqual([])
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'already_granted', description: 'granted', version: 1 }
    await installHost({ respond: { 'request-permission': () => reply } })
    await expect(requestPermission({ permission: 'notifications' })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { 'request-permission': () => granted('x') } })
    await expect(requestPermission({ permission: 'camera' } as unknown as RequestPermissionInput)).rejects.toBeInstanceOf(
      InvalidPayloadError,
    )
    expect(host.commands('request-permission')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(requestPermission({ permission: 'contacts' })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('requestPermission property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({
      'request-permission': (message) => granted((message.payload as { permission: string }).permission),
    })
  })
  afterAll(() => resetAll())

  const nearValid = fc.record({
    permission: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('notifications', 'contacts', 'microphone') },
      { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constantFrom('camera', 'Contacts', 'toString', undefined, 1)) },
    ),
  })

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(mixedInput(nearValid, ['permission']), osArb, async (input, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(ph.host, 'request-permission', () => requestPermission(input as RequestPermissionInput), {
          check: (result) => expect(result).toEqual(granted((input as { permission: string }).permission)),
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

describe('host contract (request-permission)', () => {
  test('error: unknown permissions are rejected', () => {
    expect(contractProblems('request-permission', { permission: 'camera' })).not.toEqual([])
    expect(contractProblems('request-permission', {})).not.toEqual([])
  })
})
