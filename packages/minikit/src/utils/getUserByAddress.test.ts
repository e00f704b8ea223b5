import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import * as entry from '../exports/index.js'
import { install } from '../install.js'
import { state, updateUser } from '../state.js'
import { getUserByAddress } from './getUserByAddress.js'

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function stubFetch(body: unknown = [{ username: 'alice', profile_picture_url: 'https://pics.test/alice.png' }], status = 200) {
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

describe('getUserByAddress', () => {
  test('default', async () => {
    const fetch = stubFetch()
    await expect(getUserByAddress(ADDRESS)).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: 'alice',
      profilePictureUrl: 'https://pics.test/alice.png',
    })
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://usernames.worldcoin.org/api/v1/query', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"addresses":["${ADDRESS}"]}`,
    })
  })

  test('parameters: without an address it uses the signed-in wallet', async () => {
    const fetch = stubFetch()
    updateUser({ walletAddress: ADDRESS })
    await expect(getUserByAddress()).resolves.toMatchObject({ walletAddress: ADDRESS, username: 'alice' })
    expect(JSON.parse(fetch.mock.calls[0]?.[1]?.body as string)).toStrictEqual({ addresses: [ADDRESS] })
  })

  test('parameters: baseUrl option', async () => {
    const fetch = stubFetch()
    await getUserByAddress(ADDRESS, { baseUrl: 'https://names.test' })
    expect(fetch.mock.calls[0]?.[0]).toBe('https://names.test/api/v1/query')
  })

  test('parameters: install({usernamesUrl}) is the default base URL', async () => {
    const fetch = stubFetch()
    createFakeHost()
    install({ appId: 'app_test', usernamesUrl: 'https://names.install.test' })
    await getUserByAddress(ADDRESS)
    expect(fetch.mock.calls[0]?.[0]).toBe('https://names.install.test/api/v1/query')
    expect(state.config.usernamesUrl).toBe('https://names.install.test')
  })

  test('parameters: fetch option replaces the global fetch', async () => {
    const global = stubFetch()
    const custom = vi.fn(async () => json([{ username: 'carol' }]))
    await expect(getUserByAddress(ADDRESS, { fetch: custom })).resolves.toMatchObject({ username: 'carol' })
    expect(custom).toHaveBeenCalledOnce()
    expect(global).not.toHaveBeenCalled()
  })

  test('behavior: a missing profile_picture_url is null', async () => {
    stubFetch([{ username: 'bob' }])
    await expect(getUserByAddress(ADDRESS)).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: 'bob',
      profilePictureUrl: null,
    })
  })

  test('behavior: an unknown wallet (empty list) gives null username and picture', async () => {
    stubFetch([])
    await expect(getUserByAddress(ADDRESS)).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: null,
      profilePictureUrl: null,
    })
  })

  test('behavior: explicit nulls stay null', async () => {
    stubFetch([{ username: null, profile_picture_url: null }])
    await expect(getUserByAddress(ADDRESS)).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: null,
      profilePictureUrl: null,
    })
  })

  test('behavior: the public entry point loads it lazily with the same arguments', async () => {
    const fetch = stubFetch([{ username: 'dave' }])
    await expect(entry.getUserByAddress(ADDRESS, { baseUrl: 'https://lazy.test' })).resolves.toStrictEqual({
      walletAddress: ADDRESS,
      username: 'dave',
      profilePictureUrl: null,
    })
    expect(fetch.mock.calls[0]?.[0]).toBe('https://lazy.test/api/v1/query')
    await expect(entry.MiniKit.getUserByAddress(ADDRESS)).resolves.toMatchObject({ username: 'dave' })
    await expect(entry.MiniKit.getUserInfo(ADDRESS)).resolves.toMatchObject({ username: 'dave' })
  })

  test('error: no address and no signed-in wallet', async () => {
    const fetch = stubFetch()
    await expect(getUserByAddress()).rejects.toMatchObject({
      name: 'InvalidPayloadError',
      shortMessage: 'getUserByAddress needs an address (none given and no wallet signed in)',
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  test.each([404, 500])('error: the service answering %i rejects', async (status) => {
    stubFetch({ error: 'nope' }, status)
    await expect(getUserByAddress(ADDRESS)).rejects.toMatchObject({
      name: 'UsernamesServiceError',
      shortMessage: `Usernames service answered ${status}`,
      status,
    })
  })

  test.each([
    ['an object instead of a list', { username: 'x' }],
    ['a list of strings', ['alice']],
    ['a numeric username', [{ username: 42 }]],
  ])('error: a malformed body (%s) rejects', async (_, body) => {
    stubFetch(body)
    await expect(getUserByAddress(ADDRESS)).rejects.toMatchObject({ name: 'UsernamesServiceError' })
  })

  test('error: a network failure rejects with a typed error whose cause is the fetch error', async () => {
    const failure = new TypeError('Failed to fetch')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(failure)),
    )
    await expect(getUserByAddress(ADDRESS)).rejects.toMatchObject({
      name: 'UsernamesServiceError',
      shortMessage: 'Usernames service unreachable',
      cause: failure,
    })
  })
})
