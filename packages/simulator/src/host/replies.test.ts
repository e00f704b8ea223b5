import { ResponseEvent } from '@worldmap/minikit'
import { WIRE_COMMANDS } from '@worldmap/minikit/wire'
import { describe, expect, test } from 'vitest'
import { MALFORMED_CODE, NEEDS_CONSENT, REJECT_CODE, REPLY_EVENT } from './replies.js'

describe('replies', () => {
  test('default: every wire command has a reply event, a malformed code and a reject code', () => {
    for (const table of [REPLY_EVENT, MALFORMED_CODE, REJECT_CODE])
      expect(Object.keys(table).sort()).toEqual([...WIRE_COMMANDS].sort())
  })

  test('default: reply events are the SDK’s response events', () => {
    const events = Object.values(ResponseEvent)
    for (const event of Object.values(REPLY_EVENT)) expect(events).toContain(event)
    expect(new Set(Object.values(REPLY_EVENT)).size).toBe(WIRE_COMMANDS.length)
  })

  test('default: only reads and haptics skip the consent sheet', () => {
    expect(WIRE_COMMANDS.filter((command) => !NEEDS_CONSENT.has(command))).toEqual(['get-permissions', 'send-haptic-feedback'])
  })
})
