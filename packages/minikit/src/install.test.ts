import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { allCommands, createFakeHost, resetAll } from '../test/fakeHost.js'
import { getPermissions } from './commands/getPermissions.js'
import { pay } from './commands/pay.js'
import { signMessage } from './commands/signMessage.js'
import { checkCommands, install, isInstalled } from './install.js'
import { COMMAND_VERSIONS, type Command, PROTOCOL } from './protocol/protocol.js'
import { DEFAULT_USERNAMES_URL } from './protocol/usernamesService.js'
import { state } from './state.js'

const OS = ['ios', 'android'] as const
const INIT = { command: 'init', payload: { version: 1, minorVersion: 96 } }
const NOT_INSTALLED = "MiniKit is not installed. Make sure you're running the application inside of World App"

/** Let the fake host's setTimeout(0) replies (the permissions read) land. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

type Globals = { MiniKit?: unknown; WorldApp?: unknown; webkit?: unknown; Android?: unknown }
const globals = () => window as unknown as Globals

let error: MockInstance<typeof console.error>
let warn: MockInstance<typeof console.warn>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {})
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(resetAll)

describe.each(OS)('install (%s host)', (os) => {
  test('default', async () => {
    const host = createFakeHost({ os })
    expect(install('app_123')).toStrictEqual({ success: true })
    expect(state.installed).toBe(true)
    expect(isInstalled()).toBe(true)
    expect(typeof (globals().MiniKit as { trigger?: unknown }).trigger).toBe('function')
    expect(host.messages[0]).toStrictEqual(INIT)
    // The permissions read follows the init message.
    expect(host.messages[1]).toStrictEqual({ command: 'get-permissions', version: 1, payload: {} })
    expect(host.messages).toHaveLength(2)
    await flush()
    expect(state.user.permissions).toStrictEqual({ notifications: true, contacts: false })
    expect(error).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
  })

  test('behavior: init message is exactly {command, payload:{version:1, minorVersion:96}} on the wire', () => {
    const host = createFakeHost({ os })
    install('app_123')
    if (os === 'android') {
      expect(host.raw[0]).toBe(JSON.stringify(INIT))
      expect(host.raw[0]).toBe('{"command":"init","payload":{"version":1,"minorVersion":96}}')
    } else {
      // iOS gets the object itself; there is no top-level `version`.
      expect(host.raw[0]).toStrictEqual(INIT)
      expect(Object.keys(host.raw[0] as object)).toStrictEqual(['command', 'payload'])
    }
  })

  test('behavior: reads version, OS, analytics and insets into user and deviceProperties', () => {
    const insets = { top: 59, right: 1, bottom: 34, left: 2 }
    createFakeHost({ os, version: 2087955, analytics: true, insets })
    install('app_123')
    expect(state.deviceProperties).toStrictEqual({ safeAreaInsets: insets, deviceOS: os, worldAppVersion: 2087955 })
    expect(state.user).toStrictEqual({ optedIntoOptionalAnalytics: true, deviceOS: os, worldAppVersion: 2087955 })
  })

  test('behavior: permissions read after install are stored on the user as {notifications, contacts}', async () => {
    const host = createFakeHost({
      os,
      respond: {
        // A newer host may add microphone; only notifications and contacts are copied, missing ones are false.
        'get-permissions': () => ({ status: 'success', permissions: { contacts: true, microphone: true }, version: 1 }),
      },
    })
    install('app_123')
    expect(host.commands('get-permissions')).toHaveLength(1)
    expect(state.user.permissions).toBeUndefined()
    await flush()
    expect(state.user.permissions).toStrictEqual({ notifications: false, contacts: true })
  })

  test('error: a failed permissions read (error reply) is only logged', async () => {
    createFakeHost({ os, respond: { 'get-permissions': () => ({ status: 'error', error_code: 'generic_error', version: 1 }) } })
    expect(install('app_123')).toStrictEqual({ success: true })
    await flush()
    expect(state.user.permissions).toBeUndefined()
    expect(error).toHaveBeenCalledExactlyOnceWith('Failed to read permissions', 'generic_error')
    expect(isInstalled()).toBe(true)
  })

  test('error: a failed permissions read (malformed reply) is only logged', async () => {
    createFakeHost({ os, respond: { 'get-permissions': () => ({ status: 'success' }) } })
    expect(install('app_123')).toStrictEqual({ success: true })
    await flush()
    expect(state.user.permissions).toBeUndefined()
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Failed to read permissions',
      expect.objectContaining({ name: 'MalformedReplyError', shortMessage: 'Malformed reply for event miniapp-get-permissions' }),
    )
  })

  test('error: installing twice returns already_installed and sends nothing more', () => {
    const host = createFakeHost({ os })
    expect(install('app_123')).toStrictEqual({ success: true })
    const sent = host.messages.length
    expect(install('app_123')).toStrictEqual({
      success: false,
      errorCode: 'already_installed',
      errorMessage: 'MiniKit is already installed.',
    })
    expect(host.messages).toHaveLength(sent)
    expect(state.installed).toBe(true)
  })

  test('error: an existing window.MiniKit returns already_installed', () => {
    const host = createFakeHost({ os })
    const existing = { trigger() {} }
    globals().MiniKit = existing
    expect(install('app_123')).toStrictEqual({
      success: false,
      errorCode: 'already_installed',
      errorMessage: 'MiniKit is already installed.',
    })
    expect(globals().MiniKit).toBe(existing)
    expect(host.messages).toHaveLength(0)
    expect(state.installed).toBe(false)
  })

  test('error: WorldApp without supported_commands fails with unknown and installs nothing', () => {
    const host = createFakeHost({ os })
    delete (globals().WorldApp as { supported_commands?: unknown }).supported_commands
    expect(install('app_123')).toStrictEqual({ success: false, errorCode: 'unknown', errorMessage: 'Failed to install MiniKit.' })
    expect(error).toHaveBeenCalledOnce()
    expect(error.mock.calls[0]?.[0]).toBe('Failed to install MiniKit.')
    expect(host.messages).toHaveLength(0)
    expect(state.installed).toBe(false)
    expect(globals().MiniKit).toBeUndefined()
    expect(state.available).toStrictEqual({})
  })

  test.each([
    ['world_app_version is not a number', { world_app_version: '2087900' }],
    ['supported_commands is not an array', { supported_commands: {} }],
    ['safe_area_insets is malformed', { safe_area_insets: { top: 'x' } }],
  ])('error: malformed WorldApp (%s) fails with unknown', (_, patch) => {
    createFakeHost({ os })
    Object.assign(globals().WorldApp as object, patch)
    expect(install('app_123')).toStrictEqual({ success: false, errorCode: 'unknown', errorMessage: 'Failed to install MiniKit.' })
    expect(state.installed).toBe(false)
  })

  test('error: a native handler that throws fails with unknown, and install can be retried', () => {
    const host = createFakeHost({ os })
    const boom = new Error('boom')
    const w = globals() as {
      webkit?: { messageHandlers: { minikit: { postMessage: unknown } } }
      Android?: { postMessage: unknown }
    }
    const target = os === 'ios' ? w.webkit?.messageHandlers.minikit : w.Android
    const original = target?.postMessage
    if (target)
      target.postMessage = () => {
        throw boom
      }
    expect(install('app_123')).toStrictEqual({ success: false, errorCode: 'unknown', errorMessage: 'Failed to install MiniKit.' })
    expect(error).toHaveBeenCalledExactlyOnceWith('Failed to install MiniKit.', boom)
    expect(globals().MiniKit).toBeUndefined()
    expect(state.installed).toBe(false)
    expect(isInstalled()).toBe(false)

    if (target) target.postMessage = original
    expect(install('app_123')).toStrictEqual({ success: true })
    expect(host.messages[0]).toStrictEqual(INIT)
  })

  test('behavior: no native handler still installs, as the official does; commands then reject at once', async () => {
    createFakeHost({ os })
    delete globals().webkit
    delete globals().Android
    expect(install('app_123')).toStrictEqual({ success: true })
    expect(isInstalled()).toBe(true)
    await expect(signMessage({ message: 'hi' })).rejects.toMatchObject({ name: 'HostUnavailableError' })
    // The permissions read is not attempted, so a test setup's console stays quiet.
    await flush()
    expect(error).not.toHaveBeenCalled()
  })

  test('behavior: a fresh window (no window.MiniKit) can install again, as with the official', () => {
    createFakeHost({ os })
    expect(install('app_123')).toStrictEqual({ success: true })
    expect(install('app_123')).toMatchObject({ success: false, errorCode: 'already_installed' })
    // A test setup swaps the window: the globals go, module state stays.
    delete globals().MiniKit
    const host = createFakeHost({ os, version: 2087950 })
    expect(install('app_456')).toStrictEqual({ success: true })
    expect(host.messages[0]).toStrictEqual(INIT)
    expect(state.deviceProperties.worldAppVersion).toBe(2087950)
    expect(state.config.appId).toBe('app_456')
  })

  test('behavior: a World App without the commands added after 1.9.6 (chat, attestation, close-miniapp) installs; they stay unavailable', () => {
    const later = ['chat', 'attestation', 'close-miniapp']
    createFakeHost({ os, supported: allCommands().filter((command) => !later.includes(command.name)) })
    expect(install('app_123')).toStrictEqual({ success: true })
    for (const command of later) {
      expect(state.available[command as keyof typeof state.available]).toBe(false)
      expect(warn).toHaveBeenCalledWith(`Command ${command} is not supported by the app. Try updating the app version`)
    }
    expect(state.available['wallet-auth']).toBe(true)
  })

  test('error: a missing command gives app_out_of_date; the other commands still work', async () => {
    const host = createFakeHost({
      os,
      supported: allCommands().filter((command) => command.name !== 'pay'),
      respond: { 'sign-message': () => ({ status: 'success', signature: '0xsig', address: '0xabc', version: 1 }) },
    })
    expect(install('app_123')).toStrictEqual({
      success: false,
      errorCode: 'app_out_of_date',
      errorMessage: 'WorldApp is out of date. Please update the app.',
    })
    expect(warn).toHaveBeenCalledExactlyOnceWith('Command pay is not supported by the app. Try updating the app version')
    expect(isInstalled()).toBe(true)
    await expect(signMessage({ message: 'hi' })).resolves.toStrictEqual({
      status: 'success',
      signature: '0xsig',
      address: '0xabc',
      version: 1,
    })
    const sent = host.messages.length
    await expect(
      pay({ reference: 'r1', to: '0xabc', tokens: [{ symbol: 'WLD', token_amount: '1' }], description: 'tip' }),
    ).rejects.toMatchObject({
      name: 'CommandUnavailableError',
      shortMessage: "'pay' command is unavailable. Check MiniKit.install() or update the app version",
    })
    expect(host.messages).toHaveLength(sent)
  })
})

describe('install: outside World App', () => {
  test('error: no window.WorldApp returns outside_of_worldapp', () => {
    expect(install('app_123')).toStrictEqual({
      success: false,
      errorCode: 'outside_of_worldapp',
      errorMessage: 'MiniApp launched outside of WorldApp.',
    })
    expect(state.installed).toBe(false)
    expect(globals().MiniKit).toBeUndefined()
    // As in the official toolkit, the app id is stored before the World App check.
    expect(state.config.appId).toBe('app_123')
  })

  test('behavior: a later install inside World App still succeeds', () => {
    expect(install('app_123')).toMatchObject({ errorCode: 'outside_of_worldapp' })
    createFakeHost()
    expect(install('app_123')).toStrictEqual({ success: true })
  })
})

describe('install: parameters', () => {
  test('parameters: appId as a string', () => {
    createFakeHost()
    install('app_string')
    expect(state.config.appId).toBe('app_string')
    expect(warn).not.toHaveBeenCalled()
  })

  test('parameters: options object with appId, usernamesUrl, rpcUrl and timeout', () => {
    createFakeHost()
    install({ appId: 'app_object', usernamesUrl: 'https://names.test', rpcUrl: 'https://rpc.test', timeout: 5000 })
    expect(state.config).toStrictEqual({
      appId: 'app_object',
      usernamesUrl: 'https://names.test',
      rpcUrl: 'https://rpc.test',
      timeout: 5000,
    })
  })

  test('parameters: undefined options keep the defaults', () => {
    createFakeHost()
    install({ appId: 'app_1', usernamesUrl: undefined, timeout: undefined })
    expect(state.config).toStrictEqual({
      appId: 'app_1',
      usernamesUrl: DEFAULT_USERNAMES_URL,
      rpcUrl: undefined,
      timeout: undefined,
    })
  })

  test.each([
    ['no argument', undefined],
    ['an empty object', {}],
    ['an empty string', ''],
    ['options without appId', { timeout: 10 }],
  ])('parameters: %s warns "App ID not provided during install"', (_, options) => {
    createFakeHost()
    expect(install(options)).toStrictEqual({ success: true })
    expect(warn).toHaveBeenCalledExactlyOnceWith('App ID not provided during install')
    expect(state.config.appId).toBeNull()
  })

  test('behavior: install({timeout}) applies to the permissions read as well', async () => {
    vi.useFakeTimers()
    try {
      createFakeHost({ respond: { 'get-permissions': () => undefined } })
      install({ appId: 'app_1', timeout: 1000 })
      await vi.advanceTimersByTimeAsync(1000)
      expect(error).toHaveBeenCalledExactlyOnceWith(
        'Failed to read permissions',
        expect.objectContaining({
          name: 'CommandTimeoutError',
          shortMessage: "'getPermissions' did not receive a reply within 1000 ms",
        }),
      )
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('install: version gating over COMMAND_VERSIONS', () => {
  const table = Object.entries(COMMAND_VERSIONS) as [Command, number][]

  test('default: every command listed with its version is available, without warnings', () => {
    createFakeHost()
    expect(install('app_1')).toStrictEqual({ success: true })
    expect(state.available).toStrictEqual(Object.fromEntries(table.map(([name]) => [name, true])))
    expect(warn).not.toHaveBeenCalled()
  })

  describe.each(table)('%s (version %i)', (name, version) => {
    test('behavior: listed with a matching version → available', () => {
      createFakeHost({
        supported: [...allCommands().filter((c) => c.name !== name), { name, supported_versions: [version - 1, version] }],
      })
      expect(install('app_1')).toStrictEqual({ success: true })
      expect(state.available[name]).toBe(true)
      expect(warn).not.toHaveBeenCalled()
    })

    test('behavior: listed with other versions → available, with a warning', () => {
      const others = [version + 1, version + 2]
      createFakeHost({
        supported: allCommands().map((c) => (c.name === name ? { name, supported_versions: others } : c)),
      })
      expect(install('app_1')).toStrictEqual({ success: true })
      expect(state.available[name]).toBe(true)
      expect(warn).toHaveBeenCalledExactlyOnceWith(
        `Command ${name} version ${version} is not supported by the app. Supported versions: ${others.join(', ')}. This is not an error, but it is recommended to update the World App version.`,
      )
    })

    // Commands added after 1.9.6 (`optional` in the table) leave install successful.
    const optional = 'optional' in PROTOCOL[name]
    test(`behavior: unlisted → unavailable and ${optional ? 'still installed' : 'app_out_of_date'}, with a warning`, async () => {
      const host = createFakeHost({ supported: allCommands().filter((c) => c.name !== name) })
      expect(install('app_1')).toStrictEqual(
        optional
          ? { success: true }
          : { success: false, errorCode: 'app_out_of_date', errorMessage: 'WorldApp is out of date. Please update the app.' },
      )
      expect(state.available[name]).toBe(false)
      expect(warn).toHaveBeenCalledExactlyOnceWith(`Command ${name} is not supported by the app. Try updating the app version`)
      // Every other command stays available.
      for (const [other] of table) if (other !== name) expect(state.available[other]).toBe(true)
      // Without get-permissions the permissions read is skipped.
      expect(host.commands('get-permissions')).toHaveLength(name === 'get-permissions' ? 0 : 1)
      if (name === 'get-permissions') {
        await expect(getPermissions()).rejects.toMatchObject({
          name: 'CommandUnavailableError',
          shortMessage: "'getPermissions' command is unavailable. Check MiniKit.install() or update the app version",
        })
      }
    })
  })

  test('behavior: an empty supported list marks every command unavailable', () => {
    createFakeHost({ supported: [] })
    expect(install('app_1')).toMatchObject({ errorCode: 'app_out_of_date' })
    expect(warn).toHaveBeenCalledTimes(table.length)
    expect(Object.values(state.available).every((available) => available === false)).toBe(true)
  })

  test('behavior: checkCommands reports whether every command is supported', () => {
    expect(checkCommands(allCommands())).toBe(true)
    expect(checkCommands(allCommands().slice(1))).toBe(false)
  })
})

describe('isInstalled', () => {
  test('default', () => {
    createFakeHost()
    install('app_1')
    expect(isInstalled()).toBe(true)
    expect(error).not.toHaveBeenCalled()
  })

  test('error: before install it returns false and logs the spec message', () => {
    expect(isInstalled()).toBe(false)
    expect(error).toHaveBeenCalledExactlyOnceWith(NOT_INSTALLED)
  })

  test('error: after a failed install it returns false', () => {
    install('app_1')
    expect(isInstalled()).toBe(false)
    expect(error).toHaveBeenCalledExactlyOnceWith(NOT_INSTALLED)
  })

  test('error: false when window.MiniKit disappeared after install', () => {
    createFakeHost()
    install('app_1')
    delete globals().MiniKit
    expect(isInstalled()).toBe(false)
    expect(error).toHaveBeenCalledExactlyOnceWith(NOT_INSTALLED)
  })

  test('parameters: debug logs "MiniKit is alive!" when installed', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    createFakeHost()
    install('app_1')
    expect(isInstalled(true)).toBe(true)
    expect(log).toHaveBeenCalledExactlyOnceWith('MiniKit is alive!')
    expect(isInstalled()).toBe(true)
    expect(log).toHaveBeenCalledOnce()
  })
})
