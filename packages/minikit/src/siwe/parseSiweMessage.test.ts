import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SiweParseError } from '../errors/siwe/SiweParseError.js'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import { createSiweMessage, type SiweMessage } from './createSiweMessage.js'
import { parseSiweMessage } from './parseSiweMessage.js'

const address = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4'

const full: SiweMessage = {
  scheme: 'https',
  domain: 'app.example:8443',
  address,
  statement: 'Authenticate (a1b2c3d4e5f60718).',
  uri: 'https://app.example:8443/login?next=%2F',
  version: '1',
  chain_id: 480,
  nonce: 'a1b2c3d4e5f60718',
  issued_at: '2025-06-10T11:59:00.000Z',
  expiration_time: '2025-06-17T11:59:00.000Z',
  not_before: '2025-06-09T11:59:00.000Z',
  request_id: 'req-42',
}

const lines = (...parts: string[]) => `${parts.join('\n')}\n`
const header = 'https://app.example wants you to sign in with your Ethereum account:'
const tail = [
  'URI: https://app.example/',
  'Version: 1',
  'Chain ID: 480',
  'Nonce: a1b2c3d4e5f60718',
  'Issued At: 2025-06-10T11:59:00.000Z',
]

function parseError(text: unknown): SiweParseError {
  try {
    parseSiweMessage(text as string)
  } catch (error) {
    if (error instanceof SiweParseError) return error
    throw error
  }
  throw new Error('parseSiweMessage did not throw')
}

