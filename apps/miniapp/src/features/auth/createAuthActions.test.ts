import { beforeEach, expect, test, vi } from 'vitest'
import { type AuthSources, createAuthActions } from './createAuthActions.js'
import { type AuthUser, createAuthStore } from './createAuthStore.js'
import type { SessionDependencies } from './restoreSession.js'

const user: AuthUser = { uid: 'uid-1', walletAddress: '0xabc', username: 'alice', profilePictureUrl: null }

function sessionWith(overrides: Partial<SessionDependencies> = {}): SessionDependencies {
  return {
    cache: { read: () => null, write: vi.fn(), clear: vi.fn() },
    restoreBackendUser: async () => null,
    signOutBackend: async () => {},
    getUserByAddress: async () => ({}),
    ...overrides,
  }
}

function sourcesWith(session: SessionDependencies, signOut?: () => Promise<void>): AuthSources {
  return {
    getSession: () => session,
    loginDependencies: () => {
      throw new Error('no wallet in this test')
    },
    signOutBackend: () => signOut?.(),
  }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

test('behavior: login does nothing while a login is pending', async () => {
  const store = createAuthStore({ user: null, idToken: '', isPending: true })
  const session = sessionWith()
  const loginDependencies = vi.fn()
  await createAuthActions(store, { ...sourcesWith(session), loginDependencies }).login()
  expect(loginDependencies).not.toHaveBeenCalled()
  expect(store.getState().isPending).toBe(true)
})

test('error: a login that throws is logged and kept as a failure, never thrown', async () => {
  const store = createAuthStore()
  await createAuthActions(store, sourcesWith(sessionWith())).login()
  expect(store.getState().isPending).toBe(false)
  expect(store.getState().failure).toBeDefined()
  expect(console.error).toHaveBeenCalledWith('no wallet in this test', expect.any(Error))
})

test('behavior: signOut forgets the session first and clears the state even when the backend fails', async () => {
  const store = createAuthStore({ user, idToken: 'token', isPending: false })
  const session = sessionWith()
  const failing = vi.fn(async () => {
    expect(session.cache.clear).toHaveBeenCalled()
    throw new Error('offline')
  })
  await createAuthActions(store, sourcesWith(session, failing)).signOut()
  expect(failing).toHaveBeenCalledTimes(1)
  expect(store.getState()).toMatchObject({ user: null, idToken: '' })
  expect(console.error).toHaveBeenCalledWith('Failed to sign out of the backend', expect.any(Error))
})
