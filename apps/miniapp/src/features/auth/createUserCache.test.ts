// @vitest-environment happy-dom
import fc from 'fast-check'
import { beforeEach, expect, test } from 'vitest'
import type { AuthUser } from './createAuthStore.js'
import { createUserCache, USER_CACHE_KEY } from './createUserCache.js'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const user: AuthUser = {
  uid: ADDRESS,
  walletAddress: ADDRESS,
  username: 'alice',
  profilePictureUrl: 'https://example.test/a.png',
  generatedName: 'Quiet Wren 6747',
}

beforeEach(() => localStorage.clear())

test('default: write, read back, clear — in localStorage under a versioned key', () => {
  const cache = createUserCache()
  expect(cache.read()).toBeNull()
  cache.write(user)
  expect(cache.read()).toEqual(user)
  expect(JSON.parse(localStorage.getItem(USER_CACHE_KEY) ?? '')).toEqual(user)
  cache.clear()
  expect(cache.read()).toBeNull()
  expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull()
})

test('behavior: only the five user fields are stored, never anything else handed in', () => {
  createUserCache().write({ ...user, idToken: 'secret' } as AuthUser)
  expect(Object.keys(JSON.parse(localStorage.getItem(USER_CACHE_KEY) ?? '{}')).sort()).toEqual([
    'generatedName',
    'profilePictureUrl',
    'uid',
    'username',
    'walletAddress',
  ])
})

test.each([
  ['not JSON', '{oops'],
  ['JSON null', 'null'],
  ['a missing field', JSON.stringify({ uid: ADDRESS, walletAddress: ADDRESS, username: null })],
  ['a wallet that is not an address', JSON.stringify({ ...user, walletAddress: 'alice' })],
  ['an empty uid', JSON.stringify({ ...user, uid: '' })],
])('error: a stored value with %s reads as nothing', (_, raw) => {
  localStorage.setItem(USER_CACHE_KEY, raw)
  expect(createUserCache().read()).toBeNull()
})

test('behavior: a user remembered before the generated name (v1) is not read — that player signs in once more — and is removed on the next write', () => {
  const { generatedName: _, ...before } = user
  localStorage.setItem('worldmap:user:v1', JSON.stringify(before))
  const cache = createUserCache()
  expect(cache.read()).toBeNull()
  cache.write(user)
  expect(localStorage.getItem('worldmap:user:v1')).toBeNull()
  expect(cache.read()).toEqual(user)
})

test('behavior: a user signed in by an older server (no generated name) is remembered with none', () => {
  const { generatedName: _, ...noName } = user
  const cache = createUserCache()
  cache.write(noName)
  expect(cache.read()).toEqual({ ...noName, generatedName: null })
})

test('error: storage that throws (disabled, full) reads as nothing and never throws', () => {
  const broken = {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
    removeItem: () => {
      throw new Error('SecurityError')
    },
  } as unknown as Storage
  const cache = createUserCache(() => broken)
  expect(cache.read()).toBeNull()
  expect(() => cache.write(user)).not.toThrow()
  expect(() => cache.clear()).not.toThrow()
})

test('behavior: no storage at all (server render) is an empty cache', () => {
  const cache = createUserCache(() => undefined)
  cache.write(user)
  expect(cache.read()).toBeNull()
  expect(() => cache.clear()).not.toThrow()
})

test('property: whatever is stored under the key, read() returns a valid user or null and never throws', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.json(),
        fc.jsonValue().map((value) => JSON.stringify(value)),
      ),
      (raw) => {
        localStorage.setItem(USER_CACHE_KEY, raw)
        const read = createUserCache().read()
        expect(read === null || /^0x[0-9a-fA-F]{40}$/.test(read.walletAddress)).toBe(true)
      },
    ),
  )
})

test('property: any valid user survives a write/read round trip', () => {
  const address = fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((bytes) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`)
  fc.assert(
    fc.property(
      address,
      fc.option(fc.string(), { nil: null }),
      fc.option(fc.string(), { nil: null }),
      fc.option(fc.string(), { nil: null }),
      (walletAddress, username, profilePictureUrl, generatedName) => {
        const next = { uid: walletAddress, walletAddress, username, profilePictureUrl, generatedName }
        const cache = createUserCache()
        cache.write(next)
        expect(cache.read()).toEqual(next)
      },
    ),
  )
})