describe('parseSiweMessage', () => {
  test('default', () => {
    expect(parseSiweMessage(lines(header, address, '', 'Sign in please.', '', ...tail))).toStrictEqual({
      scheme: 'https',
      domain: 'app.example',
      address,
      statement: 'Sign in please.',
      uri: 'https://app.example/',
      version: '1',
      chain_id: 480,
      nonce: 'a1b2c3d4e5f60718',
      issued_at: '2025-06-10T11:59:00.000Z',
    })
  })

  test('behavior: domain comes back without the scheme (official 1.9.6 kept it)', () => {
    const parsed = parseSiweMessage(lines(header, address, '', '', ...tail))
    expect(parsed.domain).toBe('app.example')
    expect(parsed.scheme).toBe('https')
  })

  test('behavior: chain id is a number', () => {
    expect(parseSiweMessage(lines(header, address, '', '', ...tail)).chain_id).toBe(480)
  })

  test("parameters: World App's three-newline layout without a statement", () => {
    const text = `${header}\n${address}\n\n\n${tail.join('\n')}\n`
    const parsed = parseSiweMessage(text)
    expect(parsed).not.toHaveProperty('statement')
    expect(parsed.uri).toBe('https://app.example/')
  })

  test('parameters: every optional field', () => {
    expect(parseSiweMessage(createSiweMessage(full))).toStrictEqual(full)
  })

  test('parameters: optional fields in any order', () => {
    const text = lines(
      header,
      address,
      '',
      '',
      ...tail,
      'Request ID: r',
      'Not Before: 2025-06-09T00:00:00Z',
      'Expiration Time: 2025-06-11T00:00:00+02:00',
    )
    expect(parseSiweMessage(text)).toMatchObject({
      request_id: 'r',
      not_before: '2025-06-09T00:00:00Z',
      expiration_time: '2025-06-11T00:00:00+02:00',
    })
  })

  test('parameters: no scheme', () => {
    const parsed = parseSiweMessage(
      lines('app.example wants you to sign in with your Ethereum account:', address, '', '', ...tail),
    )
    expect(parsed.domain).toBe('app.example')
    expect(parsed).not.toHaveProperty('scheme')
  })

  test('parameters: the {address} placeholder parses as no address', () => {
    expect(parseSiweMessage(lines(header, '{address}', '', '', ...tail))).not.toHaveProperty('address')
  })

  test('parameters: without the trailing newline (ERC-4361 generators)', () => {
    expect(parseSiweMessage([header, address, '', '', ...tail].join('\n')).nonce).toBe('a1b2c3d4e5f60718')
  })

  test('parameters: ERC-4361 layout with one blank line and no statement', () => {
    const parsed = parseSiweMessage([header, address, '', ...tail].join('\n'))
    expect(parsed).not.toHaveProperty('statement')
    expect(parsed.uri).toBe('https://app.example/')
  })

  test('behavior: a statement that looks like a URI line stays a statement', () => {
    const parsed = parseSiweMessage(createSiweMessage({ ...full, statement: 'URI: https://evil.example/' }))
    expect(parsed.statement).toBe('URI: https://evil.example/')
    expect(parsed.uri).toBe(full.uri)
  })

  test('error: exact message and class', () => {
    const error = parseError(lines(header, address, '', '', ...tail.filter((line) => !line.startsWith('Nonce'))))
    expect(error).toBeInstanceOf(SiweVerificationError)
    expect(error.name).toBe('SiweParseError')
    expect(error.code).toBe('malformed_message')
    expect(error.shortMessage).toBe("Missing 'Nonce: '")
  })

  test.each(['URI: ', 'Version: ', 'Chain ID: ', 'Nonce: ', 'Issued At: '])("error: Missing '%s'", (tag) => {
    const without = tail.filter((line) => !line.startsWith(tag))
    expect(parseError(lines(header, address, '', '', ...without)).shortMessage).toBe(`Missing '${tag}'`)
  })

  test('error: required fields out of order', () => {
    const [uri, version, ...rest] = tail as [string, string, ...string[]]
    expect(parseError(lines(header, address, '', '', version, uri, ...rest)).shortMessage).toBe("Missing 'URI: '")
  })

  test.each([
    ['not a string', 42, 'Message must be a string'],
    ['empty text', '', "Missing 'wants you to sign in with your Ethereum account:'"],
    [
      'wrong header',
      lines('app.example wants you to sign in:', address, '', '', ...tail),
      "Missing 'wants you to sign in with your Ethereum account:'",
    ],
    [
      'invalid scheme',
      lines('1http://app.example wants you to sign in with your Ethereum account:', address, '', '', ...tail),
      'Invalid scheme',
    ],
    [
      'empty domain',
      lines('https:// wants you to sign in with your Ethereum account:', address, '', '', ...tail),
      'Invalid domain',
    ],
    [
      'domain with a path',
      lines('https://app.example/x wants you to sign in with your Ethereum account:', address, '', '', ...tail),
      'Invalid domain',
    ],
    ['header only', header, 'Missing address'],
    ['truncated address', lines(header, '0x5B38…ddC4', '', '', ...tail), 'Invalid address'],
    ['no blank line after the address', lines(header, address, 'Statement', '', ...tail), 'Missing blank line after the address'],
    [
      'empty nonce',
      lines(header, address, '', '', ...tail.slice(0, 3), 'Nonce: ', tail[4] as string),
      "Missing value for 'Nonce: '",
    ],
    [
      'non-numeric chain id',
      lines(header, address, '', '', tail[0] as string, tail[1] as string, 'Chain ID: world', ...tail.slice(3)),
      "Invalid 'Chain ID: '",
    ],
    [
      'chain id with leading zero',
      lines(header, address, '', '', tail[0] as string, tail[1] as string, 'Chain ID: 0480', ...tail.slice(3)),
      "Invalid 'Chain ID: '",
    ],
    [
      'unsafe chain id',
      lines(header, address, '', '', tail[0] as string, tail[1] as string, 'Chain ID: 9007199254740993', ...tail.slice(3)),
      "Invalid 'Chain ID: '",
    ],
    ['invalid issued at', lines(header, address, '', '', ...tail.slice(0, 4), 'Issued At: yesterday'), "Invalid 'Issued At: '"],
    [
      'invalid expiration time',
      lines(header, address, '', '', ...tail, 'Expiration Time: 2025-13-45T99:00:00Z'),
      "Invalid 'Expiration Time: '",
    ],
    ['invalid not before', lines(header, address, '', '', ...tail, 'Not Before: 1718000000'), "Invalid 'Not Before: '"],
    ['empty request id', lines(header, address, '', '', ...tail, 'Request ID: '), "Missing value for 'Request ID: '"],
    [
      'duplicate optional field',
      lines(header, address, '', '', ...tail, 'Request ID: a', 'Request ID: b'),
      "Duplicate 'Request ID: '",
    ],
    ['unknown trailing line', lines(header, address, '', '', ...tail, 'Resources:'), 'Unexpected content on line 10'],
    [
      'blank line inside the fields',
      lines(header, address, '', '', ...tail, '', 'Request ID: a'),
      'Unexpected content on line 10',
    ],
  ])('error: %s', (_, text, message) => {
    expect(parseError(text).shortMessage).toBe(message)
  })

  test('error: messages never echo field values', () => {
    const error = parseError(lines(header, address, '', '', ...tail.slice(0, 3), 'Nonce: ', 'Issued At: secret-nonce-value'))
    expect(error.message).not.toContain('secret-nonce-value')
  })
})

