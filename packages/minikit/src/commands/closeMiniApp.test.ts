import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { HostUnavailableError } from '../errors/HostUnavailableError.js'
import { install } from '../install.js'
import { closeMiniApp } from './closeMiniApp.js'

afterEach(() => resetAll())

describe.each(['ios', 'android'] as const)('closeMiniApp (%s host)', (os) => {
  test('default', () => {
    const host = createFakeHost({ os })
    install('app_test')
    expect(closeMiniApp()).toBeUndefined()
    expect(host.commands('close-miniapp')).toStrictEqual([{ command: 'close-miniapp', version: 1, payload: {} }])
  })

  test('error: World App without close-miniapp throws, logs the official message and sends nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = createFakeHost({ os, commands: ['wallet-auth'] })
    install('app_test')
    expect(() => closeMiniApp()).toThrow(CommandUnavailableError)
    expect(error).toHaveBeenCalledWith("'closeMiniApp' command is unavailable. Check MiniKit.install() or update the app version")
    expect(host.commands('close-miniapp')).toStrictEqual([])
  })

  test('error: the native handler gone after install throws HostUnavailableError', () => {
    const host = createFakeHost({ os })
    install('app_test')
    delete (window as { webkit?: unknown }).webkit
    delete (window as { Android?: unknown }).Android
    expect(() => closeMiniApp()).toThrow(HostUnavailableError)
    expect(host.commands('close-miniapp')).toStrictEqual([])
  })
})

test('error: before install it throws CommandUnavailableError', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => closeMiniApp()).toThrow(CommandUnavailableError)
})
