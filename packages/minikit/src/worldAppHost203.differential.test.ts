// Differential tests of what `MiniKit.install()` reads from `window.WorldApp`
// against official 2.0.3's MiniKit: the launch location in every form World
// App sends, every field 2.0.3 reads (user, device, location), installing
// again after the host changed, and malformed hosts, on iOS and Android fake
// hosts. Both kits run the same steps on the same host; what each ends with
// (`user`, `deviceProperties`, `location`, the install result, the `init`
// messages) is compared. The listed differences are pinned here too.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { removeFakeHosts } from '@worldmap/test-utils/fakeHost'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { allCommands, createFakeHost, type FakeHost, resetAll } from '../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../test/official203.js'
import { MiniKit } from './facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any
type Supported = Array<{ name: string; supported_versions: number[] }>

// biome-ignore lint/suspicious/noExplicitAny: the official class is driven at runtime.
let Official: any
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let supported: Supported
/** Every `open_origin` official 2.0.3 maps, read from its built source, with what it maps to. */
let officialOrigins: Array<[string, string]>

beforeAll(async () => {
  Official = (await importOfficial203()).MiniKit
  officialCommands = await importOfficial203('commands')
  // Today's World App: every command official 2.0.3 knows, at its version,
  // and the 1.x ones ours also looks for (verify …), so both install cleanly.
  const official = await official203Commands()
  supported = [...official, ...allCommands().filter(({ name }) => !official.some((entry) => entry.name === name))]
  const require = createRequire(resolve(__dirname, '../../simulator/package.json'))
  const build = dirname(require.resolve('@worldcoin/minikit-js-2'))
  const source = readdirSync(build)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(build, name), 'utf8'))
    .find((text) => text.includes('WORLD_APP_LAUNCH_LOCATION_MAP = {'))
  const table = source?.match(/WORLD_APP_LAUNCH_LOCATION_MAP = \{([^}]*)\}/)?.[1] ?? ''
  officialOrigins = [...table.matchAll(/"?([\w-]+)"?: "([\w-]+)"/g)].map((match) => [match[1] as string, match[2] as string])
})

afterEach(() => {
  resetAll()
  vi.unstubAllGlobals()
})

const ADDRESS_A = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const ADDRESS_B = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A'
/** Every user field official 2.0.3 reads from `window.WorldApp`, as World App sends them. */
const USER_A = {
  is_optional_analytics: true,
  wallet_address: ADDRESS_A,
  verification_status: { is_orb_verified: true, is_document_verified: false, is_secure_document_verified: true },
  preferred_currency: 'EUR',
  pending_notifications: 3,
  location: { open_origin: 'world_chat' },
}

