import { ACTION_ID_FIELD, ACTION_ID_PATTERN } from '@worldmap/game/contract'
import type { HttpResult } from '@worldmap/game/server'
import type { LogEntry } from 'firebase-functions/logger'
import type { Request } from 'firebase-functions/v2/https'
import {
  type ExchangeCustomTokenDependencies,
  type ExchangeCustomTokenResult,
  exchangeCustomToken,
} from '../auth/exchangeCustomToken.js'
import { actionLog, inAction } from '../observability/actionLog.js'
import { actionFields, toActionLogEntry } from '../observability/toActionLogEntry.js'

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

/** Options of {@link createCustomTokenRequestHandler}. */
export interface CustomTokenRequestHandlerOptions {
  /** Writes each sign-in's outcome line (`toActionLogEntry`). @default `actionLog.write` */
  logOutcome?: (entry: LogEntry) => void
}

/** The sign-in's action id from the query (`actionId`), when it is one. */
function actionIdOf(query: CustomTokenRequest['query']): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[ACTION_ID_FIELD]
  return typeof value === 'string' && ACTION_ID_PATTERN.test(value) ? value : undefined
}

/**
 * The `onRequestCustomToken` HTTP handler: GET only, query → {@link exchangeCustomToken},
 * its status and JSON body sent unchanged (503 `chain_unavailable` included). `dependencies` is resolved per
 * request (and given it, for the caller's address) so configuration is read when the function runs, not when
 * Firebase loads the module to discover it. Each request ends with one outcome line (`signIn`: ok, refused
 * with the body's `error` code, or failed for a 5xx; its duration). The request is handled as the app's
 * action (`actionId` in the query, when it sent one: `inAction`), so every line written meanwhile — the
 * outcome, the exchange's error lines, anything the one logger writes — carries its id and trace.
 *
 * @example
 * ```ts
 * export const onRequestCustomToken = onRequest({ region: 'asia-southeast1' }, createCustomTokenRequestHandler(() => ({
 *   secret, appOrigins: ['https://worldmap.app'], spendNonce, mintCustomToken, client,
 * })))
 * ```
 */
export function createCustomTokenRequestHandler(
  dependencies: (request: CustomTokenRequest) => ExchangeCustomTokenDependencies,
  { logOutcome = actionLog.write }: CustomTokenRequestHandlerOptions = {},
) {
  return (request: CustomTokenRequest, response: JsonResponse): Promise<void> => {
    const actionId = actionIdOf(request.query)
    return inAction(actionId, () => handle(request, response, actionId))
  }
  async function handle(request: CustomTokenRequest, response: JsonResponse, actionId: string | undefined): Promise<void> {
    const startedAt = Date.now()
    const result = request.method === 'GET' ? await exchange(request, dependencies, actionId) : methodNotAllowed
    const code = (result.body as { error?: unknown }).error
    logOutcome(
      toActionLogEntry({
        action: 'signIn',
        outcome: result.status < 400 ? 'ok' : result.status >= 500 ? 'failed' : 'refused',
        ...(typeof code === 'string' ? { code } : {}),
        durationMs: Date.now() - startedAt,
        ...(actionId ? { actionId } : {}),
      }),
    )
    response
      .status(result.status)
      .set({ 'cache-control': 'no-store', ...result.headers })
      .json(result.body)
  }
}

async function exchange(
  request: CustomTokenRequest,
  dependencies: (request: CustomTokenRequest) => ExchangeCustomTokenDependencies,
  actionId: string | undefined,
): Promise<ExchangeCustomTokenResult | typeof misconfigured> {
  let resolved: ExchangeCustomTokenDependencies
  try {
    resolved = dependencies(request)
  } catch (error) {
    // A missing secret is our fault, not the caller's: 500, named in the log (never the value).
    actionLog.error('onRequestCustomToken is misconfigured', {
      errorMessage: error instanceof Error ? error.message : String(error),
    })
    return misconfigured
  }
  // The one logger by default: its lines carry the action's id by themselves.
  const logger = resolved.logger ?? actionLog
  // An injected logger's lines (a test's) are tied to the action too.
  const withAction: Pick<Console, 'error'> = {
    error: (message: unknown, fields?: unknown) =>
      logger.error(message, { ...(fields as Record<string, unknown> | undefined), ...actionFields(actionId) }),
  }
  return exchangeCustomToken(request.query, actionId ? { ...resolved, logger: withAction } : resolved)
}
