import { SiweParseError } from '../errors/siwe/SiweParseError.js'
import type { SiweMessage } from './createSiweMessage.js'

const headerSuffix = ' wants you to sign in with your Ethereum account:'
const addressPlaceholder = '{address}'

const requiredFields = [
  ['uri', 'URI: '],
  ['version', 'Version: '],
  ['chain_id', 'Chain ID: '],
  ['nonce', 'Nonce: '],
  ['issued_at', 'Issued At: '],
] as const

const optionalFields = [
  ['expiration_time', 'Expiration Time: '],
  ['not_before', 'Not Before: '],
  ['request_id', 'Request ID: '],
] as const

const timestampFields = new Set<string>(['issued_at', 'expiration_time', 'not_before'])

// RFC 3986 scheme; World App sends `location.protocol` without the colon.
const schemePattern = /^[a-zA-Z][a-zA-Z0-9+.-]*$/
// An authority (`host[:port]`, as `location.host` gives): no whitespace, path, query or fragment.
const domainPattern = /^[^\s/?#]+$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/
// Leading zeros are rejected so one chain id has exactly one spelling in signed text.
const chainIdPattern = /^(0|[1-9][0-9]*)$/
// RFC 3339 date-time, which is what `Date.prototype.toISOString` produces.
const timestampPattern = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/**
 * Parse a sign-in (SIWE) message in World App's layout back into its fields.
 *
 * Unlike the official 1.9.6 parser, `domain` comes back without the scheme
 * (the scheme is its own field), `chain_id` is a number, timestamps are
 * checked to be RFC 3339, and unknown or repeated trailing lines are rejected
 * instead of silently ignored. The `{address}` placeholder parses as "no
 * address". Besides World App's blank-line layout, the ERC-4361 layout with a
 * single blank line and no statement is accepted too.
 *
 * @throws {SiweParseError} (code `malformed_message`) when the text does not
 *   follow the layout, e.g. `Missing 'Nonce: '`.
 *
 * @example
 * ```ts
 * const siwe = parseSiweMessage(payload.message)
 * siwe.domain   // 'app.example'
 * siwe.scheme   // 'https'
 * siwe.chain_id // 480
 * ```
 */
export function parseSiweMessage(text: string): SiweMessage {
  if (typeof text !== 'string') throw new SiweParseError('Message must be a string')
  const lines = text.split('\n')
  // World App ends every line, the last included, with `\n`; ERC-4361 generators don't.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()

  const header = lines[0] ?? ''
  if (!header.endsWith(headerSuffix)) throw new SiweParseError(`Missing '${headerSuffix.trimStart()}'`)
  const origin = header.slice(0, -headerSuffix.length)
  const separator = origin.indexOf('://')
  const scheme = separator === -1 ? undefined : origin.slice(0, separator)
  const domain = separator === -1 ? origin : origin.slice(separator + 3)
  if (scheme !== undefined && !schemePattern.test(scheme)) throw new SiweParseError('Invalid scheme')
  if (!domainPattern.test(domain)) throw new SiweParseError('Invalid domain')

  const addressLine = lines[1]
  if (addressLine === undefined) throw new SiweParseError('Missing address')
  if (addressLine !== addressPlaceholder && !addressPattern.test(addressLine)) throw new SiweParseError('Invalid address')
  if (lines[2] !== undefined && lines[2] !== '') throw new SiweParseError('Missing blank line after the address')

  // A statement is only a statement when a blank line follows it; that also
  // tells World App's two-blank-line form apart from ERC-4361's one-blank form.
  let statement: string | undefined
  let index = 3
  if (lines[3] === '') index = 4
  else if (lines[3] !== undefined && lines[4] === '') {
    statement = lines[3]
    index = 5
  }

  const fields: Record<string, string> = {}
  for (const [key, tag] of requiredFields) {
    const line = lines[index]
    if (line === undefined || !line.startsWith(tag)) throw new SiweParseError(`Missing '${tag}'`)
    fields[key] = readValue(line, tag, key)
    index++
  }

  // The official parser takes these in any order, so we do too; but a line we
  // don't understand is part of what was signed, so it is refused, not skipped.
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    const field = optionalFields.find(([, tag]) => line.startsWith(tag))
    if (!field) throw new SiweParseError(`Unexpected content on line ${index + 1}`)
    const [key, tag] = field
    if (key in fields) throw new SiweParseError(`Duplicate '${tag}'`)
    fields[key] = readValue(line, tag, key)
  }

  const chainId = Number(fields.chain_id)
  if (!chainIdPattern.test(fields.chain_id as string) || !Number.isSafeInteger(chainId)) {
    throw new SiweParseError("Invalid 'Chain ID: '")
  }

  // Absent fields stay absent (not `undefined`), so parse(create(x)) deep-equals x.
  return {
    ...(scheme === undefined ? {} : { scheme }),
    domain,
    ...(addressLine === addressPlaceholder ? {} : { address: addressLine }),
    ...(statement === undefined ? {} : { statement }),
    uri: fields.uri as string,
    version: fields.version as string,
    chain_id: chainId,
    nonce: fields.nonce as string,
    issued_at: fields.issued_at as string,
    ...(fields.expiration_time === undefined ? {} : { expiration_time: fields.expiration_time }),
    ...(fields.not_before === undefined ? {} : { not_before: fields.not_before }),
    ...(fields.request_id === undefined ? {} : { request_id: fields.request_id }),
  }
}

function readValue(line: string, tag: string, key: string): string {
  const value = line.slice(tag.length)
  if (value === '') throw new SiweParseError(`Missing value for '${tag}'`)
  if (timestampFields.has(key) && (!timestampPattern.test(value) || Number.isNaN(Date.parse(value)))) {
    throw new SiweParseError(`Invalid '${tag}'`)
  }
  return value
}