const quiet = () => {
  for (const method of ['log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {})
}

/** A fake host of `os` listing every 2.0.3 command, with `fields` added to (or, `undefined`, removed from) `window.WorldApp`. */
function host(os: Os, fields: Record<string, unknown> = {}, version?: number): FakeHost {
  const created = createFakeHost({ os, supported, ...(version ? { version } : {}) })
  const worldApp = (window as unknown as { WorldApp: Record<string, unknown> }).WorldApp
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete worldApp[key]
    else worldApp[key] = value
  }
  return created
}

/** What a kit ends with, as compared: result (or the error class it threw), user, device, location. */
function snapshot(kit: AnyKit, result: unknown) {
  // JSON: official 2.0.3 writes `undefined` into fields the host lacks; World App's reader and ours do not see them.
  const plain = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
  const { deviceOS, worldAppVersion, permissions, ...user } = plain(kit.user) ?? {}
  return { result, user, device: plain(kit.deviceProperties), location: kit.location ?? null }
}

function install(kit: AnyKit) {
  try {
    return kit.install('app_test')
  } catch (error) {
    return { threw: (error as Error).name }
  }
}

/** A fresh page for `kit`: no host, no install, and (official) no command left available. */
function freshPage(kit: AnyKit) {
  resetAll()
  quiet()
  if (kit !== Official) return
  for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  // The official class's statics outlive a page; reading an empty host empties them.
  Official.initFromWorldApp({})
}

/** Run the same steps on a fresh page with each kit: what each ends with and the `init` messages its hosts got. */
function both(steps: (kit: AnyKit) => { result: unknown; hosts: FakeHost[] }) {
  const run = (kit: AnyKit) => {
    freshPage(kit)
    const { result, hosts } = steps(kit)
    return { ...snapshot(kit, result), inits: hosts.map((each) => each.commands('init').length) }
  }
  const theirs = run(Official)
  const ours = run(MiniKit)
  return { theirs, ours }
}

describe.each(['ios', 'android'] as const)('launch location (%s host)', (os) => {
  test('default: official 2.0.3 maps eight open_origin values (the table read from its source)', () => {
    expect(officialOrigins.map(([origin]) => origin).sort()).toStrictEqual(
      ['app-store', 'app_details', 'carousel', 'deeplink', 'explore', 'homepage', 'wallet_tab', 'world_chat'].sort(),
    )
  })

  const forms = [
    ['the object World App sends today', (origin: string) => ({ open_origin: origin })],
    ['the plain string of older World Apps', (origin: string) => origin],
    ['the object, upper case', (origin: string) => ({ open_origin: origin.toUpperCase() })],
    ['the string, upper case', (origin: string) => origin.toUpperCase()],
  ] as const
  describe.each(forms)('%s', (_, form) => {
    test('default: every open_origin official 2.0.3 knows maps to the same place', () => {
      for (const [origin, place] of officialOrigins) {
        const { theirs, ours } = both((kit) => ({ hosts: [host(os, { location: form(origin) })], result: install(kit) }))
        expect(theirs.location).toBe(place)
        expect(ours.location).toBe(theirs.location)
      }
    })
  })

  test.each([
    ['no location at all', undefined],
    ['an unknown open_origin', { open_origin: 'somewhere-new' }],
    ['an unknown string', 'somewhere-new'],
    ['an object without open_origin', {}],
    ['an empty open_origin', { open_origin: '' }],
    ['a null open_origin', { open_origin: null }],
    ['null', null],
    ['an empty string', ''],
    ['an array', ['deeplink']],
    ['a number', 7],
    ['true', true],
    ['a key of the object, not a place', 'toString'],
  ])('behavior: %s is null in both, and both install', (_, location) => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, { location })], result: install(kit) }))
    expect(theirs).toMatchObject({ result: { success: true }, location: null })
    expect(ours).toStrictEqual(theirs)
  })

  // Listed differences: official 2.0.3 lower-cases whatever open_origin holds
  // (a TypeError that escapes install) and looks names up on a plain object.
  test.each([
    ['a number', 7],
    ['an object', { place: 'deeplink' }],
  ])('error: an open_origin that is %s makes official 2.0.3 install throw; ours installs, location null', (_, origin) => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, { location: { open_origin: origin } })], result: install(kit) }))
    expect(theirs.result).toStrictEqual({ threw: 'TypeError' })
    expect(ours).toMatchObject({ result: { success: true }, location: null })
  })

  test.each([['constructor'], [{ open_origin: 'constructor' }], ['__proto__']])(
    'error: %j reads a prototype member as the place in official 2.0.3; null in ours',
    (location) => {
      const { theirs, ours } = both((kit) => ({ hosts: [host(os, { location })], result: install(kit) }))
      expect(theirs.location).not.toBeNull()
      expect(typeof theirs.location).not.toBe('string')
      expect(ours).toMatchObject({ result: { success: true }, location: null })
    },
  )

  test('behavior: kept as install read it, when window.WorldApp.location changes later', () => {
    const { theirs, ours } = both((kit) => {
      const hosts = [host(os, { location: { open_origin: 'deeplink' } })]
      const result = install(kit)
      ;(window as unknown as { WorldApp: { location: unknown } }).WorldApp.location = { open_origin: 'homepage' }
      return { hosts, result }
    })
    expect(theirs.location).toBe('deep-link')
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: null before install in both; initFromWorldApp alone sets it', () => {
    for (const kit of [Official, MiniKit]) {
      freshPage(kit)
      host(os, { location: { open_origin: 'wallet_tab' } })
      expect(kit.location ?? null).toBeNull()
      kit.initFromWorldApp({ ...(window as unknown as { WorldApp: object }).WorldApp })
      expect(kit.location).toBe('wallet-tab')
    }
  })
})

