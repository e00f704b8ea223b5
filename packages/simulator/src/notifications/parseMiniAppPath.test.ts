import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseMiniAppPath } from './parseMiniAppPath.js'

describe('parseMiniAppPath', () => {
  test('default: the app and the decoded path', () => {
    expect(parseMiniAppPath('worldapp://mini-app?app_id=app_x&path=%2Fmap')).toEqual({ appId: 'app_x', path: '/map' })
    expect(parseMiniAppPath('worldapp://mini-app?app_id=app_x&path=%2Finventory%3Fkind%3Dcompass')).toEqual({
      appId: 'app_x',
      path: '/inventory?kind=compass',
    })
  })

  test('behavior: no path opens the app at /', () => {
    expect(parseMiniAppPath('worldapp://mini-app?app_id=app_x')).toEqual({ appId: 'app_x', path: '/' })
  })

  test.each([
    ['a web link', 'https://worldmap.app/map'],
    ['no app id', 'worldapp://mini-app?path=%2Fmap'],
    ['another host', 'worldapp://wallet?app_id=app_x&path=%2Fmap'],
    ['a protocol-relative path', 'worldapp://mini-app?app_id=app_x&path=%2F%2Fevil.test'],
    // Found by the property below: browsers read a backslash, or a tab between the slashes, as a slash.
    ['a protocol-relative path with a backslash', 'worldapp://mini-app?app_id=app_x&path=%2F%5Cevil.test'],
    ['a protocol-relative path with a tab', 'worldapp://mini-app?app_id=app_x&path=%2F%09%2Fevil.test'],
    ['a full URL as the path', 'worldapp://mini-app?app_id=app_x&path=https%3A%2F%2Fevil.test'],
    ['not a URL', 'map'],
  ])('error: %s is not opened', (_name, link) => {
    expect(parseMiniAppPath(link)).toBeNull()
  })

  test('behavior: whatever the input, a result is a same-origin path (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((path) => `worldapp://mini-app?app_id=a&path=${encodeURIComponent(path)}`),
        ),
        (link) => {
          const parsed = parseMiniAppPath(link)
          if (parsed) expect(new URL(parsed.path, 'https://app.test').origin).toBe('https://app.test')
        },
      ),
    )
  })
})
