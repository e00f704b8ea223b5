import { describe, expect, test } from 'vitest'
import { avatarOriginsSchema } from './avatarOrigins.js'

describe('avatarOriginsSchema', () => {
  test('default: comma-separated origins, normalised and deduplicated', () => {
    expect(avatarOriginsSchema.parse('https://cdn.world.test, https://CDN.world.test/,http://127.0.0.1:5310')).toEqual([
      'https://cdn.world.test',
      'http://127.0.0.1:5310',
    ])
  })

  test('behavior: empty means no avatar origin', () => {
    expect(avatarOriginsSchema.parse('')).toEqual([])
    expect(avatarOriginsSchema.parse(' , ')).toEqual([])
  })

  test.each([
    ['plain http to a public host', 'http://cdn.world.test'],
    ['a path', 'https://cdn.world.test/avatars'],
    ['user info', 'https://user@cdn.world.test'],
    ['not a URL', 'cdn.world.test'],
    ['a wildcard', 'https:'],
    ['too many', Array.from({ length: 9 }, (_, index) => `https://cdn${index}.world.test`).join(',')],
  ])('error: %s is refused', (_name, value) => {
    expect(avatarOriginsSchema.safeParse(value).success).toBe(false)
  })
})
