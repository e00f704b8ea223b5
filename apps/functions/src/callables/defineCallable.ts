import { type CallableContract, takeActionId } from '@worldmap/game/contract'
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https'
import type * as z from 'zod/mini'
import type { SourceRequest } from '../database/crowdPaths.js'
import { actionLog, inAction } from '../observability/actionLog.js'
import { type ActionOutcome, actionFields, toActionLogEntry } from '../observability/toActionLogEntry.js'
import { GameError } from '../refusals/GameError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import { InvalidRequestError } from './errors/InvalidRequestError.js'
import { type CallableHandlerOptions, failureCodeOf, toHttpsError } from './toHttpsError.js'

/** What a callable's implementation gets: the signed-in caller and the request as read. */
export interface CallableCall<data> {
  /** The caller's uid (their wallet address): a callable never runs for nobody. */
  uid: string
  data: data
  /** When the caller's session signed in (the ID token's `auth_time`), ms; `undefined` when the token has none. */
  signedInAt: number | undefined
  /** The HTTP request's headers and socket address, for the crowd limits' source (`sourceOf`); absent in unit tests. */
  http: SourceRequest | undefined
  /** The app's id of the player action this call belongs to (sent as `actionId` beside the request), if any. */
  actionId?: string | undefined
}

/** What the handler reads of `onCall`'s request. */
export type CallableRequestSeen = Pick<CallableRequest, 'auth' | 'data'> & { rawRequest?: SourceRequest }

/** How one callable reads its request and what it does with it. See {@link defineCallable}. */
export interface CallableDefinition<data, result> {
  /**
   * Reads `request.data`. Default: the row's request schema, refusing with
   * `invalid_request` naming the fields at fault. A callable whose rules
   * give a bad value a code of its own (`invalid_location`, a proof's
   * refusals) reads it with those rules instead.
   */
  parse?: (data: unknown) => data
  /** The callable's work; throws a `GameError` to refuse. */
  run: (call: CallableCall<data>) => Promise<result>
}

/** A callable's handler, as `onCall` takes it (and as tests call it), with the name its row exports it under. */
export type CallableHandler<result, name extends string = string> = ((request: CallableRequestSeen) => Promise<result>) & {
  readonly callableName: name
}

/** The fields at fault in a failed parse, `data` for the whole request. */
function faultsOf(error: z.core.$ZodError): string {
  return error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')
}

/**
 * The one frame of every callable: a caller that is not signed in is
 * refused (`unauthenticated`), the request is read (the row's schema by
 * default), the work runs, and whatever it throws reaches the app through
 * `toHttpsError` under the row's name (a `GameError` with its code and
 * wait, anything else logged and answered `internal`). The reply type is
 * the row's: an implementation cannot answer what the app does not read.
 *
 * The app's action id (`actionId` beside the request: `takeActionId`) is
 * taken out before the request is read, so no row lists it, and the call
 * runs as that action (`inAction`): every line the one logger
 * (`actionLog`) writes while it runs carries the id and trace. Every call
 * ends with one outcome line (`toActionLogEntry`: ok, refused with its
 * code, or failed; its duration; the action's id and trace).
 *
 * @example
 * ```ts
 * export const createGetLeaderboardHandler = (dependencies: () => Dependencies) =>
 *   defineCallable(getLeaderboardContract, {
 *     run: ({ uid }) => readLeaderboard(dependencies().database, uid, Date.now()),
 *   })
 * ```
 */
export function defineCallable<
  row extends CallableContract,
  data = z.output<row['request']>,
  // What the implementation answers must be what the app reads (the row's reply), or more.
  result extends z.output<row['reply']> = z.output<row['reply']>,
>(
  row: row,
  definition: CallableDefinition<data, result>,
  options: CallableHandlerOptions = {},
): CallableHandler<result, row['name']> {
  const parse =
    definition.parse ??
    ((input: unknown): data => {
      const parsed = row.request.safeParse(input)
      if (!parsed.success) throw new InvalidRequestError({ details: faultsOf(parsed.error) })
      return parsed.data as data
    })
  const { log = actionLog.error, logOutcome = actionLog.write } = options
  const handler = (request: CallableRequestSeen) => {
    const { actionId, data } = takeActionId(request.data)
    return inAction(actionId, () => handle(request, data, actionId))
  }
  const handle = async (request: CallableRequestSeen, data: unknown, actionId: string | undefined) => {
    const startedAt = Date.now()
    const outcome = (result: Pick<ActionOutcome, 'outcome' | 'code'>) =>
      logOutcome(
        toActionLogEntry({ action: row.name, ...result, durationMs: Date.now() - startedAt, ...(actionId ? { actionId } : {}) }),
      )
    try {
      const uid = request.auth?.uid
      if (!uid) throw new UnauthenticatedError()
      const authTime: unknown = request.auth?.token?.auth_time
      const signedInAt = typeof authTime === 'number' && Number.isFinite(authTime) ? authTime * 1000 : undefined
      const result = await definition.run({ uid, data: parse(data), signedInAt, http: request.rawRequest, actionId })
      outcome({ outcome: 'ok' })
      return result
    } catch (error) {
      const answer = toHttpsError(error, row.name, (message, fields) => log(message, { ...fields, ...actionFields(actionId) }))
      const refused = error instanceof GameError || (error instanceof HttpsError && answer.code !== 'internal')
      const code = error instanceof GameError ? error.code : answer.code === 'internal' ? 'internal' : answer.code
      outcome(refused ? { outcome: 'refused', code } : { outcome: 'failed', code: failureCodeOf(error) })
      throw answer
    }
  }
  return Object.assign(handler, { callableName: row.name })
}