describe.each(['ios', 'android'] as const)('window.WorldApp fields (%s host)', (os) => {
  test('default: every field official 2.0.3 reads lands in user, deviceProperties and location alike', () => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, USER_A)], result: install(kit) }))
    expect(theirs).toMatchObject({
      result: { success: true },
      user: {
        optedIntoOptionalAnalytics: true,
        walletAddress: ADDRESS_A,
        verificationStatus: { isOrbVerified: true, isDocumentVerified: false, isSecureDocumentVerified: true },
        preferredCurrency: 'EUR',
        pendingNotifications: 3,
      },
      device: { deviceOS: os, worldAppVersion: 2087901, safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 } },
      location: 'chat',
    })
    expect(ours).toStrictEqual(theirs)
    // Ours also keeps the device on the user, as 1.x did (1.x callers read MiniKit.user.worldAppVersion).
    expect(MiniKit.user).toMatchObject({ deviceOS: os, worldAppVersion: 2087901 })
  })

  test.each([
    ['no is_optional_analytics', { is_optional_analytics: undefined }],
    ['no safe_area_insets', { safe_area_insets: undefined }],
    ['is_optional_analytics false', { is_optional_analytics: false }],
    ['no 2.x user fields (an older World App)', {}],
    ['zero pending notifications', { pending_notifications: 0 }],
    ['a lower-case wallet address', { wallet_address: ADDRESS_A.toLowerCase() }],
    ['another currency', { preferred_currency: 'IDR' }],
  ])('behavior: %s reads the same in both', (_, fields) => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, fields)], result: install(kit) }))
    expect(theirs.result).toStrictEqual({ success: true })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: a World App lacking a command installs as app_out_of_date in both, fields read', () => {
    const { theirs, ours } = both((kit) => {
      const hosts = [createFakeHost({ os, supported: supported.filter(({ name }) => name !== 'pay') })]
      Object.assign((window as unknown as { WorldApp: object }).WorldApp, USER_A)
      return { hosts, result: install(kit) }
    })
    expect(theirs).toMatchObject({ result: { success: false, errorCode: 'app_out_of_date' }, location: 'chat' })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: outside World App (no window.WorldApp) both answer outside_of_worldapp and read nothing', () => {
    const { theirs, ours } = both((kit) => ({ hosts: [], result: install(kit) }))
    expect(theirs).toMatchObject({ result: { success: false, errorCode: 'outside_of_worldapp' }, location: null })
    expect(ours).toStrictEqual(theirs)
  })

  // Listed difference: official 2.0.3 copies each user field unchecked; ours leaves a malformed one out.
  test.each([
    ['a wallet address that is not 20 bytes', { wallet_address: '0x1234' }, 'walletAddress'],
    ['a negative notification count', { pending_notifications: -1 }, 'pendingNotifications'],
    ['a currency that is not text', { preferred_currency: 978 }, 'preferredCurrency'],
    ['a verification status missing credentials', { verification_status: { is_orb_verified: true } }, 'verificationStatus'],
  ])('error: %s is copied by official 2.0.3, left out by ours (the rest read alike)', (_, fields, key) => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, { ...USER_A, ...fields })], result: install(kit) }))
    expect(theirs.user).toHaveProperty(key)
    expect(ours.user).not.toHaveProperty(key)
    const { [key]: _dropped, ...rest } = theirs.user as Record<string, unknown>
    expect(ours).toStrictEqual({ ...theirs, user: rest })
  })

  // Listed difference: a host whose core fields are malformed. Official 2.0.3
  // copies them and fails (or not) later; ours does not install on it.
  test.each([
    ['no supported_commands', { supported_commands: undefined }, { threw: 'TypeError' }],
    ['a device_os that is not text', { device_os: 42 }, { success: true }],
    ['safe_area_insets without numbers', { safe_area_insets: { top: 'a' } }, { success: true }],
  ])('error: %s: official 2.0.3 gives %j, ours unknown and reads nothing', (_, fields, official) => {
    const { theirs, ours } = both((kit) => ({ hosts: [host(os, { ...USER_A, ...fields })], result: install(kit) }))
    expect(theirs.result).toMatchObject(official)
    expect(ours).toMatchObject({ result: { success: false, errorCode: 'unknown' }, user: {}, device: {}, location: null })
  })
})

