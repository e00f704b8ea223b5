// @vitest-environment happy-dom
// The remembered session: a returning player is signed in without the wallet
// while the backend accepts the session; another wallet or a refused session
// means a wallet sign-in; sign-out forgets it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MiniKitContext, type MiniKitContextValue } from '@worldmap/minikit-react'
import { beforeEach, expect, test, vi } from 'vitest'
import { fakeLoginDependencies } from '../../../test/fakeLoginDependencies.js'
import { ADDRESS, toolkit } from '../../../test/renderApp.js'
import { AuthProvider } from './AuthProvider.js'
import { type AuthUser, createAuthStore } from './createAuthStore.js'
import { createUserCache, USER_CACHE_KEY } from './createUserCache.js'
import type { SessionDependencies } from './restoreSession.js'
import { useAuth } from './useAuth.js'

const OTHER = '0x1111111111111111111111111111111111111111'
const remembered: AuthUser = {
  uid: ADDRESS,
  walletAddress: ADDRESS,
  username: 'alice',
  profilePictureUrl: null,
  generatedName: 'Quiet Wren 6747',
}

function Probe() {
  const { user, isAuthenticated, isPending, signOut } = useAuth()
  return (
    <>
      <output>{JSON.stringify({ user: user?.username ?? null, isAuthenticated, isPending })}</output>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  )
}
const probe = () => JSON.parse(screen.getByRole('status').textContent ?? '{}')

/** Session dependencies on the page's real localStorage, with a stand-in for Firebase's persisted user. */
function fakeSession(backendUser: { uid: string; getIdToken(): Promise<string> } | null = null) {
  const session = {
    cache: createUserCache(),
    restoreBackendUser: vi.fn(async () => backendUser),
    signOutBackend: vi.fn(async () => {}),
    getUserByAddress: vi.fn(async () => ({ username: 'alice.new', profilePictureUrl: 'https://example.test/new.png' })),
  } satisfies SessionDependencies
  return session
}

function renderWithSession(session: SessionDependencies, kit: MiniKitContextValue = toolkit()) {
  const login = fakeLoginDependencies()
  const store = createAuthStore()
  const signOutBackend = vi.fn(async () => {})
  render(
    <MiniKitContext.Provider value={kit}>
      <AuthProvider
        store={store}
        session={() => session}
        loginDependencies={() => login.dependencies}
        signOutBackend={signOutBackend}
      >
        <Probe />
      </AuthProvider>
    </MiniKitContext.Provider>,
  )
  return { store, walletAuth: login.walletAuth, signOutBackend }
}

const storedUser = () => JSON.parse(localStorage.getItem(USER_CACHE_KEY) ?? 'null')

