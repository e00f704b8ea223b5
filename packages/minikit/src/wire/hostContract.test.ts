import { describe, expect, test } from 'vitest'
import { COMMAND_VERSIONS } from '../protocol/protocol.js'
import {
  contractProblems,
  hostContract,
  hostMessageContract,
  hostPayloadContract,
  hostReplyContract,
  replyProblems,
  WIRE_COMMANDS,
} from './hostContract.js'
import { HOST_COMMANDS, HOST_VERSIONS } from './hostProtocol.js'

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const HASH = `0x${'ab'.repeat(32)}`
const NOW = '2026-04-01T12:00:00.000Z'

describe('shapes', () => {
  test('default: a payload shape for every host command and version, a reply shape for every answered one', () => {
    for (const command of HOST_COMMANDS) {
      expect(Object.keys(hostPayloadContract[command]).map(Number)).toEqual([...HOST_VERSIONS[command]])
      const replies = command === 'close-miniapp' ? [] : [...HOST_VERSIONS[command]]
      expect(Object.keys(hostReplyContract[command]).map(Number)).toEqual(replies)
    }
  })

  test('default: hostContract is the payload shape at the version the SDK sends', () => {
    for (const command of WIRE_COMMANDS)
      expect(hostContract[command]).toBe(hostPayloadContract[command][COMMAND_VERSIONS[command]])
  })
})

// Payloads as official MiniKit 2.0.3 sends them (read from its build).
describe('MiniKit 2.x payloads', () => {
  test.each([
    ['send-transaction', 2, { transactions: [{ to: ADDRESS, data: '0x1234', value: '0x0' }], chainId: 480 }],
    ['send-transaction', 2, { transactions: [{ to: ADDRESS }], chainId: 480 }],
    ['attestation', 1, { request_hash: HASH }],
    ['chat', 1, { message: 'hi', to: ['ana.world'] }],
    ['chat', 1, { message: 'hi' }],
    ['close-miniapp', 1, {}],
    [
      'pay',
      1,
      {
        reference: 'r1',
        to: ADDRESS,
        tokens: [{ symbol: 'EURC', token_amount: '1000000' }],
        description: 'd',
        network: 'worldchain',
      },
    ],
    ['send-haptic-feedback', 1, { hapticsType: 'impact', style: 'rigid' }],
  ] as const)('default: %s %i accepts %j', (command, version, payload) => {
    expect(contractProblems(command, payload, version)).toEqual([])
    expect(hostMessageContract.safeParse({ command, version, payload }).success).toBe(true)
  })

  test.each([
    ['send-transaction', 2, { transactions: [], chainId: 480 }, 'transactions: At least one transaction is required'],
    [
      'send-transaction',
      2,
      { transactions: [{ to: ADDRESS, value: 5 }], chainId: 480 },
      'transactions.0.value: Invalid input: expected string, received number',
    ],
    [
      'send-transaction',
      2,
      { transactions: [{ to: ADDRESS, value: '12' }], chainId: 480 },
      'transactions.0.value: Transaction value must be a valid hex string',
    ],
    ['attestation', 1, { request_hash: '' }, 'request_hash: request_hash must not be empty'],
    ['chat', 1, { message: '' }, 'message: message must not be empty'],
    [
      'pay',
      1,
      { reference: 'r1', to: ADDRESS, tokens: [{ symbol: 'DOGE', token_amount: '1' }], description: 'd', network: 'worldchain' },
      'tokens.0.symbol: Invalid discriminator value',
    ],
  ] as const)('error: %s %i refuses %j', (command, version, payload, problem) => {
    expect(contractProblems(command, payload, version)[0]).toContain(problem)
  })

  test('parameters: contractProblems defaults to the SDK’s version, or a host-only command’s first', () => {
    const v1 = { transaction: [{ address: ADDRESS, abi: [], functionName: 'f', args: [] }], formatPayload: true }
    expect(contractProblems('send-transaction', v1)).toEqual([])
    expect(contractProblems('send-transaction', v1, 2)).not.toEqual([])
    expect(contractProblems('chat', { message: 'hi' })).toEqual([])
  })

  test('error: a version the host does not speak', () => {
    expect(contractProblems('chat', { message: 'hi' }, 2)).toEqual(['version: chat has no version 2'])
    const result = hostMessageContract.safeParse({ command: 'send-transaction', version: 3, payload: {} })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['send-transaction has no version 3'])
  })

  test('error: a command the host does not know', () => {
    expect(hostMessageContract.safeParse({ command: 'teleport', version: 1, payload: {} }).success).toBe(false)
  })
})

describe('replies', () => {
  const v1Transaction = {
    status: 'success',
    transaction_status: 'submitted',
    transaction_id: HASH,
    reference: '0d8f1c52-4c0b-4a55-9b7e-2f8f4c7d6e10',
    from: ADDRESS,
    chain: 'worldchain',
    timestamp: NOW,
    version: 1,
    mini_app_id: 'app_1',
  }

  test.each([
    ['send-transaction', 1, v1Transaction],
    [
      'send-transaction',
      2,
      { status: 'success', userOpHash: HASH, from: ADDRESS, network: 'worldchain', timestamp: NOW, version: 2 },
    ],
    ['attestation', 1, { status: 'success', token: 'a.b.c', version: 1 }],
    ['chat', 1, { status: 'success', count: 2, timestamp: NOW, version: 1 }],
    ['wallet-auth', 2, { status: 'success', message: 'm', signature: '0x12', address: ADDRESS, version: 2 }],
    ['pay', 1, { ...v1Transaction, mini_app_id: undefined }],
    ['attestation', 1, { status: 'error', error_code: 'integrity_failed', version: 1 }],
  ] as const)('default: %s %i reply %j conforms', (command, version, reply) => {
    expect(replyProblems(command, version, reply)).toEqual([])
  })

  test('error: send-transaction 1 without the reference 1.9.6’s types require', () => {
    const { reference: _, ...reply } = v1Transaction
    expect(replyProblems('send-transaction', 1, reply)).toEqual(['reference: Invalid input: expected string, received undefined'])
  })

  test('error: a reply in another version’s shape, or to a command without replies', () => {
    expect(replyProblems('send-transaction', 2, v1Transaction)).toContain('version: Invalid input: expected 2')
    expect(replyProblems('close-miniapp', 1, { status: 'success', version: 1 })).toEqual(['close-miniapp 1 has no reply'])
    expect(replyProblems('chat', 1, { status: 'error', version: 1 })).toEqual([
      'error_code: Invalid input: expected string, received undefined',
    ])
  })
})
