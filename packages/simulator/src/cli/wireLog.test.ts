import { describe, expect, test } from 'vitest'
import { compactValue, formatWireJson, formatWireText, JSON_STRING_LIMIT } from './wireLog.js'

/** Characters a terminal acts on (C0 and C1 controls) or that reorder text (bidi overrides). */
const controlCharacters = (text: string) =>
  [...text].filter((c) => {
    const code = c.charCodeAt(0)
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e)
  })

const AT = Date.UTC(2026, 10, 28, 21, 5, 9, 42)

describe('formatWireText', () => {
  test('default: a command is its time, an arrow out, name, version and compact payload', () => {
    expect(formatWireText({ type: 'command', at: AT, command: 'sign-message', version: 1, payload: { message: 'hi' } })).toBe(
      '21:05:09.042 → sign-message v1 {message: "hi"}',
    )
  })

  test('behavior: a reply shows success or the error code, then what else it carried', () => {
    expect(
      formatWireText({
        type: 'reply',
        at: AT,
        event: 'miniapp-payment',
        payload: { status: 'error', error_code: 'user_rejected', version: 1 },
      }),
    ).toBe('21:05:09.042 ← pay v1 error user_rejected')
    expect(
      formatWireText({
        type: 'reply',
        at: AT,
        event: 'miniapp-get-permissions',
        payload: { status: 'success', version: 1, permissions: { notifications: true } },
      }),
    ).toBe('21:05:09.042 ← get-permissions v1 success {permissions: {notifications: true}}')
  })

  test('behavior: long hex keeps its start, end and length; addresses and hashes stay whole', () => {
    const address = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
    const hash = `0x${'ab'.repeat(32)}`
    expect(compactValue(address)).toBe(JSON.stringify(address))
    expect(compactValue(hash)).toBe(JSON.stringify(hash))
    expect(compactValue(`0xa9059cbb${'00'.repeat(64)}`)).toBe('0xa9059cbb…0000 (68 bytes)')
    expect(compactValue('x'.repeat(200))).toBe(`"${'x'.repeat(60)}…" (200 chars)`)
  })

  test('behavior: big payloads are cut: six entries a level, three levels, 400 characters a line', () => {
    expect(compactValue([1, 2, 3, 4, 5, 6, 7, 8])).toBe('[1, 2, 3, 4, 5, 6, …+2]')
    expect(compactValue({ a: { b: { c: { d: 1 } } } })).toBe('{a: {b: {c: {…}}}}')
    const line = formatWireText({
      type: 'command',
      at: AT,
      command: 'share',
      payload: { text: 'y'.repeat(70), list: Array(50).fill('z'.repeat(70)) },
    })
    expect(line.length).toBeLessThanOrEqual(400)
  })

  test('error: a hostile payload cannot reach the terminal as control sequences or reordered text', () => {
    const line = formatWireText({
      type: 'command',
      at: AT,
      command: 'sign-message\u009b2J',
      payload: { message: '\u001b]0;owned\u0007 \u202eevil' },
    })
    expect(controlCharacters(line)).toEqual([])
    expect(line).toContain('\\u009b2J')
    expect(line).toContain('\\u202eevil')
  })
})

describe('formatWireJson', () => {
  test('default: a reply names its command, status and error code beside the whole payload', () => {
    const payload = { status: 'success', version: 2, userOpHash: `0x${'1'.repeat(64)}` }
    expect(JSON.parse(formatWireJson({ type: 'reply', at: AT, event: 'miniapp-send-transaction', payload }))).toEqual({
      type: 'reply',
      time: '2026-11-28T21:05:09.042Z',
      command: 'send-transaction',
      event: 'miniapp-send-transaction',
      version: 2,
      status: 'success',
      errorCode: null,
      payload,
    })
  })

  test('behavior: strings past the limit are cut and say how long they were; control characters stay escaped', () => {
    const record = JSON.parse(
      formatWireJson({ type: 'command', at: AT, command: 'share', payload: { data: 'A'.repeat(JSON_STRING_LIMIT + 10) } }),
    )
    expect(record.payload.data).toBe(`${'A'.repeat(JSON_STRING_LIMIT)}…(${JSON_STRING_LIMIT + 10} chars)`)
    const line = formatWireJson({ type: 'command', at: AT, command: 'x', payload: { m: '\u009b\u001b' } })
    expect(controlCharacters(line)).toEqual([])
    expect(JSON.parse(line).payload.m).toBe('\u009b\u001b')
  })
})
