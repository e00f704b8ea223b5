import { describe, expect, test } from 'vitest'
import { unavailable2x } from '../v2/runV2Command.js'
import { BaseError } from './BaseError.js'
import { CommandUnavailableError } from './CommandUnavailableError.js'
import { WalletAuthError } from './commands/WalletAuthError.js'
import { FallbackRequiredError } from './FallbackRequiredError.js'

describe('CommandUnavailableError reason', () => {
  test('default: without a reason, the 1.x message and reason undefined', () => {
    const error = new CommandUnavailableError('pay')
    expect(error.shortMessage).toBe("'pay' command is unavailable. Check MiniKit.install() or update the app version")
    expect(error.reason).toBeUndefined()
  })

  test.each([
    ['notInWorldApp', "'walletAuth' is unavailable: the page is not running inside World App"],
    ['commandNotSupported', "'walletAuth' is unavailable: World App does not offer it here"],
    ['oldAppVersion', "'walletAuth' is unavailable: this World App version does not support it; update World App"],
  ] as const)('behavior: reason %s names the command and the reason in plain words', (reason, message) => {
    const error = unavailable2x('walletAuth', reason)
    expect(error).toMatchObject({
      name: 'CommandUnavailableError',
      code: 'command_unavailable',
      reason,
      methodName: 'walletAuth',
    })
    expect(error.shortMessage).toBe(message)
  })
})

describe('FallbackRequiredError', () => {
  test('default: names the method and how to pass a fallback', () => {
    const error = new FallbackRequiredError('pay')
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'FallbackRequiredError', code: 'fallback_required', methodName: 'pay' })
    expect(error.shortMessage).toBe("'pay' needs a fallback when the page runs outside World App")
    expect(error.message).toContain('MiniKit.pay({ ...input, fallback: () => yourWebFlow() })')
  })
})

describe('WalletAuthError', () => {
  test('default: code and details as World App sent them', () => {
    const error = new WalletAuthError('user_rejected', 'User rejected the request.')
    expect(error).toMatchObject({ name: 'WalletAuthError', code: 'user_rejected', details: 'User rejected the request.' })
    expect(error.shortMessage).toBe('Wallet auth failed: user_rejected')
    expect(error.message).toContain('Details: User rejected the request.')
  })

  test('parameters: without details', () => {
    const error = new WalletAuthError('generic_error')
    expect(error.details).toBeUndefined()
    expect(error.message).not.toContain('Details:')
  })
})

describe('SendTransactionError', () => {
  test('default: keeps the details object as the official does, and says the reason in the message', async () => {
    const { SendTransactionError } = await import('./commands/SendTransactionError.js')
    const error = new SendTransactionError('invalid_operation', { reason: 'World App only supports World Chain (chainId: 480)' })
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'SendTransactionError', code: 'invalid_operation' })
    expect(error.details).toEqual({ reason: 'World App only supports World Chain (chainId: 480)' })
    expect(error.message).toContain('World App only supports World Chain (chainId: 480)')
  })

  test('parameters: without details', async () => {
    const { SendTransactionError } = await import('./commands/SendTransactionError.js')
    const error = new SendTransactionError('user_rejected')
    expect(error.details).toBeUndefined()
    expect(error.shortMessage).toBe('Transaction failed: user_rejected')
  })
})
