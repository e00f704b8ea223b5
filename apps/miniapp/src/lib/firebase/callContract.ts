import { BaseError } from '@worldmap/game'
import {
  ACTION_ID_FIELD,
  type CallableContract,
  isFailureCode,
  isRefusalCode,
  REFUSALS,
  type RefusalOf,
} from '@worldmap/game/contract'
import type * as z from 'zod/mini'
import { getClientConfig } from '../config/getClientConfig.js'
import { readCallableError } from '../errors/readCallableError.js'
import { currentActionId } from '../reporting/actionScope.js'
import { report } from '../reporting/reportQueue.js'
import { callFunction } from './callFunction.js'

/** Why a call failed without the server refusing it. */
export type CallFailure =
  /** The request never reached the server: the device is offline. */
  | 'offline'
  /** The request or its answer was lost on the way (`fetch` failed, the server could not be reached). */
  | 'network'
  /** No answer in time (the SDK's `deadline-exceeded`). */
  | 'timeout'
  /** The server said it is not answering now (`unavailable`) and the row has no refusal of that kind. */
  | 'unavailable'
  /** The server answered with something that is not the row's reply. */
  | 'malformed_reply'
  /** Anything else: a code the row does not know, a bug. */
  | 'unknown'

/** A failed call's code: one of the row's refusals, or a {@link CallFailure}. */
export type CallRefusalCode<row extends CallableContract> = RefusalOf<row> | CallFailure

/**
 * A callable refused, or could not be reached: `code` is the row's refusal
 * (`details.code`, or the one refusal of the row that travels as the
 * callable code when the server sent none) or why the call failed;
 * `retryAfterMs` is the server's wait for the refusals that lift with time
 * (`REFUSALS[code].retryAfter`). Screens word it from their catalogues by `code`.
 *
 * @example
 * ```ts
 * if (error instanceof CallRefusedError && error.code === 'rate_limited') wait(error.retryAfterMs)
 * ```
 */
export class CallRefusedError<row extends CallableContract = CallableContract> extends BaseError {
  override name = 'CallRefusedError'
  override readonly code: CallRefusalCode<row>
  /** The callable that refused (`row.name`). */
  readonly callable: row['name']
  /** How long until the same request may pass, ms, when the refusal lifts with time and the server said. */
  readonly retryAfterMs: number | undefined

  constructor(callable: row['name'], code: CallRefusalCode<row>, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(`${callable} failed: ${code}.`, { cause: options.cause as Error | undefined })
    this.callable = callable
    this.code = code
    this.retryAfterMs = options.retryAfterMs
  }
}

/** Sends one callable's request and resolves with its raw answer (the Firebase client by default). */
export type CallTransport = (name: string, data: unknown) => Promise<unknown>

const firebaseTransport: CallTransport = (name, data) => callFunction(getClientConfig(), name, data)

/** Failures the Firebase client reports by callable code when no server refusal explains them. */
const FAILURE_BY_CALLABLE_CODE: Readonly<Record<string, CallFailure>> = {
  'deadline-exceeded': 'timeout',
  unavailable: 'unavailable',
}

/**
 * The Firebase client's reading of "no HTTP answer at all" (fetch rejected:
 * offline, connection refused, CORS): `functions/internal` with its own
 * default message, `internal [0]` (HTTP status 0). A 500 of ours is `[500]`.
 */
const isNoAnswer = (error: unknown, callableCode: string) =>
  callableCode === 'internal' && error instanceof Error && /\[0\]$/.test(error.message)

/** Why a call failed that no refusal of the row explains. */
function failureOf(error: unknown, callableCode: string, online: boolean): CallFailure {
  if (!online) return 'offline'
  // fetch() rejects with a TypeError when the network is down.
  if (isNoAnswer(error, callableCode) || error instanceof TypeError) return 'network'
  return FAILURE_BY_CALLABLE_CODE[callableCode] ?? 'unknown'
}

/**
 * Which of `row`'s refusals a failure is: the server's `details.code` when
 * the row lists it (another code of the backend's is read as why the call failed, below); without one (an older server, a proxy's answer: no
 * refusal code at all), the first refusal the row lists that travels as that callable code (from
 * `REFUSALS`, never a hand-written reverse map: rows list the likeliest
 * first); else why the call failed ({@link CallFailure}).
 *
 * @example
 * ```ts
 * refusalOf(collectDropContract, error).code // 'out_of_reach', or 'network' when nothing answered
 * ```
 */
