// The official-shaped provider (`./minikit-provider`): what `isInstalled` is
// before and after the install effect, inside and outside World App, that it
// installs once, and, differentially, that official 2.0.3's provider shows
// the same sequence on the same fake host (iOS and Android).

import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

type Entry = typeof import('../exports/minikitProvider.js')
let lib: Fresh['lib']
let sdk: Fresh['sdk']
let entry: Entry
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ lib, sdk } = await loadFresh())
  // Same fresh registry as loadFresh's SDK, so installOnce sees a fresh state.
  entry = await import('../exports/minikitProvider.js')
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  host?.uninstall()
  host = undefined
  delete (window as { MiniKit?: unknown }).MiniKit
})

/** Records every `isInstalled` it renders with, in order. */
function Child({ use, seen }: { use: Entry['useMiniKit']; seen: Array<boolean | undefined> }) {
  seen.push(use().isInstalled)
  return null
}

/** Every `isInstalled` a child saw, in render order, under `Provider`. */
function observe(Provider: Entry['MiniKitProvider'], useMiniKit: Entry['useMiniKit'], props?: { appId?: string }) {
  const seen: Array<boolean | undefined> = []
  const view = render(
    <Provider props={props}>
      <Child use={useMiniKit} seen={seen} />
    </Provider>,
  )
  return { seen, view }
}

test('default: isInstalled is undefined on the first render, then true inside World App, after one init', async () => {
  host = createFakeHost({ os: 'ios' })
  const { seen } = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
  expect(seen[0]).toBeUndefined()
  await waitFor(() => expect(seen.at(-1)).toBe(true))
  expect(host.commands('init')).toHaveLength(1)
})

test('behavior: outside World App isInstalled becomes false and nothing is posted', async () => {
  const { seen } = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
  await waitFor(() => expect(seen.at(-1)).toBe(false))
  expect(seen[0]).toBeUndefined()
})

test('behavior: StrictMode, a remount and a second provider install once, and all say true', async () => {
  host = createFakeHost({ os: 'android' })
  const seen: Array<boolean | undefined> = []
  const tree = (key: string) => (
    <StrictMode>
      <entry.MiniKitProvider key={key} props={{ appId: 'app_test' }}>
        <Child use={entry.useMiniKit} seen={seen} />
        <entry.MiniKitProvider props={{ appId: 'app_test' }}>
          <Child use={entry.useMiniKit} seen={seen} />
        </entry.MiniKitProvider>
      </entry.MiniKitProvider>
    </StrictMode>
  )
  const view = render(tree('a'))
  await waitFor(() => expect(seen.at(-1)).toBe(true))
  view.rerender(tree('b'))
  await waitFor(() => expect(seen.at(-1)).toBe(true))
  expect(seen.filter((value) => value === false)).toStrictEqual([])
  expect(host.commands('init')).toHaveLength(1)
})

test('behavior: without props it installs too (no app id), as the official', async () => {
  host = createFakeHost({ os: 'ios' })
  const { seen } = observe(entry.MiniKitProvider, entry.useMiniKit)
  await waitFor(() => expect(seen.at(-1)).toBe(true))
})

test('behavior: the root provider and this one share the one install', async () => {
  host = createFakeHost({ os: 'ios' })
  const { result } = renderHook(() => ({ official: entry.useMiniKit(), ours: lib.useMiniKit() }), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <lib.MiniKitProvider appId="app_test">
        <entry.MiniKitProvider props={{ appId: 'app_test' }}>{children}</entry.MiniKitProvider>
      </lib.MiniKitProvider>
    ),
  })
  await waitFor(() => expect(result.current.official.isInstalled).toBe(true))
  expect(result.current.ours.isInstalled).toBe(true)
  expect(host.commands('init')).toHaveLength(1)
})

test('error: useMiniKit outside this provider throws MiniKitProviderMissingError with the official message', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  let thrown: unknown
  try {
    renderHook(() => entry.useMiniKit())
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(lib.MiniKitProviderMissingError)
  expect((thrown as Error).message.split('\n')[0]).toBe('useMiniKit must be used within a MiniKitProvider')
})

