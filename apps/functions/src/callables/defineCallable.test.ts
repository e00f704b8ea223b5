import type { CallableContract } from '@worldmap/game/contract'
import type { LogEntry } from 'firebase-functions/logger'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import { PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import { actionLog } from '../observability/actionLog.js'
import { GameError } from '../refusals/GameError.js'
import { defineCallable } from './defineCallable.js'

// The one logger's lines (actionLog writes through firebase-functions' `write`).
const written = vi.hoisted(() => [] as LogEntry[])
vi.mock('firebase-functions/logger', async (original) => ({
  ...(await original<typeof import('firebase-functions/logger')>()),
  write: (entry: LogEntry) => written.push(entry),
}))

/** A row of the contract's shape, of this test's own. */
const echoContract = {
  name: 'echo',
  request: z.object({ text: z.string().check(z.maxLength(5)), times: z.optional(z.int()) }),
  reply: z.object({ echoed: z.string() }),
  refusals: ['unauthenticated', 'invalid_request'],
} as const satisfies CallableContract

class TooLoudError extends GameError {
  override name = 'TooLoudError'
  override readonly code = 'rate_limited'
  constructor() {
    super('Too loud.', { retryAfterMs: 1_500 })
  }
}

const signedIn = (data: unknown) => ({ auth: { uid: '0xabc', token: {} as never, rawToken: '' }, data })

/** What the handler rejected with, as the app's SDK would receive it. */
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof HttpsError)) throw new Error(`expected an HttpsError, got ${String(error)}`)
  return { code: error.code, message: error.message, details: error.details }
}

/** A callable over `echoContract` whose work always throws what `error` makes. */
const throwingCallable = (error: () => unknown, options: Parameters<typeof defineCallable>[2]) =>
  defineCallable(
    echoContract,
    {
      run: async () => {
        throw error()
      },
    },
    options,
  )

