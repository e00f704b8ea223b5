import { describe, expect, test } from 'vitest'
import { attestationDefinition } from '../commands/attestation.js'
import { chatDefinition } from '../commands/chat.js'
import { getPermissionsDefinition } from '../commands/getPermissions.js'
import { payDefinition } from '../commands/pay.js'
import { requestPermissionDefinition } from '../commands/requestPermission.js'
import { sendHapticFeedbackDefinition } from '../commands/sendHapticFeedback.js'
import { sendTransactionDefinition } from '../commands/sendTransaction.js'
import { shareDefinition } from '../commands/share.js'
import { shareContactsDefinition } from '../commands/shareContacts.js'
import { signMessageDefinition } from '../commands/signMessage.js'
import { signTypedDataDefinition } from '../commands/signTypedData.js'
import { verifyDefinition } from '../commands/verify.js'
import { walletAuthDefinition } from '../commands/walletAuth.js'
import { HOST_COMMAND_VERSIONS, hostContract, WIRE_COMMANDS } from '../wire/hostContract.js'
import {
  COMMAND_EVENTS,
  COMMAND_HOST_VERSIONS,
  COMMAND_METHODS,
  COMMAND_VERSIONS,
  Command,
  HOST_EVENTS,
  PROTOCOL,
  ResponseEvent,
} from './protocol.js'

const definitions = [
  verifyDefinition,
  payDefinition,
  walletAuthDefinition,
  sendTransactionDefinition,
  signMessageDefinition,
  signTypedDataDefinition,
  shareContactsDefinition,
  requestPermissionDefinition,
  getPermissionsDefinition,
  sendHapticFeedbackDefinition,
  shareDefinition,
  chatDefinition,
  attestationDefinition,
]

describe('derived public names', () => {
  // The values the SDK exported before they were derived from the table: a
  // change here is a public API change.
  test('default: Command', () => {
    expect(Command).toStrictEqual({
      Verify: 'verify',
      Pay: 'pay',
      WalletAuth: 'wallet-auth',
      SendTransaction: 'send-transaction',
      SignMessage: 'sign-message',
      SignTypedData: 'sign-typed-data',
      ShareContacts: 'share-contacts',
      RequestPermission: 'request-permission',
      GetPermissions: 'get-permissions',
      SendHapticFeedback: 'send-haptic-feedback',
      Share: 'share',
      Chat: 'chat',
      Attestation: 'attestation',
      CloseMiniApp: 'close-miniapp',
    })
  })

  test('default: ResponseEvent', () => {
    expect(ResponseEvent).toStrictEqual({
      MiniAppVerifyAction: 'miniapp-verify-action',
      MiniAppPayment: 'miniapp-payment',
      MiniAppWalletAuth: 'miniapp-wallet-auth',
      MiniAppSendTransaction: 'miniapp-send-transaction',
      MiniAppSignMessage: 'miniapp-sign-message',
      MiniAppSignTypedData: 'miniapp-sign-typed-data',
      MiniAppShareContacts: 'miniapp-share-contacts',
      MiniAppRequestPermission: 'miniapp-request-permission',
      MiniAppGetPermissions: 'miniapp-get-permissions',
      MiniAppSendHapticFeedback: 'miniapp-send-haptic-feedback',
      MiniAppShare: 'miniapp-share',
      MiniAppChat: 'miniapp-chat',
      MiniAppAttestation: 'miniapp-attestation',
      MiniAppMicrophone: 'miniapp-microphone',
    })
  })

  test('default: COMMAND_VERSIONS', () => {
    expect(COMMAND_VERSIONS).toStrictEqual({
      verify: 1,
      pay: 1,
      'wallet-auth': 2,
      'send-transaction': 1,
      'sign-message': 1,
      'sign-typed-data': 1,
      'share-contacts': 1,
      'request-permission': 1,
      'get-permissions': 1,
      'send-haptic-feedback': 1,
      share: 1,
      chat: 1,
      attestation: 1,
      'close-miniapp': 1,
    })
  })

  test('behavior: every name keeps the table order', () => {
    const commands = Object.keys(PROTOCOL)
    expect(Object.values(Command)).toStrictEqual(commands)
    expect(Object.keys(COMMAND_VERSIONS)).toStrictEqual(commands)
    expect(Object.keys(COMMAND_EVENTS)).toStrictEqual(commands)
    const replies = Object.values(COMMAND_EVENTS).filter((event) => event !== null)
    expect(Object.values(ResponseEvent)).toStrictEqual([...replies, ...HOST_EVENTS])
  })

  test('behavior: a reply event is miniapp-<command> unless the table names another', () => {
    expect(COMMAND_EVENTS).toMatchObject({
      verify: 'miniapp-verify-action',
      pay: 'miniapp-payment',
      'sign-message': 'miniapp-sign-message',
    })
  })

  test('behavior: the host speaks the SDK version unless the table names more', () => {
    expect(COMMAND_HOST_VERSIONS).toMatchObject({ 'wallet-auth': [1, 2], verify: [1], share: [1] })
    for (const [command, version] of Object.entries(COMMAND_VERSIONS)) {
      expect(COMMAND_HOST_VERSIONS[command as Command]).toContain(version)
    }
  })

  test('behavior: method names are the camelCase wire names', () => {
    expect(COMMAND_METHODS).toMatchObject({
      'wallet-auth': 'walletAuth',
      'send-haptic-feedback': 'sendHapticFeedback',
      pay: 'pay',
      // The official toolkit's spelling, named in the table.
      'close-miniapp': 'closeMiniApp',
    })
  })

  test('behavior: close-miniapp has no reply event, and no ResponseEvent', () => {
    expect(COMMAND_EVENTS['close-miniapp']).toBeNull()
    expect(Object.values(ResponseEvent)).not.toContain(null)
    expect(Object.keys(ResponseEvent)).not.toContain('MiniAppCloseMiniapp')
  })

  test('behavior: every reply event is distinct and none is a host event', () => {
    const events = Object.values(COMMAND_EVENTS)
    expect(new Set(events).size).toBe(events.length)
    for (const event of HOST_EVENTS) expect(events).not.toContain(event)
  })
})