const line = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((value) => !value.includes('\n'))
const timestamp = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString())
const hexAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`)
const siweMessage: fc.Arbitrary<SiweMessage> = fc.record(
  {
    scheme: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,8}$/),
    domain: fc
      .tuple(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
      .map(([host, port]) => (port ? `${host}:${port}` : host)),
    address: fc.oneof(
      hexAddress,
      hexAddress.map((value) => value.toUpperCase().replace('0X', '0x')),
    ),
    statement: line,
    uri: line,
    version: line,
    chain_id: fc.maxSafeNat(),
    nonce: line,
    issued_at: timestamp,
    expiration_time: timestamp,
    not_before: timestamp,
    request_id: line,
  },
  { requiredKeys: ['domain', 'uri', 'version', 'chain_id', 'nonce', 'issued_at'] },
)

function expectOnlyTypedErrors(text: string) {
  try {
    parseSiweMessage(text)
  } catch (error) {
    expect(error).toBeInstanceOf(SiweParseError)
  }
}

describe('parseSiweMessage properties', () => {
  test('behavior: parse(create(message)) round-trips', () => {
    fc.assert(
      fc.property(siweMessage, (message) => {
        // fc.record builds null-prototype objects; compare as plain ones.
        expect(parseSiweMessage(createSiweMessage(message))).toStrictEqual({ ...message })
      }),
      { numRuns: 500 },
    )
  })

  test('behavior: random text only ever throws SiweParseError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), expectOnlyTypedErrors), { numRuns: 500 })
  })

  test('behavior: random lines built from real tags only ever throw SiweParseError', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        header,
        address,
        '{address}',
        '',
        'Statement',
        ...tail,
        'Expiration Time: 2025-06-17T11:59:00.000Z',
        'Not Before: x',
        'Request ID: r',
        'Chain ID: 1e3',
      ),
      fc
        .constantFrom(
          'URI: ',
          'Version: ',
          'Chain ID: ',
          'Nonce: ',
          'Issued At: ',
          'Expiration Time: ',
          'Not Before: ',
          'Request ID: ',
        )
        .chain((tag) => line.map((value) => tag + value)),
      fc.string({ maxLength: 20 }),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => expectOnlyTypedErrors(parts.join('\n'))),
      { numRuns: 1000 },
    )
  })

  test('behavior: a valid message with a line dropped, duplicated or edited never throws untyped', () => {
    fc.assert(
      fc.property(siweMessage, fc.nat(), fc.constantFrom('drop', 'duplicate', 'edit'), line, (message, at, edit, value) => {
        const parts = createSiweMessage(message).split('\n')
        const index = at % parts.length
        if (edit === 'drop') parts.splice(index, 1)
        else if (edit === 'duplicate') parts.splice(index, 0, parts[index] as string)
        else parts[index] = value
        expectOnlyTypedErrors(parts.join('\n'))
      }),
      { numRuns: 500 },
    )
  })
})
