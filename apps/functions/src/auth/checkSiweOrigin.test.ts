import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSiweOrigin } from './checkSiweOrigin.js'

const origins = ['https://worldmap.app', 'http://localhost:3000', 'http://127.0.0.1:3100']

describe('checkSiweOrigin', () => {
  test('default: what the SDK builds from the page (scheme, host, href)', () => {
    expect(checkSiweOrigin({ scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app/' }, origins)).toBeNull()
  })

  test.each([
    ['a page under the origin', { scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app/map?x=1#top' }],
    ['the origin without a trailing slash', { scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app' }],
    ['no scheme in the message', { domain: 'worldmap.app', uri: 'https://worldmap.app/' }],
    ['any case', { scheme: 'HTTPS', domain: 'WorldMap.App', uri: 'HTTPS://WORLDMAP.APP/Map' }],
    ['a local origin with its port', { scheme: 'http', domain: 'localhost:3000', uri: 'http://localhost:3000/' }],
    ['the other loopback name', { scheme: 'http', domain: '127.0.0.1:3100', uri: 'http://127.0.0.1:3100/profile' }],
    ['the default port spelled out', { scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app:443/' }],
  ])('parameters: %s', (_name, message) => {
    expect(checkSiweOrigin(message, origins)).toBeNull()
  })

  test.each([
    ['a foreign domain', { scheme: 'https', domain: 'evil.example', uri: 'https://evil.example/' }, 'domain_mismatch'],
    [
      'a look-alike subdomain',
      { scheme: 'https', domain: 'worldmap.app.evil.example', uri: 'https://worldmap.app/' },
      'domain_mismatch',
    ],
    [
      'the right host on another port',
      { scheme: 'http', domain: 'localhost:3001', uri: 'http://localhost:3001/' },
      'domain_mismatch',
    ],
    ['the host without its port', { scheme: 'http', domain: 'localhost', uri: 'http://localhost:3000/' }, 'domain_mismatch'],
    ['user info in the domain', { scheme: 'https', domain: 'me@worldmap.app', uri: 'https://worldmap.app/' }, 'domain_mismatch'],
    ['our domain, another scheme', { scheme: 'http', domain: 'worldmap.app', uri: 'http://worldmap.app/' }, 'scheme_mismatch'],
    ['our domain, a foreign URI', { scheme: 'https', domain: 'worldmap.app', uri: 'https://evil.example/' }, 'uri_mismatch'],
    ['our domain, the URI on another scheme', { domain: 'worldmap.app', uri: 'http://worldmap.app/' }, 'uri_mismatch'],
    [
      'our domain, the URI on a sibling origin',
      { scheme: 'http', domain: 'localhost:3000', uri: 'http://127.0.0.1:3100/' },
      'uri_mismatch',
    ],
    [
      'our domain, a URI with user info',
      { scheme: 'https', domain: 'worldmap.app', uri: 'https://evil@worldmap.app/' },
      'uri_mismatch',
    ],
    [
      'our domain, a URI that is not a URL',
      { scheme: 'https', domain: 'worldmap.app', uri: 'worldmap.app/login' },
      'uri_mismatch',
    ],
    [
      'our domain, a URI prefix trick',
      { scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app.evil.example/' },
      'uri_mismatch',
    ],
  ])('error: %s → %s', (_name, message, code) => {
    expect(checkSiweOrigin(message, origins)).toBe(code)
  })

  test('error: no origins configured (or none parsable) refuses everything', () => {
    const message = { scheme: 'https', domain: 'worldmap.app', uri: 'https://worldmap.app/' }
    expect(checkSiweOrigin(message, [])).toBe('domain_mismatch')
    expect(checkSiweOrigin(message, ['not a url'])).toBe('domain_mismatch')
  })

  test('behavior: random domains and URIs are accepted only when both belong to one configured origin', () => {
    const host = fc.constantFrom('worldmap.app', 'localhost:3000', '127.0.0.1:3100', 'evil.example', 'localhost:3100')
    const scheme = fc.constantFrom('http', 'https')
    const path = fc
      .array(fc.constantFrom('/', 'map', '/profile', '?x=1', '#top', '/..', '%40', '@evil.example'), { maxLength: 4 })
      .map((parts) => `/${parts.join('')}`)
    fc.assert(
      fc.property(
        host,
        fc.option(scheme, { nil: undefined }),
        scheme,
        host,
        path,
        (domain, messageScheme, uriScheme, uriHost, uriPath) => {
          const uri = `${uriScheme}://${uriHost}${uriPath}`
          const message = { domain, uri, ...(messageScheme === undefined ? {} : { scheme: messageScheme }) }
          const expected = origins.some(
            (origin) =>
              origin === `${uriScheme}://${uriHost}` &&
              new URL(origin).host === domain &&
              (messageScheme === undefined || origin.startsWith(`${messageScheme}:`)),
          )
          expect(checkSiweOrigin(message, origins) === null).toBe(expected)
        },
      ),
      { numRuns: 300 },
    )
  })
})