describe('defineCallable', () => {
  test('default: a signed-in caller with a request the row reads gets what the work answers, under the row’s name', async () => {
    const run = vi.fn(async ({ uid, data }: { uid: string; data: { text: string } }) => ({ echoed: `${uid}:${data.text}` }))
    const handler = defineCallable(echoContract, { run })
    expect(handler.callableName).toBe('echo')
    expect(await handler(signedIn({ text: 'hi' }))).toEqual({ echoed: '0xabc:hi' })
    expect(run).toHaveBeenCalledWith({ uid: '0xabc', data: { text: 'hi' } })
  })

  test('error: no caller is unauthenticated, and the work never runs', async () => {
    const run = vi.fn(async () => ({ echoed: '' }))
    const handler = defineCallable(echoContract, { run })
    expect(await refusalOf(handler({ data: { text: 'hi' } }))).toMatchObject({
      code: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
    expect(run).not.toHaveBeenCalled()
  })

  test.each([
    ['a field of the wrong type', { text: 5 }, 'text'],
    ['two bad fields', { text: 'far too long', times: 1.5 }, 'text, times'],
    ['no object at all', 'hello', 'data'],
  ])('error: %s is invalid_request naming the fields at fault, and the work never runs', async (_, data, fields) => {
    const run = vi.fn(async () => ({ echoed: '' }))
    const refusal = await refusalOf(defineCallable(echoContract, { run })(signedIn(data)))
    expect(refusal).toMatchObject({ code: 'invalid-argument', details: { code: 'invalid_request' } })
    expect(refusal.message).toContain(`Details: ${fields}`)
    expect(run).not.toHaveBeenCalled()
  })

  test('parameters: a parse of its own replaces the row’s, and its refusals go out as they are', async () => {
    const handler = defineCallable(echoContract, {
      parse: (data) => {
        if (data === 'loud') throw new TooLoudError()
        return { text: String(data).toUpperCase() }
      },
      run: async ({ data }) => ({ echoed: data.text }),
    })
    expect(await handler(signedIn('quiet'))).toEqual({ echoed: 'QUIET' })
    expect(await refusalOf(handler(signedIn('loud')))).toEqual({
      code: 'resource-exhausted',
      message: 'Too loud.',
      details: { code: 'rate_limited', retryAfterMs: 1_500 },
    })
  })

  test('error: anything else the work throws is logged under the row’s name and answered internal, its message kept back', async () => {
    const log = vi.fn()
    const handler = throwingCallable(() => new Error('database password is hunter2'), { log })
    expect(await refusalOf(handler(signedIn({ text: 'hi' })))).toEqual({
      code: 'internal',
      message: 'Internal error.',
      details: undefined,
    })
    expect(log).toHaveBeenCalledWith('echo failed unexpectedly', expect.objectContaining({ errorName: 'Error' }))
  })

  test('error: a move still under way answers unavailable with player_moving, and its outcome line is a failure by that code', async () => {
    const lines: LogEntry[] = []
    const log = vi.fn()
    const handler = throwingCallable(() => new PlayerMovingError(), { log, logOutcome: (entry) => lines.push(entry) })
    expect(await refusalOf(handler(signedIn({ text: 'hi' })))).toMatchObject({
      code: 'unavailable',
      details: { code: 'player_moving', retryAfterMs: expect.any(Number) },
    })
    // Counted against the service levels (a failure, not the player's refusal), apart from the bugs (`internal`).
    expect(lines).toEqual([expect.objectContaining({ severity: 'ERROR', outcome: 'failed', code: 'player_moving' })])
    expect(log).not.toHaveBeenCalled()
  })
})

describe('defineCallable: the player action and the outcome line', () => {
  const actionId = '4bf92f3577b34da6a3ce929d0e0e4736'
  const strictContract = { ...echoContract, request: z.strictObject({ text: z.string() }) } as const satisfies CallableContract

  test('default: the action id is taken out before the row reads the request, given to the work, and on the outcome line', async () => {
    const lines: LogEntry[] = []
    const run = vi.fn(async ({ data, actionId: id }: { data: { text: string }; actionId?: string | undefined }) => ({
      echoed: `${data.text}:${id}`,
    }))
    const handler = defineCallable(strictContract, { run }, { logOutcome: (entry) => lines.push(entry) })
    await expect(handler(signedIn({ text: 'hi', actionId }))).resolves.toEqual({ echoed: `hi:${actionId}` })
    expect(lines).toEqual([
      expect.objectContaining({
        severity: 'INFO',
        event: 'action_outcome',
        action: 'echo',
        outcome: 'ok',
        durationMs: expect.any(Number),
        actionId,
        'logging.googleapis.com/labels': { event: 'action_outcome', action: 'echo', actionId },
      }),
    ])
    expect(lines[0]).not.toHaveProperty('uid')
  })

  test('behavior: a refusal is WARNING with its code; an unexpected failure is ERROR internal, and its log line has the id', async () => {
    const lines: LogEntry[] = []
    const log = vi.fn()
    const refusing = throwingCallable(() => new TooLoudError(), { logOutcome: (entry) => lines.push(entry), log })
    const failing = throwingCallable(() => new Error('database down'), { logOutcome: (entry) => lines.push(entry), log })
    await refusing(signedIn({ text: 'hi', actionId })).catch(() => undefined)
    await failing(signedIn({ text: 'hi', actionId })).catch(() => undefined)
    await refusing({ data: { text: 'hi' } }).catch(() => undefined)
    expect(lines.map(({ severity, outcome, code, actionId: id }) => [severity, outcome, code, id])).toEqual([
      ['WARNING', 'refused', 'rate_limited', actionId],
      ['ERROR', 'failed', 'internal', actionId],
      ['WARNING', 'refused', 'unauthenticated', undefined],
    ])
    expect(log).toHaveBeenCalledWith(
      'echo failed unexpectedly',
      expect.objectContaining({ actionId, errorMessage: 'database down' }),
    )
  })

  test('behavior: every line the work writes (the one logger), after its awaits, carries the id; by default the outcome and failure lines too', async () => {
    written.length = 0
    const handler = defineCallable(echoContract, {
      run: async ({ data }) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        actionLog.warn('echo is slow', { length: data.text.length })
        throw new Error('database down')
      },
    })
    await handler(signedIn({ text: 'hi', actionId })).catch(() => undefined)
    await handler(signedIn({ text: 'hi' })).catch(() => undefined)
    expect(written.map(({ message, actionId: id }) => [message, id])).toEqual([
      ['echo is slow', actionId],
      ['echo failed unexpectedly', actionId],
      [expect.stringMatching(/^echo failed internal/), actionId],
      ['echo is slow', undefined],
      ['echo failed unexpectedly', undefined],
      [expect.stringMatching(/^echo failed internal/), undefined],
    ])
  })

  test('behavior: an action id that is not one is dropped, and the request is read without it', async () => {
    const lines: LogEntry[] = []
    const handler = defineCallable(
      strictContract,
      { run: async ({ data }) => ({ echoed: data.text }) },
      { logOutcome: (entry) => lines.push(entry) },
    )
    await expect(handler(signedIn({ text: 'hi', actionId: '0x4f9aB1c2D3e4F5a6B7c8D9e0F1a2B3c4D5e6F7a8' }))).resolves.toEqual({
      echoed: 'hi',
    })
    expect(lines[0]).not.toHaveProperty('actionId')
  })
})
