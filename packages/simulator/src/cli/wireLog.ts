import { REPLY_EVENT } from '../host/replies.js'
import type { WireLogEntry } from '../playwright/forwardWire.js'

export type { WireLogEntry }

// Inverted once on first use: nothing runs at import.
let commandOfEvent: Map<string, string> | undefined
/** The command a reply event answers (`miniapp-sign-message` → `sign-message`), or the event itself. */
export function commandOfReply(event: string): string {
  commandOfEvent ??= new Map(
    Object.entries(REPLY_EVENT)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([command, reply]) => [reply, command]),
  )
  return commandOfEvent.get(event) ?? event
}

/** Strings longer than this are cut in `--json` output (a shared file's base64 may be megabytes). */
export const JSON_STRING_LIMIT = 4096
const HEX = /^0x[0-9a-fA-F]*$/
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
// JSON.stringify escapes C0 controls; C1 controls (a terminal's CSI is U+009B) and bidi overrides it keeps.
// A page's payload must not be able to move the cursor or reorder what the terminal shows.
const UNSAFE = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const escapeUnsafe = (text: string) => text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** `0x1b2c3d4e…9f1c (65 bytes)` for hex longer than a 32-byte word, else the string, cut past 80 characters. */
function shortString(value: string): string {
  if (HEX.test(value) && value.length > 66) {
    const bytes = Math.floor((value.length - 2) / 2)
    return `${value.slice(0, 10)}…${value.slice(-4)} (${bytes} bytes)`
  }
  return value.length > 80
    ? `${JSON.stringify(value.slice(0, 60)).slice(0, -1)}…" (${value.length} chars)`
    : JSON.stringify(value)
}

/** A compact, readable rendering of a payload: unquoted keys, long hex shortened, at most 6 entries per level. */
export function compactValue(value: unknown, depth = 0): string {
  if (typeof value === 'string') return shortString(value)
  if (typeof value === 'bigint') return `${value}n`
  if (value === null || typeof value !== 'object') return String(value)
  if (depth >= 3) return Array.isArray(value) ? `[…${value.length}]` : '{…}'
  if (Array.isArray(value)) {
    const items = value.slice(0, 6).map((item) => compactValue(item, depth + 1))
    return `[${items.join(', ')}${value.length > 6 ? `, …+${value.length - 6}` : ''}]`
  }
  const entries = Object.entries(value)
  const shown = entries
    .slice(0, 6)
    .map(([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${compactValue(item, depth + 1)}`)
  return `{${shown.join(', ')}${entries.length > 6 ? `, …+${entries.length - 6}` : ''}}`
}

const time = (at: number) => new Date(at).toISOString().slice(11, 23)
const LINE_LIMIT = 400

/**
 * One line of the CLI's log for people: time (UTC), direction, command and
 * version, then the payload (commands) or the status and error code
 * (replies), compact and cut at 400 characters.
 *
 * @example
 * ```ts
 * formatWireText({ type: 'reply', at: 0, event: 'miniapp-pay', payload: { status: 'error', error_code: 'user_rejected', version: 1 } })
 * // '00:00:00.000 ← pay v1 error user_rejected'
 * ```
 */
export function formatWireText(entry: WireLogEntry): string {
  let line: string
  if (entry.type === 'command') {
    const version = entry.version === undefined ? '' : ` v${entry.version}`
    const payload = entry.payload === undefined ? '' : ` ${compactValue(entry.payload)}`
    line = `${time(entry.at)} → ${entry.command}${version}${payload}`
  } else {
    const { status, error_code: code, version, ...rest } = entry.payload
    const outcome = status === 'error' ? `error ${String(code ?? 'unknown')}` : String(status ?? 'no status')
    const detail = Object.keys(rest).length ? ` ${compactValue(rest)}` : ''
    line = `${time(entry.at)} ← ${commandOfReply(entry.event)}${version === undefined ? '' : ` v${String(version)}`} ${outcome}${detail}`
  }
  if (line.length > LINE_LIMIT) line = `${line.slice(0, LINE_LIMIT - 1)}…`
  return escapeUnsafe(line)
}

const limitStrings = (_key: string, value: unknown) =>
  typeof value === 'string' && value.length > JSON_STRING_LIMIT
    ? `${value.slice(0, JSON_STRING_LIMIT)}…(${value.length} chars)`
    : typeof value === 'bigint'
      ? value.toString()
      : value

/**
 * One line of `--json` output (see the README for the fields): a command is
 * `{"type":"command","time","command","version","payload"}`, a reply
 * `{"type":"reply","time","command","event","version","status","errorCode","payload"}`.
 * Payloads are whole, except strings past 4,096 characters.
 *
 * @example
 * ```ts
 * JSON.parse(formatWireJson(entry)).status // 'success'
 * ```
 */
export function formatWireJson(entry: WireLogEntry): string {
  const at = new Date(entry.at).toISOString()
  const record =
    entry.type === 'command'
      ? { type: 'command', time: at, command: entry.command, version: entry.version ?? null, payload: entry.payload ?? null }
      : {
          type: 'reply',
          time: at,
          command: commandOfReply(entry.event),
          event: entry.event,
          version: typeof entry.payload.version === 'number' ? entry.payload.version : null,
          status: typeof entry.payload.status === 'string' ? entry.payload.status : null,
          errorCode: typeof entry.payload.error_code === 'string' ? entry.payload.error_code : null,
          payload: entry.payload,
        }
  return escapeUnsafe(JSON.stringify(record, limitStrings))
}
