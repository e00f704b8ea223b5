import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, test, vi } from 'vitest'
import { HumanAlreadyLinkedError } from '../database/errors/HumanAlreadyLinkedError.js'
import { PLAYER_MOVING_RETRY_MS, PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import { StoredDataError } from '../database/errors/StoredDataError.js'
import { ConfigError } from '../errors/ConfigError.js'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { DropExpiredError } from '../refusals/DropExpiredError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { GameError } from '../refusals/GameError.js'
import { ImpossibleTravelError } from '../refusals/ImpossibleTravelError.js'
import { InvalidCellError } from '../refusals/InvalidCellError.js'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { LocationTooInaccurateError } from '../refusals/LocationTooInaccurateError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { OutOfReachError } from '../refusals/OutOfReachError.js'
import { RateLimitedError } from '../refusals/RateLimitedError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import { InvalidProofPayloadError } from '../worldId/errors/InvalidProofPayloadError.js'
import { ProofRejectedError } from '../worldId/errors/ProofRejectedError.js'
import { VerifierUnavailableError } from '../worldId/errors/VerifierUnavailableError.js'
import { InvalidRequestError } from './errors/InvalidRequestError.js'
import { failureCodeOf, toHttpsError } from './toHttpsError.js'

const cases: { error: GameError; callableCode: string; code: string; retryAfterMs?: number }[] = [
  { error: new UnauthenticatedError(), callableCode: 'unauthenticated', code: 'unauthenticated' },
  { error: new InvalidRequestError({ details: 'dropId' }), callableCode: 'invalid-argument', code: 'invalid_request' },
  { error: new InvalidLocationError({ details: 'lat' }), callableCode: 'invalid-argument', code: 'invalid_location' },
  { error: new InvalidCellError(), callableCode: 'invalid-argument', code: 'invalid_cell' },
  { error: new NotVerifiedError(), callableCode: 'permission-denied', code: 'not_verified' },
  { error: new DropNotFoundError(), callableCode: 'not-found', code: 'drop_not_found' },
  { error: new AlreadyCollectedError(), callableCode: 'already-exists', code: 'already_collected' },
  { error: new DropExpiredError(), callableCode: 'failed-precondition', code: 'drop_expired' },
  { error: new LocationTooInaccurateError(), callableCode: 'failed-precondition', code: 'location_too_inaccurate' },
  { error: new OutOfReachError({ distance: 80.04, reach: 55 }), callableCode: 'out-of-range', code: 'out_of_reach' },
  { error: new InvalidProofPayloadError(), callableCode: 'invalid-argument', code: 'invalid_proof_payload' },
  { error: new ProofRejectedError({ reason: 'invalid_proof' }), callableCode: 'permission-denied', code: 'proof_rejected' },
  { error: new VerifierUnavailableError(), callableCode: 'unavailable', code: 'verifier_unavailable' },
  { error: new HumanAlreadyLinkedError(), callableCode: 'already-exists', code: 'human_already_linked' },
  {
    error: new ImpossibleTravelError({ retryAfterMs: 7_196_500 }),
    callableCode: 'failed-precondition',
    code: 'impossible_travel',
    retryAfterMs: 7_196_500,
  },
  {
    error: new RateLimitedError({ quota: 'collect', retryAfterMs: 3_000 }),
    callableCode: 'resource-exhausted',
    code: 'rate_limited',
    retryAfterMs: 3_000,
  },
  {
    error: new RateLimitedError({ quota: 'spawn', retryAfterMs: 1_200_000 }),
    callableCode: 'resource-exhausted',
    code: 'rate_limited',
    retryAfterMs: 1_200_000,
  },
]

describe('toHttpsError', () => {
  test('default', () => {
    const error = toHttpsError(new OutOfReachError({ distance: 80.04, reach: 55 }), 'collectDrop')
    expect(error).toBeInstanceOf(HttpsError)
    expect(error.toJSON()).toEqual({
      status: 'OUT_OF_RANGE',
      message: 'out_of_reach\n\nDistance: 80 m\nReach: 55 m',
      details: { code: 'out_of_reach' },
    })
  })

  test.each(cases)('behavior: $error.name → $callableCode', ({ error: gameError, callableCode, code, retryAfterMs }) => {
    const log = vi.fn()
    const error = toHttpsError(gameError, 'collectDrop', log)
    expect(error.code).toBe(callableCode)
    expect(error.message).toBe(gameError.message)
    expect(error.details).toStrictEqual(retryAfterMs === undefined ? { code } : { code, retryAfterMs })
    expect(log).not.toHaveBeenCalled()
  })

  test('behavior: a refusal that lifts with time says when, in details', () => {
    const error = toHttpsError(new RateLimitedError({ quota: 'collect', retryAfterMs: 2_400 }), 'collectDrop', vi.fn())
    expect(error.toJSON()).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'rate_limited\n\nQuota: collect\nTry again in: 3 s',
      details: { code: 'rate_limited', retryAfterMs: 2_400 },
    })
  })

  test('behavior: any GameError keeps its code; retryAfterMs only when given', () => {
    const plain = toHttpsError(new GameError('Something.'), 'collectDrop', vi.fn())
    expect(plain.toJSON()).toEqual({ status: 'FAILED_PRECONDITION', message: 'Something.', details: { code: 'game_error' } })
    const zero = toHttpsError(new GameError('Something.', { retryAfterMs: 0 }), 'collectDrop', vi.fn())
    expect(zero.details).toEqual({ code: 'game_error', retryAfterMs: 0 })
  })

  test('behavior: an HttpsError passes through', () => {
    const original = new HttpsError('resource-exhausted', 'Slow down.')
    expect(toHttpsError(original, 'collectDrop', vi.fn())).toBe(original)
  })

  test('behavior: anything else is logged and reported as a bare internal error', () => {
    const log = vi.fn()
    const error = toHttpsError(new StoredDataError('drops/d1'), 'collectDrop', log)
    expect(error.toJSON()).toEqual({ status: 'INTERNAL', message: 'Internal error.' })
    expect(log).toHaveBeenCalledWith('collectDrop failed unexpectedly', {
      errorName: 'StoredDataError',
      errorCode: 'stored_data_invalid',
      errorMessage: 'A stored record is malformed.\n\nPath: drops/d1',
    })
  })

  test('behavior: a configuration error is logged by variable name only', () => {
    const log = vi.fn()
    expect(toHttpsError(new ConfigError(['WORLDMAP_DROP_SEED']), 'ensureDropsNear', log).code).toBe('internal')
    expect(log).toHaveBeenCalledWith('ensureDropsNear failed unexpectedly', {
      errorName: 'ConfigError',
      errorCode: 'invalid_config',
      errorMessage: 'Server configuration is invalid.\n\nDetails: check WORLDMAP_DROP_SEED',
    })
  })

  test.each([
    ['a plain Error', new TypeError('boom'), { errorName: 'TypeError', errorMessage: 'boom' }],
    ['a thrown string', 'secret-proof-0xdeadbeef', { errorType: 'string' }],
    ['undefined', undefined, { errorType: 'undefined' }],
  ])('behavior: %s is internal', (_name, thrown, fields) => {
    const log = vi.fn()
    expect(toHttpsError(thrown, 'verifyHuman', log).code).toBe('internal')
    expect(log).toHaveBeenCalledWith('verifyHuman failed unexpectedly', fields)
  })

  test('behavior: a table switch’s move still under way is unavailable with player_moving and a wait, not logged as a bug', () => {
    const log = vi.fn()
    const error = toHttpsError(new PlayerMovingError(), 'getLeaderboard', log)
    expect(error.toJSON()).toEqual({
      status: 'UNAVAILABLE',
      message: "The player's records are being moved to another database instance.",
      details: { code: 'player_moving', retryAfterMs: PLAYER_MOVING_RETRY_MS },
    })
    expect(log).not.toHaveBeenCalled()
    expect(failureCodeOf(new PlayerMovingError())).toBe('player_moving')
    expect(failureCodeOf(new TypeError('boom'))).toBe('internal')
  })
})
