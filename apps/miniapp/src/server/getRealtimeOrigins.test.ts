import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { getRealtimeOrigins } from './getRealtimeOrigins.js'

describe('getRealtimeOrigins', () => {
  test('default: a database in a region: every shard host of that region’s domain, over HTTPS and WSS', () => {
    expect(getRealtimeOrigins('https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app')).toEqual([
      'https://*.asia-southeast1.firebasedatabase.app',
      'wss://*.asia-southeast1.firebasedatabase.app',
    ])
  })

  test.each([
    ['us-central1 on firebaseio.com', 'https://worldmap-prod-default-rtdb.firebaseio.com', '*.firebaseio.com'],
    ['a trailing slash', 'https://x.firebaseio.com/', '*.firebaseio.com'],
    ['another region', 'https://x.europe-west1.firebasedatabase.app', '*.europe-west1.firebasedatabase.app'],
    ['upper case', 'https://X-DEFAULT-RTDB.FIREBASEIO.COM', '*.firebaseio.com'],
  ])('parameters: Firebase hosted (%s): the database’s own domain', (_, url, host) => {
    expect(getRealtimeOrigins(url)).toEqual([`https://${host}`, `wss://${host}`])
  })

  test.each([
    ['the local stand-in', 'http://127.0.0.1:9000/?ns=demo-worldmap', ['http://127.0.0.1:9000', 'ws://127.0.0.1:9000']],
    ['a local region instance', 'http://127.0.0.1:9177/?ns=demo-worldmap-r1', ['http://127.0.0.1:9177', 'ws://127.0.0.1:9177']],
    ['localhost itself', 'http://localhost:9000/?ns=demo-worldmap', ['http://localhost:9000', 'ws://localhost:9000']],
    ['a custom host', 'https://db.worldmap.app', ['https://db.worldmap.app', 'wss://db.worldmap.app']],
    ['a deeper firebaseio name', 'https://a.b.firebaseio.com', ['https://a.b.firebaseio.com', 'wss://a.b.firebaseio.com']],
    ['firebaseio.com itself', 'https://firebaseio.com', ['https://firebaseio.com', 'wss://firebaseio.com']],
    [
      'a look-alike domain',
      'https://x.firebaseio.com.evil.example',
      ['https://x.firebaseio.com.evil.example', 'wss://x.firebaseio.com.evil.example'],
    ],
    [
      'firebasedatabase.app without a region',
      'https://x.firebasedatabase.app',
      ['https://x.firebasedatabase.app', 'wss://x.firebasedatabase.app'],
    ],
  ])('parameters: %s: exactly its own origins, as strict as ever', (_, url, origins) => {
    expect(getRealtimeOrigins(url)).toEqual(origins)
  })

  test('parameters: pnpm preview:prod’s database on a *.localhost name: every *.localhost host on that port', () => {
    expect(getRealtimeOrigins('http://worldmap-default-rtdb.localhost:9400/?ns=demo-worldmap')).toEqual([
      'http://*.localhost:9400',
      'ws://*.localhost:9400',
    ])
  })

  test('behavior: never a bare scheme, never a wildcard over a public suffix; the database itself is always allowed', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/)
    const host = fc.oneof(
      label.map((name) => `${name}.firebaseio.com`),
      fc
        .tuple(label, fc.constantFrom('asia-southeast1', 'us-central1', 'europe-west1'))
        .map(([name, region]) => `${name}.${region}.firebasedatabase.app`),
      fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => `${labels.join('.')}.example`),
      fc.constantFrom('127.0.0.1', 'localhost'),
    )
    fc.assert(
      fc.property(host, fc.constantFrom('https:', 'http:'), (hostname, scheme) => {
        const origins = getRealtimeOrigins(`${scheme}//${hostname}/`)
        expect(origins).toHaveLength(2)
        for (const origin of origins) {
          const [, , sourceHost = ''] = /^(https?|wss?):\/\/(.+)$/.exec(origin) ?? []
          expect(sourceHost).not.toBe('')
          if (sourceHost.startsWith('*.')) {
            const domain = sourceHost.slice(2)
            // The database's own parent domain, two labels at least (never "*.com" or "*.app").
            expect(hostname.endsWith(`.${domain}`)).toBe(true)
            expect(hostname.slice(0, -domain.length - 1)).not.toContain('.')
            expect(domain.split('.').length).toBeGreaterThanOrEqual(2)
          } else {
            expect(sourceHost).toBe(hostname)
          }
        }
      }),
    )
  })
})
