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

  test.each([['somewhere-new'], ['toString'], [''], [undefined], [null], [7]])('behavior: %s is unknown', (location) => {
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

  test('behavior: null before install', () => {
    createFakeHost()
    ;(window as unknown as { WorldApp: { location: string } }).WorldApp.location = 'world_chat'
    expect(getLaunchLocation()).toBeNull()
  })
})
