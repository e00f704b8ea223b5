// The shared fake World App speaks send-transaction as today's World App
// does: listed at versions 1 and 2, answering each version in its own shape.
// Its replies are held to the host contract of `./wire` (what World App
// accepts and answers per version), and both SDK generations run on the
// default host: the 1.x `sendTransaction` (version 1) and the 2.x
// `MiniKit.sendTransaction` (version 2), on iOS and Android.
import { afterEach, describe, expect, test } from 'vitest'
import { allCommands, createFakeHost, resetAll, sendTransactionReply } from '../../test/fakeHost.js'
import { sendTransaction as sendTransactionV1 } from '../commands/sendTransaction.js'
import { MiniKit } from '../facade.js'
import { install } from '../install.js'
import { hostPayloadContract, hostReplyContract } from '../wire/hostContract.js'

afterEach(resetAll)

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const to = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const batch = { chainId: 480 as const, transactions: [{ to, data: '0xa9059cbb', value: '0x0' }] }

describe('fake host: send-transaction', () => {
  test('default: lists send-transaction at versions 1 and 2, the other commands at the versions World App speaks', () => {
    const listed = Object.fromEntries(allCommands().map(({ name, supported_versions }) => [name, supported_versions]))
    expect(listed['send-transaction']).toStrictEqual([1, 2])
    expect(listed['wallet-auth']).toStrictEqual([1, 2])
    expect(listed.pay).toStrictEqual([1])
  })

  test('behavior: the version-2 reply has the v2 shape and passes the host reply contract', () => {
    const reply = sendTransactionReply({ command: 'send-transaction', version: 2, payload: batch })
    expect(reply).toStrictEqual({
      status: 'success',
      userOpHash: `0x${'ab'.repeat(32)}`,
      from: '0x1234567890AbcdEF1234567890aBcdef12345678',
      network: 'worldchain',
      timestamp: '2026-01-01T00:00:00.000Z',
      version: 2,
    })
    expect(hostPayloadContract['send-transaction'][2]?.safeParse(batch).success).toBe(true)
    expect(hostReplyContract['send-transaction'][2]?.safeParse(reply).success).toBe(true)
  })

  test('behavior: the version-1 reply has the v1 shape and passes the host reply contract', () => {
    const reply = sendTransactionReply({ command: 'send-transaction', version: 1, payload: {} })
    expect(reply).toMatchObject({ status: 'success', transaction_status: 'submitted', chain: 'worldchain', version: 1 })
    expect(hostReplyContract['send-transaction'][1]?.safeParse(reply).success).toBe(true)
  })

  test.each([
    ['no calls', { chainId: 480, transactions: [] }, 'input_error'],
    ['another chain', { chainId: 8453, transactions: [{ to }] }, 'invalid_operation'],
  ])('error: a version-2 message with %s gets an error reply (%s)', (_, payload, code) => {
    expect(sendTransactionReply({ command: 'send-transaction', version: 2, payload })).toMatchObject({
      status: 'error',
      error_code: code,
      version: 2,
    })
  })
})

describe.each(['ios', 'android'] as const)('fake host (%s): both SDK generations send transactions on the default host', (os) => {
  test('behavior: the 2.x MiniKit.sendTransaction posts version 2 and resolves the user operation hash', async () => {
    const host = createFakeHost({ os, respond: { 'send-transaction': sendTransactionReply } })
    MiniKit.install('app_test')
    await flush()
    const { executedWith, data } = await MiniKit.sendTransaction(batch)
    expect(executedWith).toBe('minikit')
    expect(data).toMatchObject({ userOpHash: `0x${'ab'.repeat(32)}`, status: 'success', version: 2 })
    const [sent] = host.commands('send-transaction')
    expect(sent?.version).toBe(2)
    expect(hostPayloadContract['send-transaction'][2]?.safeParse(sent?.payload).success).toBe(true)
  })

  test('behavior: the 1.x sendTransaction still posts version 1 and resolves the submitted transaction', async () => {
    const host = createFakeHost({ os, respond: { 'send-transaction': sendTransactionReply } })
    install('app_test')
    await flush()
    const reply = await sendTransactionV1({ transaction: [{ address: to, abi: [], functionName: 'f', args: [] }] })
    expect(reply).toMatchObject({ status: 'success', transaction_status: 'submitted', version: 1 })
    expect(host.commands('send-transaction')[0]?.version).toBe(1)
  })
})
