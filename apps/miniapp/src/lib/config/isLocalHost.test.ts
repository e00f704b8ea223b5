import { expect, test } from 'vitest'
import { isLocalHost } from './isLocalHost.js'

test.each([
  ['localhost', [], true],
  ['127.0.0.1', [], true],
  ['[::1]', [], true],
  ['LOCALHOST', [], true],
  ['worldmap.app', [], false],
  ['abc.trycloudflare.com', ['trycloudflare.com'], true],
  ['abc.trycloudflare.com', ['.trycloudflare.com'], true],
  ['trycloudflare.com', ['trycloudflare.com'], true],
  ['eviltrycloudflare.com', ['trycloudflare.com'], false],
  ['worldmap.app', [''], false],
] as const)('behavior: %s with tunnels %j → %s', (hostname, tunnels, expected) => {
  expect(isLocalHost(hostname, tunnels)).toBe(expected)
})