beforeEach(() => {
  localStorage.clear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

test('default: a valid remembered session signs in without the wallet, then refreshes the name in the background', async () => {
  createUserCache().write(remembered)
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  const { store, walletAuth } = renderWithSession(session)

  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(walletAuth).not.toHaveBeenCalled()
  expect(store.getState().idToken).toBe('restored-token')
  // The usernames service has a newer name and picture: shown and remembered.
  await waitFor(() => expect(probe().user).toBe('alice.new'))
  expect(session.getUserByAddress).toHaveBeenCalledWith(ADDRESS)
  expect(storedUser()).toEqual({
    uid: ADDRESS,
    walletAddress: ADDRESS,
    username: 'alice.new',
    profilePictureUrl: 'https://example.test/new.png',
    // The refresh is about the World username: the game's name for the player stays.
    generatedName: 'Quiet Wren 6747',
  })
})

test('behavior: restoring shows the signing-in spinner state until the session is back', async () => {
  createUserCache().write(remembered)
  let resolve: (user: { uid: string; getIdToken(): Promise<string> }) => void = () => {}
  const session = fakeSession()
  session.restoreBackendUser.mockImplementationOnce(() => new Promise((done) => (resolve = done)))
  renderWithSession(session)
  await waitFor(() => expect(probe().isPending).toBe(true))
  await act(async () => resolve({ uid: ADDRESS, getIdToken: async () => 'restored-token' }))
  await waitFor(() => expect(probe()).toMatchObject({ isAuthenticated: true, isPending: false }))
})

test('behavior: a failed background refresh keeps the remembered name and is logged', async () => {
  createUserCache().write(remembered)
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  session.getUserByAddress.mockRejectedValueOnce(new Error('usernames down'))
  renderWithSession(session)
  await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to fetch user profile:', expect.any(Error)))
  expect(probe()).toMatchObject({ user: 'alice', isAuthenticated: true })
  expect(storedUser()).toMatchObject({ username: 'alice' })
})

test('behavior: the host signed in another wallet → the old session is ended and the wallet signs in', async () => {
  createUserCache().write({ ...remembered, uid: OTHER, walletAddress: OTHER })
  vi.stubGlobal('WorldApp', { world_app_version: 2087901, wallet_address: ADDRESS })
  const session = fakeSession({ uid: OTHER, getIdToken: async () => 'old-token' })
  const { store, walletAuth } = renderWithSession(session)

  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(session.restoreBackendUser).not.toHaveBeenCalled()
  expect(session.signOutBackend).toHaveBeenCalledTimes(1)
  expect(walletAuth).toHaveBeenCalledTimes(1)
  expect(store.getState()).toMatchObject({ idToken: 'id-token', user: { walletAddress: ADDRESS } })
  // The new wallet is the one remembered now.
  expect(storedUser()).toMatchObject({ uid: ADDRESS, walletAddress: ADDRESS, username: 'alice' })
})

test('behavior: the host names the same wallet (any letter case) → restored without the wallet', async () => {
  createUserCache().write(remembered)
  vi.stubGlobal('WorldApp', { world_app_version: 2087901, wallet_address: ADDRESS.toLowerCase() })
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  const { walletAuth } = renderWithSession(session)
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(walletAuth).not.toHaveBeenCalled()
})

test('behavior: the backend no longer accepts the session → forgotten, and the wallet signs in', async () => {
  createUserCache().write(remembered)
  const session = fakeSession(null)
  const { walletAuth } = renderWithSession(session)
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(session.restoreBackendUser).toHaveBeenCalledTimes(1)
  expect(walletAuth).toHaveBeenCalledTimes(1)
})

test('behavior: a first launch (nothing remembered) never touches Firebase before the wallet sign-in', async () => {
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  const { walletAuth } = renderWithSession(session)
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(session.restoreBackendUser).not.toHaveBeenCalled()
  expect(walletAuth).toHaveBeenCalledTimes(1)
  expect(storedUser()).toMatchObject({ uid: ADDRESS, username: 'alice' })
})

test('behavior: outside World App nothing is restored (the app only runs in the host)', async () => {
  createUserCache().write(remembered)
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  renderWithSession(session, toolkit({ isInstalled: false, installResult: undefined }))
  await act(async () => {})
  expect(session.restoreBackendUser).not.toHaveBeenCalled()
  expect(probe().isAuthenticated).toBe(false)
})

test('behavior: sign-out forgets the remembered user and signs the backend out', async () => {
  createUserCache().write(remembered)
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  const { signOutBackend } = renderWithSession(session)
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))

  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(probe().isAuthenticated).toBe(false))
  expect(signOutBackend).toHaveBeenCalledTimes(1)
  expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull()
})

test('error: a failing backend sign-out still forgets the remembered user', async () => {
  createUserCache().write(remembered)
  const session = fakeSession({ uid: ADDRESS, getIdToken: async () => 'restored-token' })
  const { signOutBackend } = renderWithSession(session)
  signOutBackend.mockRejectedValueOnce(new Error('offline'))
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(probe().isAuthenticated).toBe(false))
  expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull()
})

test('error: when the session cannot even be set up, it is logged and the wallet signs in', async () => {
  const login = fakeLoginDependencies()
  const broken = new Error('PUBLIC_ENV__FIREBASE_API_KEY is required')
  render(
    <MiniKitContext.Provider value={toolkit()}>
      <AuthProvider
        session={() => {
          throw broken
        }}
        loginDependencies={() => login.dependencies}
      >
        <Probe />
      </AuthProvider>
    </MiniKitContext.Provider>,
  )
  await waitFor(() => expect(probe().isAuthenticated).toBe(true))
  expect(console.error).toHaveBeenCalledWith('Could not restore the previous session', broken)
  expect(login.walletAuth).toHaveBeenCalledTimes(1)
})
