// Differential tests of the 2.x commands (all but the wallet ones) against
// official 2.0.3: the same `MiniKit.<command>(input)` calls, on iOS and
// Android fake hosts, through the official MiniKit and ours, comparing what
// each posts on the wire (the raw value the native handler receives: an
// object on iOS, a JSON string on Android) and what each resolves with or
// rejects with (the error's class name and the fields the official error has).
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../test/official203.js'
import * as commands from '../exports/commands.js'
import { MiniKit } from '../facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any
type Supported = Array<{ name: string; supported_versions: number[] }>

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let supported: Supported

beforeAll(async () => {
  official = await importOfficial203()
  officialCommands = await importOfficial203('commands')
  // Today's World App: every command official 2.0.3 knows, at its version.
  supported = await official203Commands()
})

afterEach(() => {
  resetAll()
  vi.useRealTimers()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

interface Run {
  /** No `os`: the page runs outside World App (no host at all). */
  os?: Os
  respond?: Record<string, Responder>
  /** Leave these commands out of `supported_commands` (a World App too old for them). */
  without?: string[]
}

type Outcome = { value: unknown } | { error: Error }

/** Install `kit` on a fresh fake host (or none), run `act`, and return what it gave back and what the host received. */
async function run(kit: AnyKit, { os, respond, without = [] }: Run, act: (kit: AnyKit) => unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  // One official module serves every test; its install only ever marks
  // commands available. Start each run as a fresh page would.
  if (kit === official.MiniKit) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  const host = os ? createFakeHost({ os, respond, supported: supported.filter(({ name }) => !without.includes(name)) }) : null
  if (host) {
    kit.install('app_test')
    await flush()
    host.raw.length = 0
  }
  let outcome: Outcome
  try {
    outcome = { value: await act(kit) }
  } catch (error) {
    outcome = { error: error as Error }
  }
  return { outcome, raw: host?.raw ?? [] }
}

// The fields an official 2.x error carries besides its message.
const ERROR_FIELDS = ['code', 'error_code', 'reason'] as const

/** An outcome as compared: the value, or the error's class name and the fields the official error has. */
function view(outcome: Outcome, fields: readonly string[]) {
  if ('value' in outcome) return outcome
  const error = outcome.error as unknown as Record<string, unknown>
  return { rejected: error.name, ...Object.fromEntries(fields.map((field) => [field, error[field]])) }
}

/** Run the same call through official 2.0.3 and ours; both, as compared. */
async function both(options: Run, act: (kit: AnyKit) => unknown) {
  const theirs = await run(official.MiniKit, options, act)
  const ours = await run(MiniKit, options, act)
  const theirError = 'error' in theirs.outcome ? theirs.outcome.error : undefined
  const fields = theirError ? ERROR_FIELDS.filter((field) => field in theirError) : []
  return {
    theirs: { outcome: view(theirs.outcome, fields), raw: theirs.raw },
    ours: { outcome: view(ours.outcome, fields), raw: ours.raw },
  }
}

/** Messages as World App reads them: JSON (an `undefined` key and key order do not reach it). */
const asJson = (raw: unknown[]) => raw.map((value) => JSON.parse(typeof value === 'string' ? value : JSON.stringify(value)))

const at = '2026-01-01T00:00:00.000Z'
const payInput = {
  reference: 'order-17',
  to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
  tokens: [{ symbol: 'WLD', token_amount: '1000000000000000000' }],
  description: 'A golden map',
}

/** One 2.x command: how to call it, and World App's answers. */
interface Case {
  method: string
  wire: string
  input?: Record<string, unknown>
  success: Record<string, unknown>
  error: Record<string, unknown>
  /** The official error class of an error reply. */
  errorName: string
}

const cases: Case[] = [
  {
    method: 'pay',
    errorName: 'PayError',
    wire: 'pay',
    input: payInput,
    success: {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: 'tx_1',
      reference: 'order-17',
      from: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
      chain: 'worldchain',
      timestamp: at,
      version: 1,
    },
    error: { status: 'error', error_code: 'insufficient_balance', version: 1 },
  },
  {
    method: 'shareContacts',
    errorName: 'ShareContactsError',
    wire: 'share-contacts',
    input: { isMultiSelectEnabled: true, inviteMessage: 'Join me on WorldMap' },
    success: {
      status: 'success',
      contacts: [{ username: 'alice', walletAddress: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A', profilePictureUrl: null }],
      timestamp: at,
      version: 1,
    },
    error: { status: 'error', error_code: 'user_rejected', version: 1 },
  },
  {
    method: 'chat',
    errorName: 'ChatError',
    wire: 'chat',
    input: { message: 'Meet at the mill?', to: ['alice'] },
    success: { status: 'success', count: 1, timestamp: at, version: 1 },
    error: { status: 'error', error_code: 'send_failed', version: 1 },
  },
  {
    method: 'getPermissions',
    errorName: 'GetPermissionsError',
    wire: 'get-permissions',
    success: { status: 'success', permissions: { notifications: true, contacts: false }, timestamp: at, version: 1 },
    error: { status: 'error', error_code: 'generic_error', details: 'Could not read the settings', version: 1 },
  },
  {
    method: 'requestPermission',
    errorName: 'RequestPermissionError',
    wire: 'request-permission',
    input: { permission: 'notifications' },
    success: { status: 'success', permission: 'notifications', timestamp: at, version: 1 },
    error: { status: 'error', error_code: 'already_granted', description: 'Already granted', version: 1 },
  },
  {
    method: 'sendHapticFeedback',
    errorName: 'SendHapticFeedbackError',
    wire: 'send-haptic-feedback',
    input: { hapticsType: 'impact', style: 'light' },
    success: { status: 'success', timestamp: at, version: 1 },
    error: { status: 'error', error_code: 'generic_error', version: 1 },
  },
  {
    method: 'attestation',
    errorName: 'AttestationError',
    wire: 'attestation',
    input: { requestHash: '0xab12' },
    success: { status: 'success', token: 'eyJhbGciOiJFUzI1NiJ9.eyJyIjoiMHhhYiJ9.c2ln', version: 1 },
    error: { status: 'error', error_code: 'integrity_failed', description: 'Integrity check failed', version: 1 },
  },
]

const call = (method: string, input?: Record<string, unknown>) => (kit: AnyKit) =>
  input === undefined ? kit[method]() : kit[method](input)

describe.each(['ios', 'android'] as const)('official 2.0.3 commands, same input (%s host)', (os) => {
  describe.each(cases)('$method', ({ method, wire, input, success, error, errorName }) => {
    test('default: posts the same message and resolves with the same data on a success reply', async () => {
      const { theirs, ours } = await both({ os, respond: { [wire]: () => success } }, call(method, input))
      expect(theirs.raw).toHaveLength(1)
      expect(theirs.outcome).toMatchObject({ value: { executedWith: 'minikit' } })
      expect(ours).toStrictEqual(theirs)
    })

    test('error: an error reply rejects with the same class and code', async () => {
      const { theirs, ours } = await both({ os, respond: { [wire]: () => error } }, call(method, input))
      expect(theirs.outcome).toMatchObject({ rejected: errorName })
      expect(ours).toStrictEqual(theirs)
    })

    test('error: a World App without the command rejects with CommandUnavailableError (oldAppVersion), nothing sent', async () => {
      const { theirs, ours } = await both({ os, without: [wire] }, call(method, input))
      expect(theirs.outcome).toStrictEqual({ rejected: 'CommandUnavailableError', reason: 'oldAppVersion' })
      expect(theirs.raw).toStrictEqual([])
      expect(ours).toStrictEqual(theirs)
    })
  })
})

describe.each(cases)('official 2.0.3 $method outside World App', ({ method, input }) => {
  test('behavior: runs the fallback and resolves with its result, nothing sent', async () => {
    const withFallback = (kit: AnyKit) => kit[method]({ ...input, fallback: async () => ({ web: true }) })
    const { theirs, ours } = await both({}, withFallback)
    expect(theirs.outcome).toStrictEqual({ value: { executedWith: 'fallback', data: { web: true } } })
    expect(ours).toStrictEqual(theirs)
  })

  test('error: without a fallback rejects with CommandUnavailableError (notInWorldApp)', async () => {
    const { theirs, ours } = await both({}, call(method, input))
    expect(theirs.outcome).toStrictEqual({ rejected: 'CommandUnavailableError', reason: 'notInWorldApp' })
    expect(ours).toStrictEqual(theirs)
  })
})

describe.each(['ios', 'android'] as const)('official 2.0.3 commands, invalid input (%s host)', (os) => {
  test.each([
    ['pay', { ...payInput, reference: 'x'.repeat(37) }],
    ['chat', { message: '' }],
    ['attestation', { requestHash: '' }],
  ])(
    'error: %s rejects before anything is sent (official: a plain Error; ours: InvalidPayloadError, the listed difference)',
    async (method, input) => {
      const { theirs, ours } = await both({ os }, call(method, input))
      expect(theirs).toStrictEqual({ outcome: { rejected: 'Error' }, raw: [] })
      expect(ours).toStrictEqual({ outcome: { rejected: 'InvalidPayloadError' }, raw: [] })
    },
  )

  test.each([
    ['requestPermission', 'request-permission', { permission: 'camera' }],
    ['sendHapticFeedback', 'send-haptic-feedback', { hapticsType: 'impact', style: 'huge' }],
    ['shareContacts', 'share-contacts', { isMultiSelectEnabled: 'yes' }],
  ])(
    'error: %s with input World App does not know: the official sends it, ours rejects with InvalidPayloadError (the listed difference)',
    async (method, wire, input) => {
      const refused = () => ({ status: 'error', error_code: 'generic_error', version: 1 })
      const { theirs, ours } = await both({ os, respond: { [wire]: refused } }, call(method, input))
      expect(theirs.raw).toHaveLength(1)
      expect(ours).toMatchObject({ outcome: { rejected: 'InvalidPayloadError' }, raw: [] })
    },
  )
})

describe.each(['ios', 'android'] as const)('official 2.0.3 closeMiniApp, shareContacts defaults, getContacts (%s host)', (os) => {
  test('default: closeMiniApp posts close-miniapp and resolves at once with success (World App answers nothing)', async () => {
    const { theirs, ours } = await both({ os }, (kit) => kit.closeMiniApp())
    expect(theirs.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: { status: 'success', version: 1 } } })
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: closeMiniApp in a World App without it rejects with CommandUnavailableError (oldAppVersion)', async () => {
    const { theirs, ours } = await both({ os, without: ['close-miniapp'] }, (kit) => kit.closeMiniApp())
    expect(theirs).toStrictEqual({ outcome: { rejected: 'CommandUnavailableError', reason: 'oldAppVersion' }, raw: [] })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: shareContacts() with no input asks for a single contact', async () => {
    const reply = cases.find(({ method }) => method === 'shareContacts')?.success
    const { theirs, ours } = await both({ os, respond: { 'share-contacts': () => reply } }, (kit) => kit.shareContacts())
    expect(asJson(theirs.raw)).toStrictEqual([
      { command: 'share-contacts', version: 1, payload: { isMultiSelectEnabled: false } },
    ])
    expect(theirs.outcome).toMatchObject({ value: { executedWith: 'minikit', data: { timestamp: at } } })
    expect(ours.outcome).toStrictEqual(theirs.outcome)
    // iOS receives the object itself: the official's carries `inviteMessage: undefined`, ours leaves the key out.
    expect(asJson(ours.raw)).toStrictEqual(asJson(theirs.raw))
  })
})

describe.each(['ios', 'android'] as const)('official 2.0.3 share (%s host)', (os) => {
  const card = () => new File(['golden compass'], 'find.txt', { type: 'text/plain' })
  const shareSuccess = { status: 'success', shared_files_count: 1, timestamp: at, version: 1 }

  test('default: shares a file and resolves with the same data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(at))
    const sheet = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: sheet, configurable: true })
    const act = (kit: AnyKit) => kit.share({ files: [card()], title: 'My find' })
    const { theirs, ours } = await both({ os, respond: { share: () => shareSuccess } }, act)
    expect(theirs.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: shareSuccess } })
    expect(ours.outcome).toStrictEqual(theirs.outcome)
    // Android gets the file inlined as base64; iOS the input itself (the sheet is the browser's).
    expect(asJson(ours.raw)).toStrictEqual(asJson(theirs.raw))
    expect(sheet).toHaveBeenCalledTimes(os === 'ios' ? 2 : 0)
  })

  test('error: a failed share rejects (Android: ShareError from the reply in both; iOS: the listed difference)', async () => {
    const closed = Object.assign(new Error('Share canceled'), { name: 'AbortError' })
    Object.defineProperty(navigator, 'share', { value: vi.fn(async () => Promise.reject(closed)), configurable: true })
    const reply = { status: 'error', error_code: 'user_rejected', version: 1 }
    const { theirs, ours } = await both({ os, respond: { share: () => reply } }, (kit) => kit.share({ text: 'My find' }))
    if (os === 'android') {
      expect(theirs.outcome).toStrictEqual({ rejected: 'ShareError', error_code: 'user_rejected' })
      expect(ours).toStrictEqual(theirs)
    } else {
      // The official rejects with the browser's AbortError; ours with ShareError('user_rejected'), as on Android.
      expect(theirs.outcome).toStrictEqual({ rejected: 'AbortError' })
      expect(ours.outcome).toStrictEqual({ rejected: 'ShareError' })
      // The official's message also carries the keys left out, as `undefined`.
      expect(asJson(ours.raw)).toStrictEqual(asJson(theirs.raw))
    }
  })
})

