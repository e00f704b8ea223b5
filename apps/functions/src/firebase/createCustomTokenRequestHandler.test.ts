import type { LogEntry } from 'firebase-functions/logger'
import { describe, expect, test, vi } from 'vitest'
import type { ExchangeCustomTokenDependencies } from '../auth/exchangeCustomToken.js'
import { ConfigError } from '../errors/ConfigError.js'
import { createCustomTokenRequestHandler, type JsonResponse } from './createCustomTokenRequestHandler.js'

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
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { response, sent } = createResponse()
    await createCustomTokenRequestHandler(() => {
      throw new ConfigError(['WORLDMAP_NONCE_SECRET'])
    })({ method: 'GET', query: {} } as never, response)
    expect(sent).toEqual({
      status: 500,
      headers: { 'cache-control': 'no-store' },
      body: { error: 'internal', message: 'Internal error.' },
    })
    expect(error).toHaveBeenCalledWith('onRequestCustomToken is misconfigured', expect.stringContaining('WORLDMAP_NONCE_SECRET'))
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

  test('behavior: a misconfigured function is a failed sign-in', async () => {
    const lines: LogEntry[] = []
    const { response } = createResponse()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await createCustomTokenRequestHandler(
      () => {
        throw new ConfigError(['WORLDMAP_NONCE_SECRET'])
      },
      { logOutcome: (entry) => lines.push(entry) },
    )({ method: 'GET', query: { actionId } } as never, response)
    spy.mockRestore()
    expect(lines).toEqual([expect.objectContaining({ severity: 'ERROR', outcome: 'failed', code: 'internal', actionId })])
  })
})
