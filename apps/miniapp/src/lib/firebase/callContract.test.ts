import {
  collectDropContract,
  ensureDropsNearContract,
  getLeaderboardContract,
  verifyHumanContract,
} from '@worldmap/game/contract'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { withActionId } from '../reporting/actionScope.js'
import { type RawReport, takeReports } from '../reporting/reportQueue.js'
import { CallRefusedError, callContract, refusalOf } from './callContract.js'

/** A refusal as the Firebase client rejects with it: `functions/<callable code>` and the server's details. */
const refused = (callableCode: string, details?: unknown, message = callableCode) =>
  Object.assign(new Error(message), { code: `functions/${callableCode}`, details })

const board = {
  week: 2969,
  startsAt: 1_795_996_800_000,
  endsAt: 1_796_601_600_000,
  entries: [],
  you: { ranked: false, rank: null, points: 0 },
}

describe('callContract', () => {
  test('default: sends the request under the row’s name and resolves with the reply the row reads, typed by it', async () => {
    const sent: [string, unknown][] = []
    const reply = await callContract(getLeaderboardContract, {}, async (name, data) => {
      sent.push([name, data])
      return board
    })
    expect(sent).toEqual([['getLeaderboard', {}]])
    expect(reply).toMatchObject({ week: 2969, entries: [] })
    expectTypeOf(reply.week).toEqualTypeOf<number>()
  })

  test('error: an answer that is not the row’s reply is malformed_reply, with the parse as its cause', async () => {
    const failure = await callContract(getLeaderboardContract, {}, async () => ({ week: 'soon' })).catch((error) => error)
    expect(failure).toBeInstanceOf(CallRefusedError)
    expect(failure).toMatchObject({ name: 'CallRefusedError', code: 'malformed_reply', callable: 'getLeaderboard' })
    expect(failure.cause).toBeDefined()
  })

  test('error: a refusal of the row is its code, with the wait only for refusals that lift with time', async () => {
    const limited = await callContract(verifyHumanContract, proof, async () => {
      throw refused('resource-exhausted', { code: 'verify_rate_limited', retryAfterMs: 60_000 })
    }).catch((error) => error)
    expect(limited).toMatchObject({ code: 'verify_rate_limited', retryAfterMs: 60_000, callable: 'verifyHuman' })
    // A wait the code does not carry (a proxy's extra detail) is not passed on.
    const linked = refusalOf(verifyHumanContract, refused('already-exists', { code: 'human_already_linked', retryAfterMs: 5 }))
    expect(linked).toMatchObject({ code: 'human_already_linked', retryAfterMs: undefined })
  })

  test('behavior: without a server reason, a callable code is the first refusal the row lists that travels as it', () => {
    // What verifyHuman's hand-written fallback table said, now read from REFUSALS and the row.
    const expected = {
      unauthenticated: 'unauthenticated',
      'invalid-argument': 'invalid_proof_payload',
      'permission-denied': 'proof_rejected',
      'already-exists': 'human_already_linked',
      unavailable: 'verifier_unavailable',
      'resource-exhausted': 'verify_rate_limited',
      'deadline-exceeded': 'timeout',
    }
    for (const [callableCode, code] of Object.entries(expected)) {
      expect(refusalOf(verifyHumanContract, refused(callableCode)).code, callableCode).toBe(code)
    }
  })

  test.each([
    ['a reason the row does not list', refused('not-found', { code: 'drop_not_found' }), 'unknown'],
    ['a callable code the row has no refusal for', refused('not-found'), 'unknown'],
    ['the SDK’s answer to no answer at all', refused('internal', undefined, 'internal [0]'), 'network'],
    ['a 500 of ours', refused('internal', undefined, 'internal [500]'), 'unknown'],
    ['fetch failing', new TypeError('Failed to fetch'), 'network'],
    ['a reason named like an Object method', refused('permission-denied', { code: 'toString' }), 'proof_rejected'],
  ])('behavior: %s → %s', (_, error, code) => {
    expect(refusalOf(verifyHumanContract, error).code).toBe(code)
  })

  test('behavior: an outage is the row’s refusal for it when it has one, else unavailable', () => {
    expect(refusalOf(verifyHumanContract, refused('unavailable')).code).toBe('verifier_unavailable')
    expect(refusalOf(getLeaderboardContract, refused('unavailable')).code).toBe('unavailable')
  })

  test('behavior: a table switch’s move under way (player_moving) is unavailable on every row, never the verifier’s outage', () => {
    const moving = () => refused('unavailable', { code: 'player_moving', retryAfterMs: 2_000 })
    for (const row of [verifyHumanContract, getLeaderboardContract, collectDropContract, ensureDropsNearContract]) {
      expect(refusalOf(row, moving()).code, row.name).toBe('unavailable')
    }
  })

  test('behavior: a failure while the device is offline is offline, whatever the SDK made of it', () => {
    expect(refusalOf(getLeaderboardContract, new TypeError('Failed to fetch'), false).code).toBe('offline')
    // A refusal the server sent is still the server's.
    expect(refusalOf(getLeaderboardContract, refused('unauthenticated', { code: 'unauthenticated' }), false).code).toBe(
      'unauthenticated',
    )
  })

  test('behavior: a refusal read once is passed through as it is', () => {
    const once = refusalOf(getLeaderboardContract, refused('unauthenticated'))
    expect(refusalOf(getLeaderboardContract, once)).toBe(once)
  })
})

const proof = {
  proof: `0x${'1'.repeat(512)}`,
  merkle_root: `0x${'2'.repeat(64)}`,
  nullifier_hash: `0x${'3'.repeat(64)}`,
  verification_level: 'orb',
} as const

describe('callContract in a player action', () => {
  const actionId = '4bf92f3577b34da6a3ce929d0e0e4736'
  const reports: RawReport[] = []
  takeReports((raw) => reports.push(raw as RawReport))

  test('behavior: a call started inside withActionId sends the id beside the request; one outside does not', async () => {
    const sent: unknown[] = []
    const transport = async (_: string, data: unknown) => {
      sent.push(data)
      return board
    }
    await withActionId(actionId, () => callContract(getLeaderboardContract, {}, transport))
    await callContract(getLeaderboardContract, {}, transport)
    expect(sent).toEqual([{ actionId }, {}])
  })

  test('behavior: every failure is reported by the row’s name and code, with the action’s id and the time it took', async () => {
    reports.length = 0
    await withActionId(actionId, () =>
      callContract(verifyHumanContract, proof, async () => {
        throw refused('resource-exhausted', { code: 'verify_rate_limited', retryAfterMs: 60_000 })
      }),
    ).catch(() => undefined)
    await callContract(getLeaderboardContract, {}, async () => ({ week: 'soon' })).catch(() => undefined)
    expect(reports).toEqual([
      { kind: 'refusal', callable: 'verifyHuman', code: 'verify_rate_limited', durationMs: expect.any(Number), actionId },
      { kind: 'refusal', callable: 'getLeaderboard', code: 'malformed_reply', durationMs: expect.any(Number) },
    ])
  })
})
