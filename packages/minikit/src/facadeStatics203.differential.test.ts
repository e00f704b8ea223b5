// Differential tests of MiniKit's non-command statics against official
// 2.0.3's (the usernames lookups, getMiniAppUrl, showProfileCard,
// isInstalled, the assignable user and appId), on iOS and Android fake hosts:
// the same calls on both, comparing what each returns, requests and logs.
// The listed differences are pinned too.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { allCommands, createFakeHost, resetAll } from '../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../test/official203.js'
import { MiniKit } from './facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any

// biome-ignore lint/suspicious/noExplicitAny: the official class is driven at runtime.
let Official: any
let supported: Array<{ name: string; supported_versions: number[] }>

beforeAll(async () => {
  Official = (await importOfficial203()).MiniKit
  const official = await official203Commands()
  supported = [...official, ...allCommands().filter(({ name }) => !official.some((entry) => entry.name === name))]
})

afterEach(() => {
  resetAll()
  vi.unstubAllGlobals()
})

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'

/** A fresh page with `kit` installed on an `os` host whose wallet is `ADDRESS`. */
function installed(kit: AnyKit, os: Os) {
  resetAll()
  vi.restoreAllMocks()
  for (const method of ['log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {})
  if (kit === Official) Official.initFromWorldApp({})
  createFakeHost({ os, supported })
  Object.assign((window as unknown as { WorldApp: object }).WorldApp, { wallet_address: ADDRESS })
  kit.install('app_test')
}

/** A usernames service answering `body` (status 200), recording each request. */
function usernames(body: unknown) {
  const requests: Array<{ url: string; method: string | undefined; body: unknown }> = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // No method is a GET on the wire.
    requests.push({
      url: String(url),
      method: init.method ?? 'GET',
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    })
    return Response.json(body)
  })
  return requests
}

/** Run `act` on each kit, installed on a fresh `os` host: its value (or error class) and the usernames requests. */
async function both(os: Os, body: unknown, act: (kit: AnyKit) => unknown) {
  const run = async (kit: AnyKit) => {
    installed(kit, os)
    const requests = usernames(body)
    try {
      return { value: await act(kit), requests }
    } catch (error) {
      return { rejected: (error as Error).name, requests }
    }
  }
  return { theirs: await run(Official), ours: await run(MiniKit) }
}

describe.each(['ios', 'android'] as const)('usernames lookups (%s host)', (os) => {
  const profile = [{ address: ADDRESS, username: 'alice', profile_picture_url: 'https://p.example/a.png' }]
  test.each([
    ['getUserByAddress(address)', (kit: AnyKit) => kit.getUserByAddress(ADDRESS)],
    ["getUserByAddress() (the host's wallet)", (kit: AnyKit) => kit.getUserByAddress()],
    ['getUserInfo(address)', (kit: AnyKit) => kit.getUserInfo(ADDRESS)],
  ])('default: %s asks the same and resolves the same', async (_, act) => {
    const { theirs, ours } = await both(os, profile, act)
    expect(theirs).toMatchObject({
      value: { walletAddress: ADDRESS, username: 'alice', profilePictureUrl: 'https://p.example/a.png' },
      requests: [{ url: 'https://usernames.worldcoin.org/api/v1/query', method: 'POST', body: { addresses: [ADDRESS] } }],
    })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: an address the service does not know resolves null username and picture in both', async () => {
    const { theirs, ours } = await both(os, [], (kit) => kit.getUserByAddress(ADDRESS))
    expect(theirs.value).toStrictEqual({ walletAddress: ADDRESS, username: null, profilePictureUrl: null })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: getUserByUsername asks the same and resolves the same', async () => {
    const { theirs, ours } = await both(os, { address: ADDRESS, username: 'alice', profile_picture_url: null }, (kit) =>
      kit.getUserByUsername('alice'),
    )
    expect(theirs).toStrictEqual({
      value: { walletAddress: ADDRESS, username: 'alice', profilePictureUrl: null },
      requests: [{ url: 'https://usernames.worldcoin.org/api/v1/alice', method: 'GET', body: undefined }],
    })
    expect(ours).toStrictEqual(theirs)
  })

  // Listed difference: the official puts the name into the path as it is.
  test('error: a username with path characters reaches another path in official 2.0.3; ours encodes it', async () => {
    const { theirs, ours } = await both(os, { address: ADDRESS, username: 'x', profile_picture_url: null }, (kit) =>
      kit.getUserByUsername('../admin?x=1'),
    )
    expect(theirs.requests[0]?.url).toBe('https://usernames.worldcoin.org/api/v1/../admin?x=1')
    expect(ours.requests[0]?.url).toBe('https://usernames.worldcoin.org/api/v1/..%2Fadmin%3Fx%3D1')
  })
})