test("error: the root provider is not this entry's provider (its useMiniKit throws there)", () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() =>
    renderHook(() => entry.useMiniKit(), {
      wrapper: ({ children }: { children: ReactNode }) => <lib.MiniKitProvider>{children}</lib.MiniKitProvider>,
    }),
  ).toThrow(lib.MiniKitProviderMissingError)
})

// The official builds, from the simulator's devDependencies (2.0.3 under an npm alias;
// 1.9.6 ships the same provider at the same path, with `props.appId` only).
const requireFromSimulator = createRequire(resolve(__dirname, '../../../simulator/package.json'))
const PACKAGES = { '2.0.3': '@worldcoin/minikit-js-2', '1.9.6': '@worldcoin/minikit-js' } as const
type Version = keyof typeof PACKAGES
async function importOfficialProvider(version: Version): Promise<Entry> {
  const path = requireFromSimulator.resolve(`${PACKAGES[version]}/minikit-provider`).replace(/\.cjs$/, '.js')
  return (await import(path)) as Entry
}

describe.each([
  ['2.0.3', 'ios'],
  ['2.0.3', 'android'],
  ['1.9.6', 'ios'],
  ['1.9.6', 'android'],
] as const)('differential, official %s on %s', (version, os) => {
  test('behavior: the same isInstalled sequence and one init each, inside World App', async () => {
    const official = await importOfficialProvider(version)
    host = createFakeHost({ os })
    const theirs = observe(official.MiniKitProvider, official.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(theirs.seen.at(-1)).toBe(true))
    const theirInits = host.commands('init').length
    theirs.view.unmount()
    host.uninstall()
    delete (window as { MiniKit?: unknown }).MiniKit

    host = createFakeHost({ os })
    const ours = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(ours.seen.at(-1)).toBe(true))
    expect(ours.seen).toStrictEqual(theirs.seen)
    expect(host.commands('init')).toHaveLength(theirInits)
    expect(host.commands('init')[0]).toStrictEqual(expect.objectContaining({ command: 'init' }))
  })

  // Listed difference: the official installs on every effect run, so StrictMode's
  // second run installs again; ours installs once per page.
  test('behavior: under StrictMode ours installs once and ends installed', async () => {
    const official = await importOfficialProvider(version)
    const strict = (Provider: Entry['MiniKitProvider'], use: Entry['useMiniKit'], seen: Array<boolean | undefined>) =>
      render(
        <StrictMode>
          <Provider props={{ appId: 'app_test' }}>
            <Child use={use} seen={seen} />
          </Provider>
        </StrictMode>,
      )
    host = createFakeHost({ os })
    const theirs: Array<boolean | undefined> = []
    strict(official.MiniKitProvider, official.useMiniKit, theirs).unmount()
    await act(async () => {})
    const theirInits = host.commands('init').length
    host.uninstall()
    delete (window as { MiniKit?: unknown }).MiniKit

    host = createFakeHost({ os })
    const ours: Array<boolean | undefined> = []
    strict(entry.MiniKitProvider, entry.useMiniKit, ours)
    await waitFor(() => expect(ours.at(-1)).toBe(true))
    expect(host.commands('init')).toHaveLength(1)
    // 1.9.6's second install answers already_installed, so it ends at false; 2.0.3 re-installs, posting init twice.
    const official2x = version === '2.0.3'
    expect({ theirInits, theirLast: theirs.at(-1) }).toStrictEqual({ theirInits: official2x ? 2 : 1, theirLast: official2x })
  })

  test('behavior: the same isInstalled sequence outside World App', async () => {
    const official = await importOfficialProvider(version)
    const theirs = observe(official.MiniKitProvider, official.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(theirs.seen.at(-1)).toBe(false))
    theirs.view.unmount()
    const ours = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
    await act(async () => {})
    await waitFor(() => expect(ours.seen.at(-1)).toBe(false))
    expect(ours.seen).toStrictEqual(theirs.seen)
  })
})