describe.each(['ios', 'android'] as const)('installing again after window.WorldApp changed (%s host)', (os) => {
  const OTHER_OS: Os = os === 'ios' ? 'android' : 'ios'
  const hostB = () => host(OTHER_OS, { location: { open_origin: 'deeplink' } }, 2087950)

  test('behavior: a fresh window (test setup): both start from the new host, nothing of the previous user kept', () => {
    const { theirs, ours } = both((kit) => {
      const hosts = [host(os, USER_A)]
      install(kit)
      removeFakeHosts()
      hosts.push(hostB())
      return { hosts, result: install(kit) }
    })
    expect(theirs).toMatchObject({
      result: { success: true },
      user: { optedIntoOptionalAnalytics: false },
      device: { deviceOS: OTHER_OS, worldAppVersion: 2087950 },
      location: 'deep-link',
      inits: [1, 1],
    })
    expect(theirs.user).not.toHaveProperty('walletAddress')
    expect(ours).toStrictEqual(theirs)
  })

  test("behavior: World App switched accounts (a new window.WorldApp, MiniKit still installed): the new account's fields", () => {
    const { theirs, ours } = both((kit) => {
      const hosts = [host(os, USER_A)]
      install(kit)
      hosts.push(
        host(os, {
          wallet_address: ADDRESS_B,
          preferred_currency: 'USD',
          pending_notifications: 0,
          location: 'homepage',
        }),
      )
      return { hosts, result: install(kit) }
    })
    expect(theirs).toMatchObject({
      result: { success: true },
      user: { walletAddress: ADDRESS_B, preferredCurrency: 'USD', pendingNotifications: 0 },
      location: 'home',
      inits: [1, 1],
    })
    expect(theirs.user).not.toHaveProperty('verificationStatus')
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: the username and picture of the previous sign-in go with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([{ address: ADDRESS_A, username: 'alice', profile_picture_url: null }])),
    )
    const after: Record<string, unknown> = {}
    for (const kit of [Official, MiniKit]) {
      freshPage(kit)
      host(os, USER_A)
      install(kit)
      await kit.updateUserFromWalletAuth(ADDRESS_A)
      expect(kit.user.username).toBe('alice')
      removeFakeHosts()
      hostB()
      install(kit)
      after[kit === Official ? 'theirs' : 'ours'] = snapshot(kit, null).user
    }
    expect(after.theirs).toStrictEqual({ optedIntoOptionalAnalytics: false })
    expect(after.ours).toStrictEqual(after.theirs)
  })

  // Listed difference: 2.0.3 installs again on every call (posting init again);
  // ours answers already_installed for the same host, as 1.9.6 and 1.11.0 do.
  test('error: installing twice on the same host: official 2.0.3 re-installs, ours already_installed (as 1.x), same state', () => {
    const { theirs, ours } = both((kit) => {
      const hosts = [host(os, USER_A)]
      install(kit)
      return { hosts, result: install(kit) }
    })
    expect(theirs).toMatchObject({ result: { success: true }, inits: [2] })
    expect(ours).toStrictEqual({ ...theirs, result: expect.objectContaining({ errorCode: 'already_installed' }), inits: [1] })
  })
})
