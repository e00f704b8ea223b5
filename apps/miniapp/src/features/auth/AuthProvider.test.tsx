// @vitest-environment happy-dom

import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { CommandTimeoutError } from '@worldmap/minikit'
import { MiniKitContext } from '@worldmap/minikit-react'
import type { ReactNode } from 'react'
import { beforeEach, expect, test, vi } from 'vitest'
import { fakeLoginDependencies } from '../../../test/fakeLoginDependencies.js'
import { ADDRESS, renderApp, signedInAs, toolkit } from '../../../test/renderApp.js'
import { AuthProvider } from './AuthProvider.js'
import type { AuthStore } from './createAuthStore.js'
import { createAuthStore } from './createAuthStore.js'
import { LoginScreen } from './LoginScreen.js'
import type { LoginDependencies } from './login.js'
import { useAuth } from './useAuth.js'

function Probe() {
  const { user, idToken, isPending, isAuthenticated } = useAuth()
  return <output>{JSON.stringify({ user: user?.username ?? null, idToken, isPending, isAuthenticated })}</output>
}
const probe = () => JSON.parse(screen.getByRole('status').textContent ?? '{}')

let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  // A sign-in remembers the user; every test starts as a first launch.
  localStorage.clear()
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

test('default: signs in automatically when the toolkit becomes installed', async () => {
  const { dependencies, walletAuth } = fakeLoginDependencies()
  const app = renderApp(<Probe />, {
    toolkit: toolkit({ isInstalled: false, installResult: undefined }),
    loginDependencies: () => dependencies,
  })
  expect(probe()).toEqual({ user: null, idToken: '', isPending: false, isAuthenticated: false })
  expect(walletAuth).not.toHaveBeenCalled()

  app.rerenderWith(toolkit())
  await waitFor(() => expect(probe()).toEqual({ user: 'alice', idToken: 'id-token', isPending: false, isAuthenticated: true }))
  expect(walletAuth).toHaveBeenCalledTimes(1)
  expect(app.store.getState().user).toEqual({
    uid: ADDRESS,
    walletAddress: ADDRESS,
    username: 'alice',
    profilePictureUrl: null,
    // This fake server sends no generated name.
    generatedName: null,
  })
})

test('behavior: no automatic login while one is pending', async () => {
  const { dependencies, walletAuth } = fakeLoginDependencies()
  const store = createAuthStore({ user: null, idToken: '', isPending: true })
  renderApp(<Probe />, { store, loginDependencies: () => dependencies })
  await act(async () => {})
  expect(walletAuth).not.toHaveBeenCalled()
  expect(probe().isPending).toBe(true)
})

test('behavior: a rejected wallet reply logs its code, says so in plain words with Retry; Retry signs in', async () => {
  const { dependencies, walletAuth } = fakeLoginDependencies([{ status: 'error', error_code: 'user_rejected' }])
  const { container } = renderApp(<LoginScreen />, { loginDependencies: () => dependencies })

  const retry = await screen.findByRole('button', { name: 'Retry' })
  expect(consoleError).toHaveBeenCalledWith('Wallet auth failed:', 'user_rejected')
  expect(screen.getByRole('alert').textContent).toBe('You cancelled the sign-in.')
  expect(container.textContent).not.toContain('user_rejected')
  fireEvent.click(retry)
  expect(screen.getByRole('status', { name: 'Signing in' })).toBeTruthy()
  // While the new attempt runs, the old failure is gone.
  expect(screen.queryByRole('alert')).toBeNull()
  await waitFor(() => expect(walletAuth).toHaveBeenCalledTimes(2))
})

test.each([
  ['another wallet error code', 'malformed_request', "World App couldn't complete the sign-in. Try again."],
  ['an unknown wallet error code', 'something_new', "World App couldn't complete the sign-in. Try again."],
])('behavior: %s is explained without the code', async (_, code, message) => {
  const { dependencies } = fakeLoginDependencies([{ status: 'error', error_code: code }])
  const { container } = renderApp(<LoginScreen />, { loginDependencies: () => dependencies })
  expect((await screen.findByRole('alert')).textContent).toBe(message)
  expect(container.textContent).not.toContain(code)
})

