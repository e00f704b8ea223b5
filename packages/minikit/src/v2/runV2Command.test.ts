import { afterEach, describe, expect, test } from 'vitest'
import { resetAll } from '../../test/fakeHost.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { FallbackRequiredError } from '../errors/FallbackRequiredError.js'
import { runV2Command } from './runV2Command.js'

afterEach(() => resetAll())

const native = () => Promise.reject(new Error('native must not run outside World App'))

describe('runV2Command', () => {
  test('default: outside World App with nothing to run, CommandUnavailableError naming the method and reason', async () => {
    const error = await runV2Command({ command: 'wallet-auth', native }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CommandUnavailableError)
    expect(error).toMatchObject({ methodName: 'walletAuth', reason: 'notInWorldApp' })
  })

  test('error: a command that requires a fallback gets FallbackRequiredError', async () => {
    const error = await runV2Command({ command: 'close-miniapp', native, requiresFallback: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FallbackRequiredError)
    expect(error).toMatchObject({ methodName: 'closeMiniApp' })
  })

  test('error: inside a World App that lacks the command, reason oldAppVersion', async () => {
    ;(window as { WorldApp?: unknown }).WorldApp = { supported_commands: [] }
    try {
      await expect(runV2Command({ command: 'sign-message', native })).rejects.toMatchObject({
        name: 'CommandUnavailableError',
        reason: 'oldAppVersion',
        methodName: 'signMessage',
      })
    } finally {
      delete (window as { WorldApp?: unknown }).WorldApp
    }
  })

  test('behavior: the caller fallback answers outside World App', async () => {
    await expect(runV2Command({ command: 'sign-message', native, fallback: () => 'web' })).resolves.toEqual({
      executedWith: 'fallback',
      data: 'web',
    })
  })
})
