import type { SyncNotificationsRequest } from '@worldmap/game/contract'
import { afterEach, expect, test, vi } from 'vitest'
import { forgetNotificationSync, rememberSync, tellPermissionOnce } from './notificationSyncSession.js'

afterEach(forgetNotificationSync)

const server = () =>
  vi.fn(async (request: SyncNotificationsRequest) => ({ enrolled: request.granted, optedOut: request.optedOut ?? false }))

test('default: the permission is told once, with the device’s zone; the same player and permission again reuses the answer', async () => {
  const sync = server()
  expect(await tellPermissionOnce('alice', true, sync)).toEqual({ enrolled: true, optedOut: false })
  expect(await tellPermissionOnce('alice', true, sync)).toEqual({ enrolled: true, optedOut: false })
  expect(sync).toHaveBeenCalledTimes(1)
  expect(sync).toHaveBeenCalledWith({ granted: true, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
})

test('behavior: a second asker while the first request is in flight waits for it instead of sending another', async () => {
  let answer: (reply: { enrolled: boolean; optedOut: boolean }) => void = () => {}
  const sync = vi.fn(() => new Promise<{ enrolled: boolean; optedOut: boolean }>((resolve) => (answer = resolve)))
  const first = tellPermissionOnce('alice', true, sync)
  const second = tellPermissionOnce('alice', true, sync)
  answer({ enrolled: true, optedOut: true })
  expect(await first).toEqual({ enrolled: true, optedOut: true })
  expect(await second).toEqual({ enrolled: true, optedOut: true })
  expect(sync).toHaveBeenCalledTimes(1)
})

test('behavior: another permission (revoked, or just turned on) or another player is a new request', async () => {
  const sync = server()
  await tellPermissionOnce('alice', true, sync)
  await tellPermissionOnce('alice', false, sync)
  await tellPermissionOnce('bob', false, sync)
  expect(sync.mock.calls.map(([request]) => request.granted)).toEqual([true, false, false])
})

test('behavior: a remembered answer (the switch saved since) is what the next asker gets, with no request', async () => {
  const sync = server()
  await tellPermissionOnce('alice', true, sync)
  rememberSync('alice', true, { enrolled: false, optedOut: true })
  expect(await tellPermissionOnce('alice', true, sync)).toEqual({ enrolled: false, optedOut: true })
  expect(sync).toHaveBeenCalledTimes(1)
})

test('error: a failed request is forgotten, so the next asker tries again', async () => {
  const sync = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ enrolled: true, optedOut: false })
  await expect(tellPermissionOnce('alice', true, sync)).rejects.toThrow('offline')
  expect(await tellPermissionOnce('alice', true, sync)).toEqual({ enrolled: true, optedOut: false })
  expect(sync).toHaveBeenCalledTimes(2)
})