test("error: a failing step is logged with the spec's message; the screen says it in plain words, with Retry", async () => {
  const { dependencies } = fakeLoginDependencies()
  dependencies.fetch = vi.fn(async () => Response.json({ status: 'NOPE' }))
  const { container } = renderApp(<LoginScreen />, { loginDependencies: () => dependencies })
  await screen.findByRole('button', { name: 'Retry' })
  expect(consoleError).toHaveBeenCalledWith('Failed to sign nonce', expect.objectContaining({ name: 'LoginError' }))
  expect(screen.getByRole('alert').textContent).toBe("We couldn't reach WorldMap. Check your connection and try again.")
  // The spec's text and the code stay in the console.
  expect(container.textContent).not.toMatch(/Failed to sign nonce|sign_nonce_failed/)
})

test('behavior: Retry after a failure that then succeeds signs in and forgets the failure', async () => {
  const { dependencies, walletAuth } = fakeLoginDependencies()
  walletAuth.mockRejectedValueOnce(new CommandTimeoutError('walletAuth', 1000))
  const store = createAuthStore()
  renderApp(<LoginScreen />, { store, loginDependencies: () => dependencies })
  expect((await screen.findByRole('alert')).textContent).toBe("World App didn't answer the sign-in request. Try again.")
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
  await waitFor(() => expect(store.getState().idToken).toBe('id-token'))
  expect(store.getState().failure).toBeUndefined()
})

test('behavior: a second login while one is pending is ignored', async () => {
  const { dependencies, walletAuth } = fakeLoginDependencies()
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  walletAuth.mockImplementationOnce(async () => {
    await gate
    return { status: 'error', error_code: 'user_rejected' }
  })
  const store = createAuthStore()
  const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => renderAppWrapper(children, store, dependencies) })
  await act(async () => {
    void result.current.login()
    void result.current.login()
  })
  expect(store.getState().isPending).toBe(true)
  await act(async () => release())
  await waitFor(() => expect(store.getState().isPending).toBe(false))
  expect(walletAuth).toHaveBeenCalledTimes(1)
})

test('behavior: sign out clears auth and signs the backend out', async () => {
  const signOutBackend = vi.fn(async () => {})
  const { store } = renderApp(<Probe />, { auth: signedInAs(), signOutBackend })
  const { result } = renderHook(() => useAuth(), {
    wrapper: ({ children }) => renderAppWrapper(children, store, undefined, signOutBackend),
  })
  await act(() => result.current.signOut())
  expect(signOutBackend).toHaveBeenCalledTimes(1)
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: false })
})

test('error: a failing backend sign-out is logged and auth is still cleared', async () => {
  const signOutBackend = vi.fn(async () => Promise.reject(new Error('network')))
  const store = createAuthStore(signedInAs())
  const { result } = renderHook(() => useAuth(), {
    wrapper: ({ children }) => renderAppWrapper(children, store, undefined, signOutBackend),
  })
  await act(() => result.current.signOut())
  expect(consoleError).toHaveBeenCalledWith('Failed to sign out of the backend', expect.any(Error))
  expect(store.getState().user).toBeNull()
})

test('error: useAuth outside AuthProvider', () => {
  expect(() => render(<Probe />)).toThrow('useAuth must be used within <AuthProvider>')
})

function renderAppWrapper(
  children: ReactNode,
  store: AuthStore,
  dependencies?: LoginDependencies,
  signOutBackend?: () => Promise<void>,
) {
  return (
    <MiniKitContext.Provider value={toolkit({ isInstalled: false, installResult: undefined })}>
      <AuthProvider
        store={store}
        loginDependencies={dependencies ? () => dependencies : undefined}
        signOutBackend={signOutBackend}
      >
        {children}
      </AuthProvider>
    </MiniKitContext.Provider>
  )
}
