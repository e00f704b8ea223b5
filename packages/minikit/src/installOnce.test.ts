import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../test/fakeHost.js'
import { install } from './install.js'
import { installOnce } from './installOnce.js'
import { state } from './state.js'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  resetAll()
  vi.restoreAllMocks()
})

describe('installOnce', () => {
  test('default: the first call installs, a second answers the same result without a second init', () => {
    const host = createFakeHost({ os: 'ios' })
    const first = installOnce({ appId: 'app_test' })
    expect(first).toStrictEqual({ success: true })
    expect(installOnce({ appId: 'app_test' })).toBe(first)
    expect(host.messages.filter((message) => message.command === 'init')).toHaveLength(1)
  })

  test('behavior: installed already by install() itself, it reports success instead of already_installed', () => {
    createFakeHost({ os: 'android' })
    expect(install({ appId: 'app_test' })).toStrictEqual({ success: true })
    expect(install({ appId: 'app_test' })).toMatchObject({ success: false, errorCode: 'already_installed' })
    expect(installOnce({ appId: 'app_test' })).toStrictEqual({ success: true })
  })

  test('behavior: a reset forgets the kept outcome: a failure from before it never answers after it', () => {
    expect(installOnce({ appId: 'app_test' })).toMatchObject({ success: false, errorCode: 'outside_of_worldapp' })
    resetAll()
    createFakeHost({ os: 'ios' })
    expect(install({ appId: 'app_test' })).toStrictEqual({ success: true })
    expect(state.installed).toBe(true)
    expect(installOnce({ appId: 'app_test' })).toStrictEqual({ success: true })
  })

  test('error: outside World App the failure is kept too, not retried on every render', () => {
    const first = installOnce({ appId: 'app_test' })
    expect(first).toMatchObject({ success: false, errorCode: 'outside_of_worldapp' })
    expect(installOnce({ appId: 'app_test' })).toMatchObject({ success: false })
  })
})