describe('consumers of the table', () => {
  test('behavior: every command definition names its command, event and method as the table does', () => {
    // Every command but close-miniapp, which is only ever sent (no reply to route).
    expect(definitions.map((definition) => definition.command)).toStrictEqual(
      Object.keys(PROTOCOL).filter((command) => command !== 'close-miniapp'),
    )
    for (const definition of definitions) {
      expect(definition.event).toBe(COMMAND_EVENTS[definition.command])
      expect(definition.method).toBe(COMMAND_METHODS[definition.command])
    }
  })

  test('behavior: the host contract has a wire shape and host versions for every command', () => {
    expect(WIRE_COMMANDS).toStrictEqual(Object.keys(PROTOCOL))
    expect(Object.keys(hostContract)).toStrictEqual(WIRE_COMMANDS)
    for (const command of WIRE_COMMANDS) {
      expect(HOST_COMMAND_VERSIONS[command]).toContain(COMMAND_VERSIONS[command])
    }
  })
})

// PROTOCOL.md is generated from the table: `vitest run -u` rewrites it after a
// change, and CI fails while it is stale.
test('behavior: PROTOCOL.md lists the table', async () => {
  const header = ['Command', 'Method', 'Reply event', 'SDK version', 'Host versions']
  const cells = (Object.keys(PROTOCOL) as Command[]).map((command) => [
    `\`${command}\``,
    `\`${COMMAND_METHODS[command]}\``,
    COMMAND_EVENTS[command] === null ? '— (no reply)' : `\`${COMMAND_EVENTS[command]}\``,
    `${COMMAND_VERSIONS[command]}`,
    COMMAND_HOST_VERSIONS[command].join(', '),
  ])
  // Padded as Biome formats Markdown tables, so `pnpm lint` and this test agree.
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]?.length ?? 0)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const table = [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)]
  const markdown = [
    '# World App host protocol',
    '',
    '<!-- Generated from packages/minikit/src/protocol/protocol.ts by protocol.test.ts; run `vitest run -u` after changing the table. -->',
    '',
    'Every command the SDK sends (`{ command, version, payload }`) and the event World App answers it with through',
    '`window.MiniKit.trigger(event, payload)`. Import the table as `PROTOCOL` from `@worldmap/minikit/wire`.',
    '',
    ...table,
    '',
    `Host events outside replies: ${HOST_EVENTS.map((event) => `\`${event}\``).join(', ')}.`,
    '',
  ].join('\n')
  await expect(markdown).toMatchFileSnapshot('../../PROTOCOL.md')
})
