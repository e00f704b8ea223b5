import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { readNotificationConfig } from './readNotificationConfig.js'

const key = 'api_0123456789abcdef0123'

describe('readNotificationConfig', () => {
  test('default: local mode without a URL sends nothing', () => {
    expect(readNotificationConfig({ WORLDMAP_MODE: 'local' })).toBeNull()
  })

  test('behavior: the stack’s stand-in (loopback http) with the local app id', () => {
    expect(
      readNotificationConfig({ WORLDMAP_NOTIFICATIONS_API_URL: 'http://127.0.0.1:8655/', WORLDMAP_NOTIFICATIONS_API_KEY: key }),
    ).toEqual({ apiUrl: 'http://127.0.0.1:8655', apiKey: key, appId: 'app_staging_worldmap' })
  })

  test('behavior: production defaults to the Developer Portal', () => {
    expect(
      readNotificationConfig({ WORLDMAP_MODE: 'production', WORLDMAP_NOTIFICATIONS_API_KEY: key, WORLDMAP_APP_ID: 'app_prod' }),
    ).toEqual({ apiUrl: 'https://developer.worldcoin.org', apiKey: key, appId: 'app_prod' })
  })

  test('error: every problem at once, names and reasons, never a value', () => {
    const read = () =>
      readNotificationConfig({
        WORLDMAP_MODE: 'production',
        WORLDMAP_NOTIFICATIONS_API_URL: 'http://portal.example',
        WORLDMAP_NOTIFICATIONS_API_KEY: 'short',
      })
    expect(read).toThrowError(ConfigError)
    expect(read).toThrowErrorMatchingInlineSnapshot(`
      [ConfigError: Server configuration is invalid.

      Details:
      - WORLDMAP_NOTIFICATIONS_API_URL must be an https URL (http only for a loopback host)
      - WORLDMAP_NOTIFICATIONS_API_KEY must be the Developer Portal API key (16–512 characters)
      - WORLDMAP_APP_ID must be a Developer Portal app id (app_…)]
    `)
  })

  test('error: a URL without a key', () => {
    expect(() => readNotificationConfig({ WORLDMAP_NOTIFICATIONS_API_URL: 'https://portal.test' })).toThrowError(
      /WORLDMAP_NOTIFICATIONS_API_KEY is not set/,
    )
  })
})
