import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { MalformedReplyError } from '../errors/MalformedReplyError.js'
import { install } from '../install.js'
import { attestation, buildAttestationPayload } from './attestation.js'

const success = { status: 'success', token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', version: 1 }

afterEach(() => resetAll())

describe('buildAttestationPayload', () => {
  test('default', () => {
    expect(buildAttestationPayload({ requestHash: '0xab12' })).toStrictEqual({ request_hash: '0xab12' })
  })

  test.each<[string, unknown, string]>([
    ['empty hash', { requestHash: '' }, "'attestation' command requires a non-empty requestHash"],
    ['no hash', {}, "'requestHash' must be a string"],
  ])('error: %s', (_name, input, message) => {
    expect(() => buildAttestationPayload(input as never)).toThrow(InvalidPayloadError)
    expect(() => buildAttestationPayload(input as never)).toThrow(message)
  })
})

describe.each(['ios', 'android'] as const)('attestation (%s host)', (os) => {
  test('default', async () => {
    const host = createFakeHost({ os, respond: { attestation: () => success } })
    install('app_test')
    await expect(attestation({ requestHash: '0xab12' })).resolves.toStrictEqual(success)
    expect(host.commands('attestation')).toStrictEqual([
      { command: 'attestation', version: 1, payload: { request_hash: '0xab12' } },
    ])
  })

  test('behavior: a failed integrity check resolves with the error reply and its description', async () => {
    const reply = { status: 'error', error_code: 'integrity_failed', description: 'Platform integrity check failed', version: 1 }
    createFakeHost({ os, respond: { attestation: () => reply } })
    install('app_test')
    await expect(attestation({ requestHash: '0xab12' })).resolves.toStrictEqual(reply)
  })

  test('error: a success reply without a token is malformed', async () => {
    createFakeHost({ os, respond: { attestation: () => ({ status: 'success', version: 1 }) } })
    install('app_test')
    await expect(attestation({ requestHash: '0xab12' })).rejects.toThrow(MalformedReplyError)
  })

  test('error: World App without attestation rejects before sending', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = createFakeHost({ os, commands: ['wallet-auth'] })
    install('app_test')
    await expect(attestation({ requestHash: '0xab12' })).rejects.toThrow(CommandUnavailableError)
    expect(host.commands('attestation')).toStrictEqual([])
  })
})
