// The eleven command hooks, table-driven against the built SDK and a fake
// World App: idle → pending → success with the host's reply, typed errors,
// stale-call protection and error replies.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, EVENT_OF, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let sdk: Fresh['sdk']
let lib: Fresh['lib']
let host: FakeHost | undefined

const address = `0x${'a'.repeat(40)}`
const timestamp = '2026-01-01T00:00:00.000Z'

interface Case {
  hook: keyof Fresh['lib']
  verb: string
  wire: string
  /** Arguments of a valid call (getPermissions takes options only). */
  args: unknown[]
  reply: Record<string, unknown>
  /** Invalid arguments and the SDK's exact InvalidPayloadError message. */
  invalid?: { args: unknown[]; message: string }
}

const cases: Case[] = [
  {
    hook: 'useWalletAuth',
    verb: 'walletAuth',
    wire: 'wallet-auth',
    args: [{ nonce: 'abcdef123456' }],
    reply: { status: 'success', message: 'siwe', signature: '0xsig', address, version: 2 },
    invalid: { args: [{ nonce: 'short' }], message: "'nonce' must be at least 8 characters" },
  },
  {
    hook: 'useVerify',
    verb: 'verify',
    wire: 'verify',
    args: [{ action: 'collect-drop', verification_level: 'device' }],
    reply: {
      status: 'success',
      proof: '0x01',
      merkle_root: '0x02',
      nullifier_hash: '0x03',
      verification_level: 'device',
      version: 1,
    },
    invalid: { args: [{ action: 42 }], message: "'action' must be a string or an ABI-encoded value" },
  },
  {
    hook: 'usePay',
    verb: 'pay',
    wire: 'pay',
    args: [
      { reference: 'ref-1', to: address, description: 'Tip', tokens: [{ symbol: 'WLD', token_amount: '1000000000000000000' }] },
    ],
    reply: {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: 'tx_1',
      reference: 'ref-1',
      from: address,
      chain: 'worldchain',
      timestamp,
      version: 1,
    },
    invalid: {
      args: [{ reference: 'r'.repeat(37), to: address, description: 'Tip', tokens: [{ symbol: 'WLD', token_amount: '1' }] }],
      message: 'Reference must not exceed 36 characters',
    },
  },
  {
    hook: 'useSendTransaction',
    verb: 'sendTransaction',
    wire: 'send-transaction',
    args: [{ transaction: [{ address, abi: [{ type: 'function', name: 'mint', inputs: [] }], functionName: 'mint', args: [] }] }],
    reply: {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: 'tx_2',
      from: address,
      chain: 'worldchain',
      timestamp,
      version: 1,
    },
    invalid: {
      args: [{ transaction: [{ address, abi: [], functionName: 'mint', args: [], value: 'ten' }] }],
      message: 'Transaction value must be a valid hex string',
    },
  },
  {
    hook: 'useSignMessage',
    verb: 'signMessage',
    wire: 'sign-message',
    args: [{ message: 'gm' }],
    reply: { status: 'success', signature: '0xsig', address, version: 1 },
    invalid: { args: [{ message: 1 }], message: "'message' must be a string" },
  },
  {
    hook: 'useSignTypedData',
    verb: 'signTypedData',
    wire: 'sign-typed-data',
    args: [{ types: { Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', message: { body: 'hi' } }],
    reply: { status: 'success', signature: '0xsig', address, version: 1 },
    invalid: { args: [{ types: {}, primaryType: 1, message: {} }], message: "'primaryType' must be a string" },
  },
  {
    hook: 'useShareContacts',
    verb: 'shareContacts',
    wire: 'share-contacts',
    args: [{ isMultiSelectEnabled: true }],
    reply: { status: 'success', contacts: [{ username: 'alice', walletAddress: address }], version: 1, timestamp },
    invalid: { args: [{ isMultiSelectEnabled: 'yes' }], message: "'isMultiSelectEnabled' must be a boolean" },
  },
  {
    hook: 'useRequestPermission',
    verb: 'requestPermission',
    wire: 'request-permission',
    args: [{ permission: 'notifications' }],
    reply: { status: 'success', permission: 'notifications', version: 1, timestamp },
    invalid: { args: [{ permission: 'camera' }], message: "'permission' must be notifications, contacts or microphone" },
  },
  {
    hook: 'useGetPermissions',
    verb: 'getPermissions',
    wire: 'get-permissions',
    args: [],
    reply: { status: 'success', permissions: { notifications: false, contacts: true }, version: 1, timestamp },
  },
  {
    hook: 'useSendHapticFeedback',
    verb: 'sendHapticFeedback',
    wire: 'send-haptic-feedback',
    args: [{ hapticsType: 'impact', style: 'light' }],
    reply: { status: 'success', version: 1, timestamp },
    invalid: {
      args: [{ hapticsType: 'buzz' }],
      message: "'hapticsType' must be notification, selection-changed or impact with a matching style",
    },
  },
  {
    hook: 'useShare',
    verb: 'share',
    wire: 'share',
    args: [{ text: 'Look what I found', url: 'https://worldmap.test/item/1' }],
    reply: { status: 'success', shared_files_count: 0, version: 1, timestamp },
    invalid: { args: [{ files: 'card.png' }], message: 'The "files" property must be an array.' },
  },
]

type Execute = (...args: unknown[]) => Promise<unknown>
interface HookValue {
  status: string
  data: unknown
  error: Error | null
  isIdle: boolean
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  reset(): void
  execute: Execute
  [verb: string]: unknown
}

function renderCommandHook(c: Case) {
  const hook = lib[c.hook] as () => HookValue
  return renderHook(() => hook())
}

beforeEach(async () => {
  ;({ sdk, lib } = await loadFresh())
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  // wallet-auth looks the signed-in wallet up in the usernames service.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([{ username: 'alice', profile_picture_url: null }])),
  )
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

/** Android host (share goes through the host there); replies only when told to. */
async function installHost() {
  host = createFakeHost({ os: 'android' })
  expect(sdk.install({ appId: 'app_test' })).toEqual({ success: true })
  // Let install's own permission read finish so it does not queue with ours.
  await waitFor(() => expect(sdk.miniKitState.user.permissions).toBeDefined())
  // From here on every reply is the test's to give.
  delete host.respond['get-permissions']
  return host
}

describe.each(cases)('$hook', (c) => {
  test('default: idle → pending → success with the host reply', async () => {
    const fake = await installHost()
    const { result } = renderCommandHook(c)
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, error: null, isIdle: true, isPending: false })
    // The command is exposed under its own name and as `execute`, both stable.
    expect(result.current[c.verb]).toBe(result.current.execute)

    let promise: Promise<unknown> | undefined
    act(() => {
      promise = (result.current[c.verb] as Execute)(...c.args)
    })
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, isSuccess: false, data: undefined })
    await waitFor(() => expect(fake.commands(c.wire)).toHaveLength(c.wire === 'get-permissions' ? 2 : 1))
    act(() => fake.reply(EVENT_OF[c.wire] as string, c.reply))
    await act(async () => {
      await expect(promise).resolves.toEqual(c.reply)
    })
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, isPending: false, data: c.reply, error: null })
  })

  test('behavior: an error reply from the host is data, not error', async () => {
    const fake = await installHost()
    const errorReply = { status: 'error', error_code: 'user_rejected', version: 1 }
    fake.respond[c.wire] = () => errorReply
    const { result } = renderCommandHook(c)
    await act(async () => {
      await expect(result.current.execute(...c.args)).resolves.toEqual(errorReply)
    })
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: errorReply, error: null })
  })

  test('behavior: a stale call never overwrites a newer call', async () => {
    const fake = await installHost()
    const first = { status: 'error', error_code: 'user_rejected', version: 1 }
    const { result } = renderCommandHook(c)
    let older: Promise<unknown> | undefined
    let newer: Promise<unknown> | undefined
    act(() => {
      older = result.current.execute(...c.args)
      newer = result.current.execute(...c.args)
    })
    const sent = c.wire === 'get-permissions' ? 1 : 0
    // The SDK queues calls of one command: the first is sent, the second waits.
    await waitFor(() => expect(fake.commands(c.wire)).toHaveLength(sent + 1))
    act(() => fake.reply(EVENT_OF[c.wire] as string, first))
    await act(async () => {
      await expect(older).resolves.toEqual(first)
    })
    // The older call resolved for its caller, but the hook still waits for the newer one.
    expect(result.current).toMatchObject({ status: 'pending', data: undefined })
    await waitFor(() => expect(fake.commands(c.wire)).toHaveLength(sent + 2))
    act(() => fake.reply(EVENT_OF[c.wire] as string, c.reply))
    await act(async () => {
      await expect(newer).resolves.toEqual(c.reply)
    })
    expect(result.current).toMatchObject({ status: 'success', data: c.reply })
  })

  test('error: unavailable command rejects with CommandUnavailableError and sets error', async () => {
    // Not installed: the SDK rejects at once, nothing hangs.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = renderCommandHook(c)
    let caught: unknown
    await act(async () => {
      caught = await result.current.execute(...c.args).catch((error: unknown) => error)
    })
    expect(caught).toBeInstanceOf(sdk.CommandUnavailableError)
    expect((caught as InstanceType<typeof sdk.CommandUnavailableError>).shortMessage).toBe(
      `'${c.verb}' command is unavailable. Check MiniKit.install() or update the app version`,
    )
    expect(result.current).toMatchObject({ status: 'error', isError: true, data: undefined })
    expect(result.current.error).toBe(caught)
  })
})

