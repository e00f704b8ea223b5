import { parseSiweMessage } from './parseSiweMessage.js'

/**
 * Wire type: a sign-in message's fields as official 1.9.6's root
 * `parseSiweMessage` returns them at runtime: `domain` is the whole text
 * before "wants you to sign in" (scheme included when there is one),
 * `chain_id` the digits as written, `address` the line as written
 * (`{address}` for an unsigned template), and every optional key present
 * (`undefined` when absent).
 */
export interface SiweMessageData {
  domain: string
  address: string
  statement: string | undefined
  uri: string
  version: string
  /** A string at runtime in the official toolkit too (its types say number). */
  chain_id: string
  nonce: string
  issued_at: string
  expiration_time: string | undefined
  not_before: string | undefined
  request_id: string | undefined
}

/**
 * Parse a World App sign-in (SIWE) message into the official 1.9.6 shape:
 * the root export for teams migrating server code unchanged. Validation is
 * ours, so it is stricter than the official parser: a malformed address,
 * timestamp or chain id, and unknown or repeated trailing lines, are refused
 * (the official parser passes them through). `@worldmap/minikit/siwe` has
 * the typed form (`scheme` apart, `chain_id` a number).
 *
 * @throws {SiweParseError} (code `malformed_message`) when the text does not
 *   follow the layout, e.g. `Missing 'Nonce: '`.
 *
 * @example
 * ```ts
 * const data = parseSiweMessage(payload.message)
 * data.domain   // 'https://app.example'
 * data.chain_id // '480'
 * ```
 */
export function parseSiweMessageCompat(text: string): SiweMessageData {
  const message = parseSiweMessage(text)
  return {
    domain: message.scheme === undefined ? message.domain : `${message.scheme}://${message.domain}`,
    // Our parser reads the `{address}` placeholder as "no address"; the official returns the line.
    address: message.address ?? '{address}',
    statement: message.statement,
    uri: message.uri,
    version: message.version,
    // Our parser refuses leading zeros, so the number prints back as the digits written.
    chain_id: String(message.chain_id),
    nonce: message.nonce,
    issued_at: message.issued_at,
    expiration_time: message.expiration_time,
    not_before: message.not_before,
    request_id: message.request_id,
  }
}
