import { afterEach, describe, expect, test, vi } from 'vitest'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { getMiniAppUrl, showProfileCard } from './miniAppLinks.js'

afterEach(() => vi.restoreAllMocks())

describe('getMiniAppUrl', () => {
  test('default', () => {
    expect(getMiniAppUrl('app_123')).toBe('https://world.org/mini-app?app_id=app_123')
  })

  test.each([
    ['map', 'https://world.org/mini-app?app_id=app_123&path=%252Fmap'],
    ['/map?spot=mill', 'https://world.org/mini-app?app_id=app_123&path=%252Fmap%253Fspot%253Dmill'],
  ])('parameters: path %s (a leading slash added, encoded for World App)', (path, expected) => {
    expect(getMiniAppUrl('app_123', path)).toBe(expected)
  })

  test('error: an empty app id', () => {
    expect(() => getMiniAppUrl('')).toThrow(InvalidPayloadError)
  })
})

describe('showProfileCard', () => {
  test('default', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    showProfileCard('al ice')
    expect(open).toHaveBeenCalledExactlyOnceWith('worldapp://profile?username=al%20ice')
  })

  test('behavior: by address when there is no username', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    showProfileCard(undefined, '0x0000000000000000000000000000000000000001')
    expect(open).toHaveBeenCalledExactlyOnceWith('worldapp://profile?address=0x0000000000000000000000000000000000000001')
  })

  test('error: neither a username nor an address', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    expect(() => showProfileCard()).toThrow('Either username or walletAddress must be provided to show profile card')
    expect(open).not.toHaveBeenCalled()
  })
})
