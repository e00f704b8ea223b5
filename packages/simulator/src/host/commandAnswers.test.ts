import { HOST_COMMANDS, replyProblems } from '@worldmap/minikit/wire'
import { describe, expect, test } from 'vitest'
import { createSimulatorWallet } from '../wallet/createSimulatorWallet.js'
import { createSimulatedIdentity } from '../worldId/createSimulatedIdentity.js'
import { type AnswerContext, answerCommand, COMMAND_ANSWERS, DEFAULT_CONTACTS } from './commandAnswers.js'

const context = (): AnswerContext => {
  let operations = 0n
  return {
    wallet: createSimulatorWallet(),
    identity: createSimulatedIdentity(),
    appId: 'app_staging_answers',
    permissions: { notifications: false, contacts: false, microphone: false },
    contacts: DEFAULT_CONTACTS,
    nextUserOperation: () => (operations += 1n),
  }
}

describe('COMMAND_ANSWERS', () => {
  test('default: one row per host command World App answers (close-miniapp closes instead)', () => {
    expect(Object.keys(COMMAND_ANSWERS).sort()).toEqual(HOST_COMMANDS.filter((command) => command !== 'close-miniapp').sort())
  })

  test('behavior: a row answers within the wire contract, and may change the context it is given', async () => {
    const answers = context()
    const reply = await answerCommand(answers, 'request-permission', 1, { permission: 'contacts' })
    expect(reply).toMatchObject({ status: 'success', permission: 'contacts', version: 1 })
    expect(replyProblems('request-permission', 1, reply)).toEqual([])
    expect(answers.permissions.contacts).toBe(true)
    expect(await answerCommand(answers, 'request-permission', 1, { permission: 'contacts' })).toEqual({
      status: 'error',
      error_code: 'already_granted',
      version: 1,
    })
  })

  test('behavior: each calldata batch is a new user operation of the wallet', async () => {
    const answers = context()
    const batch = { chainId: 480, transactions: [{ to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003' }] }
    const first = await answerCommand(answers, 'send-transaction', 2, batch)
    const second = await answerCommand(answers, 'send-transaction', 2, batch)
    expect(replyProblems('send-transaction', 2, first)).toEqual([])
    expect(first.userOpHash).not.toBe(second.userOpHash)
    expect(await answerCommand(answers, 'send-transaction', 2, { ...batch, chainId: 1 })).toEqual({
      status: 'error',
      error_code: 'invalid_operation',
      version: 2,
    })
  })

  test('error: a command without a row gets a generic error', async () => {
    expect(await answerCommand(context(), 'close-miniapp', 1, {})).toEqual({
      status: 'error',
      error_code: 'generic_error',
      version: 1,
    })
    expect(await answerCommand(context(), 'toString' as never, 1, {})).toEqual({
      status: 'error',
      error_code: 'generic_error',
      version: 1,
    })
  })
})
