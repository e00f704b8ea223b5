import fc from 'fast-check'
import { expect, test } from 'vitest'
import { readReturnPath, verifyThenReturnTo } from './readReturnPath.js'

test('default: a path on the map comes back as it is', () => {
  expect(readReturnPath('/map')).toBe('/map')
  expect(readReturnPath('/map?drop=w21z73t_997459_0')).toBe('/map?drop=w21z73t_997459_0')
})

test('error: anything that is not the app’s own map is refused', () => {
  for (const value of [
    undefined,
    null,
    42,
    '',
    '/',
    '/profile',
    '/mapx',
    '/map/../profile',
    '//evil.test/map',
    'https://evil.test/map',
    'javascript:alert(1)',
    '/map?x=\\\\evil.test',
    '/map?x= y',
  ]) {
    expect(readReturnPath(value), String(value)).toBeNull()
  }
})

test('property: whatever comes back stays on this origin’s /map', () => {
  fc.assert(
    fc.property(fc.string(), (value) => {
      const path = readReturnPath(value)
      if (path === null) return
      expect(new URL(path, 'https://app.test').href).toMatch(/^https:\/\/app\.test\/map(?:[?#]|$)/)
    }),
  )
})

test('behavior: verifyThenReturnTo builds home’s link, which reads back to the same path', () => {
  const link = verifyThenReturnTo('/map?drop=a_1_2')
  expect(link).toBe('/?next=%2Fmap%3Fdrop%3Da_1_2')
  expect(readReturnPath(new URL(link, 'https://app.test').searchParams.get('next'))).toBe('/map?drop=a_1_2')
})
