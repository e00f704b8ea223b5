// Differential tests of the 1.9.9-1.11 additions against official 1.11.0:
// the same calls, on iOS and Android fake hosts, through the official MiniKit
// and ours, comparing what each posts on the wire (the raw value the native
// handler receives: an object on iOS, a JSON string on Android) and what each
// returns or resolves with.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../test/fakeHost.js'
import { importOfficial111 } from '../../test/official111.js'
import * as root from '../exports/index.js'
import { MiniKit } from '../facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any
type Supported = Array<{ name: string; supported_versions: number[] }>

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
let supported: Supported

beforeAll(async () => {
  official = await importOfficial111()
  // Today's World App: every command official 1.11.0 knows, at its version.
  supported = Object.entries(official.COMMAND_VERSIONS as Record<string, number>).map(([name, version]) => ({
    name,
    supported_versions: [version],
  }))
})

afterEach(() => resetAll())

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

interface Run {
  os: Os
  respond?: Record<string, Responder>
  /** `supported_commands`; every 1.11 command by default. */
  only?: string[]
  /** `window.WorldApp.location`, as World App sets it. */
  location?: string
}

/** Install `kit` on a fresh fake host, run `act`, and return what it gave back and what the host received. */
async function run(kit: AnyKit, { os, respond, only, location }: Run, act: (kit: AnyKit) => unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const host = createFakeHost({
    os,
    respond,
    supported: only ? supported.filter((entry) => only.includes(entry.name)) : supported,
  })
  if (location !== undefined) (window as unknown as { WorldApp: { location?: string } }).WorldApp.location = location
  // One official module serves every test; its install only ever marks
  // commands available. Start each run as a fresh page would.
  if (kit === official.MiniKit) for (const { name } of supported) official.setCommandAvailable(name, false)
  const installed = kit.install('app_test')
  await flush()
  host.raw.length = 0
  host.messages.length = 0
  let returned: unknown
  try {
    returned = { value: await act(kit) }
  } catch {
    returned = { rejected: true }
  }
  // Our install also reads the permissions (get-permissions); the official 1.11 does not. Not part of these calls.
  const raw = host.raw.filter((message) => !JSON.stringify(message).includes('get-permissions'))
  return { installed, returned, raw }
}

/** Run the same call through official 1.11.0 and ours; both results. */
async function both(options: Run, act: (kit: AnyKit) => unknown) {
  const theirs = await run(official.MiniKit, options, act)
  const ours = await run(MiniKit, options, act)
  return { theirs, ours }
}

const chatSuccess = { status: 'success', count: 2, timestamp: '2026-01-01T00:00:00.000Z', version: 1 }
const chatError = { status: 'error', error_code: 'user_rejected', version: 1 }
const attestationSuccess = { status: 'success', token: 'eyJhbGciOiJFUzI1NiJ9.eyJyIjoiMHhhYiJ9.c2ln', version: 1 }
const attestationError = { status: 'error', error_code: 'integrity_failed', description: 'Integrity check failed', version: 1 }

