import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let sdk: Fresh['sdk']
let lib: Fresh['lib']
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ sdk, lib } = await loadFresh())
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

test('default: returns the toolkit state inside the provider', async () => {
  host = createFakeHost({ os: 'android', insets: { top: 10, right: 1, bottom: 20, left: 2 } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <lib.MiniKitProvider appId="app_test">{children}</lib.MiniKitProvider>
  )
  const { result } = renderHook(() => lib.useMiniKit(), { wrapper })
  await waitFor(() => expect(result.current.user.permissions).toBeDefined())
  expect(result.current).toEqual({
    isInstalled: true,
    installResult: { success: true },
    appId: 'app_test',
    deviceProperties: {
      deviceOS: 'android',
      worldAppVersion: 2087901,
      safeAreaInsets: { top: 10, right: 1, bottom: 20, left: 2 },
    },
    user: {
      deviceOS: 'android',
      worldAppVersion: 2087901,
      optedIntoOptionalAnalytics: false,
      permissions: { notifications: true, contacts: false },
    },
  })
})

test('error: throws MiniKitProviderMissingError outside MiniKitProvider', () => {
  // React logs the render error; the assertion is on what is thrown.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  let thrown: unknown
  try {
    renderHook(() => lib.useMiniKit())
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(lib.MiniKitProviderMissingError)
  expect(thrown).toBeInstanceOf(sdk.BaseError)
  const error = thrown as InstanceType<typeof lib.MiniKitProviderMissingError>
  // The message adds SDK lines (version, docs) after the short message.
  expect(error.message.split('\n')[0]).toBe('useMiniKit must be used within a MiniKitProvider')
  expect(error.shortMessage).toBe('useMiniKit must be used within a MiniKitProvider')
  expect(error.name).toBe('MiniKitProviderMissingError')
  expect(error.code).toBe('provider_missing')
  expect(error.hookName).toBe('useMiniKit')
})

test('error: the state hooks name themselves in the error', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const hooks: Record<string, () => unknown> = {
    useUser: lib.useUser,
    useSafeAreaInsets: lib.useSafeAreaInsets,
    useSupports: () => lib.useSupports('pay'),
  }
  for (const [name, hook] of Object.entries(hooks)) {
    expect(() => renderHook(hook)).toThrowError(new lib.MiniKitProviderMissingError(name))
    expect(() => renderHook(hook)).toThrow(`${name} must be used within a MiniKitProvider`)
  }
})
