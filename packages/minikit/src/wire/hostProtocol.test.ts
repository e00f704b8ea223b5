import { describe, expect, test } from 'vitest'
import { COMMAND_EVENTS, COMMAND_HOST_VERSIONS, type Command, PROTOCOL } from '../protocol/protocol.js'
import {
  HOST_COMMANDS,
  HOST_ONLY_PROTOCOL,
  HOST_REPLY_EVENTS,
  HOST_VERSION_SINCE,
  HOST_VERSIONS,
  supportedCommandsOf,
  WORLD_APP_RELEASES,
} from './hostProtocol.js'

// What official MiniKit 2.0.3's install() requires of supported_commands (read from its build).
const MINIKIT_2_COMMANDS = [
  'attestation',
  'pay',
  'wallet-auth',
  'send-transaction',
  'sign-message',
  'sign-typed-data',
  'share-contacts',
  'request-permission',
  'get-permissions',
  'send-haptic-feedback',
  'share',
  'chat',
  'close-miniapp',
]

describe('host protocol', () => {
  test('default: the SDK’s commands, then the host-only ones (none since attestation, chat and close-miniapp joined the SDK’s table)', () => {
    expect(HOST_COMMANDS).toStrictEqual(Object.keys(PROTOCOL))
    expect(HOST_ONLY_PROTOCOL).toStrictEqual({})
    expect(PROTOCOL).toMatchObject({ attestation: {}, chat: {}, 'close-miniapp': { event: null } })
  })

  test('default: versions of today’s World App', () => {
    expect(HOST_VERSIONS).toStrictEqual({
      verify: [1],
      pay: [1],
      'wallet-auth': [1, 2],
      'send-transaction': [1, 2],
      'sign-message': [1],
      'sign-typed-data': [1],
      'share-contacts': [1],
      'request-permission': [1],
      'get-permissions': [1],
      'send-haptic-feedback': [1],
      share: [1],
      attestation: [1],
      chat: [1],
      'close-miniapp': [1],
    })
    // Extends, never narrows, what the SDK's table says the host speaks.
    for (const command of Object.keys(PROTOCOL) as Command[])
      expect(HOST_VERSIONS[command]).toEqual(expect.arrayContaining([...COMMAND_HOST_VERSIONS[command]]))
  })

  test('default: reply events (close-miniapp has none)', () => {
    for (const command of Object.keys(PROTOCOL) as Command[]) expect(HOST_REPLY_EVENTS[command]).toBe(COMMAND_EVENTS[command])
    expect(HOST_REPLY_EVENTS.attestation).toBe('miniapp-attestation')
    expect(HOST_REPLY_EVENTS.chat).toBe('miniapp-chat')
    expect(HOST_REPLY_EVENTS['close-miniapp']).toBeNull()
  })

  test('behavior: every version with a release date is one the host speaks', () => {
    for (const [command, since] of Object.entries(HOST_VERSION_SINCE))
      for (const version of Object.keys(since ?? {}))
        expect(HOST_VERSIONS[command as keyof typeof HOST_VERSIONS]).toContain(Number(version))
  })
})

describe('supportedCommandsOf', () => {
  const versionsAt = (build: number) =>
    Object.fromEntries(supportedCommandsOf(build).map((entry) => [entry.name, entry.supported_versions]))

  test('default: today’s World App lists every command and version, MiniKit 2.0.3’s included', () => {
    expect(supportedCommandsOf()).toStrictEqual(
      HOST_COMMANDS.map((name) => ({ name, supported_versions: [...HOST_VERSIONS[name]] })),
    )
    const names = supportedCommandsOf().map((entry) => entry.name)
    for (const command of MINIKIT_2_COMMANDS) expect(names).toContain(command)
  })

  test.each([
    ['legacy', WORLD_APP_RELEASES.legacy, { 'wallet-auth': [1], 'send-transaction': [1], chat: undefined }],
    ['walletAuthV2', WORLD_APP_RELEASES.walletAuthV2, { 'wallet-auth': [1, 2], 'send-transaction': [1], chat: undefined }],
    ['current', WORLD_APP_RELEASES.current, { 'wallet-auth': [1, 2], 'send-transaction': [1, 2], chat: [1] }],
  ])('parameters: %s (%i)', (_, build, expected) => {
    const versions = versionsAt(build)
    for (const [command, list] of Object.entries(expected)) expect(versions[command]).toEqual(list)
    expect(Object.keys(versions)).toHaveLength(build >= WORLD_APP_RELEASES.current ? 14 : 11)
  })

  test('behavior: a build before today’s lacks what MiniKit 2.0.3 requires', () => {
    const names = supportedCommandsOf(WORLD_APP_RELEASES.walletAuthV2).map((entry) => entry.name)
    expect(MINIKIT_2_COMMANDS.filter((command) => !names.includes(command as never))).toEqual([
      'attestation',
      'chat',
      'close-miniapp',
    ])
  })
})
