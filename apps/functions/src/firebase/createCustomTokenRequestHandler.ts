import type { HttpResult } from '@worldmap/game/server'
import type { Request } from 'firebase-functions/v2/https'
import {
  type ExchangeCustomTokenDependencies,
  type ExchangeCustomTokenResult,
  exchangeCustomToken,
} from '../auth/exchangeCustomToken.js'

/** The slice of the request the handler uses (headers and `ip` for the caller's address: `sourceOf`). */
export type CustomTokenRequest = Pick<Request, 'method' | 'query'> & Partial<Pick<Request, 'headers' | 'ip'>>

/** The slice of an Express response the handler uses. */
export interface JsonResponse {
  status(code: number): JsonResponse
  set(field: Record<string, string>): JsonResponse
  json(body: unknown): void
}

const methodNotAllowed: HttpResult<{ error: 'method_not_allowed'; message: string }> = {
  status: 405,
  headers: { allow: 'GET' },
  body: { error: 'method_not_allowed', message: 'Use GET.' },
}

const misconfigured: HttpResult<{ error: 'internal'; message: string }> = {
  status: 500,
  body: { error: 'internal', message: 'Internal error.' },
}

/**
 * The `onRequestCustomToken` HTTP handler: GET only, query → {@link exchangeCustomToken},
 * its status and JSON body sent unchanged (503 `chain_unavailable` included). `dependencies` is resolved per
 * request (and given it, for the caller's address) so configuration is read when the function runs, not when
 * Firebase loads the module to discover it.
 *
 * @example
 * ```ts
 * export const onRequestCustomToken = onRequest({ region: 'asia-southeast1' }, createCustomTokenRequestHandler(() => ({
 *   secret, appOrigins: ['https://worldmap.app'], spendNonce, mintCustomToken, client,
 * })))
 * ```
 */
export function createCustomTokenRequestHandler(dependencies: (request: CustomTokenRequest) => ExchangeCustomTokenDependencies) {
  return async (request: CustomTokenRequest, response: JsonResponse): Promise<void> => {
    const result = request.method === 'GET' ? await exchange(request, dependencies) : methodNotAllowed
    response
      .status(result.status)
      .set({ 'cache-control': 'no-store', ...result.headers })
      .json(result.body)
  }
}

async function exchange(
  request: CustomTokenRequest,
  dependencies: (request: CustomTokenRequest) => ExchangeCustomTokenDependencies,
): Promise<ExchangeCustomTokenResult | typeof misconfigured> {
  let resolved: ExchangeCustomTokenDependencies
  try {
    resolved = dependencies(request)
  } catch (error) {
    // A missing secret is our fault, not the caller's: 500, named in the log (never the value).
    console.error('onRequestCustomToken is misconfigured', error instanceof Error ? error.message : error)
    return misconfigured
  }
  return exchangeCustomToken(request.query, resolved)
}
