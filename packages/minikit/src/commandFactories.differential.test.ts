// Differential tests of official 1.11.0's command factories and MiniKit
// internals: a command made by `create<Command>Command(MiniKit.getContext())`
// (or its async twin) through the official package and through ours, the same
// input on the same iOS / Android fake host, comparing what each posts on the
// wire (the raw value the native handler receives) and what each returns or
// resolves with.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../test/fakeHost.js'
import { importOfficial111 } from '../test/official111.js'
import * as root from './exports/index.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both modules are driven through the official's untyped call sites.
type AnyModule = Record<string, any>

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const NOW = new Date('2025-06-10T12:00:00.000Z')
const ABI = [
  { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] },
]

let official: AnyModule
let supported: Array<{ name: string; supported_versions: number[] }>
beforeAll(async () => {
  official = await importOfficial111()
  supported = Object.entries(official.COMMAND_VERSIONS as Record<string, number>).map(([name, version]) => ({
    name,
    supported_versions: [version],
  }))
})
afterEach(() => {
  vi.useRealTimers()
  resetAll()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Install `module`'s MiniKit on a fresh fake host, run `act` with the module, return what it gave back and what the host received. */
async function run(module: AnyModule, os: Os, respond: Record<string, Responder>, act: (module: AnyModule) => unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const host = createFakeHost({ os, respond, supported })
  // One official module serves every test: start each run as a fresh page would.
  if (module === official) for (const { name } of supported) official.setCommandAvailable(name, false)
  module.MiniKit.install('app_test')
  await flush()
  host.raw.length = 0
  host.messages.length = 0
  let returned: unknown
  try {
    returned = { value: await act(module) }
  } catch (error) {
    returned = { rejected: (error as Error).message }
  }
  // Our install also reads the permissions (get-permissions) in the background; not part of these calls.
  const raw = host.raw.filter((message) => !JSON.stringify(message).includes('get-permissions'))
  return { returned, raw }
}

async function both(os: Os, act: (module: AnyModule) => unknown, respond: Record<string, Responder> = {}) {
  const theirs = await run(official, os, respond, act)
  const ours = await run(root, os, respond, act)
  return { theirs, ours }
}

/**
 * A run with each posted message parsed (Android posts JSON text, iOS the object),
 * keeping how it was posted: JSON key order, which World App's parser ignores,
 * then does not count (our schemas emit an ABI entry's keys in their own order).
 */
const parsed = ({ returned, raw }: { returned: unknown; raw: unknown[] }) => ({
  returned,
  posted: raw.map((message) => ({ as: typeof message, message: typeof message === 'string' ? JSON.parse(message) : message })),
})

const reply = (extra: object) => () => ({ status: 'success', version: 1, ...extra })

// Each factory pair with an input and the host's success reply. The SIWE
// message of wallet-auth carries the clock, so Date is fixed for every case.
const CASES: Array<[name: string, input: unknown, wire: string, answer: Responder]> = [
  [
    'Pay',
    { reference: 'ref-1', to: ADDRESS, tokens: [{ symbol: 'WLD', token_amount: '1000' }], description: 'tip' },
    'pay',
    reply({
      transaction_status: 'submitted',
      transaction_id: 'tx_1',
      reference: 'ref-1',
      from: ADDRESS,
      chain: 'worldchain',
      timestamp: NOW.toISOString(),
    }),
  ],
  [
    'WalletAuth',
    { nonce: 'abcdefgh12', statement: 'Sign in' },
    'wallet-auth',
    reply({ message: 'siwe', signature: '0xabcd', address: ADDRESS, version: 2 }),
  ],
  [
    'SendTransaction',
    { transaction: [{ address: ADDRESS, abi: ABI, functionName: 'mint', args: ['5'] }] },
    'send-transaction',
    reply({
      transaction_status: 'submitted',
      transaction_id: 'tx_1',
      from: ADDRESS,
      chain: 'worldchain',
      timestamp: NOW.toISOString(),
    }),
  ],
  [
    'Verify',
    { action: 'collect', signal: 'x', verification_level: 'device' },
    'verify',
    reply({ proof: '0x01', merkle_root: '0x02', nullifier_hash: '0x03', verification_level: 'device' }),
  ],
  ['SignMessage', { message: 'hello' }, 'sign-message', reply({ signature: '0xabcd', address: ADDRESS })],
  [
    'SignTypedData',
    { types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'd1' } },
    'sign-typed-data',
    reply({ signature: '0xabcd', address: ADDRESS }),
  ],
  [
    'ShareContacts',
    { isMultiSelectEnabled: false, inviteMessage: 'Join' },
    'share-contacts',
    reply({ contacts: [{ username: 'alice', walletAddress: ADDRESS, profilePictureUrl: null }], timestamp: NOW.toISOString() }),
  ],
  [
    'RequestPermission',
    { permission: 'notifications' },
    'request-permission',
    reply({ permission: 'notifications', timestamp: NOW.toISOString() }),
  ],
  [
    'SendHapticFeedback',
    { hapticsType: 'impact', style: 'light' },
    'send-haptic-feedback',
    reply({ timestamp: NOW.toISOString() }),
  ],
  ['Chat', { message: 'Meet at the mill?', to: ['alice'] }, 'chat', reply({ count: 1, timestamp: NOW.toISOString() })],
  ['Attestation', { requestHash: '0xab12' }, 'attestation', reply({ token: 'eyJhbGciOiJFUzI1NiJ9.eyJyIjoiMHhhYiJ9.c2ln' })],
]

describe.each(['ios', 'android'] as const)('official 1.11.0 factories, same input (%s host)', (os) => {
  beforeEach(() => {
    // Only Date (verify and wallet-auth stamp it): the fake host answers on real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })

  test.each(CASES)(
    'default: create%sCommand(ctx) posts the same message and returns the same payload',
    async (name, input, wire) => {
      const { theirs, ours } = await both(os, (module) => module[`create${name}Command`](module.MiniKit.getContext())(input))
      expect(theirs.raw).toHaveLength(1)
      expect(JSON.stringify(theirs.raw[0])).toContain(wire)
      expect(parsed(ours)).toStrictEqual(parsed(theirs))
    },
  )

  test.each(CASES)(
    'default: create%sAsyncCommand(ctx, sync) resolves with the same payloads',
    async (name, input, wire, answer) => {
      const act = (module: AnyModule) => {
        const context = module.MiniKit.getContext()
        return module[`create${name}AsyncCommand`](context, module[`create${name}Command`](context))(input)
      }
      const { theirs, ours } = await both(os, act, { [wire]: answer })
      expect(theirs.returned).toMatchObject({ value: { finalPayload: { status: 'success' } } })
      expect(parsed(ours)).toStrictEqual(parsed(theirs))
    },
  )

  test('default: createGetPermissionsCommand and its async twin', async () => {
    const answer = reply({ permissions: { notifications: true, contacts: false, microphone: false } })
    const sync = await both(os, (module) => module.createGetPermissionsCommand(module.MiniKit.getContext())())
    expect(sync.theirs.returned).toStrictEqual({ value: { status: 'sent' } })
    expect(sync.ours.returned).toStrictEqual(sync.theirs.returned)
    const act = (module: AnyModule) => {
      const context = module.MiniKit.getContext()
      return module.createGetPermissionsAsyncCommand(context, module.createGetPermissionsCommand(context))()
    }
    const async = await both(os, act, { 'get-permissions': answer })
    expect(async.ours.returned).toStrictEqual(async.theirs.returned)
  })

  test('default: createCloseMiniAppCommand posts close-miniapp and returns true', async () => {
    const { theirs, ours } = await both(os, (module) => module.createCloseMiniAppCommand(module.MiniKit.getContext())())
    expect(theirs.returned).toStrictEqual({ value: true })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: createVerifyCommand posts the same verify request', async () => {
    const input = { action: 'collect', signal: 'x', verification_level: 'device' }
    const { theirs, ours } = await both(os, (module) => module.createVerifyCommand(module.MiniKit.getContext())(input))
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a factory-made command with invalid input returns null and posts nothing, as the official', async () => {
    const { theirs, ours } = await both(os, (module) => module.createChatCommand(module.MiniKit.getContext())({ message: '' }))
    expect(theirs).toStrictEqual({ returned: { value: null }, raw: [] })
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a factory-made async command for an unavailable command rejects in both', async () => {
    const { theirs, ours } = await both(os, (module) => {
      module.setCommandAvailable('attestation', false)
      const context = module.MiniKit.getContext()
      return module.createAttestationAsyncCommand(context, module.createAttestationCommand(context))({ requestHash: '0xab12' })
    })
    expect(theirs.returned).toMatchObject({ rejected: expect.any(String) })
    expect(ours.returned).toMatchObject({ rejected: expect.any(String) })
    expect(ours.raw).toStrictEqual(theirs.raw)
  })

  test('default: createCommands and createAsyncCommands hold the official command names', async () => {
    const { theirs, ours } = await both(os, (module) => {
      const context = module.MiniKit.getContext()
      const commands = module.createCommands(context)
      return { sync: Object.keys(commands).sort(), async: Object.keys(module.createAsyncCommands(context, commands)).sort() }
    })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: commands from createCommands post as MiniKit.commands do', async () => {
    const { theirs, ours } = await both(os, (module) =>
      module.createCommands(module.MiniKit.getContext()).signMessage({ message: 'hi' }),
    )
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })
})

// On iOS both also open the native sheet (navigator.share), which happy-dom lacks: a stub stands in for it.
test.each(['ios', 'android'] as const)(
  'default: createShareCommand posts the same share and returns the input (%s host)',
  async (os) => {
    const share = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true })
    const { theirs, ours } = await both(os, async (module) => {
      const result = module.createShareCommand(module.MiniKit.getContext())({ text: 'Join me', url: 'https://worldmap.example' })
      await flush()
      return result
    })
    Reflect.deleteProperty(navigator, 'share')
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
    expect(share).toHaveBeenCalledTimes(os === 'ios' ? 2 : 0)
  },
)

describe.each(['ios', 'android'] as const)('official 1.11.0 MiniKit internals (%s host)', (os) => {
  test('default: getContext holds the event and state managers; state reads as MiniKit does', async () => {
    const { theirs, ours } = await both(os, (module) => {
      const { events, state } = module.MiniKit.getContext()
      return {
        same: events === module.MiniKit.eventManager && state === module.MiniKit.stateManager,
        appId: state.appId,
        isReady: state.isReady,
        deviceOS: state.deviceProperties.deviceOS,
        worldAppVersion: state.user.worldAppVersion,
        location: state.location,
      }
    })
    expect(theirs.returned).toMatchObject({ value: { same: true, appId: 'app_test', isReady: true, deviceOS: os } })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: a handler subscribed on eventManager gets what eventManager.trigger delivers', async () => {
    const { theirs, ours } = await both(os, (module) => {
      const seen: unknown[] = []
      module.MiniKit.eventManager.subscribe('miniapp-share', (payload: unknown) => seen.push(payload))
      module.MiniKit.eventManager.trigger('miniapp-share', { status: 'success', shared_files_count: 0, version: 1 })
      module.MiniKit.eventManager.unsubscribe('miniapp-share')
      module.MiniKit.eventManager.trigger('miniapp-share', { status: 'success', shared_files_count: 1, version: 1 })
      return seen
    })
    expect(theirs.returned).toStrictEqual({ value: [{ status: 'success', shared_files_count: 0, version: 1 }] })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: stateManager.user and appId are MiniKit.user and appId, both ways', async () => {
    const { theirs, ours } = await both(os, (module) => {
      module.MiniKit.stateManager.user = { username: 'alice' }
      module.MiniKit.appId = 'app_other'
      return { user: module.MiniKit.user, appId: module.MiniKit.stateManager.appId }
    })
    expect(theirs.returned).toStrictEqual({ value: { user: { username: 'alice' }, appId: 'app_other' } })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: commandsInstance and asyncCommandsInstance are MiniKit.commands and commandsAsync once read', async () => {
    const { theirs, ours } = await both(os, (module) => ({
      commands: module.MiniKit.commands === module.MiniKit.commandsInstance,
      async: module.MiniKit.commandsAsync === module.MiniKit.asyncCommandsInstance,
    }))
    expect(theirs.returned).toStrictEqual({ value: { commands: true, async: true } })
    expect(ours).toStrictEqual(theirs)
  })
})
