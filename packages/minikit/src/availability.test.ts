import { afterEach, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../test/fakeHost.js'
import { isCommandAvailable, sendMiniKitEvent, setCommandAvailable, validateCommands } from './availability.js'
import { install } from './install.js'
import { watchState } from './state.js'

afterEach(() => resetAll())

test('default', () => {
  createFakeHost()
  install('app_test')
  expect(isCommandAvailable('chat')).toBe(true)
})

test('behavior: nothing is available before install', () => {
  expect(isCommandAvailable('wallet-auth')).toBe(false)
})

test('behavior: setCommandAvailable changes availability and notifies watchers', () => {
  let changes = 0
  const stop = watchState(() => changes++)
  setCommandAvailable('pay', true)
  expect(isCommandAvailable('pay')).toBe(true)
  expect(changes).toBe(1)
  stop()
})

test('behavior: validateCommands is install’s check; sendMiniKitEvent posts as given', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const host = createFakeHost({ os: 'android' })
  expect(validateCommands([{ name: 'chat', supported_versions: [1] }])).toBe(false)
  expect(isCommandAvailable('chat')).toBe(true)
  expect(isCommandAvailable('pay')).toBe(false)
  sendMiniKitEvent({ command: 'close-miniapp', version: 1, payload: {} })
  expect(host.raw).toStrictEqual([JSON.stringify({ command: 'close-miniapp', version: 1, payload: {} })])
})
