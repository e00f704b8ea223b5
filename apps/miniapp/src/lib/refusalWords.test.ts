// The app has plain words for every refusal the contract lists, per callable:
// the functions' side (apps/functions/src/refusals/refusals.test.ts) holds
// the contract's codes equal to the errors the functions throw.
import {
  collectDropContract,
  ensureDropsNearContract,
  getLeaderboardContract,
  REFUSALS,
  type RefusalCode,
  verifyHumanContract,
} from '@worldmap/game/contract'
import { describe, expect, test } from 'vitest'
import { getLoginFailure } from '../features/auth/getLoginFailure.js'
import { LoginError } from '../features/auth/LoginError.js'
import { collectDropErrorMessages } from '../features/collect/CollectDropError.js'
import { toCollectDropError } from '../features/collect/toCollectDropError.js'
import { isSpawnRefusal } from '../features/drops/SpawnRefusedError.js'
import { toSpawnRefusedError } from '../features/drops/toSpawnRefusedError.js'
import { getLeaderboard, LEADERBOARD_REFUSAL_WORDS } from '../features/leaderboard/getLeaderboard.js'
import { leaderboardErrorMessages } from '../features/leaderboard/LeaderboardError.js'
import { toVerifyHumanError } from '../features/verification/toVerifyHumanError.js'
import { en } from './i18n/catalogues/en/index.js'

/** A refusal as the Firebase client surfaces the server's `HttpsError` (a `FunctionsError`). */
function refusal(code: RefusalCode) {
  const { callableCode, retryAfter } = REFUSALS[code]
  return Object.assign(new Error('refused'), {
    code: `functions/${callableCode}`,
    details: retryAfter ? { code, retryAfterMs: 90_000 } : { code },
  })
}

/** Words a player reads: a sentence, never a code. */
function expectPlainWords(message: string) {
  expect(message).toMatch(/^[A-Z].*[.!]$/)
  expect(message).not.toMatch(/\b[a-z]+_[a-z_]+\b|functions\//)
}

/** Each refusal of a row with the app's code for it (`words`), or `null` where the app has no words of its own. */
const codesOf = (row: { refusals: readonly RefusalCode[] }, words: (code: RefusalCode) => string | null = (code) => code) =>
  row.refusals.map((code) => [code, words(code)] as [RefusalCode, string | null])

describe('collectDrop', () => {
  test.each(codesOf(collectDropContract))('default: %s → the sheet’s words for %s', (code, words) => {
    const error = toCollectDropError(refusal(code))
    expect(error.code).toBe(words)
    expect(error.message).toBe(collectDropErrorMessages[error.code](REFUSALS[code].retryAfter ? '2 min' : null))
    expectPlainWords(error.message)
  })
})

describe('ensureDropsNear', () => {
  test.each(codesOf(ensureDropsNearContract, (code) => (isSpawnRefusal(code) ? code : null)))(
    'default: %s → the notice’s words for %s',
    (code, words) => {
      const notice = toSpawnRefusedError(refusal(code))
      if (words === null) {
        // Not a spawn refusal: the map reports it as drops that could not load, in its own words.
        expect(notice).toBeNull()
        return
      }
      expect(notice?.code).toBe(words)
      expectPlainWords(notice?.message ?? '')
    },
  )
})

describe('getLeaderboard', () => {
  test.each(codesOf(getLeaderboardContract, (code) => LEADERBOARD_REFUSAL_WORDS[code as keyof typeof LEADERBOARD_REFUSAL_WORDS]))(
    'default: %s → home’s words for %s',
    async (code, words) => {
      const error = await getLeaderboard(() => Promise.reject(refusal(code))).then(
        () => undefined,
        (error: unknown) => error as { code: string; message: string },
      )
      expect(error?.code).toBe(words)
      expect(error?.message).toBe(leaderboardErrorMessages[words as keyof typeof leaderboardErrorMessages])
      expectPlainWords(error?.message ?? '')
    },
  )
})

describe('verifyHuman', () => {
  test.each(codesOf(verifyHumanContract))('default: %s → the profile’s words for %s', (code, words) => {
    const error = toVerifyHumanError(refusal(code))
    expect(error.code).toBe(words)
    expect(error.messageKey).toBe(`verification.error.${words}`)
    expect(error.message).toBe(en[error.messageKey])
    expectPlainWords(error.message)
  })
})

test('behavior: every refusal a callable sends has a row that words it', () => {
  const worded = new Set(
    [ensureDropsNearContract, collectDropContract, getLeaderboardContract, verifyHumanContract].flatMap(
      (row) => row.refusals as readonly string[],
    ),
  )
  // `usernames_unavailable` is logged by verifyHuman, never sent; `device_clock_wrong` is the sign-in's
  // (onRequestCustomToken, an HTTP reply), worded by the login view: the test below.
  expect(Object.keys(REFUSALS).filter((code) => !worded.has(code))).toEqual(['usernames_unavailable', 'device_clock_wrong'])
})

test('behavior: the sign-in’s device_clock_wrong reads as the phone’s clock, with its fix, never the connection', () => {
  const failure = getLoginFailure({ error: new LoginError('device_clock_wrong') })
  expect(failure).toBe('clock_wrong')
  const message = en[`auth.failure.${failure}`]
  expectPlainWords(message)
  expect(message).toMatch(/date and time/)
  expect(message).toMatch(/automatic/)
  expect(message).not.toMatch(/connection/i)
})
