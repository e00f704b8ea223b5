import { render } from '@testing-library/react'
import type { InstallResult } from '@worldmap/minikit'
import { MiniKitContext, type MiniKitContextValue } from '@worldmap/minikit-react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { AuthProvider } from '../src/features/auth/AuthProvider.js'
import { type AuthState, type AuthStore, type AuthUser, createAuthStore } from '../src/features/auth/createAuthStore.js'
import type { LoginDependencies } from '../src/features/auth/login.js'

export const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

export const alice: AuthUser = {
  uid: ADDRESS,
  walletAddress: ADDRESS,
  username: 'alice',
  profilePictureUrl: 'https://example.test/alice.png',
}

export const signedInAs = (user: AuthUser = alice): AuthState => ({ user, idToken: 'id-token', isPending: false })

/** The toolkit as the app sees it: what `MiniKitProvider` would share. */
export interface ToolkitState {
  isInstalled?: boolean
  installResult?: InstallResult
  insets?: { top: number; right: number; bottom: number; left: number }
}

export function toolkit({ isInstalled = true, installResult, insets }: ToolkitState = {}): MiniKitContextValue {
  return {
    isInstalled,
    installResult: installResult ?? (isInstalled ? { success: true } : undefined),
    user: {},
    deviceProperties: insets ? { safeAreaInsets: insets } : {},
    appId: 'app_staging_worldmap',
  }
}

export interface RenderAppOptions {
  toolkit?: MiniKitContextValue
  auth?: AuthState
  store?: AuthStore
  loginDependencies?: () => LoginDependencies
  signOutBackend?: () => Promise<void>
}

/**
 * Render UI inside the app's providers with a controlled toolkit state and
 * auth store. `rerenderWith` swaps the toolkit state (e.g. "becomes installed").
 */
export function renderApp(ui: ReactNode, options: RenderAppOptions = {}) {
  const store = options.store ?? createAuthStore(options.auth)
  const signOutBackend = options.signOutBackend ?? vi.fn(async () => {})
  // Unless a test drives login, an attempt stays pending forever: no network in unit tests.
  const loginDependencies = options.loginDependencies ?? (() => ({ fetch: () => new Promise<never>(() => {}) }) as never)
  const tree = (kit: MiniKitContextValue) => (
    <MiniKitContext.Provider value={kit}>
      <AuthProvider store={store} loginDependencies={loginDependencies} signOutBackend={signOutBackend}>
        {ui}
      </AuthProvider>
    </MiniKitContext.Provider>
  )
  const result = render(tree(options.toolkit ?? toolkit()))
  return { ...result, store, signOutBackend, rerenderWith: (kit: MiniKitContextValue) => result.rerender(tree(kit)) }
}
