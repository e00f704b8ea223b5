import { expect, test } from 'vitest'
import { offlineReason } from './offlineReason.js'

test('default: nothing to say online; the reason in plain words offline', () => {
  expect(offlineReason({ status: 'online', reason: null })).toBeNull()
  expect(offlineReason({ status: 'offline', reason: 'device' })).toBe("You're offline. This works again once you're back online.")
  expect(offlineReason({ status: 'offline', reason: 'server' })).toBe(
    "Can't reach the game right now. This works again once the connection is back.",
  )
})