describe.each(cases.filter((c): c is Case & Required<Pick<Case, 'invalid'>> => c.invalid !== undefined))('$hook', (c) => {
  test('error: invalid input rejects with InvalidPayloadError and nothing is sent', async () => {
    const fake = await installHost()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = renderCommandHook(c)
    let caught: unknown
    await act(async () => {
      caught = await result.current.execute(...c.invalid.args).catch((error: unknown) => error)
    })
    expect(caught).toBeInstanceOf(sdk.InvalidPayloadError)
    expect((caught as InstanceType<typeof sdk.InvalidPayloadError>).shortMessage).toBe(c.invalid.message)
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: caught })
    expect(fake.commands(c.wire)).toHaveLength(0)
  })
})

test('behavior: useGetPermissions passes its options (timeout → CommandTimeoutError)', async () => {
  await installHost()
  const { result } = renderHook(() => lib.useGetPermissions())
  let caught: unknown
  await act(async () => {
    caught = await result.current.getPermissions({ timeout: 5 }).catch((error: unknown) => error)
  })
  expect(caught).toBeInstanceOf(sdk.CommandTimeoutError)
  expect(result.current.error).toBe(caught)
})

test('behavior: an unmounted component is left alone; the call still settles', async () => {
  const fake = await installHost()
  const errors = vi.spyOn(console, 'error')
  const { result, unmount } = renderHook(() => lib.useSignMessage())
  let promise: Promise<unknown> | undefined
  act(() => {
    promise = result.current.signMessage({ message: 'bye' })
  })
  unmount()
  await waitFor(() => expect(fake.commands('sign-message')).toHaveLength(1))
  fake.reply('miniapp-sign-message', { status: 'success', signature: '0xsig', address, version: 1 })
  await expect(promise).resolves.toMatchObject({ signature: '0xsig' })
  expect(errors).not.toHaveBeenCalled()
  expect(result.current.status).toBe('pending')
})
