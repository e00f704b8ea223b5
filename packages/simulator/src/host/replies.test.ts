import { ResponseEvent } from '@worldmap/minikit'
import { HOST_COMMANDS, WIRE_COMMANDS } from '@worldmap/minikit/wire'
import { describe, expect, test } from 'vitest'
import { MALFORMED_CODE, NEEDS_CONSENT, REJECT_CODE, REPLY_EVENT } from './replies.js'

describe('replies', () => {
  test('default: every host command has a reply event, a malformed code and a reject code', () => {
    for (const table of [REPLY_EVENT, MALFORMED_CODE, REJECT_CODE])
      expect(Object.keys(table).sort()).toEqual([...HOST_COMMANDS].sort())
  })

  test('default: reply events are the SDK’s response events (close-miniapp has none)', () => {
    const events = Object.values(ResponseEvent)
    for (const command of WIRE_COMMANDS) if (REPLY_EVENT[command] !== null) expect(events).toContain(REPLY_EVENT[command])
    expect([REPLY_EVENT.attestation, REPLY_EVENT.chat, REPLY_EVENT['close-miniapp']]).toEqual([
      'miniapp-attestation',
      'miniapp-chat',
      null,
    ])
    const named = Object.values(REPLY_EVENT).filter((event) => event !== null)
    expect(new Set(named).size).toBe(HOST_COMMANDS.length - 1)
  })

  test('default: only reads, haptics, attestation, chat and close-miniapp skip the consent sheet', () => {
    expect(HOST_COMMANDS.filter((command) => !(NEEDS_CONSENT as ReadonlySet<string>).has(command))).toEqual([
      'get-permissions',
      'send-haptic-feedback',
      'chat',
      'attestation',
      'close-miniapp',
    ])
  })
})
