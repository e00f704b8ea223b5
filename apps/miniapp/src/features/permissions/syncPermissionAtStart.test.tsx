// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react'
import type { SyncNotificationsRequest } from '@worldmap/game/contract'
import { CommandUnavailableError, type GetPermissionsResult } from '@worldmap/minikit'
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { forgetNotificationSync } from './notificationSyncSession.js'
import { PermissionsSection } from './PermissionsSection.js'
import { syncNotifications } from './syncNotifications.js'
import { syncPermissionAtStart } from './syncPermissionAtStart.js'
import { useNotificationSyncAtStart } from './useNotificationSyncAtStart.js'

afterEach(() => {
  forgetNotificationSync()
  vi.restoreAllMocks()
})

const read = (notifications: boolean): GetPermissionsResult => ({
  status: 'success',
  permissions: { notifications, contacts: false, microphone: false },
  version: 1,
})

const server = () =>
  vi.fn(async (request: SyncNotificationsRequest) => ({
    enrolled: request.granted && !(request.optedOut ?? false),
    optedOut: request.optedOut ?? false,
  }))

test('default: at start, World App’s permission is read (never asked) and told to the server', async () => {
  const sync = server()
  const getPermissions = vi.fn(async () => read(true))
  expect(await syncPermissionAtStart('alice', { getPermissions, sync })).toEqual({ enrolled: true, optedOut: false })
  expect(sync).toHaveBeenCalledWith({ granted: true, timeZone: expect.any(String) })
  // A revoked permission is told too: it takes the player out of the reminders.
  expect(await syncPermissionAtStart('alice', { getPermissions: async () => read(false), sync })).toEqual({
    enrolled: false,
    optedOut: false,
  })
  expect(sync.mock.calls.map(([request]) => request.granted)).toEqual([true, false])
})

test('behavior: the profile opened after the start’s report shows the switch from it, with no second request', async () => {
  const sync = server()
  await syncPermissionAtStart('alice', { getPermissions: async () => read(true), sync })
  render(<PermissionsSection uid="alice" getPermissions={async () => read(true)} sync={sync} />)
  const section = screen.getByRole('region', { name: 'Notifications' })
  await waitFor(() => expect(within(section).getByRole('switch')).toBeTruthy())
  expect(sync).toHaveBeenCalledTimes(1)
})

test('behavior: nothing is told when World App does not say (outside it, an old one, no answer)', async () => {
  const sync = server()
  const unavailable = async () => Promise.reject(new CommandUnavailableError('getPermissions'))
  expect(await syncPermissionAtStart('alice', { getPermissions: unavailable, sync })).toBeNull()
  const failed: GetPermissionsResult = { status: 'error', error_code: 'generic_error', version: 1 }
  expect(await syncPermissionAtStart('alice', { getPermissions: async () => failed, sync })).toBeNull()
  expect(sync).not.toHaveBeenCalled()
})

test('error: a failed request is logged and left to the profile, which asks again', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const sync = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ enrolled: true, optedOut: false })
  expect(await syncPermissionAtStart('alice', { getPermissions: async () => read(true), sync })).toBeNull()
  expect(warn).toHaveBeenCalledWith('The notification permission was not told to the server at start', expect.any(Error))
  render(<PermissionsSection uid="alice" getPermissions={async () => read(true)} sync={sync} />)
  await waitFor(() => expect(sync).toHaveBeenCalledTimes(2))
})

test('error: a rate_limited refusal at start is quiet: nothing logged, and the profile shows no failure', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const refused = { code: 'functions/resource-exhausted', details: { code: 'rate_limited', retryAfterMs: 600_000 } }
  const sync = vi.fn(async (request: SyncNotificationsRequest) => syncNotifications(request, async () => Promise.reject(refused)))
  expect(await syncPermissionAtStart('alice', { getPermissions: async () => read(true), sync })).toBeNull()
  expect(warn).not.toHaveBeenCalled()
  render(<PermissionsSection uid="alice" getPermissions={async () => read(true)} sync={sync} />)
  const section = screen.getByRole('region', { name: 'Notifications' })
  await waitFor(() => expect(sync).toHaveBeenCalledTimes(2))
  // The profile's own report, refused the same way, has settled (its handler was attached first).
  await sync.mock.results[1]?.value.catch(() => {})
  expect(within(section).queryByRole('alert')).toBeNull()
  expect(warn).not.toHaveBeenCalled()
})

function Start({ uid, load }: { uid: string | null; load: Parameters<typeof useNotificationSyncAtStart>[1] }) {
  useNotificationSyncAtStart(uid, load)
  return null
}

test('behavior: the hook tells once per signed-in player (StrictMode’s double effect included), nothing before sign-in', async () => {
  const sync = server()
  const start = vi.fn((uid: string) => syncPermissionAtStart(uid, { getPermissions: async () => read(true), sync }))
  const load = vi.fn(async () => start)
  const view = render(
    <StrictMode>
      <Start uid={null} load={load} />
    </StrictMode>,
  )
  expect(load).not.toHaveBeenCalled()
  view.rerender(
    <StrictMode>
      <Start uid="alice" load={load} />
    </StrictMode>,
  )
  await waitFor(() => expect(start).toHaveBeenCalled())
  await waitFor(() => expect(sync).toHaveBeenCalledTimes(1))
  expect(start.mock.calls.every(([uid]) => uid === 'alice')).toBe(true)
})

test('error: code that fails to load is logged, and nothing breaks', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  render(<Start uid="alice" load={() => Promise.reject(new Error('chunk'))} />)
  await waitFor(() =>
    expect(warn).toHaveBeenCalledWith('The notification permission could not be told at start', expect.any(Error)),
  )
})
