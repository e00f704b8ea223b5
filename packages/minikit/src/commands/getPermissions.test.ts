import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import {
  anyInput,
  installHost,
  installPropertyHost,
  judgeRun,
  NUM_RUNS,
  newTally,
  osArb,
  type PropertyHost,
} from '../../test/property.js'
import { BaseError } from '../errors/BaseError.js'
import { CommandAbortedError } from '../errors/CommandAbortedError.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import type { CommandOptions } from '../types.js'
import { contractProblems } from '../wire/hostContract.js'
import { getPermissions } from './getPermissions.js'

const success = {
  status: 'success',
  permissions: { notifications: true, contacts: false, microphone: true },
  version: 1,
  timestamp: '2025-06-10T12:00:00.000Z',
}

afterEach(() => resetAll())

describe('getPermissions', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends an empty payload and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'get-permissions': () => success } })
    const before = host.commands('get-permissions').length // install reads permissions once by itself
    await expect(getPermissions()).resolves.toEqual(success)
    expect(host.commands('get-permissions').slice(before)).toEqual([{ command: 'get-permissions', version: 1, payload: {} }])
    expect(contractProblems('get-permissions', {})).toEqual([])
  })

  test('default: install reads the permissions and stores them on the user', async () => {
    const host = await installHost({ respond: { 'get-permissions': () => success } })
    expect(host.commands('get-permissions')).toEqual([{ command: 'get-permissions', version: 1, payload: {} }])
    const { state } = await import('../state.js')
    expect(state.user.permissions).toEqual({ notifications: true, contacts: false })
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'generic_error', details: 'x', version: 1 }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await installHost({ respond: { 'get-permissions': () => reply } })
    await expect(getPermissions()).resolves.toEqual(reply)
  })

  test('parameters: null or non-object options are ignored', async () => {
    const host = await installHost({ respond: { 'get-permissions': () => success } })
    const before = host.commands('get-permissions').length
    await expect(getPermissions(null as unknown as CommandOptions)).resolves.toEqual(success)
    await expect(getPermissions('fast' as unknown as CommandOptions)).resolves.toEqual(success)
    expect(host.commands('get-permissions')).toHaveLength(before + 2)
  })

  test('error: an aborted signal rejects typed and nothing is sent', async () => {
    const host = await installHost({ respond: { 'get-permissions': () => success } })
    const before = host.messages.length
    await expect(getPermissions({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CommandAbortedError)
    expect(host.messages).toHaveLength(before)
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(getPermissions()).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('getPermissions property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'get-permissions': () => success })
  })
  afterAll(() => resetAll())

  // getPermissions takes no input: its only argument is the options object.
  const options = fc.oneof(
    { weight: 3, arbitrary: anyInput() },
    { weight: 3, arbitrary: fc.constantFrom<unknown>(undefined, {}, null) },
    { weight: 2, arbitrary: fc.record({ timeout: fc.option(fc.integer({ min: 10_000, max: 60_000 }), { nil: undefined }) }) },
    { weight: 1, arbitrary: fc.constant(null).map(() => ({ signal: AbortSignal.abort() })) },
    { weight: 1, arbitrary: fc.constant(null).map(() => ({ signal: new AbortController().signal })) },
  )

  test('behavior: any options either reject typed without sending, or send {} and resolve', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(options, osArb, async (value, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(ph.host, 'get-permissions', () => getPermissions(value as CommandOptions), {
          errorClass: BaseError,
          check: (result, message) => {
            expect(result).toEqual(success)
            expect(message).toEqual({ command: 'get-permissions', version: 1, payload: {} })
          },
        })
        tally[outcome]++
      }),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.5)
    expect(tally.rejected).toBeGreaterThan(0)
  }, 60_000)
})

describe('host contract (get-permissions)', () => {
  test('error: anything but {} is rejected', () => {
    expect(contractProblems('get-permissions', { permission: 'contacts' })).not.toEqual([])
    expect(contractProblems('get-permissions', null)).not.toEqual([])
  })
})