describe.each(['ios', 'android'] as const)('official 1.11.0 additions, same input (%s host)', (os) => {
  test('default: commands.chat posts the message and returns the payload', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.commands.chat({ message: 'Meet at the mill?', to: ['alice'] }))
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['success', chatSuccess],
    ['error', chatError],
  ])('default: commandsAsync.chat resolves with the %s reply', async (_, reply) => {
    const options = { os, respond: { chat: () => reply } }
    const { theirs, ours } = await both(options, (kit) => kit.commandsAsync.chat({ message: 'Meet at the mill?' }))
    expect(theirs.returned).toStrictEqual({ value: { commandPayload: { message: 'Meet at the mill?' }, finalPayload: reply } })
    expect(ours).toStrictEqual(theirs)
  })

  test('error: commands.chat with an empty message returns null and sends nothing', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.commands.chat({ message: '' }))
    expect(theirs.returned).toStrictEqual({ value: null })
    expect(theirs.raw).toStrictEqual([])
    expect(ours).toStrictEqual(theirs)
  })

  test('default: commands.attestation posts request_hash and returns the payload', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.commands.attestation({ requestHash: '0xab12' }))
    expect(theirs.returned).toStrictEqual({ value: { request_hash: '0xab12' } })
    expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['success', attestationSuccess],
    ['error', attestationError],
  ])('default: commandsAsync.attestation resolves with the %s reply', async (_, reply) => {
    const options = { os, respond: { attestation: () => reply } }
    const { theirs, ours } = await both(options, (kit) => kit.commandsAsync.attestation({ requestHash: '0xab12' }))
    expect(theirs.returned).toStrictEqual({ value: { commandPayload: { request_hash: '0xab12' }, finalPayload: reply } })
    expect(ours).toStrictEqual(theirs)
  })

  test('error: an empty requestHash: commands.attestation returns null, commandsAsync.attestation rejects, nothing is sent', async () => {
    const sync = await both({ os }, (kit) => kit.commands.attestation({ requestHash: '' }))
    expect(sync.theirs.returned).toStrictEqual({ value: null })
    expect(sync.ours).toStrictEqual(sync.theirs)
    const async = await both({ os }, (kit) => kit.commandsAsync.attestation({ requestHash: '' }))
    expect(async.theirs.returned).toStrictEqual({ rejected: true })
    expect(async.theirs.raw).toStrictEqual([])
    expect(async.ours).toStrictEqual(async.theirs)
  })

  test('default: commands.closeMiniApp posts close-miniapp and returns true', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.commands.closeMiniApp())
    expect(theirs.returned).toStrictEqual({ value: true })
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a World App without chat, attestation and close-miniapp refuses each call without sending (install: the listed difference)', async () => {
    const older = supported.map((entry) => entry.name).filter((name) => !['chat', 'attestation', 'close-miniapp'].includes(name))
    const act = (kit: AnyKit) => [
      kit.commands.closeMiniApp(),
      kit.commands.chat({ message: 'hi' }),
      kit.commands.attestation({ requestHash: '0xab' }),
    ]
    const { theirs, ours } = await both({ os, only: older }, act)
    expect(theirs.returned).toStrictEqual({ value: [false, null, null] })
    expect(theirs.raw).toStrictEqual([])
    expect(ours.returned).toStrictEqual(theirs.returned)
    expect(ours.raw).toStrictEqual(theirs.raw)
    // The listed difference: official 1.11 calls this World App out of date;
    // ours installs, as official 1.9.6 (the spec's version) does, since a 1.9.x
    // app never needed these commands.
    expect(theirs.installed).toMatchObject({ success: false, errorCode: 'app_out_of_date' })
    expect(ours.installed).toStrictEqual({ success: true })
  })

  test.each([
    ['world_chat', 'chat'],
    ['HOMEPAGE', 'home'],
    ['carousel', 'app-store'],
    ['deeplink', 'deep-link'],
    ['wallet_tab', 'wallet-tab'],
    ['somewhere-new', null],
  ])('default: MiniKit.location maps World App’s %s', async (location, expected) => {
    const { theirs, ours } = await both({ os, location }, (kit) => kit.location)
    expect(theirs.returned).toStrictEqual({ value: expected })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: MiniKit.location is null when World App does not say', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.location)
    expect(theirs.returned).toStrictEqual({ value: null })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: MiniKit.getMiniAppUrl builds the same links', async () => {
    const act = (kit: AnyKit) => [
      kit.getMiniAppUrl('app_123'),
      kit.getMiniAppUrl('app_123', 'map?spot=mill'),
      kit.getMiniAppUrl('app_123', '/map/old mill'),
    ]
    const { theirs, ours } = await both({ os }, act)
    expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['a username', ['alice'] as const],
    ['an address only', [undefined, '0x0000000000000000000000000000000000000001'] as const],
    ['both (the username wins)', ['al ice', '0x0000000000000000000000000000000000000001'] as const],
    ['neither (logged, nothing opened)', [] as const],
  ])('default: MiniKit.showProfileCard with %s opens the same profile link', async (_, args) => {
    const opened = (kit: AnyKit) => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => null)
      kit.showProfileCard(...args)
      return open.mock.calls
    }
    const { theirs, ours } = await both({ os }, opened)
    expect(ours).toStrictEqual(theirs)
  })
})

