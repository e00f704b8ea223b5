import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { install } from '../install.js'
import { getUserByUsername } from './getUserByUsername.js'

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function stubFetch(
  body: unknown = { address: ADDRESS, username: 'alice', profile_picture_url: 'https://pics.test/a.png' },
  status = 200,
) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(body, status))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeEach(() => {
  // install() logs the permissions read that resetAll aborts.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
  resetAll()
})

describe('getUserByUsername', () => {
  test('default', async () => {
    const fetch = stubFetch()
    await expect(getUserByUsername('alice')).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: 'alice',
      profilePictureUrl: 'https://pics.test/a.png',
    })
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://usernames.worldcoin.org/api/v1/alice', {
      headers: { 'Content-Type': 'application/json' },
    })
  })

  test.each([
    ['a b', 'a%20b'],
    ['a/b', 'a%2Fb'],
    ['x?y=1#z', 'x%3Fy%3D1%23z'],
    ['../admin', '..%2Fadmin'],
    ['émile', '%C3%A9mile'],
  ])('parameters: the username %j is URL-encoded as %s', async (username, encoded) => {
    const fetch = stubFetch({ address: ADDRESS, username })
    await getUserByUsername(username)
    expect(fetch.mock.calls[0]?.[0]).toBe(`https://usernames.worldcoin.org/api/v1/${encoded}`)
  })

  test('parameters: baseUrl option', async () => {
    const fetch = stubFetch()
    await getUserByUsername('alice', { baseUrl: 'https://names.test' })
    expect(fetch.mock.calls[0]?.[0]).toBe('https://names.test/api/v1/alice')
  })

  test('parameters: install({usernamesUrl}) is the default base URL', async () => {
    const fetch = stubFetch()
    createFakeHost()
    install({ appId: 'app_test', usernamesUrl: 'https://names.install.test' })
    await getUserByUsername('alice')
    expect(fetch.mock.calls[0]?.[0]).toBe('https://names.install.test/api/v1/alice')
  })

  test('parameters: fetch option replaces the global fetch', async () => {
    const global = stubFetch()
    const custom = vi.fn(async () => json({ address: ADDRESS, username: 'carol' }))
    await expect(getUserByUsername('carol', { fetch: custom })).resolves.toMatchObject({ username: 'carol' })
    expect(global).not.toHaveBeenCalled()
  })

  test.each([
    ['missing', { address: ADDRESS, username: 'bob' }],
    ['null', { address: ADDRESS, username: 'bob', profile_picture_url: null }],
  ])('behavior: a %s profile_picture_url is null', async (_, body) => {
    stubFetch(body)
    await expect(getUserByUsername('bob')).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: 'bob',
      profilePictureUrl: null,
    })
  })

  test('error: 404 rejects (the official toolkit resolved walletAddress: undefined)', async () => {
    stubFetch({ error: 'not found' }, 404)
    await expect(getUserByUsername('nobody')).rejects.toMatchObject({
      name: 'UsernamesServiceError',
      shortMessage: 'Usernames service answered 404',
      status: 404,
    })
  })

  test('error: a 500 rejects', async () => {
    stubFetch({}, 500)
    await expect(getUserByUsername('alice')).rejects.toMatchObject({
      name: 'UsernamesServiceError',
      shortMessage: 'Usernames service answered 500',
      status: 500,
    })
  })

  test.each([
    ['no address', { username: 'alice' }],
    ['no username', { address: ADDRESS }],
    ['a list', [{ address: ADDRESS, username: 'alice' }]],
  ])('error: a malformed body (%s) rejects', async (_, body) => {
    stubFetch(body)
    await expect(getUserByUsername('alice')).rejects.toMatchObject({ name: 'UsernamesServiceError' })
  })

  test('error: a network failure rejects with a typed error whose cause is the fetch error', async () => {
    const failure = new TypeError('Failed to fetch')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(failure)),
    )
    await expect(getUserByUsername('alice')).rejects.toMatchObject({
      name: 'UsernamesServiceError',
      shortMessage: 'Usernames service unreachable',
      cause: failure,
    })
  })
})
