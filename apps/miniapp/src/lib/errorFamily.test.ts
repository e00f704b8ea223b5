// The app's errors are WorldMap errors: one `instanceof BaseError` (from
// @worldmap/game) recognises any of them, with a stable name and code, and
// the message a screen shows is unchanged (`shortMessage` = `message`).
import { BaseError, ConfigProblemsError } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { LoginError } from '../features/auth/LoginError.js'
import { CollectDropError } from '../features/collect/CollectDropError.js'
import { SpawnRefusedError } from '../features/drops/SpawnRefusedError.js'
import { LeaderboardError } from '../features/leaderboard/LeaderboardError.js'
import { ShareCardError } from '../features/share/ShareCardError.js'
import { VerifyHumanError } from '../features/verification/VerifyHumanError.js'
import { ServerConfigError } from '../server/ServerConfigError.js'
import { ClientConfigError } from './config/ClientConfigError.js'
import { CodedError } from './errors/CodedError.js'

const problem = { variable: 'PUBLIC_ENV__APP_ID', reason: 'is not set' }

describe('the app’s errors', () => {
  test.each([
    ['LoginError', new LoginError('sign_nonce_failed'), 'sign_nonce_failed'],
    ['ShareCardError', new ShareCardError('encoding_failed'), 'encoding_failed'],
    ['LeaderboardError', new LeaderboardError('unavailable'), 'unavailable'],
    ['CollectDropError', new CollectDropError('not_verified'), 'not_verified'],
    ['SpawnRefusedError', new SpawnRefusedError('rate_limited', { retryAfterMs: 20_000 }), 'rate_limited'],
    ['VerifyHumanError', new VerifyHumanError('network'), 'network'],
    ['ClientConfigError', new ClientConfigError([problem]), 'invalid_client_config'],
    ['ServerConfigError', new ServerConfigError([problem]), 'invalid_server_config'],
  ])('behavior: %s extends the shared BaseError with its own name and code', (name, error, code) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
    expect(error.code).toBe(code)
    expect(error.shortMessage).toBe(error.message)
  })

  test.each([
    ['LoginError', new LoginError('too_many_sign_ins'), CodedError],
    ['ShareCardError', new ShareCardError('canvas_unavailable'), CodedError],
    ['LeaderboardError', new LeaderboardError('malformed_reply'), CodedError],
    ['ClientConfigError', new ClientConfigError([problem]), ConfigProblemsError],
    ['ServerConfigError', new ServerConfigError([problem]), ConfigProblemsError],
  ])('behavior: %s is a thin subclass of one parametrised class, its name, code and message unchanged', (_name, error, base) => {
    expect(error).toBeInstanceOf(base)
  })

  test('behavior: the config errors word their problems as before', () => {
    expect(new ClientConfigError([problem, { variable: 'PUBLIC_ENV__X', reason: 'must be an https URL' }]).message).toBe(
      'Invalid public configuration: PUBLIC_ENV__APP_ID is not set; PUBLIC_ENV__X must be an https URL',
    )
    const server = new ServerConfigError(
      [{ variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' }],
      ['Set it.', 'Then restart.'],
    )
    expect(server.message).toBe('WORLDMAP_NONCE_SECRET is not set. Set it. Then restart.')
    expect(server.problems).toEqual([{ variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' }])
  })

  test('parameters: the cause is kept', () => {
    const cause = new Error('offline')
    expect(new LoginError('sign_nonce_failed', { cause }).cause).toBe(cause)
    expect(new LeaderboardError('unavailable', { cause }).cause).toBe(cause)
  })
})
