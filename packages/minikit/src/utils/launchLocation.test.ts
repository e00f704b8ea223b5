import { afterEach, describe, expect, test } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { install } from '../install.js'
import { getLaunchLocation, MiniAppLaunchLocation, mapWorldAppLaunchLocation } from './launchLocation.js'

afterEach(() => resetAll())

describe('mapWorldAppLaunchLocation', () => {
  test.each([
    ['world_chat', MiniAppLaunchLocation.Chat],
    ['homepage', MiniAppLaunchLocation.Home],
    ['app-store', MiniAppLaunchLocation.AppStore],
    ['Carousel', MiniAppLaunchLocation.AppStore],
    ['EXPLORE', MiniAppLaunchLocation.AppStore],
    ['app_details', MiniAppLaunchLocation.AppStore],
    ['deeplink', MiniAppLaunchLocation.DeepLink],
    ['wallet_tab', MiniAppLaunchLocation.WalletTab],
  ])('default: %s', (location, expected) => {
    expect(mapWorldAppLaunchLocation(location)).toBe(expected)
  })

  test.each([
    ['deeplink', MiniAppLaunchLocation.DeepLink],
    ['World_Chat', MiniAppLaunchLocation.Chat],
    ['wallet_tab', MiniAppLaunchLocation.WalletTab],
  ])("default: today's object form { open_origin: %s }", (origin, expected) => {
    expect(mapWorldAppLaunchLocation({ open_origin: origin })).toBe(expected)
  })

  test.each([
    ['somewhere-new'],
    ['toString'],
    ['constructor'],
    [''],
    [undefined],
    [null],
    [7],
    [{}],
    [{ open_origin: 7 }],
    [{ open_origin: 'constructor' }],
    [['deeplink']],
  ])('behavior: %j is unknown', (location) => {
    expect(mapWorldAppLaunchLocation(location)).toBeNull()
  })
})

describe('getLaunchLocation', () => {
  test('default', () => {
    createFakeHost()
    ;(window as unknown as { WorldApp: { location: string } }).WorldApp.location = 'world_chat'
    install('app_test')
    expect(getLaunchLocation()).toBe('chat')
  })

  test('behavior: the value install read, not a later one', () => {
    createFakeHost()
    const host = (window as unknown as { WorldApp: { location: unknown } }).WorldApp
    host.location = { open_origin: 'deeplink' }
    install('app_test')
    host.location = { open_origin: 'homepage' }
    expect(getLaunchLocation()).toBe('deep-link')
  })

  test('behavior: null before install', () => {
    createFakeHost()
    ;(window as unknown as { WorldApp: { location: string } }).WorldApp.location = 'world_chat'
    expect(getLaunchLocation()).toBeNull()
  })
})
