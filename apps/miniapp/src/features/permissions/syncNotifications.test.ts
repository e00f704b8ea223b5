import { describe, expect, test, vi } from 'vitest'
import { NotificationSyncError } from './NotificationSyncError.js'
import { syncNotifications } from './syncNotifications.js'

describe('syncNotifications', () => {
  test('default: calls syncNotifications with the request and returns the validated state', async () => {
    const call = vi.fn(async () => ({ enrolled: true, optedOut: false, extra: 'dropped' }))
    expect(await syncNotifications({ granted: true, timeZone: 'Asia/Jakarta' }, call)).toEqual({
      enrolled: true,
      optedOut: false,
    })
    expect(call).toHaveBeenCalledWith('syncNotifications', { granted: true, timeZone: 'Asia/Jakarta' })
  })

  test('error: a failed call is NotificationSyncError unavailable; a bad reply malformed_reply', async () => {
    const failed = await syncNotifications({ granted: true }, async () => Promise.reject(new Error('offline'))).catch(
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(NotificationSyncError)
    expect(failed).toMatchObject({ code: 'unavailable', name: 'NotificationSyncError' })
    await expect(syncNotifications({ granted: true }, async () => ({ enrolled: 'yes' }))).rejects.toMatchObject({
      code: 'malformed_reply',
    })
  })

  test('error: the server refusing a change too often this hour is NotificationSyncError rate_limited', async () => {
    const refused = { code: 'functions/resource-exhausted', details: { code: 'rate_limited', retryAfterMs: 600_000 } }
    await expect(syncNotifications({ granted: true }, async () => Promise.reject(refused))).rejects.toMatchObject({
      name: 'NotificationSyncError',
      code: 'rate_limited',
    })
  })
})
