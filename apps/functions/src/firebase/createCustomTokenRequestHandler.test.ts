import type { LogEntry } from 'firebase-functions/logger'
import { describe, expect, test, vi } from 'vitest'
import type { ExchangeCustomTokenDependencies } from '../auth/exchangeCustomToken.js'
import { ConfigError } from '../errors/ConfigError.js'
import { actionLog } from '../observability/actionLog.js'
import { createCustomTokenRequestHandler, type JsonResponse } from './createCustomTokenRequestHandler.js'

// The one logger's lines (actionLog writes through firebase-functions' `write`).
const written = vi.hoisted(() => [] as LogEntry[])
vi.mock('firebase-functions/logger', async (original) => ({
  ...(await original<typeof import('firebase-functions/logger')>()),
  write: (entry: LogEntry) => written.push(entry),
}))

function createResponse() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} }
  const response: JsonResponse = {
    status(code) {
      sent.status = code
      return response
    },
    set(fields) {
      Object.assign(sent.headers, fields)
      return response
    },
    json(body) {
      sent.body = body
    },
  }
  return { response, sent }
}

const dependencies = (): ExchangeCustomTokenDependencies => ({
  secret: 'test-secret-0123456789abcdef0123456789',
  appOrigins: ['https://worldmap.app'],
  spendNonce: vi.fn(async () => true),
  mintCustomToken: vi.fn(async (uid: string) => `token-for-${uid}`),
})

describe('createCustomTokenRequestHandler', () => {
  test('default: GET runs the exchange and sends its status and body, never cached', async () => {
    const { response, sent } = createResponse()
    await createCustomTokenRequestHandler(dependencies)({ method: 'GET', query: {} } as never, response)
    expect(sent).toEqual({
      status: 400,
      headers: { 'cache-control': 'no-store' },
      body: expect.objectContaining({ error: 'invalid_query' }),
    })
  })

  test('error: another method → 405 with Allow: GET, dependencies untouched', async () => {
    const resolve = vi.fn(dependencies)
    const { response, sent } = createResponse()
    await createCustomTokenRequestHandler(resolve)({ method: 'POST', query: {} } as never, response)
    expect(sent).toEqual({
      status: 405,
      headers: { 'cache-control': 'no-store', allow: 'GET' },
      body: { error: 'method_not_allowed', message: 'Use GET.' },
    })
    expect(resolve).not.toHaveBeenCalled()
  })

  test('error: a misconfigured server answers 500 internal and logs the variable names only', async () => {
    written.length = 0
    const { response, sent } = createResponse()
    await createCustomTokenRequestHandler(() => {
      throw new ConfigError(['WORLDMAP_NONCE_SECRET'])
    })({ method: 'GET', query: {} } as never, response)
    expect(sent).toEqual({
      status: 500,
      headers: { 'cache-control': 'no-store' },
      body: { error: 'internal', message: 'Internal error.' },
    })
    expect(written[0]).toEqual({
      severity: 'ERROR',
      message: 'onRequestCustomToken is misconfigured',
      errorMessage: expect.stringContaining('WORLDMAP_NONCE_SECRET'),
    })
  })
})

describe('createCustomTokenRequestHandler: the outcome line', () => {
  const actionId = '4bf92f3577b34da6a3ce929d0e0e4736'

  test('default: each request ends with one signIn line, refused with the body’s code, with the action id', async () => {
    const lines: LogEntry[] = []
    const { response } = createResponse()
    const handler = createCustomTokenRequestHandler(dependencies, { logOutcome: (entry) => lines.push(entry) })
    await handler({ method: 'GET', query: { actionId } } as never, response)
    await handler({ method: 'GET', query: { actionId: 'not-an-id' } } as never, response)
    expect(lines.map(({ severity, action, outcome, code, actionId: id }) => [severity, action, outcome, code, id])).toEqual([
      ['WARNING', 'signIn', 'refused', 'invalid_query', actionId],
      ['WARNING', 'signIn', 'refused', 'invalid_query', undefined],
    ])
    expect(lines[0]?.['logging.googleapis.com/labels']).toEqual({ event: 'action_outcome', action: 'signIn', actionId })
  })

  test('behavior: a misconfigured function is a failed sign-in, and its error line carries the action id too', async () => {
    written.length = 0
    const lines: LogEntry[] = []
    const { response } = createResponse()
    await createCustomTokenRequestHandler(
      () => {
        throw new ConfigError(['WORLDMAP_NONCE_SECRET'])
      },
      { logOutcome: (entry) => lines.push(entry) },
    )({ method: 'GET', query: { actionId } } as never, response)
    expect(lines).toEqual([expect.objectContaining({ severity: 'ERROR', outcome: 'failed', code: 'internal', actionId })])
    expect(written).toEqual([
      expect.objectContaining({
        message: 'onRequestCustomToken is misconfigured',
        actionId,
        'logging.googleapis.com/labels': { actionId },
      }),
    ])
  })

  test('behavior: every line the one logger writes while a request is handled carries its action id, and only then', async () => {
    written.length = 0
    const { response } = createResponse()
    // A line written inside the handling (here by the dependencies' resolver), then the outcome line.
    const handler = createCustomTokenRequestHandler(() => {
      actionLog.info('resolving the sign-in dependencies')
      return dependencies()
    })
    await handler({ method: 'GET', query: { actionId } } as never, response)
    await handler({ method: 'GET', query: {} } as never, response)
    expect(written.map((line) => [line.message, line.actionId])).toEqual([
      ['resolving the sign-in dependencies', actionId],
      [expect.stringMatching(/^signIn refused invalid_query/), actionId],
      ['resolving the sign-in dependencies', undefined],
      [expect.stringMatching(/^signIn refused invalid_query/), undefined],
    ])
  })
})
