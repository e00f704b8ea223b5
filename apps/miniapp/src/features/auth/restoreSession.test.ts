import { beforeEach, expect, test, vi } from 'vitest'
import type { AuthUser } from './createAuthStore.js'
import type { UserCache } from './createUserCache.js'
import { restoreSession, type SessionDependencies } from './restoreSession.js'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const OTHER = '0x1111111111111111111111111111111111111111'
const user: AuthUser = { uid: ADDRESS, walletAddress: ADDRESS, username: 'alice', profilePictureUrl: null }

function memoryCache(initial: AuthUser | null): UserCache & { current: AuthUser | null } {
  const cache = {
    current: initial,
    read: () => cache.current,
    write: (next: AuthUser) => {
      cache.current = next
    },
    clear: () => {
      cache.current = null
    },
  }
  return cache
}

function dependencies(cached: AuthUser | null, backendUser: { uid: string; getIdToken(): Promise<string> } | null) {
  return {
    cache: memoryCache(cached),
    restoreBackendUser: vi.fn(async () => backendUser),
    signOutBackend: vi.fn(async () => {}),
    getUserByAddress: vi.fn(async () => ({ username: 'alice', profilePictureUrl: null })),
  } satisfies SessionDependencies
}

const backend = (uid = ADDRESS, getIdToken = async () => 'id-token') => ({ uid, getIdToken: vi.fn(getIdToken) })

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

test('default: the remembered user and a fresh id token from the persisted backend session', async () => {
  const deps = dependencies(user, backend())
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'restored', user, idToken: 'id-token' })
  expect(deps.cache.current).toEqual(user)
  expect(deps.signOutBackend).not.toHaveBeenCalled()
})

test('behavior: nothing remembered → none, without loading the backend', async () => {
  const deps = dependencies(null, backend())
  await expect(restoreSession(deps, ADDRESS)).resolves.toEqual({ status: 'none' })
  expect(deps.restoreBackendUser).not.toHaveBeenCalled()
})

test('behavior: the host names another wallet → other_wallet; forgotten and the backend signed out, unread', async () => {
  const deps = dependencies(user, backend())
  await expect(restoreSession(deps, OTHER)).resolves.toEqual({ status: 'other_wallet' })
  expect(deps.cache.current).toBeNull()
  expect(deps.signOutBackend).toHaveBeenCalledTimes(1)
  expect(deps.restoreBackendUser).not.toHaveBeenCalled()
})

test('behavior: addresses compare without letter case (checksummed vs lowercase)', async () => {
  const deps = dependencies(user, backend(ADDRESS.toLowerCase()))
  await expect(restoreSession(deps, ADDRESS.toLowerCase())).resolves.toMatchObject({ status: 'restored' })
})

test('behavior: no backend session (expired, refused, cleared) → expired and forgotten', async () => {
  const deps = dependencies(user, null)
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'expired' })
  expect(deps.cache.current).toBeNull()
  expect(deps.signOutBackend).not.toHaveBeenCalled()
})

test('behavior: a backend session for another uid → expired; forgotten and signed out', async () => {
  const deps = dependencies(user, backend(OTHER))
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'expired' })
  expect(deps.cache.current).toBeNull()
  expect(deps.signOutBackend).toHaveBeenCalledTimes(1)
})

test('error: the backend cannot be loaded → expired, forgotten, logged as a warning', async () => {
  const deps = dependencies(user, null)
  deps.restoreBackendUser.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'expired' })
  expect(deps.cache.current).toBeNull()
  expect(console.warn).toHaveBeenCalledWith('Could not restore the previous session', expect.any(TypeError))
})

test('error: the refresh token is refused → expired; forgotten and signed out', async () => {
  const refused = Object.assign(new Error('Firebase: Error (auth/user-token-expired).'), { code: 'auth/user-token-expired' })
  const deps = dependencies(
    user,
    backend(ADDRESS, async () => Promise.reject(refused)),
  )
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'expired' })
  expect(deps.cache.current).toBeNull()
  expect(deps.signOutBackend).toHaveBeenCalledTimes(1)
})

test('error: offline while refreshing the token → expired for now, but the session is kept for the next launch', async () => {
  const offline = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
    code: 'auth/network-request-failed',
  })
  const deps = dependencies(
    user,
    backend(ADDRESS, async () => Promise.reject(offline)),
  )
  await expect(restoreSession(deps)).resolves.toEqual({ status: 'expired' })
  expect(deps.cache.current).toEqual(user)
  expect(deps.signOutBackend).not.toHaveBeenCalled()
})

test('error: a failing backend sign-out is logged and the result stands', async () => {
  const deps = dependencies(user, backend())
  deps.signOutBackend.mockRejectedValueOnce(new Error('offline'))
  await expect(restoreSession(deps, OTHER)).resolves.toEqual({ status: 'other_wallet' })
  expect(console.warn).toHaveBeenCalledWith('Failed to end the previous session', expect.any(Error))
})
