import { describe, expect, test, vi } from 'vitest'
import { UsernamesUnavailableError } from './errors/UsernamesUnavailableError.js'
import { lookUpWorldUsername } from './lookUpWorldUsername.js'

const address = '0x00000000000000000000000000000000000A11cE'
const baseUrl = 'https://usernames.world.test/'

const replying = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }))

describe('lookUpWorldUsername', () => {
  test('default: asks for the one wallet and returns its name and picture', async () => {
    const fetch = replying(200, [
      { address: address.toLowerCase(), username: 'ana', profile_picture_url: 'https://cdn.test/a.png' },
    ])
    expect(await lookUpWorldUsername(address, { baseUrl, fetch })).toEqual({
      username: 'ana',
      profilePictureUrl: 'https://cdn.test/a.png',
    })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://usernames.world.test/api/v1/query')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ addresses: [address] })
  })

  test('behavior: an address the service does not know has no name and no picture', async () => {
    expect(await lookUpWorldUsername(address, { baseUrl, fetch: replying(200, []) })).toEqual({
      username: null,
      profilePictureUrl: null,
    })
    const other = replying(200, [{ address: '0x0000000000000000000000000000000000000B0b', username: 'bob' }])
    expect(await lookUpWorldUsername(address, { baseUrl, fetch: other })).toEqual({ username: null, profilePictureUrl: null })
  })

  test.each([
    ['a 500', replying(500, { error: 'down' })],
    ['a reply that is not a list', replying(200, { username: 'ana' })],
    ['a network failure', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed')))],
    ['a reply that is not JSON', vi.fn<typeof fetch>(async () => new Response('<html>', { status: 200 }))],
  ])('error: %s is UsernamesUnavailableError', async (_name, fetch) => {
    await expect(lookUpWorldUsername(address, { baseUrl, fetch })).rejects.toBeInstanceOf(UsernamesUnavailableError)
  })
})
