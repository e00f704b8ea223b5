import { expect, test } from 'vitest'
import { en } from '../i18n/catalogues/en/index.js'
import { offlineReason } from './offlineReason.js'

test('default: nothing to say online; the reason (its catalogue key) when the device is offline', () => {
  expect(offlineReason({ status: 'online', reason: null })).toBeNull()
  const key = offlineReason({ status: 'offline', reason: 'device' })
  expect(key).toBe('common.offlineAction')
  expect(en[key ?? 'common.offlineAction']).toBe("You're offline. This works again once you're back online.")
})

test('behavior: the database connection down leaves actions on (a callable may still answer)', () => {
  expect(offlineReason({ status: 'offline', reason: 'server' })).toBeNull()
})