describe('props.wagmiConfig', () => {
  test('behavior: registers the wagmi fallback with the config, once per config', async () => {
    const registerWagmiFallback = vi.fn()
    vi.doMock('@worldmap/minikit/wagmi-fallback', () => ({ registerWagmiFallback }))
    const config = { chains: [], connectors: [] }
    const view = render(<entry.MiniKitProvider props={{ appId: 'app_test', wagmiConfig: config }}>x</entry.MiniKitProvider>)
    await waitFor(() => expect(registerWagmiFallback).toHaveBeenCalledTimes(1))
    expect(registerWagmiFallback).toHaveBeenCalledWith(config)
    view.rerender(<entry.MiniKitProvider props={{ appId: 'app_test', wagmiConfig: config }}>y</entry.MiniKitProvider>)
    await act(async () => {})
    expect(registerWagmiFallback).toHaveBeenCalledTimes(1)
    vi.doUnmock('@worldmap/minikit/wagmi-fallback')
  })

  test('behavior: without a config the fallback module is never loaded', async () => {
    const loaded = vi.fn()
    vi.doMock('@worldmap/minikit/wagmi-fallback', () => {
      loaded()
      return { registerWagmiFallback: vi.fn() }
    })
    host = createFakeHost({ os: 'ios' })
    const { seen } = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(seen.at(-1)).toBe(true))
    expect(loaded).not.toHaveBeenCalled()
    vi.doUnmock('@worldmap/minikit/wagmi-fallback')
  })
})

// What the provider's install reads from window.WorldApp, against official
// 2.0.3's provider (which installs through its MiniKit.install): the 2.x user
// fields and the launch location, as World App sends them today.
describe.each(['ios', 'android'] as const)('differential, official 2.0.3 on %s: window.WorldApp read by the provider', (os) => {
  test('behavior: MiniKit.user and MiniKit.location after the install effect are the same', async () => {
    const official = await importOfficialProvider('2.0.3')
    const path = requireFromSimulator.resolve(PACKAGES['2.0.3']).replace(/\.cjs$/, '.js')
    const { MiniKit: OfficialMiniKit } = (await import(path)) as { MiniKit: { user: object; location: unknown } }
    const fields = {
      wallet_address: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
      verification_status: { is_orb_verified: true, is_document_verified: false, is_secure_document_verified: false },
      preferred_currency: 'EUR',
      pending_notifications: 4,
      location: { open_origin: 'deeplink' },
    }
    // The user as compared: JSON (the official writes undefined fields), without
    // what only ours adds (1.x's deviceOS/worldAppVersion, the permissions read).
    const seen = (user: object) => {
      const { deviceOS: _os, worldAppVersion: _version, permissions: _permissions, ...rest } = JSON.parse(JSON.stringify(user))
      return rest
    }
    host = createFakeHost({ os })
    Object.assign((window as unknown as { WorldApp: object }).WorldApp, fields)
    const theirs = observe(official.MiniKitProvider, official.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(theirs.seen.at(-1)).toBe(true))
    const their = { user: seen(OfficialMiniKit.user), location: OfficialMiniKit.location }
    theirs.view.unmount()
    host.uninstall()
    delete (window as { MiniKit?: unknown }).MiniKit

    host = createFakeHost({ os })
    Object.assign((window as unknown as { WorldApp: object }).WorldApp, fields)
    const ours = observe(entry.MiniKitProvider, entry.useMiniKit, { appId: 'app_test' })
    await waitFor(() => expect(ours.seen.at(-1)).toBe(true))
    expect(their).toStrictEqual({
      user: {
        optedIntoOptionalAnalytics: false,
        walletAddress: fields.wallet_address,
        verificationStatus: { isOrbVerified: true, isDocumentVerified: false, isSecureDocumentVerified: false },
        preferredCurrency: 'EUR',
        pendingNotifications: 4,
      },
      location: 'deep-link',
    })
    expect({ user: seen(sdk.MiniKit.user), location: sdk.MiniKit.location }).toStrictEqual(their)
  })
})
