import { FAILURE_CODES } from '@worldmap/game/contract'
import type { LogEntry } from 'firebase-functions/logger'
import { HttpsError } from 'firebase-functions/v2/https'
import { PLAYER_MOVING_RETRY_MS, PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import { actionLog } from '../observability/actionLog.js'
import { GameError } from '../refusals/GameError.js'

/** Where unexpected failures are reported (the one logger, `actionLog.error`, by default). */
export type ErrorLogger = (message: string, fields: Record<string, unknown>) => void

/** Options every callable handler factory accepts. */
export interface CallableHandlerOptions {
  /** Reports unexpected failures. @default `actionLog.error` (the current action's id on the line) */
  log?: ErrorLogger
  /** Writes each call's outcome line (`toActionLogEntry`). @default `actionLog.write` */
  logOutcome?: (entry: LogEntry) => void
}

/**
 * What a callable throws to its client. A {@link GameError} keeps its
 * message and becomes `HttpsError(error.callableCode, message, { code })`
 * with the stable code in `details` (and `retryAfterMs` when waiting helps); an `HttpsError` passes through; a
 * {@link PlayerMovingError} (a table switch's move still under way, over in a moment) is `unavailable` with
 * `{ code: 'player_moving', retryAfterMs }`, which every client reads as "not answering now, try again"; anything
 * else is a bug or an outage: logged (name, code and message — never the
 * request, which may carry a proof) and reported as a bare `internal`.
 *
 * @example
 * ```ts
 * try {
 *   return await work()
 * } catch (error) {
 *   throw toHttpsError(error, 'collectDrop')
 * }
 * ```
 */
export function toHttpsError(error: unknown, functionName: string, log: ErrorLogger = actionLog.error): HttpsError {
  if (error instanceof HttpsError) return error
  if (error instanceof GameError) {
    const details =
      error.retryAfterMs === undefined ? { code: error.code } : { code: error.code, retryAfterMs: error.retryAfterMs }
    return new HttpsError(error.callableCode, error.message, details)
  }
  if (error instanceof PlayerMovingError) {
    const { callableCode } = FAILURE_CODES[error.code]
    return new HttpsError(callableCode, error.message, { code: error.code, retryAfterMs: PLAYER_MOVING_RETRY_MS })
  }
  log(`${functionName} failed unexpectedly`, describe(error))
  return new HttpsError('internal', 'Internal error.')
}

/**
 * The code an outcome line gives a call that failed (not refused): `player_moving` for a move still under way,
 * which a table switch causes and the dashboards count apart; `internal` for everything else.
 *
 * @example
 * ```ts
 * failureCodeOf(new PlayerMovingError()) // 'player_moving'
 * ```
 */
export function failureCodeOf(error: unknown): 'player_moving' | 'internal' {
  return error instanceof PlayerMovingError ? error.code : 'internal'
}

// Not `name`/`message`: the structured logger keeps those keys for its own entry.
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { errorType: typeof error }
  const code = 'code' in error ? error.code : undefined
  return { errorName: error.name, ...(code === undefined ? {} : { errorCode: code }), errorMessage: error.message }
}