export function refusalOf<row extends CallableContract>(row: row, error: unknown, online = true): CallRefusedError<row> {
  if (error instanceof CallRefusedError) return error as CallRefusedError<row>
  const { callableCode, reason, retryAfterMs } = readCallableError(error)
  const codes = row.refusals as readonly RefusalOf<row>[]
  // A code of the backend's is never read as another of the row's: a refusal this row does not list, or a named
  // failure that shares a refusal's callable code (`player_moving` is `unavailable`, like verifyHuman's
  // `verifier_unavailable`), is why the call failed, not that refusal.
  const byCallableCode =
    isRefusalCode(reason) || isFailureCode(reason)
      ? undefined
      : codes.find((listed) => REFUSALS[listed].callableCode === callableCode)
  const code: CallRefusalCode<row> =
    codes.find((listed) => listed === reason) ?? byCallableCode ?? failureOf(error, callableCode, online)
  const waits = code in REFUSALS && REFUSALS[code as RefusalOf<row>].retryAfter
  return new CallRefusedError<row>(row.name, code, {
    ...(waits && retryAfterMs !== undefined ? { retryAfterMs } : {}),
    cause: error,
  })
}

/**
 * A failed call's code in a screen's own words: the row's refusal as it is,
 * a call failure as `failures` words it (`unknown` when it does not), with
 * the refusal read (`refusalOf`: its cause and the server's wait). The one
 * rule behind each screen's `to…Error`.
 *
 * @example
 * ```ts
 * const { code, refusal } = screenCodeOf(verifyHumanContract, error, { offline: 'network', network: 'network' })
 * new VerifyHumanError(code, { cause: refusal.cause ?? error })
 * ```
 */
export function screenCodeOf<row extends CallableContract, failure extends string>(
  row: row,
  error: unknown,
  failures: Readonly<Partial<Record<CallFailure, failure>>>,
): { code: RefusalOf<row> | failure | 'unknown'; refusal: CallRefusedError<row> } {
  const refusal = refusalOf(row, error)
  const refused = (row.refusals as readonly string[]).includes(refusal.code)
  const code = refused ? (refusal.code as RefusalOf<row>) : (failures[refusal.code as CallFailure] ?? 'unknown')
  return { code, refusal }
}

/**
 * Call a callable through its contract row: the request typed by the row,
 * the answer read with the row's reply schema and typed by it, any failure
 * one {@link CallRefusedError} with the row's code (or why the call failed)
 * and the server's wait. The one way the app calls its backend: adding a
 * callable is its row, its implementation and its call site.
 *
 * A call started inside a player action (`withActionId`) sends the action's
 * id beside the request (`actionId`, which the functions take out before the
 * row reads it, and put on their log lines); every failure is reported
 * (`report`) by the row's name and code, with the action's id.
 *
 * @throws {CallRefusedError} the server refused (one of the row's codes), or the call failed.
 * @example
 * ```ts
 * const board = await callContract(getLeaderboardContract, {})
 * board.entries[0]?.rank // 1
 * ```
 */
export async function callContract<row extends CallableContract>(
  row: row,
  request: z.input<row['request']>,
  transport: (name: row['name'], data: unknown) => Promise<unknown> = firebaseTransport,
): Promise<z.output<row['reply']>> {
  const actionId = currentActionId()
  const sentAt = Date.now()
  const failed = (refusal: CallRefusedError<row>) => {
    report({
      kind: 'refusal',
      callable: row.name,
      code: refusal.code,
      durationMs: Date.now() - sentAt,
      ...(actionId ? { actionId } : {}),
    })
    return refusal
  }
  const data = actionId && typeof request === 'object' && request !== null ? { ...request, [ACTION_ID_FIELD]: actionId } : request
  let answer: unknown
  try {
    answer = await transport(row.name, data)
  } catch (error) {
    throw failed(refusalOf(row, error, typeof navigator === 'undefined' || navigator.onLine !== false))
  }
  const reply = row.reply.safeParse(answer)
  if (!reply.success) throw failed(new CallRefusedError<row>(row.name, 'malformed_reply', { cause: reply.error }))
  return reply.data as z.output<row['reply']>
}
