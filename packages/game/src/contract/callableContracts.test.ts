import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { collectDropContract } from './collectDropContract.js'
import { ensureDropsNearContract } from './ensureDropsNearContract.js'
import { getLeaderboardContract } from './getLeaderboardContract.js'
import { isRefusalCode, REFUSALS } from './refusals.js'
import { verifyHumanContract } from './verifyHumanContract.js'

const rows = [ensureDropsNearContract, collectDropContract, getLeaderboardContract, verifyHumanContract]

describe('rows', () => {
  test('default: one row per callable, each refusal one of the table, listed once', () => {
    expect(rows.map((row) => row.name)).toEqual(['ensureDropsNear', 'collectDrop', 'getLeaderboard', 'verifyHuman'])
    for (const row of rows) for (const code of row.refusals) expect(isRefusalCode(code), code).toBe(true)
    for (const row of rows) expect(new Set(row.refusals).size, row.name).toBe(row.refusals.length)
  })

  test('behavior: isRefusalCode knows the table and nothing inherited', () => {
    expect(Object.keys(REFUSALS).every(isRefusalCode)).toBe(true)
    expect(['toString', 'constructor', '', 'RATE_LIMITED', 1, null].some(isRefusalCode)).toBe(false)
  })

  test('behavior: refusals that lift with time are the ones sent with details.retryAfterMs', () => {
    const lifting = Object.entries(REFUSALS).filter(([, wire]) => wire.retryAfter)
    expect(lifting.map(([code]) => code)).toEqual(['impossible_travel', 'rate_limited', 'area_asleep', 'verify_rate_limited'])
  })
})

describe('ensureDropsNear', () => {
  test('behavior: a location is finite degrees in range', () => {
    const { request } = ensureDropsNearContract
    expect(request.safeParse({ lat: 1.3, lng: 103.8 }).success).toBe(true)
    for (const bad of [
      { lat: 91, lng: 0 },
      { lat: 0, lng: -181 },
      { lat: Number.NaN, lng: 0 },
      { lat: 0, lng: Infinity },
      { lat: '1', lng: 0 },
      null,
    ]) {
      expect(request.safeParse(bad).success).toBe(false)
    }
  })

  test('behavior: random input never throws, and passes only as two numbers in range', () => {
    fc.assert(
      fc.property(fc.oneof(fc.record({ lat: fc.double(), lng: fc.double() }), fc.anything()), (value) => {
        const parsed = ensureDropsNearContract.request.safeParse(value)
        if (parsed.success) expect(Math.abs(parsed.data.lat) <= 90 && Math.abs(parsed.data.lng) <= 180).toBe(true)
      }),
    )
  })

  test('behavior: the reply names watch cells', () => {
    const reply = { window: 3, expiresAt: 1, cells: ['w21z7q'], spawned: 0 }
    expect(ensureDropsNearContract.reply.safeParse(reply).success).toBe(true)
    expect(ensureDropsNearContract.reply.safeParse({ ...reply, cells: ['/drops'] }).success).toBe(false)
  })
})

describe('collectDrop', () => {
  const request = { dropId: 'w21z7qk_1_0', lat: 1.3, lng: 103.8, accuracy: 5 }

  test('behavior: the time zone is optional and must be a known IANA name', () => {
    expect(collectDropContract.request.safeParse(request).success).toBe(true)
    expect(collectDropContract.request.safeParse({ ...request, timeZone: 'Asia/Singapore' }).success).toBe(true)
    expect(collectDropContract.request.safeParse({ ...request, timeZone: 'Mars/Olympus' }).success).toBe(false)
    expect(collectDropContract.request.safeParse({ ...request, dropId: '' }).success).toBe(false)
    expect(collectDropContract.request.safeParse({ ...request, dropId: 'x'.repeat(65) }).success).toBe(false)
  })

  test('behavior: the reply needs the item id and distance; a malformed extra reads as missing', () => {
    const reply = collectDropContract.reply.safeParse({ itemId: 'a', distance: 3, firstFind: 'yes', count: 0, points: 4 })
    expect(reply.success && reply.data).toEqual({
      itemId: 'a',
      distance: 3,
      item: undefined,
      firstFind: undefined,
      count: undefined,
      points: 4,
      progress: undefined,
    })
    expect(collectDropContract.reply.safeParse({ itemId: 'a' }).success).toBe(false)
  })
})

describe('getLeaderboard', () => {
  test('behavior: the request takes no parameters', () => {
    for (const data of [{}, null, undefined]) expect(getLeaderboardContract.request.safeParse(data).success).toBe(true)
    expect(getLeaderboardContract.request.safeParse({ week: 1 }).success).toBe(false)
  })

  test('behavior: a week must end after it starts, and unknown fields are stripped', () => {
    const reply = {
      week: 1,
      startsAt: 10,
      endsAt: 20,
      entries: [{ rank: 1, username: 'a', profilePictureUrl: 'not a url', verified: true, points: 3, you: false, uid: 'x' }],
      you: { ranked: false, rank: null, points: 0 },
    }
    const parsed = getLeaderboardContract.reply.safeParse(reply)
    expect(parsed.success && parsed.data.entries[0]).toEqual({
      rank: 1,
      username: 'a',
      profilePictureUrl: null,
      verified: true,
      points: 3,
      you: false,
    })
    expect(getLeaderboardContract.reply.safeParse({ ...reply, endsAt: 10 }).success).toBe(false)
  })
})

describe('verifyHuman', () => {
  const word = (digit: string) => digit.repeat(64)
  const proof = {
    proof: `0x${word('1').repeat(8)}`,
    merkle_root: `0x${word('2')}`,
    nullifier_hash: `0x0${word('3').slice(1)}`,
    verification_level: 'orb',
  }
  const FIELD_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n

  test('behavior: a proof is 8 (or 4 compressed) 32-byte words, two field elements and a known level', () => {
    expect(verifyHumanContract.request.safeParse(proof).success).toBe(true)
    expect(verifyHumanContract.request.safeParse({ ...proof, proof: `0x${word('a').repeat(4)}` }).success).toBe(true)
    expect(verifyHumanContract.reply.safeParse({ verifiedLevel: 'device' }).success).toBe(true)
  })

  test.each([
    ['no 0x', { proof: word('1').repeat(8) }],
    ['a short proof', { proof: '0x1' }],
    ['7 words', { proof: `0x${word('1').repeat(7)}` }],
    ['9 words', { proof: `0x${word('1').repeat(9)}` }],
    ['a short root', { merkle_root: '0x2' }],
    ['a nullifier of 65 digits', { nullifier_hash: `0x${word('3')}3` }],
    ['a nullifier at the field order', { nullifier_hash: `0x${FIELD_ORDER.toString(16).padStart(64, '0')}` }],
    ['a root above the field order', { merkle_root: `0x${word('f')}` }],
    ['an unknown level', { verification_level: 'passport' }],
  ])('error: a malformed proof is refused before anything is asked (%s)', (_name, change) => {
    expect(verifyHumanContract.request.safeParse({ ...proof, ...change }).success).toBe(false)
  })

  test('property: every field element below the order passes, every one at or above it fails', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (value) => {
        const hex = `0x${value.toString(16).padStart(64, '0')}`
        const parsed = verifyHumanContract.request.safeParse({ ...proof, nullifier_hash: hex, merkle_root: hex })
        expect(parsed.success).toBe(value < FIELD_ORDER)
      }),
    )
  })
})
