// Official 2.0.3's own README (its "v2 -> v3 Migration Highlights") shows
// `MiniKit.sendTransaction({ transaction: [{ address, data, abi, functionName,
// args }] })` with `chainId` optional ("defaults to 480 on World App"). The
// package it ships with refuses that call: 2.0.3 reads `chainId` as given
// (no default) and only `transactions`. These tests pin that down against the
// official package, on iOS and Android fake hosts, so the warning in our
// migration guide stays true, and show the shape that works with both.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll, sendTransactionReply } from '../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../test/official203.js'
import { MiniKit } from '../facade.js'

// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let supported: Array<{ name: string; supported_versions: number[] }>

beforeAll(async () => {
  official = await importOfficial203()
  officialCommands = await importOfficial203('commands')
  supported = await official203Commands()
})

afterEach(() => {
  vi.restoreAllMocks()
  resetAll()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const token = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const erc20Abi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const
const transferData = `0xa9059cbb${'0'.repeat(24)}${token.slice(2).toLowerCase()}${'0'.repeat(63)}1`

/** The call exactly as official 2.0.3's README shows it (no `chainId`, `transaction` with `address`). */
const readmeShape = {
  transaction: [{ address: token, data: transferData, abi: erc20Abi, functionName: 'transfer', args: [token, 1n] }],
}
/** The README's call with the `chainId` its comment says is the default. */
const readmeShapeOnWorldChain = { ...readmeShape, chainId: 480 }
/** What 2.0.3 (and ours) accept: `chainId: 480` and `transactions: [{ to, data, value }]`. */
const workingShape = { chainId: 480, transactions: [{ to: token, data: transferData, value: '0x0' }] }

/** Install `kit` on a fresh fake host, call `sendTransaction(input)`, and report what it did. */
async function send(kit: AnyKit, os: 'ios' | 'android', input: unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  if (kit === official.MiniKit) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  const host = createFakeHost({ os, supported, respond: { 'send-transaction': sendTransactionReply } })
  kit.install('app_test')
  await flush()
  try {
    const { executedWith, data } = await kit.sendTransaction(input)
    return { executedWith, userOpHash: data.userOpHash, sent: host.commands('send-transaction').length }
  } catch (error) {
    const { name, code, message } = error as { name: string; code?: unknown; message: string }
    return { rejected: name, code, message: message.split('\n')[0], sent: host.commands('send-transaction').length }
  }
}

describe.each(['ios', 'android'] as const)("official 2.0.3's README sendTransaction shape (%s host)", (os) => {
  test('error: as written (no chainId), official 2.0.3 rejects it before sending: SendTransactionError invalid_operation', async () => {
    const theirs = await send(official.MiniKit, os, readmeShape)
    expect(theirs).toStrictEqual({
      rejected: 'SendTransactionError',
      code: 'invalid_operation',
      message: 'Transaction failed: invalid_operation',
      sent: 0,
    })
    // Ours refuses it the same way.
    const ours = await send(MiniKit, os, readmeShape)
    expect(ours).toMatchObject({ rejected: 'SendTransactionError', code: 'invalid_operation', sent: 0 })
  })

  test('error: with chainId 480 added, official 2.0.3 still fails: a TypeError on the missing `transactions`', async () => {
    const theirs = await send(official.MiniKit, os, readmeShapeOnWorldChain)
    expect(theirs).toStrictEqual({
      rejected: 'TypeError',
      code: undefined,
      message: expect.stringContaining("reading 'length'"),
      sent: 0,
    })
    // Ours names the problem with a typed error, and sends nothing either.
    const ours = await send(MiniKit, os, readmeShapeOnWorldChain)
    expect(ours).toMatchObject({ rejected: 'InvalidPayloadError', sent: 0 })
  })

  test('default: the migration guide shape (chainId 480, transactions of { to, data, value }) runs on both', async () => {
    const theirs = await send(official.MiniKit, os, workingShape)
    const ours = await send(MiniKit, os, workingShape)
    expect(theirs).toStrictEqual({ executedWith: 'minikit', userOpHash: `0x${'ab'.repeat(32)}`, sent: 1 })
    expect(ours).toStrictEqual(theirs)
  })
})
