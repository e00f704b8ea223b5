import { expect, test } from 'vitest'
import { offlineReason } from './offlineReason.js'

test('default: nothing to say online; the reason in plain words when the device is offline', () => {
  expect(offlineReason({ status: 'online', reason: null })).toBeNull()
  expect(offlineReason({ status: 'offline', reason: 'device' })).toBe("You're offline. This works again once you're back online.")
})

test('behavior: the database connection down leaves actions on (a callable may still answer)', () => {
  expect(offlineReason({ status: 'offline', reason: 'server' })).toBeNull()
})
