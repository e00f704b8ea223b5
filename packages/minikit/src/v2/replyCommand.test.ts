import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { BaseError } from '../errors/BaseError.js'
import { CommandReplyError } from '../errors/CommandReplyError.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { AttestationError } from '../errors/commands/AttestationError.js'
import { ChatError } from '../errors/commands/ChatError.js'
import { GetPermissionsError } from '../errors/commands/GetPermissionsError.js'
import { PayError } from '../errors/commands/PayError.js'
import { RequestPermissionError } from '../errors/commands/RequestPermissionError.js'
import { SendHapticFeedbackError } from '../errors/commands/SendHapticFeedbackError.js'
import { ShareContactsError } from '../errors/commands/ShareContactsError.js'
import { ShareError } from '../errors/commands/ShareError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { install } from '../install.js'
import { closeMiniApp } from './closeMiniApp.js'
import { getPermissions } from './getPermissions.js'
import { pay } from './pay.js'
import { asSent, replyCommand } from './replyCommand.js'
import { share } from './share.js'
import { shareContacts } from './shareContacts.js'

afterEach(() => resetAll())

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

async function inWorldApp(options: Parameters<typeof createFakeHost>[0] = {}) {
  const host = createFakeHost(options)
  install('app_test')
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

describe('replyCommand', () => {
  test('default: resolves with the mapped data of a success reply, through the one command path', async () => {
    await inWorldApp({ os: 'android' })
    const run = vi.fn(async (input: { n: number }) => ({ status: 'success' as const, n: input.n, version: 1 }))
    const double = replyCommand({ command: 'chat', run, error: ChatError, data: (reply) => reply.n * 2 })
    await expect(double({ n: 21 })).resolves.toStrictEqual({ executedWith: 'minikit', data: 42 })
    // `fallback` is the 2.x call's own and never reaches the 1.x path (which gets the call's context: none here).
    await double({ n: 1, fallback: () => 0 })
    expect(run).toHaveBeenLastCalledWith({ n: 1 }, {})
  })

  test.each([
    ['description', { description: 'Integrity check failed' }, 'Integrity check failed'],
    ['details', { details: 'Could not read the settings' }, 'Could not read the settings'],
    ['a details object (not text)', { details: { reason: 'x' } }, undefined],
  ])('error: an error reply rejects with the command error, World App’s %s as its details', async (_, extra, details) => {
    await inWorldApp()
    const run = async () => ({ status: 'error' as const, error_code: 'generic_error', ...extra })
    const failing = replyCommand({ command: 'attestation', run, error: AttestationError, data: asSent })
    const error = await failing({}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AttestationError)
    expect(error).toMatchObject({ code: 'generic_error', error_code: 'generic_error', details })
  })

  test('behavior: outside World App the 1.x path never runs', async () => {
    const run = vi.fn(async () => ({ status: 'success' as const }))
    const command = replyCommand({ command: 'chat', run, error: ChatError, data: asSent })
    await expect(command({})).rejects.toMatchObject({ name: 'CommandUnavailableError', reason: 'notInWorldApp' })
    await expect(command({ fallback: () => 'web' })).resolves.toStrictEqual({ executedWith: 'fallback', data: 'web' })
    expect(run).not.toHaveBeenCalled()
  })
})

describe('the 2.x commands', () => {
  test('default: pay maps the reply to { transactionId, reference, from, chain, timestamp }', async () => {
    const reply = {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: 'tx_9',
      reference: 'r-1',
      from: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
      chain: 'worldchain',
      timestamp: '2026-01-01T00:00:00.000Z',
      version: 1,
    }
    await inWorldApp({ respond: { pay: () => reply } })
    const input = {
      reference: 'r-1',
      to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
      tokens: [{ symbol: 'WLD' as const, token_amount: '1' }],
      description: 'Tip',
    }
    await expect(pay(input)).resolves.toStrictEqual({
      executedWith: 'minikit',
      data: {
        transactionId: 'tx_9',
        reference: 'r-1',
        from: reply.from,
        chain: 'worldchain',
        timestamp: reply.timestamp,
      },
    })
  })

  test('error: pay with invalid input rejects with InvalidPayloadError and sends nothing', async () => {
    const host = await inWorldApp()
    const input = { reference: 'r', to: '', tokens: [], description: 'Tip' }
    await expect(pay(input)).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.messages).toStrictEqual([])
  })

  test('default: shareContacts() and getPermissions() take no input', async () => {
    const contacts = { status: 'success', contacts: [], timestamp: '2026-01-01T00:00:00.000Z', version: 1 }
    const host = await inWorldApp({ respond: { 'share-contacts': () => contacts } })
    await expect(shareContacts()).resolves.toStrictEqual({
      executedWith: 'minikit',
      data: { contacts: [], timestamp: contacts.timestamp },
    })
    expect(host.commands('share-contacts')[0]?.payload).toStrictEqual({ isMultiSelectEnabled: false })
    await expect(getPermissions()).resolves.toMatchObject({ executedWith: 'minikit', data: { status: 'success' } })
  })

  test('behavior: share on iOS hands the sheet the input without `fallback`', async () => {
    const sheet = vi.fn(async (_data?: ShareData) => {})
    Object.defineProperty(navigator, 'share', { value: sheet, configurable: true })
    const host = await inWorldApp({ os: 'ios' })
    await expect(share({ text: 'My find', fallback: () => null })).resolves.toMatchObject({ executedWith: 'minikit' })
    expect(sheet).toHaveBeenCalledWith({ text: 'My find' })
    expect(host.commands('share')[0]?.payload).toStrictEqual({ text: 'My find' })
  })

  test('default: closeMiniApp sends close-miniapp and resolves with success', async () => {
    const host = await inWorldApp()
    await expect(closeMiniApp()).resolves.toStrictEqual({ executedWith: 'minikit', data: { status: 'success', version: 1 } })
    expect(host.commands('close-miniapp')).toHaveLength(1)
  })

  test('error: closeMiniApp without World App, or with one too old for it', async () => {
    await expect(closeMiniApp()).rejects.toMatchObject({ name: 'CommandUnavailableError', reason: 'notInWorldApp' })
    await expect(closeMiniApp({ fallback: () => 'closed' })).resolves.toStrictEqual({ executedWith: 'fallback', data: 'closed' })
    // An old World App: install warns about each command it lacks.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await inWorldApp({ commands: ['pay'] })
    const error = await closeMiniApp().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CommandUnavailableError)
    expect(error).toMatchObject({ reason: 'oldAppVersion' })
  })
})

