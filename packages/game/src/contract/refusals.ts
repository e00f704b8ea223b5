/**
 * The Firebase callable error codes (`HttpsError` codes) a WorldMap refusal
 * is sent as. The client's SDK reports them as `functions/<code>`.
 */
export type CallableErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'failed-precondition'
  | 'already-exists'
  | 'out-of-range'
  | 'unavailable'
  | 'resource-exhausted'

/** How one refusal travels: its callable code, and whether `details.retryAfterMs` comes with it. */
export interface RefusalWire {
  /** The `HttpsError` code the callable throws it as. */
  callableCode: CallableErrorCode
  /** `true` when the refusal lifts with time and the server says when (`details.retryAfterMs`). */
  retryAfter: boolean
}

/**
 * Every stable refusal code the backend sends as `details.code`, with how it
 * travels. One table: the functions' error classes read their callable code
 * from it, and each callable's contract row lists the codes it can answer.
 *
 * @example
 * ```ts
 * REFUSALS.out_of_reach // { callableCode: 'out-of-range', retryAfter: false }
 * ```
 */
export const REFUSALS = {
  unauthenticated: { callableCode: 'unauthenticated', retryAfter: false },
  invalid_request: { callableCode: 'invalid-argument', retryAfter: false },
  invalid_location: { callableCode: 'invalid-argument', retryAfter: false },
  invalid_cell: { callableCode: 'invalid-argument', retryAfter: false },
  not_verified: { callableCode: 'permission-denied', retryAfter: false },
  drop_not_found: { callableCode: 'not-found', retryAfter: false },
  already_collected: { callableCode: 'already-exists', retryAfter: false },
  spot_already_found: { callableCode: 'already-exists', retryAfter: false },
  drop_expired: { callableCode: 'failed-precondition', retryAfter: false },
  location_too_inaccurate: { callableCode: 'failed-precondition', retryAfter: false },
  impossible_travel: { callableCode: 'failed-precondition', retryAfter: true },
  out_of_reach: { callableCode: 'out-of-range', retryAfter: false },
  rate_limited: { callableCode: 'resource-exhausted', retryAfter: true },
  area_asleep: { callableCode: 'resource-exhausted', retryAfter: true },
  invalid_proof_payload: { callableCode: 'invalid-argument', retryAfter: false },
  proof_rejected: { callableCode: 'permission-denied', retryAfter: false },
  human_already_linked: { callableCode: 'already-exists', retryAfter: false },
  verifier_unavailable: { callableCode: 'unavailable', retryAfter: false },
  verify_rate_limited: { callableCode: 'resource-exhausted', retryAfter: true },
  usernames_unavailable: { callableCode: 'unavailable', retryAfter: false },
  /** The phone's clock is further from the server's than the sign-in allows (`onRequestCustomToken`, 401). */
  device_clock_wrong: { callableCode: 'failed-precondition', retryAfter: false },
} as const satisfies Record<string, RefusalWire>

/** A stable refusal code of the backend (`details.code` of a callable's `HttpsError`). */
export type RefusalCode = keyof typeof REFUSALS

/**
 * Is `code` one of the backend's refusal codes? Own keys only, so
 * `toString` and friends are not.
 *
 * @example
 * ```ts
 * isRefusalCode('rate_limited') // true
 * ```
 */
export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code)
}

/**
 * Codes the backend sends as `details.code` for a call that failed without being refused: not the player's doing,
 * over in a moment. A client reads them as the failure their callable code means (`unavailable`: "try again"),
 * never as a refusal of the row that travels with the same callable code (verifyHuman's `verifier_unavailable`).
 * `player_moving`: a table switch is moving the player's records and the call's wait ran out.
 *
 * @example
 * ```ts
 * FAILURE_CODES.player_moving // { callableCode: 'unavailable', retryAfter: true }
 * ```
 */
export const FAILURE_CODES = {
  player_moving: { callableCode: 'unavailable', retryAfter: true },
} as const satisfies Record<string, RefusalWire>

/** A code of {@link FAILURE_CODES}. */
export type FailureCode = keyof typeof FAILURE_CODES

/**
 * Is `code` one of the backend's named failures ({@link FAILURE_CODES})? Own keys only.
 *
 * @example
 * ```ts
 * isFailureCode('player_moving') // true
 * ```
 */
export function isFailureCode(code: unknown): code is FailureCode {
  return typeof code === 'string' && Object.hasOwn(FAILURE_CODES, code)
}
