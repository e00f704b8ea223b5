// MiniKit's official 2.x internals (initFromWorldApp, updateUserFromWalletAuth,
// getActiveMiniKit), differentially against official 2.0.3's MiniKit: the same
// window.WorldApp and the same usernames service answer, comparing the state
// each ends with and the request each sends.
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { resetAll } from '../test/fakeHost.js'
import { importOfficial203 } from '../test/official203.js'
import { MiniKit } from './facade.js'

// biome-ignore lint/suspicious/noExplicitAny: the official class is driven at runtime.
let Official: any
beforeAll(async () => {
  Official = (await importOfficial203()).MiniKit
})
afterEach(() => resetAll())

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const WORLD_APP = {
  world_app_version: 2087901,
  device_os: 'android',
  is_optional_analytics: true,
  supported_commands: [],
  safe_area_insets: { top: 10, right: 0, bottom: 20, left: 0 },
  wallet_address: ADDRESS,
  verification_status: { is_orb_verified: true, is_document_verified: false, is_secure_document_verified: false },
  preferred_currency: 'EUR',
  pending_notifications: 2,
}

test('behavior: initFromWorldApp reads window.WorldApp as official 2.0.3 does', () => {
  Official.initFromWorldApp(WORLD_APP)
  MiniKit.initFromWorldApp(WORLD_APP)
  expect(MiniKit.deviceProperties).toStrictEqual(Official.deviceProperties)
  // Ours also keeps deviceOS and worldAppVersion on the user, as install always did.
  expect(MiniKit.user).toStrictEqual({ ...Official.user, deviceOS: 'android', worldAppVersion: 2087901 })
  expect(MiniKit.user.verificationStatus).toStrictEqual({
    isOrbVerified: true,
    isDocumentVerified: false,
    isSecureDocumentVerified: false,
  })
})

test('behavior: initFromWorldApp with nothing changes nothing, as official 2.0.3', () => {
  MiniKit.initFromWorldApp(WORLD_APP)
  const before = { user: MiniKit.user, deviceProperties: MiniKit.deviceProperties }
  MiniKit.initFromWorldApp(undefined)
  expect({ user: MiniKit.user, deviceProperties: MiniKit.deviceProperties }).toStrictEqual(before)
  expect(() => Official.initFromWorldApp(undefined)).not.toThrow()
})

test('error: a malformed window.WorldApp is not read (the official copies whatever it finds)', () => {
  MiniKit.initFromWorldApp({ device_os: 42 })
  expect(MiniKit.deviceProperties).toStrictEqual({})
})

test('behavior: updateUserFromWalletAuth sets the wallet and asks the usernames service as official 2.0.3 does', async () => {
  const requests: Array<{ url: string; body: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url: String(url), body: JSON.parse(String(init.body)) })
      return new Response(
        JSON.stringify([{ address: ADDRESS, username: 'alice', profile_picture_url: 'https://p.example/a.png' }]),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      )
    }),
  )
  await Official.updateUserFromWalletAuth(ADDRESS)
  await MiniKit.updateUserFromWalletAuth(ADDRESS)
  expect(requests).toHaveLength(2)
  expect(requests[1]).toStrictEqual(requests[0])
  const fields = ({
    walletAddress,
    username,
    profilePictureUrl,
  }: {
    walletAddress?: unknown
    username?: unknown
    profilePictureUrl?: unknown
  }) => ({
    walletAddress,
    username,
    profilePictureUrl,
  })
  expect(fields(MiniKit.user)).toStrictEqual(fields(Official.user))
  expect(MiniKit.user.username).toBe('alice')
  vi.unstubAllGlobals()
})

test('error: updateUserFromWalletAuth keeps the wallet and logs when the usernames service is down, as official 2.0.3', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('down', { status: 503 })),
  )
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  await Official.updateUserFromWalletAuth(ADDRESS)
  await MiniKit.updateUserFromWalletAuth(ADDRESS)
  expect(MiniKit.user.walletAddress).toBe(ADDRESS)
  expect(error.mock.calls.map(([message]) => message)).toStrictEqual([
    'Failed to fetch user profile:',
    'Failed to fetch user profile:',
  ])
  vi.unstubAllGlobals()
})

test('default: getActiveMiniKit is MiniKit, as the official answers without another copy installed', () => {
  expect(MiniKit.getActiveMiniKit()).toBe(MiniKit)
  expect(Official.getActiveMiniKit()).toBe(Official)
})