describe('the 2.x command errors', () => {
  test.each([
    [PayError, 'PayError', 'Payment failed', '#payerror'],
    [ShareContactsError, 'ShareContactsError', 'Share contacts failed', '#sharecontactserror'],
    [ChatError, 'ChatError', 'Chat failed', '#chaterror'],
    [ShareError, 'ShareError', 'Share failed', '#shareerror'],
    [GetPermissionsError, 'GetPermissionsError', 'Get permissions failed', '#getpermissionserror'],
    [RequestPermissionError, 'RequestPermissionError', 'Request permission failed', '#requestpermissionerror'],
    [SendHapticFeedbackError, 'SendHapticFeedbackError', 'Send haptic feedback failed', '#sendhapticfeedbackerror'],
    [AttestationError, 'AttestationError', 'Attestation failed', '#attestationerror'],
  ])('default: %o carries World App’s code under both official field names', (ErrorClass, name, failed, docsPath) => {
    const error = new ErrorClass('user_rejected')
    expect(error).toBeInstanceOf(CommandReplyError)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name, code: 'user_rejected', error_code: 'user_rejected', docsPath })
    // The official message, then our Docs and Version lines.
    expect(error.shortMessage).toBe(`${failed}: user_rejected`)
    expect(error.message.startsWith(`${failed}: user_rejected\n`)).toBe(true)
  })
})
