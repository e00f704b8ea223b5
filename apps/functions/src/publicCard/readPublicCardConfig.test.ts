import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { readPublicCardConfig, WORLD_USERNAMES_URL } from './readPublicCardConfig.js'

describe('readPublicCardConfig', () => {
  test('default: local mode has no usernames service and no avatar origin unless configured', () => {
    expect(readPublicCardConfig({ WORLDMAP_MODE: 'local' })).toEqual({ usernamesUrl: null, avatarOrigins: [] })
  })

  test("behavior: production defaults to World's usernames service", () => {
    expect(readPublicCardConfig({ WORLDMAP_MODE: 'production' }).usernamesUrl).toBe(WORLD_USERNAMES_URL)
  })

  test('behavior: configured values are read, trailing slashes and duplicates dropped', () => {
    expect(
      readPublicCardConfig({
        WORLDMAP_USERNAMES_URL: 'http://127.0.0.1:5310/',
        WORLDMAP_AVATAR_ORIGINS: 'https://cdn.world.test,https://cdn.world.test/',
      }),
    ).toEqual({ usernamesUrl: 'http://127.0.0.1:5310', avatarOrigins: ['https://cdn.world.test'] })
  })

  test('error: http to a public host and origins with paths are refused, naming both variables', () => {
    const read = () =>
      readPublicCardConfig({
        WORLDMAP_USERNAMES_URL: 'http://usernames.world.test',
        WORLDMAP_AVATAR_ORIGINS: 'https://cdn.world.test/avatars',
      })
    expect(read).toThrow(ConfigError)
    try {
      read()
    } catch (error) {
      expect((error as ConfigError).variables).toEqual(['WORLDMAP_USERNAMES_URL', 'WORLDMAP_AVATAR_ORIGINS'])
    }
  })
})
