import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BridgeUrlMessage, UNTRUSTED_BRIDGE_HOST_MESSAGE, validateBridgeUrl } from './validateBridgeUrl.js'

const APP = 'app_0123456789abcdef'
const STAGING = 'app_staging_0123456789abcdef'
const SPEC_MESSAGES = [
  'Failed to parse Bridge URL.',
  'Bridge URL must use HTTPS.',
  'Bridge URL must use the default port (443).',
  'Bridge URL must not have a path.',
  'Bridge URL must not have query parameters.',
  'Bridge URL must not have a fragment.',
]

describe('validateBridgeUrl', () => {
  test('default', () => {
    expect(validateBridgeUrl('https://bridge.worldcoin.org', APP)).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      skipped: false,
    })
  })

  test('behavior: the message table is the spec text', () => {
    expect(Object.values(BridgeUrlMessage)).toEqual(SPEC_MESSAGES)
  })

  test.each<[string, string, string[]]>([
    ['unparsable', 'not a url', ['Failed to parse Bridge URL.']],
    ['empty', '', ['Failed to parse Bridge URL.']],
    ['plain http', 'http://bridge.worldcoin.org', ['Bridge URL must use HTTPS.']],
    ['a custom port', 'https://bridge.worldcoin.org:8443', ['Bridge URL must use the default port (443).']],
    ['a path', 'https://bridge.worldcoin.org/v1', ['Bridge URL must not have a path.']],
    ['query parameters', 'https://bridge.worldcoin.org?x=1', ['Bridge URL must not have query parameters.']],
    ['a fragment', 'https://bridge.worldcoin.org#top', ['Bridge URL must not have a fragment.']],
    [
      'everything wrong at once, in check order',
      'http://bridge.worldcoin.org:8080/v1?x=1#top',
      [
        'Bridge URL must use HTTPS.',
        'Bridge URL must use the default port (443).',
        'Bridge URL must not have a path.',
        'Bridge URL must not have query parameters.',
        'Bridge URL must not have a fragment.',
      ],
    ],
    // URL drops a scheme's own default port, so only the scheme is reported here (as in IDKit).
    ['ftp on its default port', 'ftp://bridge.worldcoin.org:21', ['Bridge URL must use HTTPS.']],
    ['a port out of range', 'https://bridge.worldcoin.org:99999', ['Failed to parse Bridge URL.']],
  ])('error: %s', (_name, url, errors) => {
    const result = validateBridgeUrl(url, APP)
    expect(result.valid).toBe(false)
    expect(result.errors).toEqual(errors)
  })

  test.each<[string, string]>([
    ['a trailing slash', 'https://bridge.worldcoin.org/'],
    ['an explicit default port', 'https://bridge.worldcoin.org:443'],
    ['an empty query and fragment marker', 'https://bridge.worldcoin.org/?#'],
    ['a toolsforhumanity.com host', 'https://bridge.toolsforhumanity.com'],
    ['upper-case host', 'https://BRIDGE.WORLDCOIN.ORG'],
  ])('parameters: accepts %s', (_name, url) => {
    expect(validateBridgeUrl(url, APP)).toEqual({ valid: true, errors: [], warnings: [], skipped: false })
  })

  test.each<[string, string]>([
    ['another domain', 'https://bridge.example.com'],
    ['world.org (not on the wallet allow-list)', 'https://bridge.world.org'],
    ['the apex domain', 'https://worldcoin.org'],
    ['a look-alike suffix', 'https://bridge.evilworldcoin.org'],
  ])('behavior: %s only warns', (_name, url) => {
    expect(validateBridgeUrl(url, APP)).toEqual({
      valid: true,
      errors: [],
      warnings: [UNTRUSTED_BRIDGE_HOST_MESSAGE],
      skipped: false,
    })
  })

  test.each(['http://localhost:4000', 'http://127.0.0.1:8080/some/path?x=1#y', 'http://localhost'])(
    'behavior: a staging app id skips validation for %s',
    (url) => {
      expect(validateBridgeUrl(url, STAGING)).toEqual({ valid: true, errors: [], warnings: [], skipped: true })
    },
  )

  test('behavior: localhost is validated for production app ids, other hosts for staging ones', () => {
    expect(validateBridgeUrl('http://localhost:4000', APP).errors).toEqual([
      'Bridge URL must use HTTPS.',
      'Bridge URL must use the default port (443).',
    ])
    expect(validateBridgeUrl('http://192.168.0.2:4000', STAGING).errors).toEqual([
      'Bridge URL must use HTTPS.',
      'Bridge URL must use the default port (443).',
    ])
    // An unparsable URL is reported even for staging.
    expect(validateBridgeUrl('http://localhost:99999', STAGING).errors).toEqual(['Failed to parse Bridge URL.'])
  })

  test('behavior: user info is not checked (the spec has no message for it); fetch then refuses the URL', () => {
    expect(validateBridgeUrl('https://user:secret@bridge.worldcoin.org', APP).valid).toBe(true)
  })

  test('behavior: random input only ever yields the spec messages, and never throws', () => {
    const urlish = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'ftp', 'ws', 'javascript', 'blob', 'data'),
          fc.constantFrom('://', ':', ':/'),
          fc.oneof(fc.domain(), fc.constantFrom('localhost', '127.0.0.1', '[::1]', '')),
          fc.option(
            fc.integer({ min: 0, max: 70_000 }).map((port) => `:${port}`),
            { nil: '' },
          ),
          fc.string(),
        )
        .map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(urlish, fc.constantFrom(APP, STAGING), (url, appId) => {
        const result = validateBridgeUrl(url, appId)
        expect(result.valid).toBe(result.errors.length === 0)
        for (const error of result.errors) expect(SPEC_MESSAGES).toContain(error)
        expect(new Set(result.errors).size).toBe(result.errors.length)
        if (result.errors.includes(BridgeUrlMessage.Parse)) expect(result.errors).toEqual([BridgeUrlMessage.Parse])
        for (const warning of result.warnings) expect(warning).toBe(UNTRUSTED_BRIDGE_HOST_MESSAGE)
        if (result.skipped) expect(appId).toBe(STAGING)
        // Anything accepted without the staging skip is an https origin (plus, possibly, user info: see above).
        if (result.valid && !result.skipped) {
          const parsed = new URL(url)
          parsed.username = ''
          parsed.password = ''
          expect(parsed.protocol).toBe('https:')
          expect(parsed.port).toBe('')
          // Nothing the client would silently drop: `/request` resolves to origin + /request.
          expect(new URL(url).pathname).toBe('/')
          expect(new URL('/request', parsed).href).toBe(`${parsed.origin}/request`)
          expect(new URL(url).search + new URL(url).hash).toBe('')
        }
      }),
      { numRuns: 2_000 },
    )
  })
})