describe.each(['ios', 'android'] as const)('official 1.11.0 root availability helpers (%s host)', (os) => {
  // The same call through each toolkit's own root functions.
  const helpers = (kit: AnyKit) => (kit === MiniKit ? root : official)

  test('default: isCommandAvailable after install, and setCommandAvailable turning chat off', async () => {
    const act = (kit: AnyKit) => {
      const { isCommandAvailable, setCommandAvailable } = helpers(kit)
      const before = [isCommandAvailable('chat'), isCommandAvailable('pay')]
      setCommandAvailable('chat', false)
      return [...before, isCommandAvailable('chat'), kit.commands.chat({ message: 'hi' })]
    }
    const { theirs, ours } = await both({ os }, act)
    expect(theirs.returned).toStrictEqual({ value: [true, true, false, null] })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: validateCommands over a full list, then one without pay', async () => {
    const act = (kit: AnyKit) => {
      const { validateCommands, isCommandAvailable } = helpers(kit)
      return [validateCommands(supported), isCommandAvailable('pay')]
    }
    const { theirs, ours } = await both({ os }, act)
    expect(theirs.returned).toStrictEqual({ value: [true, true] })
    expect(ours).toStrictEqual(theirs)
    const withoutPay = (kit: AnyKit) => helpers(kit).validateCommands(supported.filter((entry) => entry.name !== 'pay'))
    const second = await both({ os }, withoutPay)
    expect(second.theirs.returned).toStrictEqual({ value: false })
    expect(second.ours).toStrictEqual(second.theirs)
  })

  test('default: sendMiniKitEvent posts the message as given', async () => {
    const message = { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'selection-changed' } }
    const { theirs, ours } = await both({ os }, (kit) => helpers(kit).sendMiniKitEvent(message))
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })
})

describe('official 1.11.0 names of the additions', () => {
  test.each([
    'ChatErrorCodes',
    'ChatErrorMessage',
    'AttestationErrorCodes',
    'AttestationErrorMessage',
    'MiniAppLaunchLocation',
    'COMMAND_VERSIONS',
    'Command',
  ])('default: %s has the official keys and values', (name) => {
    expect({ ...((root as Record<string, unknown>)[name] as object) }).toStrictEqual({ ...official[name] })
  })

  test('default: ResponseEvent has the official keys and values (order aside)', () => {
    expect({ ...root.ResponseEvent }).toStrictEqual({ ...official.ResponseEvent })
  })

  test.each([['world_chat'], ['App_Details'], ['explore'], [''], [undefined], [42]])(
    'default: mapWorldAppLaunchLocation(%s) as the official',
    (location) => {
      vi.spyOn(console, 'log').mockImplementation(() => {})
      expect(root.mapWorldAppLaunchLocation(location)).toBe(official.mapWorldAppLaunchLocation(location))
    },
  )

  test('default: the MiniKit members and commands of the additions exist', () => {
    for (const name of ['location', 'getMiniAppUrl', 'showProfileCard']) expect(MiniKit).toHaveProperty(name)
    expect(Object.keys(MiniKit.commands)).toEqual(expect.arrayContaining(['chat', 'attestation', 'closeMiniApp']))
    expect(Object.keys(MiniKit.commandsAsync)).toEqual(expect.arrayContaining(['chat', 'attestation']))
  })
})