test('behavior: getContacts is shareContacts, in both', () => {
  expect(officialCommands.getContacts).toBe(officialCommands.shareContacts)
  expect(commands.getContacts).toBe(commands.shareContacts)
})

describe.each(['ios', 'android'] as const)('official 2.0.3 ./commands functions called directly (%s host)', (os) => {
  test('behavior: the same message is posted; ours resolves, the official never settles (the listed difference)', async () => {
    const reply = cases.find(({ method }) => method === 'chat')?.success
    const input = { message: 'Meet at the mill?' }
    let settled = false
    const theirs = await run(official.MiniKit, { os, respond: { chat: () => reply } }, async () => {
      // The official function listens on a fresh event manager that no reply reaches.
      officialCommands.chat(input).finally(() => {
        settled = true
      })
      for (let tick = 0; tick < 5; tick++) await flush()
      return settled
    })
    const ours = await run(MiniKit, { os, respond: { chat: () => reply } }, () => commands.chat(input))
    expect(theirs.outcome).toStrictEqual({ value: false })
    expect(ours.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: reply } })
    expect(asJson(ours.raw)).toStrictEqual(asJson(theirs.raw))
    expect(theirs.raw).toHaveLength(1)
  })
})

test.each(['ios', 'android'] as const)(
  'default: pay in a token official 2.x added (EURC) is sent and resolves as in the official (%s host)',
  async (os) => {
    const reply = cases.find(({ method }) => method === 'pay')?.success
    const input = {
      ...payInput,
      tokens: [{ symbol: commands.Tokens.EURC, token_amount: commands.tokenToDecimals(2, commands.Tokens.EURC) }],
    }
    const { theirs, ours } = await both({ os, respond: { pay: () => reply } }, (kit) => kit.pay(input))
    expect(asJson(theirs.raw)[0]).toMatchObject({ payload: { tokens: [{ symbol: 'EURC', token_amount: '2000000' }] } })
    expect(ours).toStrictEqual(theirs)
  },
)