describe.each(['ios', 'android'] as const)('links and the profile card (%s host)', (os) => {
  test.each([[undefined], ['map'], ['/map'], ['/drops/7?from=chat'], ['/a b']])(
    'default: getMiniAppUrl(appId, %j) is the same link',
    async (path) => {
      const { theirs, ours } = await both(os, [], (kit) => kit.getMiniAppUrl('app_123', path))
      expect(ours).toStrictEqual(theirs)
    },
  )

  test.each([
    ['a username', ['alice'], 'worldapp://profile?username=alice'],
    ['a username to encode', ['a&b c'], 'worldapp://profile?username=a%26b%20c'],
    ['an address', [undefined, ADDRESS], `worldapp://profile?address=${ADDRESS}`],
    ['both (the username wins)', ['alice', ADDRESS], 'worldapp://profile?username=alice'],
  ])('default: showProfileCard with %s opens the same link', async (_, args, link) => {
    const opened: Record<string, unknown[]> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      const open = vi.spyOn(window, 'open').mockImplementation(() => null)
      kit.showProfileCard(...args)
      opened[kit === Official ? 'theirs' : 'ours'] = open.mock.calls.map(([url]) => url)
      open.mockRestore()
    }
    expect(opened).toStrictEqual({ theirs: [link], ours: [link] })
  })

  test('error: showProfileCard with neither logs the same error in both and opens nothing', async () => {
    const seen: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      const open = vi.spyOn(window, 'open').mockImplementation(() => null)
      kit.showProfileCard()
      seen[kit === Official ? 'theirs' : 'ours'] = {
        opened: open.mock.calls.length,
        errors: vi.mocked(console.error).mock.calls.map(([message]) => message),
      }
      open.mockRestore()
    }
    expect(seen.theirs).toStrictEqual({
      opened: 0,
      errors: ['Either username or walletAddress must be provided to show profile card'],
    })
    expect(seen.ours).toStrictEqual(seen.theirs)
  })
})

describe.each(['ios', 'android'] as const)('isInstalled, user and appId (%s host)', (os) => {
  test('default: isInstalled(true) is true and logs "MiniKit is alive!" in both', () => {
    const seen: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      seen[kit === Official ? 'theirs' : 'ours'] = {
        value: kit.isInstalled(true),
        logs: vi.mocked(console.log).mock.calls.filter(([message]) => message === 'MiniKit is alive!').length,
      }
    }
    expect(seen).toStrictEqual({ theirs: { value: true, logs: 1 }, ours: { value: true, logs: 1 } })
  })

  // Listed difference: 2.0.3 warns, 1.9.6 and 1.11.0 log an error; ours keeps 1.x's console.error.
  test('error: not installed: false in both, the same text (2.0.3 as a warning, ours as 1.x an error)', () => {
    const text = "MiniKit is not installed. Make sure you're running the application inside of World App"
    const seen: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      delete (window as { MiniKit?: unknown }).MiniKit
      const said = (method: 'warn' | 'error') =>
        vi.mocked(console[method]).mock.calls.filter(([message]) => message === text).length
      seen[kit === Official ? 'theirs' : 'ours'] = { value: kit.isInstalled(), warned: said('warn'), errored: said('error') }
    }
    expect(seen).toStrictEqual({
      theirs: { value: false, warned: 1, errored: 0 },
      ours: { value: false, warned: 0, errored: 1 },
    })
  })

  test('default: an assigned user and appId read back alike', async () => {
    const user = { walletAddress: ADDRESS, username: 'bob' }
    const { theirs, ours } = await both(os, [], (kit) => {
      kit.user = user
      kit.appId = 'app_other'
      return { user: kit.user, appId: kit.appId }
    })
    expect(theirs.value).toStrictEqual({ user, appId: 'app_other' })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: install without an appId warns and keeps the one set before, in both', async () => {
    const seen: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      resetAll()
      if (kit === Official) Official.initFromWorldApp({})
      kit.appId = 'app_kept'
      createFakeHost({ os, supported })
      kit.install()
      seen[kit === Official ? 'theirs' : 'ours'] = {
        appId: kit.appId,
        warned: vi.mocked(console.warn).mock.calls.filter(([message]) => message === 'App ID not provided during install').length,
      }
    }
    expect(seen.theirs).toStrictEqual({ appId: 'app_kept', warned: 1 })
    expect(seen.ours).toStrictEqual(seen.theirs)
  })
})

describe.each(['ios', 'android'] as const)('MiniKit.subscribe to the wallet-auth reply (%s host)', (os) => {
  // Another wallet than the host's, so the stored one can only come from the reply.
  const SIGNER = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A'
  test('behavior: a success reply stores the wallet and its profile before the handler runs, in both', async () => {
    const seen: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      installed(kit, os)
      usernames([{ address: SIGNER, username: 'alice', profile_picture_url: null }])
      const handled = new Promise<unknown>((resolve) => {
        kit.subscribe('miniapp-wallet-auth', () =>
          resolve({ walletAddress: kit.user.walletAddress, username: kit.user.username }),
        )
      })
      const reply = { status: 'success', address: SIGNER, message: 'signed', signature: '0x12', version: 2 }
      kit.trigger('miniapp-wallet-auth', reply)
      seen[kit === Official ? 'theirs' : 'ours'] = await handled
    }
    expect(seen.theirs).toStrictEqual({ walletAddress: SIGNER, username: 'alice' })
    expect(seen.ours).toStrictEqual(seen.theirs)
  })
})
