import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../test/fakeHost.js'
import { type Fresh, loadFresh } from '../test/loadFresh.js'

let sdk: Fresh['sdk']
let lib: Fresh['lib']
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ sdk, lib } = await loadFresh())
  renders.length = 0
  // The SDK logs its own warnings (no app id, not installed); keep output clean.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

function Probe() {
  const { isInstalled, installResult, appId } = lib.useMiniKit()
  return (
    <p data-testid="probe">
      {String(isInstalled)} {installResult ? JSON.stringify(installResult) : 'pending'} {appId ?? 'no-app'}
    </p>
  )
}

// Every isInstalled value rendered, in order.
const renders: boolean[] = []
function Recorder() {
  renders.push(lib.useMiniKit().isInstalled)
  return <Probe />
}

const probeText = () => screen.getByTestId('probe').textContent

test('default: installs once inside World App and reports isInstalled', async () => {
  host = createFakeHost()
  render(
    <lib.MiniKitProvider appId="app_test">
      <Probe />
    </lib.MiniKitProvider>,
  )
  await waitFor(() => expect(probeText()).toBe('true {"success":true} app_test'))
  expect(host.commands('init')).toEqual([{ command: 'init', payload: { version: 1, minorVersion: 96 } }])
  expect(sdk.isInstalled()).toBe(true)
})

test('behavior: under StrictMode (double effects) installs once and ends with isInstalled === true', async () => {
  host = createFakeHost()
  render(
    <StrictMode>
      <lib.MiniKitProvider appId="app_test">
        <Recorder />
      </lib.MiniKitProvider>
    </StrictMode>,
  )
  await waitFor(() => expect(probeText()).toBe('true {"success":true} app_test'))
  expect(host.commands('init')).toHaveLength(1)
  expect(renders.at(-1)).toBe(true)
  expect(sdk.miniKitState.installed).toBe(true)
})

test('behavior: remounting or nesting providers never installs again', async () => {
  host = createFakeHost()
  const first = render(
    <lib.MiniKitProvider appId="app_test">
      <Probe />
    </lib.MiniKitProvider>,
  )
  await waitFor(() => expect(probeText()).toBe('true {"success":true} app_test'))
  first.unmount()
  render(
    <lib.MiniKitProvider appId="app_other">
      <lib.MiniKitProvider>
        <Probe />
      </lib.MiniKitProvider>
    </lib.MiniKitProvider>,
  )
  // Installed from the first render: true at once, the first app id wins.
  expect(probeText()).toMatch(/^true /)
  await waitFor(() => expect(probeText()).toBe('true {"success":true} app_test'))
  expect(host.commands('init')).toHaveLength(1)
})

test('behavior: outside World App isInstalled stays false with outside_of_worldapp', async () => {
  render(
    <StrictMode>
      <lib.MiniKitProvider appId="app_test">
        <Probe />
      </lib.MiniKitProvider>
    </StrictMode>,
  )
  await waitFor(() =>
    expect(probeText()).toBe(
      'false {"success":false,"errorCode":"outside_of_worldapp","errorMessage":"MiniApp launched outside of WorldApp."} app_test',
    ),
  )
  expect(sdk.isInstalled()).toBe(false)
})

test('behavior: an out-of-date host is installed (commands work) and reports app_out_of_date', async () => {
  host = createFakeHost({ commands: ['wallet-auth', 'get-permissions'] })
  render(
    <lib.MiniKitProvider installOptions={{ appId: 'app_opts' }}>
      <Probe />
    </lib.MiniKitProvider>,
  )
  await waitFor(() =>
    expect(probeText()).toBe(
      'true {"success":false,"errorCode":"app_out_of_date","errorMessage":"WorldApp is out of date. Please update the app."} app_opts',
    ),
  )
})

test('parameters: appId wins over installOptions.appId; other install options reach install()', async () => {
  host = createFakeHost()
  render(
    <lib.MiniKitProvider
      appId="app_prop"
      installOptions={{ appId: 'app_opts', timeout: 1234, usernamesUrl: 'https://names.test' }}
    >
      <Probe />
    </lib.MiniKitProvider>,
  )
  await waitFor(() => expect(probeText()).toBe('true {"success":true} app_prop'))
  expect(sdk.miniKitState.config).toMatchObject({ appId: 'app_prop', timeout: 1234, usernamesUrl: 'https://names.test' })
})

test('behavior: the permissions read at install reach the user', async () => {
  host = createFakeHost()
  const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider>{children}</lib.MiniKitProvider>
  const { result } = renderHook(() => lib.useUser(), { wrapper })
  await waitFor(() => expect(result.current.permissions).toEqual({ notifications: true, contacts: false }))
  expect(result.current.deviceOS).toBe('ios')
})

test('behavior: snapshots are stable while nothing changes', async () => {
  host = createFakeHost()
  const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider>{children}</lib.MiniKitProvider>
  const { result, rerender } = renderHook(() => lib.useMiniKit(), { wrapper })
  await waitFor(() => expect(result.current.user.permissions).toBeDefined())
  const before = result.current
  rerender()
  rerender()
  expect(result.current).toBe(before)
})

test('behavior: installOnce maps an SDK already_installed onto success when our state is installed', () => {
  host = createFakeHost()
  expect(lib.installOnce({ appId: 'app_test' })).toEqual({ success: true })
  expect(lib.installOnce()).toEqual({ success: true })
  expect(sdk.install()).toMatchObject({ success: false, errorCode: 'already_installed' })
  expect(host.commands('init')).toHaveLength(1)
})
