import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createStartupGuard, type StartupProcess } from './createStartupGuard.js'
import { ServerConfigError } from './ServerConfigError.js'

/** A process with vike's print-only listeners already installed, as the production server has them. */
function fakeProcess() {
  const events = new EventEmitter()
  const printed: unknown[] = []
  events.on('uncaughtException', (error) => printed.push(error))
  events.on('unhandledRejection', (error) => printed.push(error))
  const exit = vi.fn()
  const target: StartupProcess = {
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
    exit,
  }
  return { target, events, printed, exit }
}

const configError = () => new ServerConfigError([{ variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' }])

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createStartupGuard', () => {
  test('default: a start that succeeds returns its value and arms nothing', () => {
    const { target, events, exit } = fakeProcess()
    expect(createStartupGuard(target).run(() => 42)).toBe(42)
    events.emit('uncaughtException', new Error('later'))
    expect(exit).not.toHaveBeenCalled()
    expect(events.listenerCount('uncaughtException')).toBe(1)
  })

  test('error: a start error nobody catches (node dist/server/index.mjs) ends the process with status 1 after one line', () => {
    const { target, events, printed, exit } = fakeProcess()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = configError()
    expect(() =>
      createStartupGuard(target).run(() => {
        throw error
      }),
    ).toThrow(error)
    // index.mjs awaits the import at top level: its rejection reaches the process as an uncaught exception.
    events.emit('uncaughtException', error)
    expect(printed).toEqual([error])
    expect(exit).toHaveBeenCalledExactlyOnceWith(1)
    expect(log).toHaveBeenCalledExactlyOnceWith(
      'The app server did not start (ServerConfigError: WORLDMAP_NONCE_SECRET is not set.); exiting with status 1.',
    )
  })

  test('behavior: a start error the loader handles (the SSR function: a 500, then a retry) leaves the process running', () => {
    const { target, events, exit } = fakeProcess()
    const error = configError()
    const guard = createStartupGuard(target)
    let caught: unknown
    try {
      guard.run(() => {
        throw error
      })
    } catch (thrown) {
      caught = thrown
    }
    expect(caught).toBe(error)
    // Other errors stay vike's: printed, the process keeps going.
    events.emit('unhandledRejection', new Error('a stray rejection'))
    expect(exit).not.toHaveBeenCalled()
  })

  test('error: between onCreate and onReady (the port is taken) any unhandled error ends the process with status 1', () => {
    const { target, events, exit } = fakeProcess()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const guard = createStartupGuard(target)
    guard.listening()
    guard.listening()
    events.emit(
      'unhandledRejection',
      Object.assign(new Error('listen EADDRINUSE: address already in use :::3000'), { code: 'EADDRINUSE' }),
    )
    expect(exit).toHaveBeenCalledExactlyOnceWith(1)
  })

  test('behavior: once the server listens, unhandled errors are printed and the server stays up (vike’s policy)', () => {
    const { target, events, printed, exit } = fakeProcess()
    const guard = createStartupGuard(target)
    guard.listening()
    guard.ready()
    const stray = new Error('a stray timer threw')
    events.emit('uncaughtException', stray)
    expect(printed).toEqual([stray])
    expect(exit).not.toHaveBeenCalled()
    expect(events.listenerCount('uncaughtException')).toBe(1)
    expect(events.listenerCount('unhandledRejection')).toBe(1)
  })

  test('parameters: a thrown value that is not an Error is named as it is', () => {
    const { target, events, exit } = fakeProcess()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      createStartupGuard(target).run(() => {
        throw 'no env'
      }),
    ).toThrow()
    events.emit('uncaughtException', 'no env')
    expect(exit).toHaveBeenCalledWith(1)
    expect(log).toHaveBeenCalledWith('The app server did not start (no env); exiting with status 1.')
  })
})
