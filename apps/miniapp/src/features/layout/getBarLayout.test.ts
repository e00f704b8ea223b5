import { expect, test } from 'vitest'
import { getBarLayout } from './getBarLayout.js'

test.each([
  ['/', { topBar: true, bottomBar: 'map-pin' }],
  ['/map', { topBar: true, bottomBar: 'back' }],
  ['/map/', { topBar: true, bottomBar: 'back' }],
  ['/profile', { topBar: false, bottomBar: 'hidden' }],
  ['/inventory', { topBar: false, bottomBar: 'map-pin' }],
  ['/inventory/', { topBar: false, bottomBar: 'map-pin' }],
  ['/somewhere-else', { topBar: true, bottomBar: 'map-pin' }],
  ['/maps', { topBar: true, bottomBar: 'map-pin' }],
] as const)('behavior: spec §2 bars on %s', (pathname, expected) => {
  expect(getBarLayout(pathname)).toEqual(expected)
})
