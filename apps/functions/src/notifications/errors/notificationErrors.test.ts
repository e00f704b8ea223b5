import { BaseError } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { NotificationApiUnavailableError } from './NotificationApiUnavailableError.js'
import { NotificationAuthError } from './NotificationAuthError.js'
import { NotificationError } from './NotificationError.js'
import { NotificationLimitReachedError } from './NotificationLimitReachedError.js'
import { NotificationRejectedError } from './NotificationRejectedError.js'
import { NotificationsNotAllowedError } from './NotificationsNotAllowedError.js'
import { NotificationsPausedError } from './NotificationsPausedError.js'

describe('the notification errors', () => {
  test.each([
    [new NotificationError('Something.'), 'NotificationError', 'notification_error'],
    [new NotificationLimitReachedError({ status: 400 }), 'NotificationLimitReachedError', 'unverified_app_limit_reached'],
    [new NotificationsPausedError(), 'NotificationsPausedError', 'paused'],
    [new NotificationsNotAllowedError(), 'NotificationsNotAllowedError', 'not_allowed'],
    [new NotificationAuthError({ status: 403 }), 'NotificationAuthError', 'invalid_api_key'],
    [new NotificationRejectedError(), 'NotificationRejectedError', 'notification_rejected'],
    [new NotificationApiUnavailableError(), 'NotificationApiUnavailableError', 'notification_api_unavailable'],
  ])('default: %s is a WorldMap BaseError with its own stable name and code', (error, name, code) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toBeInstanceOf(NotificationError)
    expect(error.name).toBe(name)
    expect(error.code).toBe(code)
  })

  test('behavior: the status is kept, and the message is the short message with the details', () => {
    const error = new NotificationLimitReachedError({ status: 400, details: 'unverified_app_limit_reached' })
    expect(error.status).toBe(400)
    expect(error.message).toMatchInlineSnapshot(`
      "The app has used its notification allowance (unverified apps: 40 per 4 hours).

      Details: unverified_app_limit_reached"
    `)
  })
})
