import { afterEach, describe, expect, test } from 'vitest'
import { resetAll } from '../../test/fakeHost.js'
import { PartialExecutionError } from '../errors/wallet/PartialExecutionError.js'
import { state } from '../state.js'
import { runWithFallback } from './runWithFallback.js'

afterEach(() => {
  delete (window as { WorldApp?: unknown }).WorldApp
  resetAll()
})

const errors = {
  fallbackRequired: (command: string) => new Error(`fallback required: ${command}`),
  unavailable: (command: string, reason: string) => new Error(`unavailable: ${command} (${reason})`),
}
const never = (path: string) => () => Promise.reject(new Error(`${path} must not run`))
const inWorldApp = (available: boolean) => {
  ;(window as { WorldApp?: unknown }).WorldApp = { supported_commands: [] }
  state.available['send-transaction'] = available
}

describe('runWithFallback', () => {
  test('default: inside World App with the command, the native path answers and no fallback runs', async () => {
    inWorldApp(true)
    const result = await runWithFallback(
      { command: 'send-transaction', native: async () => 'native', web: never('web'), fallback: never('fallback') },
      errors,
    )
    expect(result).toEqual({ executedWith: 'minikit', data: 'native' })
  })

  test('error: inside World App a native failure is never hidden by a fallback', async () => {
    inWorldApp(true)
    const failure = new Error('user rejected')
    await expect(
      runWithFallback(
        { command: 'send-transaction', native: () => Promise.reject(failure), fallback: never('fallback') },
        errors,
      ),
    ).rejects.toBe(failure)
  })

  test('error: inside a World App without the command, unavailable (oldAppVersion) even with a fallback', async () => {
    inWorldApp(false)
    await expect(
      runWithFallback({ command: 'send-transaction', native: never('native'), fallback: never('fallback') }, errors),
    ).rejects.toThrow('unavailable: send-transaction (oldAppVersion)')
  })

  test('behavior: outside World App the web fallback answers first', async () => {
    const result = await runWithFallback(
      { command: 'send-transaction', native: never('native'), web: async () => 'web', fallback: never('fallback') },
      errors,
    )
    expect(result).toEqual({ executedWith: 'wagmi', data: 'web' })
  })

  test('behavior: a failed web fallback gives way to the caller fallback', async () => {
    const result = await runWithFallback(
      {
        command: 'send-transaction',
        native: never('native'),
        web: () => Promise.reject(new Error('no wallet connected')),
        fallback: () => 'caller',
      },
      errors,
    )
    expect(result).toEqual({ executedWith: 'fallback', data: 'caller' })
  })

  test('error: a failed web fallback without a caller fallback rejects with its own error', async () => {
    const failure = new Error('no wallet connected')
    await expect(
      runWithFallback({ command: 'send-transaction', native: never('native'), web: () => Promise.reject(failure) }, errors),
    ).rejects.toBe(failure)
  })

  test('error: a partly sent batch is never handed to the caller fallback, which would send it twice', async () => {
    const partial = new PartialExecutionError(1, 2, ['0x01'], new Error('reverted'))
    let fallbackRan = false
    await expect(
      runWithFallback(
        {
          command: 'send-transaction',
          native: never('native'),
          web: () => Promise.reject(partial),
          fallback: () => {
            fallbackRan = true
            return 'caller'
          },
        },
        errors,
      ),
    ).rejects.toBe(partial)
    expect(fallbackRan).toBe(false)
  })

  test('error: outside World App with nothing to run, fallback required or unavailable (notInWorldApp)', async () => {
    await expect(
      runWithFallback({ command: 'send-transaction', native: never('native'), requiresFallback: true }, errors),
    ).rejects.toThrow('fallback required: send-transaction')
    await expect(runWithFallback({ command: 'send-transaction', native: never('native') }, errors)).rejects.toThrow(
      'unavailable: send-transaction (notInWorldApp)',
    )
  })
})
