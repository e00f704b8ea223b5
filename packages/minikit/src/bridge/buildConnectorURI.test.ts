import { describe, expect, test } from 'vitest'
import { buildConnectorURI } from './buildConnectorURI.js'

const ID = '0b6f1d8e-8f0a-4c1e-9d1a-2d3c4b5a6f70'
const KEY = 'q4N+/z9ZyZ0yq8cQ1H1Xb1m3tC2k3w0rU2b1m3tC2k0='
const BASE = `https://world.org/verify?t=wld&i=${ID}&k=q4N%2B%2Fz9ZyZ0yq8cQ1H1Xb1m3tC2k3w0rU2b1m3tC2k0%3D`

describe('buildConnectorURI', () => {
  test('default', () => {
    expect(buildConnectorURI({ requestId: ID, key: KEY })).toBe(BASE)
  })

  test.each<[string, string | undefined, string]>([
    ['no bridge given', undefined, BASE],
    ['the default bridge', 'https://bridge.worldcoin.org', BASE],
    ['the default bridge with a trailing slash (IDKit adds a redundant b)', 'https://bridge.worldcoin.org/', BASE],
    ['the default bridge with an explicit port 443', 'https://bridge.worldcoin.org:443', BASE],
    ['a custom bridge', 'https://bridge.example.com', `${BASE}&b=https%3A%2F%2Fbridge.example.com`],
    ['a custom bridge with a trailing slash', 'https://bridge.example.com/', `${BASE}&b=https%3A%2F%2Fbridge.example.com`],
    ['a local bridge', 'http://127.0.0.1:4000', `${BASE}&b=http%3A%2F%2F127.0.0.1%3A4000`],
    ['http on the default host', 'http://bridge.worldcoin.org', `${BASE}&b=http%3A%2F%2Fbridge.worldcoin.org`],
  ])('parameters: %s', (_name, bridgeUrl, expected) => {
    expect(buildConnectorURI({ requestId: ID, key: KEY, bridgeUrl })).toBe(expected)
  })

  test('parameters: partner', () => {
    expect(buildConnectorURI({ requestId: ID, key: KEY, partner: true })).toBe(`${BASE}&partner=true`)
    expect(buildConnectorURI({ requestId: ID, key: KEY, partner: false })).toBe(BASE)
    expect(buildConnectorURI({ requestId: ID, key: KEY, partner: true, bridgeUrl: 'https://bridge.example.com' })).toBe(
      `${BASE}&b=https%3A%2F%2Fbridge.example.com&partner=true`,
    )
  })

  test('parameters: connectBaseUrl', () => {
    expect(buildConnectorURI({ requestId: ID, key: KEY, connectBaseUrl: 'https://staging.world.org/verify' })).toBe(
      BASE.replace('https://world.org/verify', 'https://staging.world.org/verify'),
    )
    expect(buildConnectorURI({ requestId: ID, key: KEY, connectBaseUrl: 'http://localhost:5173/verify?sim=1' })).toBe(
      BASE.replace('https://world.org/verify?', 'http://localhost:5173/verify?sim=1&'),
    )
  })

  test('behavior: the key round-trips through URL parsing', () => {
    const uri = new URL(buildConnectorURI({ requestId: ID, key: KEY, bridgeUrl: 'https://bridge.example.com/' }))
    expect(uri.searchParams.get('k')).toBe(KEY)
    expect(uri.searchParams.get('i')).toBe(ID)
    expect(uri.searchParams.get('t')).toBe('wld')
    expect(uri.searchParams.get('b')).toBe('https://bridge.example.com')
  })
})
