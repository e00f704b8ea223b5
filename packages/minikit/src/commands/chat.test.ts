import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { install } from '../install.js'
import { buildChatPayload, chat } from './chat.js'

const success = { status: 'success', count: 1, timestamp: '2026-01-01T00:00:00.000Z', version: 1 }

afterEach(() => resetAll())

describe('buildChatPayload', () => {
  test('default', () => {
    expect(buildChatPayload({ message: 'hi', to: ['alice', '0x0000000000000000000000000000000000000001'] })).toStrictEqual({
      message: 'hi',
      to: ['alice', '0x0000000000000000000000000000000000000001'],
    })
    expect(buildChatPayload({ message: 'hi' })).toStrictEqual({ message: 'hi' })
  })

  test.each<[string, unknown, string]>([
    ['empty message', { message: '' }, "'chat' command requires a non-empty message"],
    ['message not a string', { message: 3 }, "'message' must be a string"],
    ['recipients not strings', { message: 'hi', to: [1] }, "'to' must list World App usernames or addresses"],
  ])('error: %s', (_name, input, message) => {
    expect(() => buildChatPayload(input as never)).toThrow(InvalidPayloadError)
    expect(() => buildChatPayload(input as never)).toThrow(message)
  })
})

describe.each(['ios', 'android'] as const)('chat (%s host)', (os) => {
  test('default', async () => {
    const host = createFakeHost({ os, respond: { chat: () => success } })
    install('app_test')
    await expect(chat({ message: 'Meet at the mill?', to: ['alice'] })).resolves.toStrictEqual(success)
    expect(host.commands('chat')).toStrictEqual([
      { command: 'chat', version: 1, payload: { message: 'Meet at the mill?', to: ['alice'] } },
    ])
  })

  test('behavior: the person cancelling resolves with the error reply', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', version: 1 }
    createFakeHost({ os, respond: { chat: () => reply } })
    install('app_test')
    await expect(chat({ message: 'hi' })).resolves.toStrictEqual(reply)
  })

  test('error: World App without chat rejects before sending', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = createFakeHost({ os, commands: ['wallet-auth'] })
    install('app_test')
    await expect(chat({ message: 'hi' })).rejects.toThrow(CommandUnavailableError)
    expect(host.commands('chat')).toStrictEqual([])
  })

  test('error: invalid input rejects before sending', async () => {
    const host = createFakeHost({ os })
    install('app_test')
    await expect(chat({ message: '' })).rejects.toThrow(InvalidPayloadError)
    expect(host.commands('chat')).toStrictEqual([])
  })
})
